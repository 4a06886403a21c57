package workflows_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.temporal.io/api/workflowservice/v1"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/webhook"
	"dwsurvey/services/webhook/standin"
	"dwsurvey/workflows"
)

// Bursts of answers to a survey with 2 hooks give exactly 2 deliveries per answer, each
// delivered once (no id lost or repeated), on the production chain (answer -> outbox in the
// answer's transaction -> the API's nudged dispatcher -> DeliveryWorkflow -> stand-ins), with
// the worker delivering while the answers arrive.
//
// The submission rate is compared with the same burst to a survey without hooks on the same
// server, in the order A B B A (plain, hooked, hooked, plain) repeated over cycles, so that a
// drift of the machine's load over the run weighs on both sides alike. Every hooked burst's
// deliveries finish (all delivered, no delivery workflow of the queue running) before the next
// burst begins: each burst is measured from the same quiet start, and one burst's delivery work
// never falls into the next plain burst. Each pair's ratio hooked/plain and the median over
// pairs are logged; there is no timing assertion (a shared machine makes single rates noisy; the
// submit path's own cost is measured apart, without deliveries: api TestWebhookSubmitCost).
//
// DWS_WEBHOOK_BURST sets the answers per burst (default 200; the figure of record uses 1000),
// DWS_WEBHOOK_BURST_CYCLES the A B B A cycles (default 1).
func TestWebhookBurstDeliversEveryAnswerOnce(t *testing.T) {
	n, cycles := 200, 1
	if v, err := strconv.Atoi(os.Getenv("DWS_WEBHOOK_BURST")); err == nil && v > 0 {
		n = v
	}
	if v, err := strconv.Atoi(os.Getenv("DWS_WEBHOOK_BURST_CYCLES")); err == nil && v > 0 {
		cycles = v
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

	// CPU of the test process (API, dispatcher, worker, clients, stand-ins) and of the
	// Temporal dev server during each burst, to see where a hooked burst's time goes.
	self, temporal := os.Getpid(), childPID("temporal")
	type burst struct {
		rate             float64
		selfCPU, tempCPU time.Duration
		during           int64 // outbox events dispatched while the burst ran
	}
	dispatched := func() int64 { return testenv.Count(t, h.e.DB, &models.OutboxEvent{}, "done = ?", true) }
	// DWS_WEBHOOK_BURST_PROFILE=<dir>: a CPU profile of the test process per burst of the cycles
	// (plain-<n>.pprof, hooked-<n>.pprof; merge with go tool pprof -proto).
	profiles, bursts := os.Getenv("DWS_WEBHOOK_BURST_PROFILE"), 0
	measure := func(survey string, k int) burst {
		if profiles != "" && k == n {
			bursts++
			kind := map[bool]string{true: "plain", false: "hooked"}[survey == plain]
			f, err := os.Create(filepath.Join(profiles, fmt.Sprintf("%s-%d.pprof", kind, bursts)))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := pprof.StartCPUProfile(f); err != nil {
				t.Fatal(err)
			}
			defer pprof.StopCPUProfile()
		}
		s0, t0, d0 := cpuOf(self), cpuOf(temporal), dispatched()
		r := testenv.Burst(t, base, survey, k)
		return burst{rate: r, selfCPU: cpuOf(self) - s0, tempCPU: cpuOf(temporal) - t0, during: dispatched() - d0}
	}

	hookedAnswers := 0
	// runHooked submits k answers to the hooked survey and waits until every delivery so far
	// is delivered and no delivery workflow of the queue still runs.
	runHooked := func(k int) burst {
		start := time.Now()
		b := measure(hooked, k)
		hookedAnswers += k
		want := 2 * hookedAnswers
		deadline := time.Now().Add(time.Duration(2*k/5+120) * time.Second)
		for {
			var delivered int64
			h.e.DB.Model(&models.WebhookDelivery{}).Where("survey_id = ? AND state = ?", hooked, models.DeliveryDelivered).Count(&delivered)
			if int(delivered) == want && openWorkflows(t, h) == 0 {
				break
			}
			if time.Now().After(deadline) {
				var rows []struct {
					State string
					N     int64
				}
				h.e.DB.Model(&models.WebhookDelivery{}).Select("state, COUNT(*) AS n").Where("survey_id = ?", hooked).Group("state").Scan(&rows)
				t.Fatalf("%d of %d deliveries delivered in time (%d workflows open): %+v", delivered, want, openWorkflows(t, h), rows)
			}
			time.Sleep(500 * time.Millisecond)
		}
		took := time.Since(start)
		time.Sleep(2 * time.Second) // anything sent twice would arrive now, and the server settles
		if custom.Received() != hookedAnswers || feishu.Received() != hookedAnswers {
			t.Fatalf("after %d hooked answers the stand-ins received %d (custom) and %d (feishu) requests", hookedAnswers, custom.Received(), feishu.Received())
		}
		t.Logf("  hooked burst of %d: all %d deliveries delivered %.1f s after it began (%.0f deliveries/s)", k, 2*k, took.Seconds(), float64(2*k)/took.Seconds())
		return b
	}

	testenv.Burst(t, base, plain, 20) // warm the survey caches and the connection pool
	runHooked(20)                     // and the hook cache, the worker and the stand-ins
	var ratios []float64
	show := func(b burst) string {
		return fmt.Sprintf("%.0f/s (CPU per answer %.2f ms test process, %.2f ms Temporal; %d events dispatched during it)", b.rate,
			float64(b.selfCPU.Microseconds())/1000/float64(n), float64(b.tempCPU.Microseconds())/1000/float64(n), b.during)
	}
	for c := 1; c <= cycles; c++ {
		a1 := measure(plain, n)
		b1 := runHooked(n)
		b2 := runHooked(n)
		a2 := measure(plain, n)
		ratios = append(ratios, b1.rate/a1.rate, b2.rate/a2.rate)
		t.Logf("cycle %d: plain %s, hooked %s: ratio %.3f", c, show(a1), show(b1), b1.rate/a1.rate)
		t.Logf("cycle %d: hooked %s, plain %s: ratio %.3f", c, show(b2), show(a2), b2.rate/a2.rate)
	}

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
	m, want := hookedAnswers, 2*hookedAnswers
	if int(answerRows) != m || int(deliveries) != want || len(planned) != m || len(custom.Accepted()) != m || len(feishu.Accepted()) != m ||
		len(ids) != m || len(custom.Refused())+len(feishu.Refused()) != 0 || custom.Received() != m || feishu.Received() != m {
		t.Fatalf("answers %d, deliveries %d (want %d), custom accepted %d (%d distinct ids) of %d requests, feishu accepted %d of %d, refused %d+%d",
			answerRows, deliveries, want, len(custom.Accepted()), len(ids), custom.Received(), len(feishu.Accepted()), feishu.Received(),
			len(custom.Refused()), len(feishu.Refused()))
	}
	t.Logf("%d hooked bursts of %d answers (+%d warm-up) to a survey with 2 hooks: %d deliveries, %d attempts, every delivery id at its stand-in once",
		2*cycles, n, m-2*cycles*n, deliveries, attempts)
	slices.Sort(ratios)
	t.Logf("submissions/s with 2 hooks / without, A B B A x %d, bursts of %d: pairs sorted %s, median %.3f",
		cycles, n, fmtRatios(ratios), median(ratios))
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func fmtRatios(xs []float64) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.3f", x)
	}
	return b.String()
}

// openWorkflows counts the delivery workflows of h's queue that still run.
func openWorkflows(t *testing.T, h *hookServer) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := h.c.CountWorkflow(ctx, &workflowservice.CountWorkflowExecutionsRequest{Namespace: tsrv.Namespace,
		Query: fmt.Sprintf("TaskQueue = '%s' AND ExecutionStatus = 'Running'", h.queue)})
	if err != nil {
		t.Fatalf("count open workflows: %v", err)
	}
	return res.GetCount()
}

// childPID is the pid of this process's child whose command is name (0 when none: Linux only).
func childPID(name string) int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(b)
		open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || end < open {
			continue
		}
		f := strings.Fields(s[end+1:])
		if len(f) > 1 && s[open+1:end] == name && f[1] == strconv.Itoa(os.Getpid()) {
			pid, _ := strconv.Atoi(strings.Fields(s)[0])
			return pid
		}
	}
	return 0
}

// cpuOf is the user+system CPU time process pid has used so far (0 when unknown).
func cpuOf(pid int) time.Duration {
	if pid <= 0 {
		return 0
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ is 100 on Linux
}
