package api_test

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"gorm.io/gorm"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/services/webhook"
	"dwsurvey/services/webhook/standin"
)

// cpuSeconds is the user+system CPU of this process and of the database server so far.
func cpuSeconds(t *testing.T) (self, db float64) {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	self = float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
	procs, _ := filepath.Glob("/proc/[0-9]*/comm")
	for _, p := range procs {
		comm, err := os.ReadFile(p)
		if err != nil || (strings.TrimSpace(string(comm)) != "mariadbd" && strings.TrimSpace(string(comm)) != "mysqld") {
			continue
		}
		stat, err := os.ReadFile(filepath.Join(filepath.Dir(p), "stat"))
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		db += (ut + st) / 100 // clock ticks (USER_HZ 100 on Linux)
	}
	return self, db
}

// The submit path's cost of webhooks, measured apart from their delivery: bursts of answers
// to a survey without hooks and to one with 2 hooks, alternating (ABBA) on one API over
// MariaDB, no dispatcher running (the events wait in the outbox, as they do for the moment
// between commit and dispatch). Reports submissions/s, and CPU per submission of this
// process (API and load clients) and of MariaDB. Set DWS_WEBHOOK_BENCH=<answers per burst>
// (e.g. 1000) and optionally DWS_WEBHOOK_BENCH_ROUNDS (default 3) to run it.
func TestWebhookSubmitCost(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DWS_WEBHOOK_BENCH"))
	if n <= 0 {
		t.Skip("set DWS_WEBHOOK_BENCH=<answers per burst> to measure")
	}
	rounds := 3
	if v, err := strconv.Atoi(os.Getenv("DWS_WEBHOOK_BENCH_ROUNDS")); err == nil && v > 0 {
		rounds = v
	}
	e := testenv.NewServer(t, "mysql", hookEnv("127.0.0.1/32"))
	e.Deps.Answer.Outbox = &outbox.Dispatcher{DB: e.DB} // nudged as in serve, never run here
	owner := author(t, e, "hookbench")
	plain, _ := publishDoc(t, owner, "survey", testenv.LoadDoc())
	hooked, _ := publishDoc(t, owner, "survey", testenv.LoadDoc())
	custom := standin.New(standin.Custom, webhook.NewCustomSecret())
	defer custom.Close()
	feishu := standin.New(standin.Feishu, "feishu-bench-secret")
	defer feishu.Close()
	owner.Post(hookAPI+"save.do", hookBody(hooked, "custom", custom.URL(), custom.Secret)).OK(t, nil)
	owner.Post(hookAPI+"save.do", hookBody(hooked, "feishu", feishu.URL(), feishu.Secret)).OK(t, nil)
	base := e.Server.URL
	testenv.Burst(t, base, plain, 100) // warm-up
	testenv.Burst(t, base, hooked, 100)

	// statements sent to the database (every GORM callback chain), counted per burst
	var stmts atomic.Int64
	count := func(*gorm.DB) { stmts.Add(1) }
	cb := e.DB.Callback()
	_ = cb.Create().After("gorm:create").Register("bench:count", count)
	_ = cb.Query().After("gorm:query").Register("bench:count", count)
	_ = cb.Update().After("gorm:update").Register("bench:count", count)
	_ = cb.Delete().After("gorm:delete").Register("bench:count", count)
	_ = cb.Raw().After("gorm:raw").Register("bench:count", count)
	_ = cb.Row().After("gorm:row").Register("bench:count", count)

	type sample struct{ rate, cpu, db, stmts float64 }
	var got = map[string][]sample{}
	measure := func(name, id string) {
		time.Sleep(300 * time.Millisecond)
		s0, d0 := cpuSeconds(t)
		q0 := stmts.Load()
		rate := testenv.Burst(t, base, id, n)
		s1, d1 := cpuSeconds(t)
		q1 := stmts.Load()
		got[name] = append(got[name], sample{rate, (s1 - s0) / float64(n) * 1000, (d1 - d0) / float64(n) * 1000, float64(q1-q0) / float64(n)})
	}
	for r := 0; r < rounds; r++ {
		measure("plain", plain)
		measure("hooked", hooked)
		measure("hooked", hooked)
		measure("plain", plain)
	}
	med := func(xs []sample, f func(sample) float64) float64 {
		v := make([]float64, len(xs))
		for i, x := range xs {
			v[i] = f(x)
		}
		sort.Float64s(v)
		return (v[(len(v)-1)/2] + v[len(v)/2]) / 2
	}
	for _, name := range []string{"plain", "hooked"} {
		var rates []string
		for _, s := range got[name] {
			rates = append(rates, strconv.Itoa(int(s.rate+0.5)))
		}
		t.Logf("%-6s submissions/s %s; median %.0f/s, CPU per submission: this process %.2f ms, MariaDB %.2f ms; statements per submission %.3f",
			name, strings.Join(rates, " "), med(got[name], func(s sample) float64 { return s.rate }), med(got[name], func(s sample) float64 { return s.cpu }),
			med(got[name], func(s sample) float64 { return s.db }), med(got[name], func(s sample) float64 { return s.stmts }))
	}
	rate := func(s sample) float64 { return s.rate }
	t.Logf("rate with 2 hooks / without: %.3f (medians of %d bursts of %d each)", med(got["hooked"], rate)/med(got["plain"], rate), 2*rounds, n)
	events := testenv.Count(t, e.DB, &models.OutboxEvent{}, "kind = ?", webhook.KindAnswer)
	if want := int64(100 + 2*rounds*n); events != want {
		t.Fatalf("%d webhook events for %d answers", events, want)
	}
}
