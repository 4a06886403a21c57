// Command loadsubmit measures answer submission against a local dwsurvey server.
// It only talks to loopback addresses, and its rate, duration and request count are bounded.
//
//	go run ./tools/loadsubmit -base http://127.0.0.1:8080 -user admin -password ... -rates 500,0 -duration 10s
//
// Without -sid it creates and publishes a 10-question survey through the API (needs a user
// with survey:manage). Rate 0 means "as fast as -workers allow".
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const prefix = "/api/dwsurvey/"

var (
	base     = flag.String("base", "http://127.0.0.1:8080", "server base URL (loopback only)")
	user     = flag.String("user", "admin", "login for creating the survey")
	password = flag.String("password", "", "password for -user")
	sid      = flag.String("sid", "", "use this published survey id instead of creating one (its q1..q10 must match)")
	rates    = flag.String("rates", "500,0", "comma-separated submissions/s to run in turn; 0 = max")
	duration = flag.Duration("duration", 10*time.Second, "duration of each rate (at most 120s)")
	workers  = flag.Int("workers", 64, "concurrent requests (at most 512)")
)

type env struct {
	ResultCode int             `json:"resultCode"`
	ResultMsg  string          `json:"resultMsg"`
	Data       json.RawMessage `json:"data"`
}

var client = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 1024, MaxConnsPerHost: 1024}}

func call(method, path, token string, body any) (env, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, strings.TrimRight(*base, "/")+prefix+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return env{}, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var e env
	if err := json.Unmarshal(b, &e); err != nil {
		return env{}, fmt.Errorf("%s: HTTP %d %s", path, resp.StatusCode, b)
	}
	return e, nil
}

func must(e env, err error, what string) env {
	if err != nil {
		fail("%s: %v", what, err)
	}
	if e.ResultCode != 200 {
		fail("%s: %d %s", what, e.ResultCode, e.ResultMsg)
	}
	return e
}

func fail(f string, a ...any) {
	fmt.Fprintf(os.Stderr, "loadsubmit: "+f+"\n", a...)
	os.Exit(1)
}

func loopbackOnly(raw string) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		fail("bad -base %q", raw)
	}
	host := u.Hostname()
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 {
		fail("cannot resolve %s", host)
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			fail("refusing non-loopback target %s (%s)", host, ip)
		}
	}
}

func createSurvey() string {
	id, _ := createSurveyAs("load test")
	return id
}

// createSurveyAs creates and publishes the 10-question load survey; it returns the survey id
// and the login token of -user.
func createSurveyAs(name string) (string, string) {
	token := login()
	var info struct{ ID string }
	e := mustOK(call("POST", "app/survey/add.do", token, map[string]string{"surveyName": name, "surveyType": "survey"}))
	_ = json.Unmarshal(e.Data, &info)
	qs := []map[string]any{}
	for i := 1; i <= 10; i++ {
		q := fmt.Sprintf("q%d", i)
		if i%2 == 1 {
			qs = append(qs, map[string]any{"dwId": q, "quType": "RADIO", "quTitle": q, "quAttr": map[string]any{"isRequired": true},
				"quRadios": []map[string]any{{"dwId": q + "a1"}, {"dwId": q + "a2"}, {"dwId": q + "a3"}}})
		} else {
			qs = append(qs, map[string]any{"dwId": q, "quType": "FILLBLANK", "quTitle": q, "quAttr": map[string]any{"isRequired": true}})
		}
	}
	doc, _ := json.Marshal(map[string]any{"questions": qs})
	mustOK(call("POST", "app/v6/dw-design-survey/save-survey-json.do", token, map[string]string{"surveyId": info.ID, "surveyJsonText": string(doc)}))
	mustOK(call("POST", "app/v6/dw-design-survey/dev-survey.do", token, map[string]string{"surveyId": info.ID}))
	return info.ID, token
}

// login returns a token of -user.
func login() string {
	var login struct {
		Token string `json:"token"`
	}
	b, _ := json.Marshal(map[string]string{"type": "account", "userName": *user, "password": *password})
	resp, err := client.Post(strings.TrimRight(*base, "/")+prefix+"anon/security-token/login.do", "application/json", bytes.NewReader(b))
	if err != nil {
		fail("login: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	_ = json.Unmarshal(body, &login)
	if login.Token == "" {
		fail("login failed: %s", body)
	}
	return login.Token
}

var seq atomic.Int64

// body is the save request of a new answer (built by hand: the generator shares the CPU
// with the server, so it should spend as little as possible per request).
func body(surveyID string) []byte {
	n := seq.Add(1)
	ns := strconv.FormatInt(n, 10)
	var a strings.Builder
	a.WriteString(`{"answerCommon":{"answerDwId":"load-`)
	a.WriteString(strconv.FormatInt(time.Now().UnixNano(), 10) + "-" + ns)
	a.WriteString(`"},"anQuestions":[`)
	for i := 1; i <= 10; i++ {
		q := "q" + strconv.Itoa(i)
		if i > 1 {
			a.WriteByte(',')
		}
		if i%2 == 1 {
			a.WriteString(`{"quDwId":"` + q + `","quType":"RADIO","anRadio":{"optionDwId":"` + q + "a" + strconv.Itoa(int(n%3)+1) + `"}}`)
		} else {
			a.WriteString(`{"quDwId":"` + q + `","quType":"FILLBLANK","anFbk":{"answer":"answer ` + ns + `"}}`)
		}
	}
	a.WriteString("]}")
	aj, _ := json.Marshal(a.String())
	sid, _ := json.Marshal(surveyID)
	return []byte(`{"surveyId":` + string(sid) + `,"jsonVersion":6,"isTest":0,"answerJson":` + string(aj) + `}`)
}

var saved = []byte(`"anCheckResultCode":201`)

// submit posts one answer; ok when it was stored (envelope 200, check code 201).
func submit(b []byte) (bool, string, error) {
	req, _ := http.NewRequest("POST", strings.TrimRight(*base, "/")+prefix+"none/v6/dw-answer-survey/save-survey-answer.do", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return false, "", err
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == http.StatusOK && bytes.HasPrefix(out, []byte(`{"resultCode":200,`)) && bytes.Contains(out, saved) {
		return true, "", nil
	}
	return false, string(out), nil
}

// run sends for d at rate (0 = as fast as the workers go). At a fixed rate every request
// has a scheduled send time and its latency is counted from it, so a server that falls
// behind is charged for the queueing too (no coordinated omission); the workers are the
// concurrent clients.
func run(surveyID string, rate int, d time.Duration) result {
	var lat []time.Duration
	var mu sync.Mutex
	var okN, badN atomic.Int64
	queue := *workers
	if rate > 0 {
		queue = min(200000, rate*int(d/time.Second+1))
	}
	jobs := make(chan time.Time, queue)
	var wg sync.WaitGroup
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for sched := range jobs {
				t0 := time.Now()
				if rate > 0 {
					t0 = sched
				}
				ok, reply, err := submit(body(surveyID))
				el := time.Since(t0)
				if !ok {
					if badN.Add(1) <= 3 {
						fmt.Fprintf(os.Stderr, "failed: %v %.300s\n", err, reply)
					}
				} else {
					okN.Add(1)
				}
				mu.Lock()
				lat = append(lat, el)
				mu.Unlock()
			}
		}()
	}
	start := time.Now()
	end := start.Add(d)
	sent := 0
	if rate > 0 {
		interval := time.Second / time.Duration(rate)
		next := start
		for time.Now().Before(end) && sent < 200000 {
			if now := time.Now(); now.Before(next) {
				time.Sleep(next.Sub(now))
			}
			jobs <- next // buffered: the schedule never waits for the workers
			sent++
			next = next.Add(interval)
		}
	} else {
		for time.Now().Before(end) && sent < 200000 {
			jobs <- time.Now()
			sent++
		}
	}
	close(jobs)
	wg.Wait()
	total := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	label := strconv.Itoa(rate) + "/s"
	if rate == 0 {
		label = "max"
	}
	r := result{sent: sent, ok: okN.Load(), failed: badN.Load(), perSec: float64(okN.Load()) / total.Seconds(),
		p50: ms(pct(0.50)), p99: ms(pct(0.99)), max: ms(lat[len(lat)-1])}
	fmt.Printf("rate %-6s sent %6d ok %6d failed %4d  %7.0f submissions/s  p50 %6.1f ms  p99 %6.1f ms  max %6.1f ms\n",
		label, r.sent, r.ok, r.failed, r.perSec, r.p50, r.p99, r.max)
	return r
}

// result is one run's figures (latencies in ms).
type result struct {
	sent          int
	ok, failed    int64
	perSec        float64
	p50, p99, max float64
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func main() {
	flag.Parse()
	loopbackOnly(*base)
	if *duration <= 0 || *duration > 120*time.Second {
		fail("-duration must be in (0, 120s]")
	}
	if *workers < 1 || *workers > 512 {
		fail("-workers must be 1..512")
	}
	if *reviewCompare {
		runReviewCompare()
		return
	}
	if *reviewProbe != "" {
		token := login()
		p, _ := reviewQueue(token, *reviewProbe, 1)
		probeReview(token, *reviewProbe, *reviewPlain, p.TotalItems)
		return
	}
	surveyID := *sid
	if surveyID == "" {
		surveyID = createSurvey()
		fmt.Println("created and published survey", surveyID)
	}
	for _, r := range strings.Split(*rates, ",") {
		rate, err := strconv.Atoi(strings.TrimSpace(r))
		if err != nil || rate < 0 || rate > 5000 {
			fail("bad rate %q (0..5000)", r)
		}
		run(surveyID, rate, *duration)
	}
}

func mustOK(e env, err error) env { return must(e, err, "setup request") }
