package workflows_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"

	"dwsurvey/activities"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/admin"
	"dwsurvey/services/audit"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

// startAnswerLogWorker wires a worker with the services the answer log archive needs.
func startAnswerLogWorker(t *testing.T, c client.Client, queue string, db *gorm.DB) worker.Worker {
	t.Helper()
	w := worker.New(c, queue, worker.Options{WorkerStopTimeout: 5 * time.Second})
	rec := &audit.Recorder{DB: db}
	workflows.Register(w, &activities.Activities{Audit: rec, Admin: &admin.Service{DB: db, Audit: rec}})
	if err := w.Start(); err != nil {
		t.Fatalf("start worker: %v", err)
	}
	return w
}

func insertAnswerLogs(t *testing.T, db *gorm.DB, old, recent int) {
	t.Helper()
	now := time.Now().UTC()
	var rows []models.AnswerLog
	for i := 0; i < old; i++ {
		at := now.Add(-100*24*time.Hour - time.Duration(i)*time.Minute)
		rows = append(rows, models.AnswerLog{ID: fmt.Sprintf("old-%04d", i), SurveyID: "s1", Event: "visit", IP: "10.0.0.1", CreatedAt: at, UpdatedAt: at})
	}
	for i := 0; i < recent; i++ {
		at := now.Add(-time.Duration(i) * time.Minute)
		rows = append(rows, models.AnswerLog{ID: fmt.Sprintf("new-%04d", i), SurveyID: "s1", Event: "submit", IP: "10.0.0.2", CreatedAt: at, UpdatedAt: at})
	}
	if err := db.CreateInBatches(&rows, 200).Error; err != nil {
		t.Fatal(err)
	}
}

func checkAnswerLogsMovedOnce(t *testing.T, db *gorm.DB, old, recent int) {
	t.Helper()
	if n := testenv.Count(t, db, &models.AnswerLogArchive{}); n != int64(old) {
		t.Fatalf("archive has %d rows, want %d", n, old)
	}
	if n := testenv.Count(t, db, &models.AnswerLogArchive{}, "id LIKE ?", "old-%"); n != int64(old) {
		t.Fatalf("archive has %d old rows, want %d (recent rows must stay)", n, old)
	}
	if n := testenv.Count(t, db, &models.AnswerLog{}); n != int64(recent) {
		t.Fatalf("%d rows left in the answer log, want the %d recent ones", n, recent)
	}
	var overlap int64
	db.Model(&models.AnswerLog{}).Where("id IN (?)", db.Model(&models.AnswerLogArchive{}).Select("id")).Count(&overlap)
	if overlap != 0 {
		t.Fatalf("%d rows are both in the log and in the archive", overlap)
	}
}

func TestAnswerLogArchiveOnTemporalAndMariaDB(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	insertAnswerLogs(t, db, 23, 4)
	queue := "dws-test-" + testenv.RandomSuffix(4)
	w := startAnswerLogWorker(t, c, queue, db)
	defer w.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "answer-log-archive-" + queue, TaskQueue: queue},
		workflows.AnswerLogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 90, BatchSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	var res workflows.LogArchiveResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatalf("workflow: %v", err)
	}
	if res.Moved != 23 || res.Batches != 3 {
		t.Fatalf("result = %+v", res)
	}
	checkAnswerLogsMovedOnce(t, db, 23, 4)
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, c, run.GetID(), run.GetRunID(), "answerlogarchive_history.json")
	}
}

func TestAnswerLogArchiveSurvivesWorkerRestart(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	const old, recent = 100, 3
	insertAnswerLogs(t, db, old, recent)
	archiveSurvivesRestart(t, c, old, workflows.AnswerLogArchiveWorkflow, 90,
		func(queue string) worker.Worker { return startAnswerLogWorker(t, c, queue, db) },
		func() int64 { return testenv.Count(t, db, &models.AnswerLogArchive{}) })
	checkAnswerLogsMovedOnce(t, db, old, recent)
}

func TestEnsureAnswerLogArchiveSchedule(t *testing.T) {
	c := temporalClient(t)
	ctx := context.Background()
	s := starter.ArchiveSchedule{Cron: "40 3 * * *", TimeZone: "Asia/Shanghai", TaskQueue: "dws-sched-b", OlderThanDays: 90, BatchSize: 300}
	for range 2 { // creating twice updates
		if err := starter.EnsureAnswerLogArchiveSchedule(ctx, c, s); err != nil {
			t.Fatalf("ensure: %v", err)
		}
	}
	h := c.ScheduleClient().GetHandle(ctx, workflows.AnswerLogArchiveScheduleID)
	defer func() { _ = h.Delete(ctx) }()
	d, err := h.Describe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	act, ok := d.Schedule.Action.(*client.ScheduleWorkflowAction)
	if !ok || act.TaskQueue != "dws-sched-b" || fmt.Sprint(act.Workflow) != "AnswerLogArchiveWorkflow" {
		t.Fatalf("schedule action %+v", d.Schedule.Action)
	}
}
