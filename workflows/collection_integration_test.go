package workflows_test

import (
	"context"
	"os"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/collect"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

func collectWorker(t *testing.T, c client.Client, queue string, db *gorm.DB) worker.Worker {
	t.Helper()
	w := worker.New(c, queue, worker.Options{WorkerStopTimeout: 5 * time.Second})
	workflows.Register(w, wire.Activities(wire.Parts{Config: config.Default(), DB: db}))
	if err := w.Start(); err != nil {
		t.Fatalf("start worker: %v", err)
	}
	return w
}

func surveyRow(t *testing.T, db *gorm.DB) string {
	t.Helper()
	id := "wf-" + testenv.RandomSuffix(8)
	now := time.Now().UTC()
	sv := models.Survey{ID: id, Sid: testenv.RandomSuffix(8), OwnerID: "1", Title: "collection", SurveyType: "survey",
		State: models.SurveyCollecting, PublishedVersion: 1, PublishedAt: &now, CreatedAt: now, UpdatedAt: now}
	if err := db.Create(&sv).Error; err != nil {
		t.Fatal(err)
	}
	return id
}

func surveyState(t *testing.T, db *gorm.DB, id string) (int, *models.CollectSetting) {
	var sv models.Survey
	if err := db.Where("id = ?", id).Take(&sv).Error; err != nil {
		t.Fatal(err)
	}
	var cs models.CollectSetting
	db.Where("survey_id = ?", id).Take(&cs)
	return sv.State, &cs
}

// TestCollectionSurvivesWorkerRestart: the worker is stopped while the workflow waits for
// its end timer; a new worker closes the survey at the end time.
func TestCollectionSurvivesWorkerRestart(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	queue := "dws-coll-" + testenv.RandomSuffix(4)
	sched := &starter.Collection{Client: c, TaskQueue: queue, WorkflowTaskTimeout: 2 * time.Second}
	svc := &collect.Service{DB: db, Surveys: &surveysvc.Service{DB: db}, Answers: &answersvc.Service{DB: db}, Scheduler: sched}
	id := surveyRow(t, db)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	w1 := collectWorker(t, c, queue, db)
	startAt := time.Now().UTC().Add(time.Second).Truncate(time.Second).Add(time.Second)
	endAt := startAt.Add(6 * time.Second)
	if _, err := sched.Start(ctx, collect.Schedule{SurveyID: id, StartAt: &startAt, EndAt: &endAt}); err != nil {
		t.Fatal(err)
	}
	// a refused reschedule (end before start), then an accepted one (end one second later)
	bad := startAt.Add(-time.Second)
	if err := sched.Reschedule(ctx, collect.Schedule{SurveyID: id, StartAt: &startAt, EndAt: &bad}); err == nil || err.Error() != collect.MsgStartAfterEnd {
		t.Fatalf("reschedule with the end before the start: %v", err)
	}
	endAt = endAt.Add(time.Second)
	if err := sched.Reschedule(ctx, collect.Schedule{SurveyID: id, StartAt: &startAt, EndAt: &endAt}); err != nil {
		t.Fatalf("reschedule: %v", err)
	}
	waitFor(t, "the workflow to open collection", func() bool { _, cs := surveyState(t, db, id); return cs.OpenedAt != nil })
	if _, cs := surveyState(t, db, id); cs.OpenedAt.Before(startAt) {
		t.Fatalf("opened at %v, before the start %v", cs.OpenedAt, startAt)
	}
	time.Sleep(300 * time.Millisecond) // the end timer is now the only thing the run waits for
	w1.Stop()
	time.Sleep(time.Second)
	if st, _ := surveyState(t, db, id); st != models.SurveyCollecting {
		t.Fatalf("state %d with no worker before the end time", st)
	}
	w2 := collectWorker(t, c, queue, db)
	defer w2.Stop()
	run := c.GetWorkflow(ctx, workflows.CollectionWorkflowID(id), "")
	var res workflows.CollectionResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatal(err)
	}
	st, cs := surveyState(t, db, id)
	if st != models.SurveyEnded || res.Reason != workflows.ReasonEndTime || cs.ClosedAt == nil || cs.CloseReason != workflows.ReasonEndTime {
		t.Fatalf("state %d result %+v setting %+v", st, res, cs)
	}
	late := cs.ClosedAt.Sub(endAt)
	t.Logf("closed %v after the end time", late)
	if late < 0 || late > 3*time.Second {
		t.Fatalf("closed at %v, end time %v", cs.ClosedAt, endAt)
	}
	info, err := sched.Describe(ctx, id)
	if err != nil || info == nil || info.Status != "Completed" {
		t.Fatalf("describe: %+v %v", info, err)
	}
	if err := sched.Signal(ctx, id, collect.SignalEndNow); err != collect.ErrNoWorkflow {
		t.Fatalf("signal to a closed run: %v", err)
	}
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, c, run.GetID(), run.GetRunID(), "collection_history.json")
	}
	_ = svc
}

// TestCollectionEndNowThroughService: end now from up-survey-status (service hook) on a real server.
func TestCollectionEndNowAndRepublish(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	queue := "dws-coll-" + testenv.RandomSuffix(4)
	sched := &starter.Collection{Client: c, TaskQueue: queue, WorkflowTaskTimeout: 2 * time.Second}
	svc := &collect.Service{DB: db, Surveys: &surveysvc.Service{DB: db}, Answers: &answersvc.Service{DB: db}, Scheduler: sched}
	id := surveyRow(t, db)
	w := collectWorker(t, c, queue, db)
	defer w.Stop()
	ctx := context.Background()
	far := time.Now().UTC().Add(time.Hour)
	r1, err := sched.Start(ctx, collect.Schedule{SurveyID: id, EndAt: &far})
	if err != nil {
		t.Fatal(err)
	}
	// a re-publish replaces the running run
	r2, err := sched.Start(ctx, collect.Schedule{SurveyID: id, EndAt: &far})
	if err != nil || r2 == r1 {
		t.Fatalf("restart: %s %s %v", r1, r2, err)
	}
	waitFor(t, "open", func() bool { _, cs := surveyState(t, db, id); return cs.OpenedAt != nil })
	// the author ends it: committed first, then the hook signals
	db.Model(&models.Survey{}).Where("id = ?", id).Update("state", models.SurveyEnded)
	if err := svc.StateChanged(ctx, id, models.SurveyCollecting, models.SurveyEnded); err != nil {
		t.Fatal(err)
	}
	var res workflows.CollectionResult
	if err := c.GetWorkflow(ctx, workflows.CollectionWorkflowID(id), r2).Get(ctx, &res); err != nil || res.Reason != workflows.ReasonEndNow {
		t.Fatalf("result %+v %v", res, err)
	}
	if st, cs := surveyState(t, db, id); st != models.SurveyEnded || cs.CloseReason != workflows.ReasonEndNow {
		t.Fatalf("state %d %+v", st, cs)
	}
	// with no running workflow, a signal falls back to the committed state
	if err := svc.StateChanged(ctx, id, models.SurveyEnded, models.SurveyDesigning); err != nil {
		t.Fatalf("fallback: %v", err)
	}
}
