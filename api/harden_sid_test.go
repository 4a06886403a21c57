package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	surveysvc "dwsurvey/services/survey"
)

// C5: new sids carry at least 64 random bits (older short sids keep working), and an address
// that probes unknown survey ids is throttled (HTTP 429) for every survey lookup until its
// window ends, while other addresses are not.
func TestSidsAreLongAndProbesAreThrottled(t *testing.T) {
	opts := testenv.Options{Config: func(c *config.Config) { c.Server.TrustedProxies = []string{"127.0.0.1"} }}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "sidprobe1")
		seen := map[string]bool{}
		for i := range 20 {
			s := addSurvey(t, owner, fmt.Sprintf("S%d", i), "survey")
			if len(s.Sid) != surveysvc.SidLength || strings.Trim(s.Sid, "abcdefghijklmnopqrstuvwxyz0123456789") != "" || seen[s.Sid] {
				t.Fatalf("sid %q", s.Sid)
			}
			seen[s.Sid] = true
		}
		if surveysvc.SidLength < 13 { // 36^13 > 2^64
			t.Fatalf("sids of %d characters carry fewer than 64 bits", surveysvc.SidLength)
		}

		id, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
		// an older 7-character sid keeps answering
		if err := e.DB.Model(&models.Survey{}).Where("id = ?", id).Update("sid", "abc1234").Error; err != nil {
			t.Fatal(err)
		}
		from := func(ip string) *testenv.Client {
			c := e.Client(t, "")
			c.Header.Set("X-Forwarded-For", ip)
			return c
		}
		prober, other := from("203.0.113.7"), from("198.51.100.9")
		if d := load(t, prober, "sid=abc1234"); d.AnswerCheckResult.AnCheckResultCode != 200 {
			t.Fatalf("old sid: %+v", d.AnswerCheckResult)
		}
		_ = sid

		for i := range answersvc.DefaultProbeLimit {
			// the answer page's call and the QR code count alike
			path := ans + "survey-json-by-survey-id.do?sid="
			if i%2 == 1 {
				path = "anon/survey/qrcode.do?sid="
			}
			if r := prober.Get(path + fmt.Sprintf("zz%05d", i)); r.Status != http.StatusOK {
				t.Fatalf("probe %d (%s) answered HTTP %d before the limit", i, path, r.Status)
			}
		}
		if r := prober.Get("anon/survey/qrcode.do?sid=abc1234"); r.Status != http.StatusTooManyRequests {
			t.Fatalf("QR code after the limit: HTTP %d", r.Status)
		}
		for _, q := range []string{"sid=zz99999", "sid=abc1234", "surveyId=" + id} {
			r := prober.Get(ans + "survey-json-by-survey-id.do?" + q)
			if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" || r.Code(t) != 429 {
				t.Fatalf("%s after the limit: HTTP %d %s", q, r.Status, r.Body)
			}
		}
		// submitting and the other anonymous reads are throttled the same way
		if r := prober.Post(ans+"save-survey-answer.do", answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil)); r.Status != http.StatusTooManyRequests {
			t.Fatalf("save after the limit: HTTP %d %s", r.Status, r.Body)
		}
		// another address is not affected
		if d := load(t, other, "sid=abc1234"); d.AnswerCheckResult.AnCheckResultCode != 200 {
			t.Fatalf("other address: %+v", d.AnswerCheckResult)
		}
		expectSaveCode(t, other, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		// after the window the prober may answer again
		e.Clock.Advance(answersvc.DefaultProbeWindow + time.Second)
		if d := load(t, prober, "sid=abc1234"); d.AnswerCheckResult.AnCheckResultCode != 200 {
			t.Fatalf("after the window: %+v", d.AnswerCheckResult)
		}
		// logged-in staff calls are not counted
		for i := range answersvc.DefaultProbeLimit + 1 {
			owner.Get(fmt.Sprintf("app/survey/info.do?id=nope%d", i)).Refused(t, 404, "")
		}
	})
}
