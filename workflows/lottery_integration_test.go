package workflows_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"go.temporal.io/sdk/worker"

	"dwsurvey/internal/testenv"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/lottery"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

// A scheduled lottery on MariaDB and a Temporal dev server, through the production chain
// (save -> outbox -> dispatcher -> LotteryWorkflow -> activities): the worker is stopped
// while the workflow waits for the draw time and a new one finishes the draw. 20 entrants,
// prizes of 3 and 1: exactly 4 winners with codes; the public record re-runs to the same
// winners twice; dispatching the schedule again starts nothing new.
func TestLotteryDrawSurvivesWorkerRestart(t *testing.T) {
	e := testenv.NewServer(t, "mysql", testenv.Options{})
	c := temporalClient(t)
	queue := "dws-lottery-" + testenv.RandomSuffix(6)
	d := &outbox.Dispatcher{DB: e.DB}
	starter.Outbox(d, c, queue, starter.Features{WorkflowTaskTimeout: 2 * time.Second})
	e.CreateUser(t, "lotterywf", "secret-pw", models.PermSurveyManage, models.PermSurveyData)
	owner := e.Client(t, e.Login(t, "lotterywf", "secret-pw"))
	var info struct {
		ID string `json:"id"`
	}
	owner.Post("app/survey/add.do", M{"surveyName": "Draw", "surveyType": "survey"}).OK(t, &info)
	doc, _ := json.Marshal(M{"questions": []M{{"dwId": "q1", "quType": "RADIO", "quTitle": "Colour",
		"quRadios": []M{{"dwId": "a1", "optionTitle": "red"}, {"dwId": "a2", "optionTitle": "blue"}}}}})
	owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(doc)}).OK(t, nil)
	owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)
	for i := 0; i < 20; i++ {
		aj, _ := json.Marshal(M{"answerCommon": M{"answerDwId": "dw-" + testenv.RandomSuffix(10)},
			"anQuestions": []M{{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "a1"}}}})
		var out struct {
			AnCheckResultCode int `json:"anCheckResultCode"`
		}
		e.Client(t, "").Post("none/v6/dw-answer-survey/save-survey-answer.do", M{"surveyId": info.ID, "jsonVersion": 6, "answerJson": string(aj)}).OK(t, &out)
		if out.AnCheckResultCode != 201 {
			t.Fatalf("answer %d: %+v", i, out)
		}
	}
	drawAt := time.Now().Add(6 * time.Second).UTC()
	var lv struct {
		ID string `json:"id"`
	}
	owner.Post("app/v6/lottery/save.do", M{"surveyId": info.ID, "name": "Weekly", "mode": "scheduled", "drawAt": drawAt.Format(time.RFC3339),
		"prizes": []M{{"name": "Tablet", "stock": 3}, {"name": "Phone", "stock": 1}}}).OK(t, &lv)
	w1 := lotteryWorker(t, e, queue)
	if _, err := d.DispatchDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	waitFor(t, "the workflow waiting for the draw time", func() bool {
		desc, err := c.DescribeWorkflowExecution(ctx, workflows.LotteryWorkflowID(lv.ID), "")
		return err == nil && len(desc.GetPendingActivities()) == 0 && desc.GetWorkflowExecutionInfo().GetHistoryLength() >= 5
	})
	w1.Stop() // killed while the timer runs: the draw time passes with no worker
	time.Sleep(time.Until(drawAt) + 2*time.Second)
	var l models.Lottery
	e.DB.Take(&l, "id = ?", lv.ID)
	if l.Seed != "" || l.State != models.LotteryOpen {
		t.Fatalf("drawn without a worker: %+v", l)
	}
	w2 := lotteryWorker(t, e, queue)
	defer w2.Stop()
	run := c.GetWorkflow(ctx, workflows.LotteryWorkflowID(lv.ID), "")
	var res workflows.LotteryResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatal(err)
	}
	if res.Entrants != 20 || res.Winners != 4 || res.Seed == "" {
		t.Fatalf("result %+v", res)
	}
	var winners []models.LotteryDraw
	e.DB.Where("lottery_id = ? AND prize_id <> ''", lv.ID).Find(&winners)
	codes := map[string]bool{}
	for _, w := range winners {
		if w.Code != nil {
			codes[*w.Code] = true
		}
	}
	if len(winners) != 4 || len(codes) != 4 || testenv.Count(t, e.DB, &models.LotteryDraw{}, "lottery_id = ?", lv.ID) != 20 {
		t.Fatalf("%d winners, %d codes", len(winners), len(codes))
	}
	// anyone re-runs the draw from the public record: same winners, twice
	var rec lottery.Record
	e.Client(t, "").Get("none/v6/dw-answer-lottery/draw-record.do?lotteryId="+lv.ID+"&surveyId="+info.ID).OK(t, &rec)
	if !rec.Verified || len(rec.Entrants) != 20 || len(rec.Winners) != 4 {
		t.Fatalf("record %+v", rec)
	}
	for i := 0; i < 2; i++ {
		again, err := lottery.ReDraw(rec.Seed, rec.Entrants, rec.Prizes)
		if err != nil || len(again) != 4 {
			t.Fatal(again, err)
		}
		for k := range again {
			if again[k] != rec.Winners[k] {
				t.Fatalf("re-run %d differs at %d: %+v vs %+v", i, k, again[k], rec.Winners[k])
			}
		}
	}
	// dispatching the schedule again starts nothing
	e.DB.Model(&models.OutboxEvent{}).Where("1 = 1").Updates(map[string]any{"done": false, "due_at": time.Now().Add(-time.Second)})
	if _, err := d.DispatchDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := testenv.Count(t, e.DB, &models.OutboxEvent{}, "done = ?", false); n != 0 {
		t.Fatalf("%d events not dispatched", n)
	}
	desc, err := c.DescribeWorkflowExecution(ctx, workflows.LotteryWorkflowID(lv.ID), "")
	if err != nil || desc.GetWorkflowExecutionInfo().GetExecution().GetRunId() != run.GetRunID() {
		t.Fatalf("a second run started: %v", err)
	}
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, c, run.GetID(), run.GetRunID(), "lottery_history.json")
	}
}

func lotteryWorker(t *testing.T, e *testenv.Env, queue string) worker.Worker {
	t.Helper()
	w := worker.New(temporalClient(t), queue, worker.Options{WorkerStopTimeout: 5 * time.Second})
	workflows.Register(w, wire.Activities(wire.Parts{Config: e.Config, DB: e.DB}))
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	return w
}
