package workflows_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/services/secretbox"
	"dwsurvey/services/webhook"
	"dwsurvey/services/webhook/standin"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

type M = map[string]any

// hookServer is the API on MariaDB whose webhooks reach stand-ins on 127.0.0.1, with an
// outbox dispatcher whose handlers start workflows on queue (dispatch by hand: Dispatch).
type hookServer struct {
	e     *testenv.Env
	d     *outbox.Dispatcher
	owner *testenv.Client
	c     client.Client
	queue string
}

func newHookServer(t *testing.T, retry workflows.RetryPolicy) *hookServer {
	t.Helper()
	key := secretbox.NewKey()
	e := testenv.NewServer(t, "mysql", testenv.Options{Config: func(c *config.Config) {
		c.Webhook.SecretKey = key
		c.Outbound.AllowCIDRs = []string{"127.0.0.1/32"}
	}})
	c := temporalClient(t)
	h := &hookServer{e: e, c: c, queue: "dws-hook-" + testenv.RandomSuffix(6), d: &outbox.Dispatcher{DB: e.DB}}
	starter.Outbox(h.d, c, h.queue, starter.Features{Webhooks: e.Deps.Webhook, WebhookRetry: retry, WorkflowTaskTimeout: 2 * time.Second})
	e.CreateUser(t, "hookwf", "secret-pw", models.PermSurveyManage, models.PermSurveyData)
	h.owner = e.Client(t, e.Login(t, "hookwf", "secret-pw"))
	return h
}

// worker starts a worker with the production activities on the server's database.
func (h *hookServer) worker(t *testing.T) worker.Worker {
	t.Helper()
	w := worker.New(h.c, h.queue, worker.Options{WorkerStopTimeout: 5 * time.Second})
	workflows.Register(w, wire.Activities(wire.Parts{Config: h.e.Config, DB: h.e.DB}))
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	return w
}

// survey publishes a one-question survey with a custom hook to srv; returns survey and hook ids.
func (h *hookServer) survey(t *testing.T, srv *standin.Server) (string, string) {
	t.Helper()
	var info struct {
		ID string `json:"id"`
	}
	h.owner.Post("app/survey/add.do", M{"surveyName": "Hooks", "surveyType": "survey"}).OK(t, &info)
	doc, _ := json.Marshal(M{"questions": []M{{"dwId": "q1", "quType": "RADIO", "quTitle": "Colour",
		"quRadios": []M{{"dwId": "a1", "optionTitle": "red"}, {"dwId": "a2", "optionTitle": "blue"}}}}})
	h.owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(doc)}).OK(t, nil)
	h.owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)
	var hook struct {
		ID string `json:"id"`
	}
	h.owner.Post("app/survey/webhook/save.do", M{"surveyId": info.ID, "target": "custom", "url": srv.URL(), "secret": srv.Secret,
		"events": []string{models.HookAnswerSubmitted}}).OK(t, &hook)
	return info.ID, hook.ID
}

// answer submits one answer and dispatches the outbox; it returns the delivery id.
func (h *hookServer) answer(t *testing.T, surveyID string) string {
	t.Helper()
	aj, _ := json.Marshal(M{"answerCommon": M{"answerDwId": "dw-" + testenv.RandomSuffix(8)},
		"anQuestions": []M{{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "a2"}}}})
	var out struct {
		AnCheckResultCode int    `json:"anCheckResultCode"`
		DbAnswerID        string `json:"dbAnswerId"`
	}
	h.e.Client(t, "").Post("none/v6/dw-answer-survey/save-survey-answer.do", M{"surveyId": surveyID, "jsonVersion": 6, "answerJson": string(aj)}).OK(t, &out)
	if out.AnCheckResultCode != 201 {
		t.Fatalf("answer refused: %+v", out)
	}
	h.dispatch(t)
	var id string
	h.e.DB.Model(&models.WebhookDelivery{}).Where("answer_id = ?", out.DbAnswerID).Pluck("id", &id)
	if id == "" {
		t.Fatal("no delivery planned")
	}
	return id
}

func (h *hookServer) dispatch(t *testing.T) {
	t.Helper()
	if _, err := h.d.DispatchDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := testenv.Count(t, h.e.DB, &models.OutboxEvent{}, "done = ?", false); n != 0 {
		st, _ := outbox.ReadStats(context.Background(), h.e.DB, time.Now())
		t.Fatalf("%d events not dispatched: %s", n, st.LastError)
	}
}

func attemptsOf(t *testing.T, h *hookServer, deliveryID string) []models.WebhookAttempt {
	var rows []models.WebhookAttempt
	h.e.DB.Where("delivery_id = ?", deliveryID).Order("no").Find(&rows)
	return rows
}

// A stand-in that fails 3 times then succeeds gets exactly 4 attempts and one delivered
// state, although the worker is stopped while the workflow waits between attempts: the
// chain is the production one (answer -> outbox -> dispatcher -> DeliveryWorkflow ->
// activities -> stand-in), on MariaDB and a Temporal dev server.
func TestDeliverySurvivesWorkerRestart(t *testing.T) {
	h := newHookServer(t, workflows.RetryPolicy{Initial: 2 * time.Second, Max: 4 * time.Second, For: time.Minute})
	srv := standin.New(standin.Custom, webhook.NewCustomSecret())
	defer srv.Close()
	srv.Script(standin.Reply{Status: 503}, standin.Reply{Status: 503}, standin.Reply{Status: 503})
	surveyID, _ := h.survey(t, srv)
	w1 := h.worker(t)
	id := h.answer(t, surveyID)
	var d models.WebhookDelivery
	waitFor(t, "the first attempt and its wait", func() bool {
		h.e.DB.Take(&d, "id = ?", id)
		return d.NextAttemptAt != nil
	})
	w1.Stop() // killed between attempts: the backoff timer fires with no worker
	time.Sleep(4 * time.Second)
	if n := srv.Received(); n != 1 {
		t.Fatalf("%d attempts while no worker ran", n)
	}
	h.e.DB.Take(&d, "id = ?", id)
	if d.State != models.DeliveryRetrying || d.NextAttemptAt == nil || d.Attempts != 1 {
		t.Fatalf("while waiting: %+v", d)
	}
	w2 := h.worker(t)
	defer w2.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	run := h.c.GetWorkflow(ctx, workflows.DeliveryWorkflowID(id, 0), "")
	var res workflows.DeliveryResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatal(err)
	}
	if res.State != workflows.DeliveryDelivered || res.Attempts != 4 || srv.Received() != 4 || len(srv.Accepted()) != 1 {
		t.Fatalf("result %+v, stand-in received %d, accepted %d", res, srv.Received(), len(srv.Accepted()))
	}
	h.e.DB.Take(&d, "id = ?", id)
	atts := attemptsOf(t, h, id)
	if d.State != models.DeliveryDelivered || d.Attempts != 4 || len(atts) != 4 || atts[3].Outcome != webhook.OutcomeDelivered ||
		atts[0].Status != 503 || atts[2].Outcome != webhook.OutcomeRetry || srv.Accepted()[0].ID != id {
		t.Fatalf("delivery %+v attempts %+v", d, atts)
	}
	for i := 1; i < 4; i++ {
		t.Logf("attempt %d %v after attempt %d", i+1, atts[i].At.Sub(atts[i-1].At).Round(100*time.Millisecond), i)
	}
	// dispatching the answer's event again starts nothing new
	h.e.DB.Model(&models.OutboxEvent{}).Where("1 = 1").Updates(map[string]any{"done": false, "due_at": time.Now().Add(-time.Second)})
	h.dispatch(t)
	time.Sleep(time.Second)
	if srv.Received() != 4 {
		t.Fatalf("a second dispatch sent again (%d requests)", srv.Received())
	}
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, h.c, run.GetID(), run.GetRunID(), "webhook_history.json")
	}
}

// A failed delivery replayed from the log arrives once, with the same webhook-id; a second
// dispatch of the replay event starts nothing.
func TestFailedDeliveryReplayedArrivesOnce(t *testing.T) {
	h := newHookServer(t, workflows.RetryPolicy{Initial: time.Second, Max: time.Second, For: time.Minute})
	srv := standin.New(standin.Custom, webhook.NewCustomSecret())
	defer srv.Close()
	srv.Always(&standin.Reply{Status: 422, Body: `{"error":"unprocessable"}`})
	surveyID, hookID := h.survey(t, srv)
	w := h.worker(t)
	defer w.Stop()
	id := h.answer(t, surveyID)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var res workflows.DeliveryResult
	if err := h.c.GetWorkflow(ctx, workflows.DeliveryWorkflowID(id, 0), "").Get(ctx, &res); err == nil {
		t.Fatalf("a refused delivery ended without an error: %+v", res)
	}
	var d models.WebhookDelivery
	h.e.DB.Take(&d, "id = ?", id)
	if d.State != models.DeliveryFailed || d.LastStatus != 422 || srv.Received() != 1 {
		t.Fatalf("failed delivery %+v after %d requests", d, srv.Received())
	}
	srv.Always(nil)
	h.owner.Post("app/survey/webhook/replay.do", M{"surveyId": surveyID, "hookId": hookID, "allFailed": true}).OK(t, nil)
	h.dispatch(t)
	if err := h.c.GetWorkflow(ctx, workflows.DeliveryWorkflowID(id, 1), "").Get(ctx, &res); err != nil || res.State != workflows.DeliveryDelivered {
		t.Fatalf("replay: %+v %v", res, err)
	}
	h.e.DB.Model(&models.OutboxEvent{}).Where("1 = 1").Updates(map[string]any{"done": false, "due_at": time.Now().Add(-time.Second)})
	h.dispatch(t)
	time.Sleep(time.Second)
	if got := srv.Accepted(); len(got) != 1 || got[0].ID != id || srv.Received() != 2 {
		t.Fatalf("accepted %d, received %d", len(got), srv.Received())
	}
	h.e.DB.Take(&d, "id = ?", id)
	if atts := attemptsOf(t, h, id); d.State != models.DeliveryDelivered || d.Replays != 1 || len(atts) != 2 || atts[1].No != 2 {
		t.Fatalf("after the replay %+v %+v", d, atts)
	}
}
