package workflows_test

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/webhook"
	"dwsurvey/services/webhook/standin"
	"dwsurvey/workflows"
)

// A burst of answers to a survey with 2 hooks gives exactly 2 deliveries per answer, each
// delivered once (no id lost or repeated), on the production chain (answer -> outbox in the
// answer's transaction -> the API's nudged dispatcher -> DeliveryWorkflow -> stand-ins), with
// the worker delivering while the answers arrive. The same burst to a survey without hooks
// runs first on the same server: both rates are reported (the submit path's own cost is
// measured apart, without deliveries competing for the CPU: api TestWebhookSubmitCost).
// DWS_WEBHOOK_BURST sets the answers per burst (default 200; the acceptance run uses 1000).
func TestWebhookBurstDeliversEveryAnswerOnce(t *testing.T) {
	n := 200
	if v, err := strconv.Atoi(os.Getenv("DWS_WEBHOOK_BURST")); err == nil && v > 0 {
		n = v
	}
	h := newHookServer(t, workflows.RetryPolicy{Initial: time.Second, Max: 2 * time.Second, For: 10 * time.Minute})
	custom := standin.New(standin.Custom, webhook.NewCustomSecret())
	defer custom.Close()
	feishu := standin.New(standin.Feishu, "feishu-burst-secret")
	defer feishu.Close()
	create := func(name string) string {
		var info struct {
			ID string `json:"id"`
		}
		h.owner.Post("app/survey/add.do", M{"surveyName": name, "surveyType": "survey"}).OK(t, &info)
		doc, _ := json.Marshal(testenv.LoadDoc())
		h.owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(doc)}).OK(t, nil)
		h.owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)
		return info.ID
	}
	plain, hooked := create("no hooks"), create("two hooks")
	h.owner.Post("app/survey/webhook/save.do", M{"surveyId": hooked, "target": "custom", "url": custom.URL(), "secret": custom.Secret,
		"events": []string{models.HookAnswerSubmitted}}).OK(t, nil)
	h.owner.Post("app/survey/webhook/save.do", M{"surveyId": hooked, "target": "feishu", "url": feishu.URL(), "secret": feishu.Secret,
		"events": []string{models.HookAnswerSubmitted}, "template": M{"questions": []string{"q1", "q6"}, "link": true}}).OK(t, nil)
	w := h.worker(t)
	defer w.Stop()
	base := h.e.Server.URL
	// the API process's dispatcher, nudged after every commit that wrote events (as in serve)
	ctx, stop := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Add(1)
	go func() { defer running.Done(); h.d.Run(ctx) }()
	defer func() { stop(); running.Wait() }()
	h.e.Deps.Answer.Outbox = h.d

	testenv.Burst(t, base, plain, 20) // warm the survey caches and the connection pool
	ratePlain := testenv.Burst(t, base, plain, n)
	start := time.Now()
	rateHooked := testenv.Burst(t, base, hooked, n)
	want := 2 * n
	deadline := time.Now().Add(time.Duration(want/5+120) * time.Second)
	for {
		var delivered int64
		h.e.DB.Model(&models.WebhookDelivery{}).Where("survey_id = ? AND state = ?", hooked, models.DeliveryDelivered).Count(&delivered)
		if int(delivered) == want {
			break
		}
		if time.Now().After(deadline) {
			var rows []struct {
				State string
				N     int64
			}
			h.e.DB.Model(&models.WebhookDelivery{}).Select("state, COUNT(*) AS n").Where("survey_id = ?", hooked).Group("state").Scan(&rows)
			t.Fatalf("%d of %d deliveries delivered in time: %+v", delivered, want, rows)
		}
		time.Sleep(time.Second)
	}
	took := time.Since(start)
	time.Sleep(2 * time.Second) // anything sent twice would arrive now
	var deliveries, answerRows, attempts int64
	h.e.DB.Model(&models.WebhookDelivery{}).Where("survey_id = ?", hooked).Count(&deliveries)
	h.e.DB.Model(&models.Answer{}).Where("survey_id = ?", hooked).Count(&answerRows)
	h.e.DB.Model(&models.WebhookAttempt{}).Joins("JOIN webhook_deliveries d ON d.id = webhook_attempts.delivery_id").
		Where("d.survey_id = ?", hooked).Count(&attempts)
	ids := map[string]int{}
	for _, r := range custom.Accepted() {
		ids[r.ID]++
	}
	var planned []string
	h.e.DB.Model(&models.WebhookDelivery{}).Where("survey_id = ? AND hook_id IN (?)", hooked,
		h.e.DB.Model(&models.Webhook{}).Select("id").Where("target = ?", "custom")).Pluck("id", &planned)
	for _, id := range planned {
		if ids[id] != 1 {
			t.Fatalf("delivery %s reached the custom stand-in %d times", id, ids[id])
		}
	}
	if int(answerRows) != n || int(deliveries) != want || len(custom.Accepted()) != n || len(feishu.Accepted()) != n ||
		len(ids) != n || len(custom.Refused())+len(feishu.Refused()) != 0 || custom.Received() != n || feishu.Received() != n {
		t.Fatalf("answers %d, deliveries %d (want %d), custom accepted %d (%d distinct ids) of %d requests, feishu accepted %d of %d, refused %d+%d",
			answerRows, deliveries, want, len(custom.Accepted()), len(ids), custom.Received(), len(feishu.Accepted()), feishu.Received(),
			len(custom.Refused()), len(feishu.Refused()))
	}
	t.Logf("%d answers in a burst to a survey with 2 hooks: %d deliveries, %d attempts, every delivery id at its stand-in once; all delivered %.1f s after the burst began (%.0f deliveries/s)",
		n, deliveries, attempts, took.Seconds(), float64(want)/took.Seconds())
	t.Logf("submissions/s with the worker delivering on this machine: without hooks %.0f, with 2 hooks %.0f, ratio %.3f", ratePlain, rateHooked, rateHooked/ratePlain)
}
