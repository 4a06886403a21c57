package main

// Review chains at scale (issue 11): submission with and without review workflows, side by
// side in one run, then the reviewer's calls with the answers of that run in review.
//
//	loadsubmit -review-compare -rates 250 -duration 10s -rounds 4 -password ...
//
// The server must run the workflows (`dwsurvey dev`, or serve + worker + a Temporal server).
// Two copies of the 10-question load survey are created: one without review, one with a
// one-level chain whose reviewer is -user. Rounds alternate between them (ABBA order, so a
// drift of the machine's load falls on both alike); before each round the tool waits until
// every stored review answer is in the reviewer's queue, so one round's workflow starts never
// slow the next round (the backlog left at the end of a review round is printed). Then, with
// everything submitted in review: the queue's first page (one survey, and across surveys) and
// answer-verified.do (each decision answers the next row, which the next call decides, as the
// review dialog does), -probes times each, one call at a time.

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

var (
	reviewCompare = flag.Bool("review-compare", false, "compare submission with and without review workflows, then time the review queue and answer-verified.do")
	rounds        = flag.Int("rounds", 4, "-review-compare: pairs of rounds per rate (at most 50)")
	probes        = flag.Int("probes", 200, "-review-compare: timed calls of each reviewer call (at most 2,000)")
	reviewPlain   = flag.String("review-probe-plain", "", "-review-probe: a survey without review whose answers take the flat verdict (the reference)")
	reviewProbe   = flag.String("review-probe", "", "time only the reviewer's calls on this survey (its queue must hold at least -probes answers of -user)")
	drainWait     = flag.Duration("drain-timeout", 10*time.Minute, "-review-compare: longest wait for the review queue to catch up")
)

type queuePage struct {
	TotalItems int64 `json:"totalItems"`
	Result     []struct {
		AnswerID string `json:"answerId"`
	} `json:"result"`
}

func reviewQueue(token, surveyID string, size int) (queuePage, time.Duration) {
	q := url.Values{"pageNo": {"1"}, "pageSize": {strconv.Itoa(size)}}
	if surveyID != "" {
		q.Set("surveyId", surveyID)
	}
	t0 := time.Now()
	e := mustOK(call("GET", "app/v6/review/queue.do?"+q.Encode(), token, nil))
	el := time.Since(t0)
	var p queuePage
	if err := json.Unmarshal(e.Data, &p); err != nil {
		fail("queue.do: %v", err)
	}
	return p, el
}

// drain waits until the reviewer's queue holds want answers of the survey and reports how
// long that took.
func drain(token, surveyID string, want int64) time.Duration {
	t0 := time.Now()
	for {
		p, _ := reviewQueue(token, surveyID, 1)
		if p.TotalItems >= want {
			return time.Since(t0)
		}
		if time.Since(t0) > *drainWait {
			fail("the review queue holds %d of %d answers after %s", p.TotalItems, want, *drainWait)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func pcts(lat []time.Duration) string {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	at := func(p float64) float64 { return ms(lat[min(len(lat)-1, int(float64(len(lat))*p))]) }
	return fmt.Sprintf("n %d  p50 %6.1f ms  p90 %6.1f ms  p95 %6.1f ms  p99 %6.1f ms  max %6.1f ms", len(lat), at(0.5), at(0.9), at(0.95), at(0.99), ms(lat[len(lat)-1]))
}

func runReviewCompare() {
	if *rounds < 1 || *rounds > 50 || *probes < 1 || *probes > 2000 {
		fail("-rounds must be 1..50 and -probes 1..2000")
	}
	plain, token := createSurveyAs("load test (no review)")
	reviewed, _ := createSurveyAs("load test (review)")
	var dir struct {
		Users []struct{ ID, LoginName string } `json:"users"`
	}
	e := mustOK(call("GET", "app/v6/review/directory.do?q="+url.QueryEscape(*user), token, nil))
	_ = json.Unmarshal(e.Data, &dir)
	me := ""
	for _, u := range dir.Users {
		if u.LoginName == *user {
			me = u.ID
		}
	}
	if me == "" {
		fail("%s is not in the reviewer directory", *user)
	}
	mustOK(call("POST", "app/v6/review/settings-save.do", token, map[string]any{"surveyId": reviewed, "enabled": true, "levels": 1,
		"reviewers": [][]map[string]string{{{"kind": "user", "id": me}}}}))
	fmt.Printf("surveys: without review %s, with review %s (1 level, reviewer %s)\n", plain, reviewed, *user)

	var inReview int64
	for _, r := range strings.Split(*rates, ",") {
		rate, err := strconv.Atoi(strings.TrimSpace(r))
		if err != nil || rate < 0 || rate > 5000 {
			fail("bad rate %q (0..5000)", r)
		}
		var sum [2]result // 0 without review, 1 with
		var n [2]int
		for i := 0; i < *rounds*2; i++ {
			withReview := (i%4 == 1) || (i%4 == 2) // A B B A
			k, sid, name := 0, plain, "without review"
			if withReview {
				k, sid, name = 1, reviewed, "with review   "
			}
			waited := drain(token, reviewed, inReview)
			fmt.Printf("  (queue caught up in %.1f s) %s: ", waited.Seconds(), name)
			res := run(sid, rate, *duration)
			if withReview {
				inReview += res.ok
				p, _ := reviewQueue(token, reviewed, 1)
				fmt.Printf("    backlog at the end of the round: %d of %d answers not yet in the queue\n", inReview-p.TotalItems, inReview)
			}
			sum[k].ok += res.ok
			sum[k].failed += res.failed
			sum[k].perSec += res.perSec
			sum[k].p50 += res.p50
			sum[k].p99 += res.p99
			n[k]++
		}
		avg := func(k int) (float64, float64, float64) {
			return sum[k].perSec / float64(n[k]), sum[k].p50 / float64(n[k]), sum[k].p99 / float64(n[k])
		}
		r0, a0, b0 := avg(0)
		r1, a1, b1 := avg(1)
		fmt.Printf("rate %d (0 = max), mean of %d rounds each:\n", rate, *rounds)
		fmt.Printf("  without review: %7.0f submissions/s  p50 %6.1f ms  p99 %6.1f ms  (stored %d, failed %d)\n", r0, a0, b0, sum[0].ok, sum[0].failed)
		fmt.Printf("  with review:    %7.0f submissions/s  p50 %6.1f ms  p99 %6.1f ms  (stored %d, failed %d)\n", r1, a1, b1, sum[1].ok, sum[1].failed)
		fmt.Printf("  ratio with/without: rate %.3f  p50 %.3f  p99 %.3f\n", r1/r0, a1/a0, b1/b0)
	}
	waited := drain(token, reviewed, inReview)
	fmt.Printf("all %d review answers in the queue %.1f s after the last round\n", inReview, waited.Seconds())
	probeReview(token, reviewed, plain, inReview)
}

// probeReview times the queue's first page and answer-verified.do (-probes calls each, one
// at a time) as -user, who reviews the only level of surveyID's chain.
func probeReview(token, reviewed, plain string, inReview int64) {

	var one, all []time.Duration
	for i := 0; i < *probes; i++ {
		_, el := reviewQueue(token, reviewed, 10)
		one = append(one, el)
		_, el = reviewQueue(token, "", 10)
		all = append(all, el)
	}
	fmt.Printf("queue.do first page, one survey (%d waiting):  %s\n", inReview, pcts(one))
	fmt.Printf("queue.do first page, across surveys:          %s\n", pcts(all))

	p, _ := reviewQueue(token, reviewed, 1)
	if len(p.Result) == 0 {
		fail("the review queue is empty")
	}
	next := p.Result[0].AnswerID
	var dec []time.Duration
	for i := 0; i < *probes && next != ""; i++ {
		t0 := time.Now()
		e := mustOK(call("POST", "app/v6/dw-answer-data-survey/answer-verified.do", token,
			map[string]any{"answerId": next, "verifyValue": 1 + i%2, "verifyNote": "benchmark " + strconv.Itoa(i)}))
		dec = append(dec, time.Since(t0))
		var row *struct {
			AnswerID string `json:"answerId"`
		}
		_ = json.Unmarshal(e.Data, &row)
		next = ""
		if row != nil {
			next = row.AnswerID
		}
	}
	fmt.Printf("answer-verified.do (decision + next row):     %s\n", pcts(dec))
	if plain != "" {
		// the reference: the same call on answers outside any chain (the flat verdict of survey
		// staff, no workflow), timed in the same run
		e := mustOK(call("POST", "app/v6/dw-answer-data-survey/list.do", token, map[string]any{"surveyId": plain, "pageSize": *probes}))
		var page struct {
			Result []struct {
				AnswerID string `json:"answerId"`
			} `json:"result"`
		}
		_ = json.Unmarshal(e.Data, &page)
		var flat []time.Duration
		for i, r := range page.Result {
			t0 := time.Now()
			mustOK(call("POST", "app/v6/dw-answer-data-survey/answer-verified.do", token,
				map[string]any{"answerId": r.AnswerID, "verifyValue": 1 + i%2, "verifyNote": "reference " + strconv.Itoa(i)}))
			flat = append(flat, time.Since(t0))
		}
		if len(flat) > 0 {
			fmt.Printf("reference: answer-verified.do, flat verdict:  %s\n", pcts(flat))
		}
	}
	after, _ := reviewQueue(token, reviewed, 1)
	fmt.Printf("queue after %d decisions: %d answers\n", len(dec), after.TotalItems)
}
