package api_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/services/secretbox"
	"dwsurvey/services/webhook"
	"dwsurvey/services/webhook/standin"
)

const hookAPI = "app/survey/webhook/"

// hookEnv is a test server whose webhooks may reach allow (CIDRs) and seal secrets.
func hookEnv(allow ...string) testenv.Options {
	key := secretbox.NewKey()
	return testenv.Options{Config: func(c *config.Config) {
		c.Webhook.SecretKey = key
		c.Outbound.AllowCIDRs = allow
		c.Server.PublicURL = "https://survey.example.com"
	}}
}

func hookTables(t *testing.T, e *testenv.Env) string {
	t.Helper()
	return testenv.TableSnapshot(t, e.DB, "webhooks", "id") + testenv.TableSnapshot(t, e.DB, "webhook_deliveries", "id") +
		testenv.TableSnapshot(t, e.DB, "webhook_attempts", "id") + testenv.TableSnapshot(t, e.DB, "outbox_events", "id")
}

type hookView struct {
	ID             string         `json:"id"`
	Target         string         `json:"target"`
	URL            string         `json:"url"`
	HasSecret      bool           `json:"hasSecret"`
	SecretMasked   string         `json:"secretMasked"`
	Events         []string       `json:"events"`
	Enabled        bool           `json:"enabled"`
	DisabledReason string         `json:"disabledReason"`
	Warning        bool           `json:"warning"`
	Deliveries     map[string]int `json:"deliveries"`
}

func hookBody(surveyID, target, url, secret string, events ...string) M {
	if len(events) == 0 {
		events = []string{models.HookAnswerSubmitted}
	}
	return M{"surveyId": surveyID, "name": target + " hook", "target": target, "url": url, "secret": secret, "events": events,
		"template": M{"title": "", "questions": []string{"q1"}, "link": true, "lang": "en-US"}}
}

// Bad settings are refused with a message for the field, and nothing is stored.
func TestWebhookSettingsRefuseBadInput(t *testing.T) {
	both(t, hookEnv("127.0.0.1/32"), func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner1")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		srv := standin.New(standin.Feishu, "feishu-secret-1")
		defer srv.Close()
		before := hookTables(t, e)
		many := make([]string, 11)
		for i := range many {
			many[i] = "q1"
		}
		cases := []struct {
			edit func(M)
			msg  string
		}{
			{func(b M) { b["target"] = "slack" }, webhook.MsgUnknownTarget},
			{func(b M) { b["url"] = "ftp://example.com/hook" }, "only http and https"},
			{func(b M) { b["url"] = "not a url" }, "only http and https"},
			{func(b M) { b["url"] = "" }, "empty"},
			{func(b M) { b["template"] = M{"title": strings.Repeat("标", 201)} }, webhook.MsgTitleTooLong},
			{func(b M) {
				b["template"] = M{"questions": []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}}
			}, webhook.MsgTooManyQuestion},
			{func(b M) { b["template"] = M{"questions": []string{"nope"}} }, "is not in this survey"},
			{func(b M) { b["template"] = M{"lang": "fr"} }, webhook.MsgTemplateLang},
			{func(b M) { b["secret"] = "" }, webhook.MsgSecretMissing},
			{func(b M) {
				b["target"], b["url"], b["secret"] = "dingtalk", "http://127.0.0.1:1/robot/send?access_token=x", ""
			}, webhook.MsgSecretMissing},
			{func(b M) { b["target"], b["url"], b["secret"] = "custom", "http://127.0.0.1:1/h", "plain-secret" }, webhook.MsgCustomSecret},
			{func(b M) { b["target"], b["url"] = "work-chat", "http://127.0.0.1:1/cgi-bin/webhook/send?key=k" }, webhook.MsgSecretNotUsed},
			{func(b M) {
				b["target"], b["url"], b["secret"] = "work-chat", "http://127.0.0.1:1/cgi-bin/webhook/send", ""
			}, webhook.MsgWeComURL},
			{func(b M) { b["url"] = "http://127.0.0.1:1/open-apis/bot/v2/hook/" }, webhook.MsgFeishuURL},
			{func(b M) { b["events"] = []string{"answer.deleted"} }, webhook.MsgUnknownEvent},
			{func(b M) { b["events"] = []string{} }, webhook.MsgNoEvent},
			{func(b M) { b["name"] = strings.Repeat("n", 65) }, webhook.MsgNameTooLong},
			{func(b M) { b["secret"] = strings.Repeat("s", 201) }, webhook.MsgSecretTooLong},
		}
		for i, tc := range cases {
			b := hookBody(id, "feishu", srv.URL(), "feishu-secret-1")
			tc.edit(b)
			owner.Post(hookAPI+"save.do", b).Refused(t, 400, tc.msg)
			owner.Post(hookAPI+"test.do", b).Refused(t, 400, tc.msg)
			if after := hookTables(t, e); after != before {
				t.Fatalf("case %d changed the database", i)
			}
		}
		if srv.Received() != 0 {
			t.Fatalf("a refused test send reached the target")
		}
		// a survey of another user: not found, nothing stored
		other := author(t, e, "hookother1")
		other.Post(hookAPI+"save.do", hookBody(id, "feishu", srv.URL(), "feishu-secret-1")).Refused(t, 404, "")
		other.Get(hookAPI+"list.do?surveyId="+id).Refused(t, 404, "")
		if after := hookTables(t, e); after != before {
			t.Fatal("another user's save changed the database")
		}
	})
}

// A secret is stored sealed, shown masked, kept when an update leaves it empty, and the
// test button shows the target's own reply.
func TestWebhookSecretsAndTestSend(t *testing.T) {
	both(t, hookEnv("127.0.0.1/32"), func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner2")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		const secret = "SECding-secret-0123456789abcdef"
		srv := standin.New(standin.DingTalk, secret)
		defer srv.Close()
		var v hookView
		owner.Post(hookAPI+"save.do", hookBody(id, "dingtalk", srv.URL(), secret)).OK(t, &v)
		if !v.HasSecret || v.SecretMasked != "••••••••cdef" || v.Target != "dingtalk" || !v.Enabled {
			t.Fatalf("saved %+v", v)
		}
		var row models.Webhook
		e.DB.Take(&row, "id = ?", v.ID)
		if strings.Contains(row.SecretEnc, "ding-secret") || !strings.HasPrefix(row.SecretEnc, "v1:") {
			t.Fatalf("secret stored as %q", row.SecretEnc)
		}
		list := owner.Get(hookAPI + "list.do?surveyId=" + id)
		if strings.Contains(string(list.Body), "ding-secret") {
			t.Fatal("the secret left the server")
		}
		// update without a secret keeps it: a test send is still signed correctly
		b := hookBody(id, "dingtalk", srv.URL(), "")
		b["id"] = v.ID
		owner.Post(hookAPI+"save.do", b).OK(t, &v)
		var res webhook.TestResult
		owner.Post(hookAPI+"test.do", b).OK(t, &res)
		if !res.OK || res.Status != 200 || !strings.Contains(res.Response, `"errmsg":"ok"`) || len(srv.Accepted()) != 1 {
			t.Fatalf("test send %+v, refused %v", res, srv.Refused())
		}
		// a wrong secret: the target's refusal is shown as it is
		b["secret"] = "SECwrong-secret-0000000000"
		owner.Post(hookAPI+"test.do", b).OK(t, &res)
		if res.OK || res.Outcome != webhook.OutcomeFailed || !strings.Contains(res.Response, "310000") || !strings.Contains(res.Error, "sign not match") {
			t.Fatalf("wrong secret %+v", res)
		}
		var after models.Webhook
		e.DB.Take(&after, "id = ?", v.ID)
		if after.SecretEnc != row.SecretEnc {
			t.Fatal("a test send changed the stored secret")
		}
		// test sends are rate limited per user
		for i := 0; i < 20; i++ {
			r := owner.Post(hookAPI+"test.do", b).Env(t)
			if r.ResultCode == 400 && r.ResultMsg == webhook.MsgTestRate {
				return
			}
		}
		t.Fatal("test sends are not rate limited")
	})
}

// Hooks to internal addresses are refused at save (loopback, private, link-local metadata,
// IPv6 loopback, a name resolving to loopback) and at send (a public URL redirecting to
// loopback); nothing reaches the canary.
func TestWebhookRefusesInternalAddresses(t *testing.T) {
	var hits atomic.Int64
	canary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	t.Cleanup(canary.Close) // (the subtests of both run after this function returns)
	port := canary.URL[strings.LastIndex(canary.URL, ":")+1:]
	l, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no 127.0.0.2: %v", err)
	}
	redirector := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, canary.URL+"/hook", http.StatusTemporaryRedirect)
	}))
	redirector.Listener.Close()
	redirector.Listener = l
	redirector.Start()
	t.Cleanup(redirector.Close)
	// 127.0.0.2 plays a public host: the administrator allows it, nothing else internal
	both(t, hookEnv("127.0.0.2/32"), func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner3")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		secret := webhook.NewCustomSecret()
		before := hookTables(t, e)
		for _, u := range []string{
			"http://127.0.0.1:" + port + "/hook",
			"http://10.0.0.1/hook",
			"http://169.254.169.254/latest/meta-data/",
			"http://[::1]:" + port + "/hook",
			"http://localhost:" + port + "/hook",
		} {
			owner.Post(hookAPI+"save.do", hookBody(id, "custom", u, secret)).Refused(t, 400, "may not reach internal addresses")
			owner.Post(hookAPI+"test.do", hookBody(id, "custom", u, secret)).Refused(t, 400, "may not reach internal addresses")
		}
		if hookTables(t, e) != before {
			t.Fatal("a refused hook was stored")
		}
		var v hookView
		owner.Post(hookAPI+"save.do", hookBody(id, "custom", redirector.URL+"/hook", secret)).OK(t, &v)
		owner.Post(hookAPI+"test.do", hookBody(id, "custom", redirector.URL+"/hook", secret)).Refused(t, 400, "127.0.0.1 is a loopback address")
		// and a delivery of an answer is refused at send, once, without retries
		expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		ids := fanoutAll(t, e)
		if len(ids) != 1 {
			t.Fatalf("%d deliveries", len(ids))
		}
		res := deliverNow(t, e, ids[0], 0)
		if res.Outcome != webhook.OutcomeFailed || !strings.Contains(res.Error, "loopback") {
			t.Fatalf("delivery to a redirect to loopback: %+v", res)
		}
		if hits.Load() != 0 {
			t.Fatalf("the canary was reached %d times", hits.Load())
		}
	})
}

// fanoutAll dispatches every pending webhook outbox event by hand (no Temporal) and returns
// the delivery ids it planned; the events are marked done.
func fanoutAll(t *testing.T, e *testenv.Env) []string {
	t.Helper()
	var evs []models.OutboxEvent
	e.DB.Where("done = ? AND kind IN ?", false, []string{webhook.KindAnswer, webhook.KindSurveyClosed, webhook.KindAnswerReviewed}).Order("id").Find(&evs)
	var out []string
	for _, ev := range evs {
		ids, err := e.Deps.Webhook.Fanout(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		again, err := e.Deps.Webhook.Fanout(context.Background(), ev)
		if err != nil || strings.Join(again, ",") != strings.Join(ids, ",") {
			t.Fatalf("a second fan-out of %s planned %v, the first %v (%v)", ev.Key, again, ids, err)
		}
		out = append(out, ids...)
		e.DB.Model(&models.OutboxEvent{}).Where("id = ?", ev.ID).Update("done", true)
	}
	return out
}

// deliverNow runs one delivery's attempts as its workflow would, without waiting between them.
func deliverNow(t *testing.T, e *testenv.Env, id string, replay int) webhook.AttemptResult {
	t.Helper()
	run := "run-" + testenv.RandomSuffix(6)
	for n := 1; n <= 10; n++ {
		res, err := e.Deps.Webhook.Attempt(context.Background(), webhook.AttemptInput{DeliveryID: id, RunID: run, Replay: replay, RunAttempt: n})
		if err != nil {
			t.Fatal(err)
		}
		if res.Final() {
			return res
		}
	}
	t.Fatalf("delivery %s did not end in 10 attempts", id)
	return webhook.AttemptResult{}
}

// Answers plan one delivery per enabled hook subscribed to "answer submitted", in the
// answer's transaction; every stand-in gets each answer once, correctly signed; the log
// lists deliveries and attempts; collection ending reaches the "survey closed" hooks.
func TestWebhookAnswersReachEveryTarget(t *testing.T) {
	both(t, hookEnv("127.0.0.1/32"), func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner4")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		secrets := map[string]string{standin.WorkChat: "", standin.Feishu: "feishu-secret-abcdef12", standin.DingTalk: "SECdingtalk-secret-12345",
			standin.Custom: webhook.NewCustomSecret()}
		servers := map[string]*standin.Server{}
		hooks := map[string]string{}
		for _, target := range []string{standin.WorkChat, standin.Feishu, standin.DingTalk, standin.Custom} {
			servers[target] = standin.New(target, secrets[target])
			defer servers[target].Close()
			var v hookView
			owner.Post(hookAPI+"save.do", hookBody(id, target, servers[target].URL(), secrets[target])).OK(t, &v)
			hooks[target] = v.ID
		}
		closed := standin.New(standin.Custom, secrets[standin.Custom])
		defer closed.Close()
		owner.Post(hookAPI+"save.do", hookBody(id, "custom", closed.URL(), secrets[standin.Custom], models.HookSurveyClosed)).OK(t, nil)
		off := hookBody(id, "custom", closed.URL(), secrets[standin.Custom])
		off["enabled"] = false
		owner.Post(hookAPI+"save.do", off).OK(t, nil)

		const n = 5
		var answerIDs []string
		for i := 0; i < n; i++ {
			d := expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
			answerIDs = append(answerIDs, d.DbAnswerID)
		}
		if c := testenv.Count(t, e.DB, &models.OutboxEvent{}, "kind = ?", webhook.KindAnswer); c != n {
			t.Fatalf("%d webhook events for %d answers", c, n)
		}
		// the answer page's nudge creates nothing
		before := hookTables(t, e)
		e.Client(t, "").Get("none/v6/dw-answer-webhook/send-webhook?esId="+answerIDs[0]+"&dbAnswerId="+answerIDs[0]).OK(t, nil)
		e.Client(t, "").Get("none/v6/dw-answer-webhook/send-webhook?esId=x&dbAnswerId=nope").OK(t, nil)
		if hookTables(t, e) != before {
			t.Fatal("send-webhook changed the database")
		}
		ids := fanoutAll(t, e)
		if len(ids) != 4*n {
			var hs []models.Webhook
			e.DB.Find(&hs)
			for _, h := range hs {
				t.Logf("hook %s %s enabled=%v events=%s", h.ID, h.Target, h.Enabled, h.Events)
			}
			t.Fatalf("%d deliveries for %d answers and 4 hooks", len(ids), n)
		}
		for _, d := range ids {
			if res := deliverNow(t, e, d, 0); res.Outcome != webhook.OutcomeDelivered || res.No != 1 {
				t.Fatalf("delivery %s: %+v", d, res)
			}
		}
		for target, srv := range servers {
			if len(srv.Accepted()) != n || len(srv.Refused()) != 0 {
				t.Fatalf("%s: %d accepted, refused %v", target, len(srv.Accepted()), srv.Refused())
			}
		}
		// the custom body: the answer, its version and question titles; ids distinct per delivery
		seen := map[string]bool{}
		for _, r := range servers[standin.Custom].Accepted() {
			var ev webhook.Event
			if err := json.Unmarshal(r.Body, &ev); err != nil || ev.Type != models.HookAnswerSubmitted || ev.Data.Version != 1 ||
				ev.Data.Answer == nil || len(ev.Data.Questions) != 1 || ev.Data.Questions[0].Title != "Q1" ||
				!strings.Contains(string(ev.Data.Answer.AnQuestions), "q1a2") ||
				!strings.HasPrefix(ev.Data.Link, "https://survey.example.com/v8/diaowen/an/review/") {
				t.Fatalf("custom body %s (%v)", r.Body, err)
			}
			seen[r.ID] = true
		}
		if len(seen) != n {
			t.Fatalf("%d distinct webhook-ids for %d answers", len(seen), n)
		}
		// the bot message shows the chosen question with its answer text
		if body := string(servers[standin.WorkChat].Accepted()[0].Body); !strings.Contains(body, "Q1 Q1: q1a2") {
			t.Fatalf("WeCom message %s", body)
		}
		// the log
		var rows []webhook.DeliveryRow
		owner.Get(hookAPI+"deliveries.do?surveyId="+id+"&hookId="+hooks[standin.Feishu]).Page(t, &rows)
		if len(rows) != n || rows[0].State != models.DeliveryDelivered || rows[0].Attempts != 1 || rows[0].LastStatus != 200 {
			t.Fatalf("log %+v", rows)
		}
		if p := owner.Get(hookAPI+"deliveries.do?surveyId="+id+"&hookId="+hooks[standin.Feishu]+"&state=failed").Page(t, nil); p.Total != 0 {
			t.Fatalf("%d failed", p.Total)
		}
		owner.Get(hookAPI+"deliveries.do?surveyId="+id+"&hookId="+hooks[standin.Feishu]+"&state=lost").Refused(t, 400, "Unknown state")
		var atts []webhook.AttemptRow
		owner.Get(hookAPI+"attempts.do?surveyId="+id+"&deliveryId="+rows[0].ID).OK(t, &atts)
		if len(atts) != 1 || atts[0].Status != 200 || atts[0].Outcome != webhook.OutcomeDelivered || !strings.Contains(atts[0].Response, `"msg":"success"`) {
			t.Fatalf("attempts %+v", atts)
		}
		other := author(t, e, "hookother4")
		other.Get(hookAPI+"attempts.do?surveyId="+id+"&deliveryId="+rows[0].ID).Refused(t, 404, "")
		// collection ends: the survey.closed hook gets one message
		if err := e.Deps.Collect.Close(context.Background(), id, models.CloseReasonEndNow); err != nil {
			t.Fatal(err)
		}
		closing := fanoutAll(t, e)
		if len(closing) != 1 {
			t.Fatalf("%d deliveries for the close", len(closing))
		}
		if res := deliverNow(t, e, closing[0], 0); res.Outcome != webhook.OutcomeDelivered {
			t.Fatalf("close delivery %+v", res)
		}
		var ev webhook.Event
		if len(closed.Accepted()) != 1 || json.Unmarshal(closed.Accepted()[0].Body, &ev) != nil || ev.Type != models.HookSurveyClosed ||
			ev.Data.Closed == nil || ev.Data.Closed.Reason != "endNow" || ev.Data.Closed.AnswerCount != n {
			t.Fatalf("closed message %+v", ev)
		}
	})
}

// A failed delivery is replayed once from the log (same webhook-id); a 410 disables the
// hook and the survey shows a warning.
func TestWebhookReplayAndGone(t *testing.T) {
	both(t, hookEnv("127.0.0.1/32"), func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner5")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		secret := webhook.NewCustomSecret()
		srv := standin.New(standin.Custom, secret)
		defer srv.Close()
		var v hookView
		owner.Post(hookAPI+"save.do", hookBody(id, "custom", srv.URL(), secret)).OK(t, &v)
		srv.Always(&standin.Reply{Status: 400, Body: `{"error":"schema"}`})
		expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		ids := fanoutAll(t, e)
		if res := deliverNow(t, e, ids[0], 0); res.Outcome != webhook.OutcomeFailed || res.Status != 400 {
			t.Fatalf("%+v", res)
		}
		owner.Post(hookAPI+"replay.do", M{"surveyId": id, "hookId": v.ID, "ids": []string{"nope"}}).Refused(t, 404, "")
		srv.Always(nil)
		var rr webhook.ReplayResult
		owner.Post(hookAPI+"replay.do", M{"surveyId": id, "hookId": v.ID, "ids": []string{ids[0]}}).OK(t, &rr)
		if rr.Count != 1 || testenv.Count(t, e.DB, &models.OutboxEvent{}, "kind = ? AND entity_key = ?", webhook.KindReplay, ids[0]+":1") != 1 {
			t.Fatalf("replay %+v", rr)
		}
		owner.Post(hookAPI+"replay.do", M{"surveyId": id, "hookId": v.ID, "ids": []string{ids[0]}}).Refused(t, 400, "Only failed deliveries")
		// the first run (replay 0) cannot take the replayed delivery; the replay's run can, once
		if res := deliverNow(t, e, ids[0], 0); res.Outcome != webhook.OutcomeSkipped {
			t.Fatalf("old run: %+v", res)
		}
		if res := deliverNow(t, e, ids[0], 1); res.Outcome != webhook.OutcomeDelivered || res.No != 2 {
			t.Fatalf("replay: %+v", res)
		}
		if res := deliverNow(t, e, ids[0], 1); res.Outcome != webhook.OutcomeSkipped {
			t.Fatalf("a second run of the same replay sent again: %+v", res)
		}
		if got := srv.Accepted(); len(got) != 1 || got[0].ID != ids[0] {
			t.Fatalf("accepted %d", len(got))
		}
		// 410 Gone disables the hook and warns the owner
		srv.Always(&standin.Reply{Status: 410})
		expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		ids = fanoutAll(t, e)
		if res := deliverNow(t, e, ids[0], 0); res.Outcome != webhook.OutcomeGone {
			t.Fatalf("%+v", res)
		}
		var hooks struct {
			Hooks []hookView `json:"hooks"`
		}
		owner.Get(hookAPI+"list.do?surveyId="+id).OK(t, &hooks)
		if h := hooks.Hooks[0]; h.Enabled || !strings.Contains(h.DisabledReason, "410 Gone") || !h.Warning {
			t.Fatalf("after 410: %+v", h)
		}
		var st webhook.Status
		owner.Get(hookAPI+"status.do?surveyId="+id).OK(t, &st)
		if st.Hooks != 1 || len(st.Warnings) != 1 || !st.Warnings[0].Disabled {
			t.Fatalf("status %+v", st)
		}
		owner.Post(hookAPI+"replay.do", M{"surveyId": id, "hookId": v.ID, "allFailed": true}).Refused(t, 400, "Enable the webhook")
	})
}

// Without webhook.secret_key the server runs hooks without secrets and refuses the others
// with a clear message.
func TestWebhookWithoutSecretKey(t *testing.T) {
	both(t, testenv.Options{Config: func(c *config.Config) { c.Outbound.AllowCIDRs = []string{"127.0.0.1"} }}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner6")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		srv := standin.New(standin.WorkChat, "")
		defer srv.Close()
		before := hookTables(t, e)
		owner.Post(hookAPI+"save.do", hookBody(id, "feishu", "http://127.0.0.1:1/open-apis/bot/v2/hook/t", "s3cret")).Refused(t, 400, webhook.MsgNoSecretKey)
		if hookTables(t, e) != before {
			t.Fatal("stored")
		}
		var list struct {
			SecretsReady bool `json:"secretsReady"`
		}
		owner.Get(hookAPI+"list.do?surveyId="+id).OK(t, &list)
		owner.Post(hookAPI+"save.do", hookBody(id, "work-chat", srv.URL(), "")).OK(t, nil)
		if list.SecretsReady {
			t.Fatal("secretsReady without a key")
		}
	})
}

var _ = time.Second

// A hook switched off after an answer was stored gets nothing from it; one switched off
// while its delivery waits ends that delivery without counting it against the target.
func TestWebhookSwitchedOffHooksGetNothing(t *testing.T) {
	both(t, hookEnv("127.0.0.1/32"), func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner7")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		srv := standin.New(standin.WorkChat, "")
		defer srv.Close()
		var v hookView
		owner.Post(hookAPI+"save.do", hookBody(id, "work-chat", srv.URL(), "")).OK(t, &v)
		toggle := func(on bool) {
			b := hookBody(id, "work-chat", srv.URL(), "")
			b["id"], b["enabled"] = v.ID, on
			owner.Post(hookAPI+"save.do", b).OK(t, nil)
		}
		expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		toggle(false)
		if ids := fanoutAll(t, e); len(ids) != 0 {
			t.Fatalf("a switched-off hook got %d deliveries", len(ids))
		}
		toggle(true)
		expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		ids := fanoutAll(t, e)
		toggle(false)
		if res := deliverNow(t, e, ids[0], 0); res.Outcome != webhook.OutcomeFailed || !strings.Contains(res.Error, "disabled") {
			t.Fatalf("%+v", res)
		}
		var h models.Webhook
		e.DB.Take(&h, "id = ?", v.ID)
		if h.Failing != 0 || h.LastFailure != "" || srv.Received() != 0 {
			t.Fatalf("hook after a switched-off delivery: failing %d %q, %d requests", h.Failing, h.LastFailure, srv.Received())
		}
	})
}

// An answer's final review decision (the review chain writes answer.reviewed, key the answer
// id, in the decision's transaction) reaches the hooks subscribed to "answer reviewed" with
// the verdict; hooks of other events get nothing of it.
func TestWebhookAnswerReviewed(t *testing.T) {
	both(t, hookEnv("127.0.0.1/32"), func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "hookowner8")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		reviewed := standin.New(standin.Custom, webhook.NewCustomSecret())
		defer reviewed.Close()
		ding := standin.New(standin.DingTalk, "SECreview-secret-123456")
		defer ding.Close()
		submitted := standin.New(standin.WorkChat, "")
		defer submitted.Close()
		owner.Post(hookAPI+"save.do", hookBody(id, "custom", reviewed.URL(), reviewed.Secret, models.HookAnswerReviewed)).OK(t, nil)
		owner.Post(hookAPI+"save.do", hookBody(id, "dingtalk", ding.URL(), ding.Secret, models.HookAnswerReviewed)).OK(t, nil)
		owner.Post(hookAPI+"save.do", hookBody(id, "work-chat", submitted.URL(), "")).OK(t, nil)
		d := expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		for _, x := range fanoutAll(t, e) { // the submitted answer: the WeCom hook only
			deliverNow(t, e, x, 0)
		}
		// the chain's last decision fails the answer
		e.DB.Model(&models.Answer{}).Where("id = ?", d.DbAnswerID).Updates(map[string]any{"is_eff": 0, "handle_state": 2})
		if err := outbox.Add(e.DB, time.Now(), outbox.Event{Kind: webhook.KindAnswerReviewed, Key: d.DbAnswerID,
			Payload: M{"answerId": d.DbAnswerID, "surveyId": id, "verdict": "fail"}}); err != nil {
			t.Fatal(err)
		}
		ids := fanoutAll(t, e)
		if len(ids) != 2 {
			t.Fatalf("%d deliveries of the review", len(ids))
		}
		for _, x := range ids {
			if res := deliverNow(t, e, x, 0); res.Outcome != webhook.OutcomeDelivered {
				t.Fatalf("%+v", res)
			}
		}
		var ev webhook.Event
		if len(reviewed.Accepted()) != 1 || json.Unmarshal(reviewed.Accepted()[0].Body, &ev) != nil || ev.Type != models.HookAnswerReviewed ||
			ev.Data.Answer == nil || ev.Data.Answer.ID != d.DbAnswerID || ev.Data.Answer.IsEff != 0 {
			t.Fatalf("reviewed event %+v", ev)
		}
		if body := string(ding.Accepted()[0].Body); len(ding.Accepted()) != 1 || !strings.Contains(body, "Review result: Not passed") {
			t.Fatalf("DingTalk message %s", body)
		}
		if len(submitted.Accepted()) != 1 {
			t.Fatalf("the answer-submitted hook got %d messages", len(submitted.Accepted()))
		}
	})
}

// The review chain's final decision reaches an "answer reviewed" hook end to end on real
// Temporal: answer -> review workflow -> reviewer's pass -> answer.reviewed in the decision's
// transaction -> dispatcher -> DeliveryWorkflow -> the stand-in.
func TestWebhookAfterARealReview(t *testing.T) {
	opts := hookEnv("127.0.0.1/32")
	opts.Temporal = sharedTemporal(t)
	e := testenv.NewServer(t, "mysql", opts)
	owner := author(t, e, "hookowner9")
	r1ID := e.CreateUser(t, "hookreviewer", "secret-pw")
	r1 := e.Client(t, e.Login(t, "hookreviewer", "secret-pw"))
	id, _ := publishDoc(t, owner, "survey", simpleDoc(nil))
	owner.Post("app/v6/review/settings-save.do", M{"surveyId": id, "enabled": true, "levels": 1, "adminStep": false,
		"reviewers": []any{[]M{{"kind": "user", "id": r1ID}}}}).OK(t, nil)
	srv := standin.New(standin.Custom, webhook.NewCustomSecret())
	defer srv.Close()
	owner.Post(hookAPI+"save.do", hookBody(id, "custom", srv.URL(), srv.Secret, models.HookAnswerSubmitted, models.HookAnswerReviewed)).OK(t, nil)
	_, d := save(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
	if d.AnCheckResultCode != 201 {
		t.Fatalf("save %+v", d)
	}
	eventually(t, "the answer in the reviewer's queue", func() bool { return queueOf(t, r1, id).TotalItems == 1 })
	verify(r1, d.DbAnswerID, 1, "fine", 1).OK(t, nil)
	types := func() []string {
		var out []string
		for _, r := range srv.Accepted() {
			var ev webhook.Event
			_ = json.Unmarshal(r.Body, &ev)
			out = append(out, ev.Type+":"+ev.Data.Answer.ID)
		}
		sort.Strings(out)
		return out
	}
	eventually(t, "both events at the stand-in", func() bool { return len(srv.Accepted()) == 2 })
	time.Sleep(time.Second)
	if got := types(); strings.Join(got, ",") != models.HookAnswerReviewed+":"+d.DbAnswerID+","+models.HookAnswerSubmitted+":"+d.DbAnswerID ||
		srv.Received() != 2 {
		t.Fatalf("stand-in got %v (%d requests)", got, srv.Received())
	}
}
