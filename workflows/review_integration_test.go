package workflows_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"dwsurvey/internal/testenv"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

type m = map[string]any

// chainEnv is an API over MariaDB whose review engine and outbox dispatcher use a real
// Temporal server, with workers the test starts and stops itself.
type chainEnv struct {
	*testenv.Env
	c     client.Client
	queue string
	d     *outbox.Dispatcher
}

func newChainEnv(t *testing.T) *chainEnv {
	c := temporalClient(t)
	e := testenv.NewServer(t, "mysql", testenv.Options{})
	ce := &chainEnv{Env: e, c: c, queue: "dws-rev-" + testenv.RandomSuffix(6), d: &outbox.Dispatcher{DB: e.DB}}
	starter.Outbox(ce.d, c, ce.queue, starter.Features{WorkflowTaskTimeout: 2 * time.Second})
	e.Deps.Review.Engine = &starter.Review{Client: c}
	return ce
}

func (ce *chainEnv) worker(t *testing.T) worker.Worker {
	t.Helper()
	w := worker.New(ce.c, ce.queue, worker.Options{WorkerStopTimeout: 5 * time.Second})
	workflows.Register(w, wire.Activities(wire.Parts{Config: ce.Config, DB: ce.DB}))
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	return w
}

// dispatch runs the outbox until no event of kind waits.
func (ce *chainEnv) dispatch(t *testing.T, kind string) {
	t.Helper()
	waitFor(t, "outbox "+kind, func() bool {
		_, _ = ce.d.DispatchDue(context.Background())
		return testenv.Count(t, ce.DB, &models.OutboxEvent{}, "kind = ? AND done = ?", kind, false) == 0
	})
}

func ok(t *testing.T, r *testenv.Response) json.RawMessage {
	t.Helper()
	env := r.Env(t)
	if env.ResultCode != 200 {
		t.Fatalf("resultCode %d %q", env.ResultCode, env.ResultMsg)
	}
	return env.Data
}

// publish creates and publishes a survey of the owner; it returns its id and sid.
func publish(t *testing.T, owner *testenv.Client, typ string, doc m) (string, string) {
	var info struct {
		ID  string `json:"id"`
		Sid string `json:"sid"`
	}
	json.Unmarshal(ok(t, owner.Post("app/survey/add.do", m{"surveyName": "review chain", "surveyType": typ})), &info)
	raw, _ := json.Marshal(doc)
	ok(t, owner.Post("app/v6/dw-design-survey/save-survey-json.do", m{"surveyId": info.ID, "surveyJsonText": string(raw)}))
	ok(t, owner.Post("app/v6/dw-design-survey/dev-survey.do", m{"surveyId": info.ID}))
	return info.ID, info.Sid
}

func submit(t *testing.T, anon *testenv.Client, surveyID string, qs []m) string {
	aj, _ := json.Marshal(m{"answerCommon": m{"answerDwId": "dw-" + testenv.RandomSuffix(10)}, "anQuestions": qs})
	var d struct {
		DbAnswerID string `json:"dbAnswerId"`
	}
	json.Unmarshal(ok(t, anon.Post("none/v6/dw-answer-survey/save-survey-answer.do", m{"surveyId": surveyID, "jsonVersion": 6, "answerJson": string(aj)})), &d)
	if d.DbAnswerID == "" {
		t.Fatal("not saved")
	}
	return d.DbAnswerID
}

func radioDoc() m {
	return m{"questions": []m{{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quRadios": []m{{"dwId": "o1", "optionTitle": "a"}, {"dwId": "o2", "optionTitle": "b"}}}}}
}

// The worker is stopped while a chain waits for level 2; after a new worker starts, the
// level 2 reviewer decides and the chain ends reviewed.
func TestReviewChainSurvivesWorkerRestart(t *testing.T) {
	ce := newChainEnv(t)
	owner := ce.Client(t, "")
	ce.CreateUser(t, "owner-r", "secret-pw", models.PermSurveyManage, models.PermSurveyData)
	owner.Token = ce.Login(t, "owner-r", "secret-pw")
	r1ID, r2ID := ce.CreateUser(t, "rev-one", "secret-pw"), ce.CreateUser(t, "rev-two", "secret-pw")
	r1, r2 := ce.Client(t, ce.Login(t, "rev-one", "secret-pw")), ce.Client(t, ce.Login(t, "rev-two", "secret-pw"))
	id, _ := publish(t, owner, "survey", radioDoc())
	ok(t, owner.Post("app/v6/review/settings-save.do", m{"surveyId": id, "enabled": true, "levels": 2, "remindMinutes": 1440, "escalateMinutes": 2880,
		"reviewers": []any{[]m{{"kind": "user", "id": r1ID}}, []m{{"kind": "user", "id": r2ID}}}}))
	answerID := submit(t, ce.Client(t, ""), id, []m{{"quDwId": "q1", "quType": "RADIO", "anRadio": m{"optionDwId": "o1"}}})

	w1 := ce.worker(t)
	ce.dispatch(t, "review.start")
	task := func() models.ReviewTask {
		var tk models.ReviewTask
		ce.DB.Where("answer_id = ?", answerID).Take(&tk)
		return tk
	}
	waitFor(t, "level 1", func() bool { return task().Step == 1 })
	ok(t, r1.Post("app/v6/dw-answer-data-survey/answer-verified.do", m{"answerId": answerID, "verifyValue": 1, "verifyNote": "one", "verifyLevel": 1}))
	waitFor(t, "level 2", func() bool {
		return task().Step == 2 && testenv.Count(t, ce.DB, &models.ReviewQueueEntry{}, "answer_id = ? AND step = 2", answerID) == 1
	})
	time.Sleep(300 * time.Millisecond) // the run now waits only for the decision and its timers
	w1.Stop()
	time.Sleep(500 * time.Millisecond)

	w2 := ce.worker(t)
	defer w2.Stop()
	ok(t, r2.Post("app/v6/dw-answer-data-survey/answer-verified.do", m{"answerId": answerID, "verifyValue": 1, "verifyNote": "two", "verifyLevel": 2}))
	run := ce.c.GetWorkflow(context.Background(), workflows.ReviewWorkflowID(answerID), "")
	var res workflows.ReviewResult
	if err := run.Get(context.Background(), &res); err != nil || res.State != workflows.ChainPassed || res.Step != 2 {
		t.Fatalf("result %+v %v", res, err)
	}
	var a models.Answer
	ce.DB.Where("id = ?", answerID).Take(&a)
	if a.HandleState != 1 || a.Verify1Note != "one" || a.Verify2 != 1 || a.Verify2Note != "two" || task().State != models.ReviewPassed {
		t.Fatalf("answer %+v task %+v", a, task())
	}
	if n := testenv.Count(t, ce.DB, &models.ReviewQueueEntry{}, "answer_id = ?", answerID); n != 0 {
		t.Fatalf("%d queue rows left", n)
	}
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		// review_history.json is a run from before "enter-step-local" (steps entered by a
		// normal activity); it stays to replay that branch
		recordHistory(t, ce.c, run.GetID(), run.GetRunID(), "review_v1_history.json")
	}
}

// A hand-graded exam answer on real Temporal: the grading.start event starts the grading
// workflow, whose update records the scores (history recorded for the replay test).
func TestGradingWorkflowOnTemporal(t *testing.T) {
	ce := newChainEnv(t)
	owner := ce.Client(t, "")
	ce.CreateUser(t, "owner-g", "secret-pw", models.PermSurveyManage, models.PermSurveyData)
	owner.Token = ce.Login(t, "owner-g", "secret-pw")
	doc := m{"questions": []m{{"dwId": "q1", "quType": "ANSWER", "quTitle": "Essay", "quAttr": m{"scoreAttr": m{"maxScore": 10}}}}}
	id, _ := publish(t, owner, "exam", doc)
	answerID := submit(t, ce.Client(t, ""), id, []m{{"quDwId": "q1", "quType": "ANSWER", "anFbk": m{"answer": "my essay"}}})
	w := ce.worker(t)
	defer w.Stop()
	ce.dispatch(t, "grading.start")
	ok(t, owner.Post("app/v6/dw-answer-data-survey/answer-custom-score.do", m{"answerId": answerID, "anQuestions": []m{{"quDwId": "q1", "quCustomScore": 8.5}}}))
	run := ce.c.GetWorkflow(context.Background(), workflows.GradingWorkflowID(answerID), "")
	var res workflows.GradingResult
	if err := run.Get(context.Background(), &res); err != nil || res.State != workflows.GradingGraded {
		t.Fatalf("result %+v %v", res, err)
	}
	var a models.Answer
	ce.DB.Where("id = ?", answerID).Take(&a)
	if a.SumScore != 8.5 || a.ScorePending != 0 {
		t.Fatalf("answer %+v", a)
	}
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, ce.c, run.GetID(), run.GetRunID(), "grading_history.json")
	}
}
