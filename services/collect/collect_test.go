package collect_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/collect"
	surveysvc "dwsurvey/services/survey"
)

type fakeScheduler struct {
	mu      sync.Mutex
	started []collect.Schedule
	signals []string
	running bool
}

func (f *fakeScheduler) Start(_ context.Context, s collect.Schedule) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.started, f.running = append(f.started, s), true
	return "run", nil
}
func (f *fakeScheduler) Signal(_ context.Context, id, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.running {
		return collect.ErrNoWorkflow
	}
	f.signals = append(f.signals, name)
	return nil
}
func (f *fakeScheduler) Reschedule(context.Context, collect.Schedule) error {
	return collect.ErrNoWorkflow
}
func (f *fakeScheduler) Describe(context.Context, string) (*collect.WorkflowInfo, error) {
	return nil, nil
}

func setup(t *testing.T) (*collect.Service, *fakeScheduler, string) {
	db := testenv.DB(t, "sqlite")
	f := &fakeScheduler{}
	s := &collect.Service{DB: db, Surveys: &surveysvc.Service{DB: db}, Answers: &answersvc.Service{DB: db}, Scheduler: f}
	now := time.Now().UTC()
	id := "s-" + testenv.RandomSuffix(6)
	if err := db.Create(&models.Survey{ID: id, Sid: testenv.RandomSuffix(8), OwnerID: "1", Title: "t", SurveyType: "survey",
		State: models.SurveyCollecting, PublishedVersion: 0, CreatedAt: now, UpdatedAt: now}).Error; err != nil {
		t.Fatal(err)
	}
	return s, f, id
}

func state(t *testing.T, s *collect.Service, id string) int {
	var sv models.Survey
	s.DB.Where("id = ?", id).Take(&sv)
	return sv.State
}

// Close is idempotent; return to edit goes back to designing; open records once.
func TestOpenCloseIdempotent(t *testing.T) {
	s, _, id := setup(t)
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := s.Close(ctx, id, "endTime"); err != nil {
			t.Fatal(err)
		}
		if st := state(t, s, id); st != models.SurveyEnded {
			t.Fatalf("state %d", st)
		}
	}
	var cs models.CollectSetting
	s.DB.Where("survey_id = ?", id).Take(&cs)
	first := *cs.ClosedAt
	time.Sleep(10 * time.Millisecond)
	_ = s.Close(ctx, id, "endNow")
	s.DB.Where("survey_id = ?", id).Take(&cs)
	if !cs.ClosedAt.Equal(first) || cs.CloseReason != "endTime" {
		t.Fatalf("a repeated close changed the record: %+v", cs)
	}
	if err := s.Close(ctx, id, "returnToEdit"); err != nil || state(t, s, id) != models.SurveyDesigning {
		t.Fatalf("return to edit: %v %d", err, state(t, s, id))
	}
	if err := s.Close(ctx, id, "returnToEdit"); err != nil || state(t, s, id) != models.SurveyDesigning {
		t.Fatalf("repeated return to edit: %v", err)
	}
}

// The notifier signals the cap; quotas only when every quota is full and closure is on.
func TestNotifierAndStateChanges(t *testing.T) {
	s, f, id := setup(t)
	ctx := context.Background()
	s.CollectionFull(ctx, id, "total") // no workflow: the survey is closed directly
	if st := state(t, s, id); st != models.SurveyEnded {
		t.Fatalf("cap reached with no workflow: state %d, want ended", st)
	}
	s.DB.Model(&models.Survey{}).Where("id = ?", id).Update("state", models.SurveyCollecting)
	if err := s.Published(ctx, id); err != nil || len(f.started) != 1 || f.started[0].SurveyID != id {
		t.Fatalf("publish: %v %+v", err, f.started)
	}
	s.CollectionFull(ctx, id, "total")
	s.CollectionFull(ctx, id, "quota:abc") // closure not chosen
	s.CollectionFull(ctx, id, "pwd:abc")
	if len(f.signals) != 1 || f.signals[0] != collect.SignalAnswerCapReached {
		t.Fatalf("signals %v", f.signals)
	}
	if err := s.StateChanged(ctx, id, models.SurveyCollecting, models.SurveyEnded); err != nil {
		t.Fatal(err)
	}
	if err := s.StateChanged(ctx, id, models.SurveyEnded, models.SurveyDesigning); err != nil {
		t.Fatal(err)
	}
	if f.signals[1] != collect.SignalEndNow || f.signals[2] != collect.SignalReturnToEdit {
		t.Fatalf("signals %v", f.signals)
	}
	past := time.Now().UTC().Add(-time.Hour)
	s.DB.Model(&models.CollectSetting{}).Where("survey_id = ?", id).Updates(map[string]any{"schedule_set": true, "end_at": past})
	if err := s.StateChanged(ctx, id, models.SurveyEnded, models.SurveyCollecting); err != nil {
		t.Fatal(err)
	}
	if re := f.started[len(f.started)-1]; re.StartAt != nil || re.EndAt != nil {
		t.Fatalf("re-open schedule %+v", re)
	}
	f.running = false
	if err := s.StateChanged(ctx, id, models.SurveyCollecting, models.SurveyEnded); err != nil {
		t.Fatalf("no workflow running must fall back to the committed state: %v", err)
	}
}
