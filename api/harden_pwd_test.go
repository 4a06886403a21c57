package api_test

import (
	"fmt"
	"testing"
	"time"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
)

// C4: wrong answer passwords spread over many addresses (2 each, under the per-address
// limit) reach a survey-wide ceiling; then even the right password waits until the window
// ends, from any address.
func TestAnswerPasswordSurveyWideCeiling(t *testing.T) {
	opts := testenv.Options{Config: func(c *config.Config) { c.Server.TrustedProxies = []string{"127.0.0.1"} }}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "pwdceil01")
		id, sid := publishDoc(t, owner, "survey", simpleDoc(M{"anPwdAttr": M{"enabled": true, "anPwdCode": "right-pw-1"}}))
		from := func(ip string) *testenv.Client {
			c := e.Client(t, "")
			c.Header.Set("X-Forwarded-For", ip)
			return c
		}
		qs := []M{anRadio("q1", "q1a1")}
		for i := range 60 {
			c := from(fmt.Sprintf("203.0.113.%d", i+1))
			c.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd="+fmt.Sprintf("guess-%d", i)).Refused(t, 403, "")
			expectSaveCode(t, c, answerBody(id, newDwID(), qs, M{"anPwd": fmt.Sprintf("guess2-%d", i)}), 403)
		}
		fresh := from("198.51.100.200")
		fresh.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd=right-pw-1").Refused(t, 403, "for this survey")
		d := expectSaveCode(t, fresh, answerBody(id, newDwID(), qs, M{"anPwd": "right-pw-1"}), 403)
		if countAnswers(t, e, id, "1=1") != 0 {
			t.Fatalf("an answer was stored past the ceiling: %+v", d)
		}
		// another survey is not affected
		id2, _ := publishDoc(t, owner, "survey", simpleDoc(M{"anPwdAttr": M{"enabled": true, "anPwdCode": "other-pw-1"}}))
		expectSaveCode(t, fresh, answerBody(id2, newDwID(), qs, M{"anPwd": "other-pw-1"}), 201)
		// the window ends: the right password is accepted again
		e.Clock.Advance(16 * time.Minute)
		expectSaveCode(t, fresh, answerBody(id, newDwID(), qs, M{"anPwd": "right-pw-1"}), 201)
	})
}
