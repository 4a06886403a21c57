package api_test

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

const ok1Radio = "q1a1"

func TestCollectAnswerPasswords(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "coll01")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		qs := []M{anRadio("q1", ok1Radio)}
		anon := e.Client(t, "")
		// bad input: nothing saved
		for _, b := range []M{
			{"surveyId": id, "count": 0, "length": 6, "allowedCount": 1},
			{"surveyId": id, "count": 10001, "length": 6, "allowedCount": 1},
			{"surveyId": id, "count": 3, "length": 3, "allowedCount": 1},
			{"surveyId": id, "count": 3, "length": 6, "allowedCount": 0},
			{"surveyId": id, "count": 3, "length": 6, "allowedCount": -2},
		} {
			owner.Post("app/survey/answer-pwd/generate.do", b).Refused(t, 400, "")
		}
		if n := testenv.Count(t, e.DB, &models.AnswerPassword{}); n != 0 {
			t.Fatalf("%d passwords saved by refused calls", n)
		}
		// without passwords, no password is asked
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 201)

		owner.Post("app/survey/answer-pwd/generate.do", M{"surveyId": id, "count": 3, "length": 8, "tag": "=cmd", "allowedCount": 2}).OK(t, nil)
		owner.Post("app/survey/answer-pwd/generate.do", M{"surveyId": id, "count": 1200, "length": 6, "tag": "bulk", "allowedCount": 1}).OK(t, nil)
		var rows []struct {
			ID           string `json:"id"`
			Code         string `json:"code"`
			AllowedCount int    `json:"allowedCount"`
			UsedCount    int    `json:"usedCount"`
			Enabled      bool   `json:"enabled"`
		}
		pr := owner.Get("app/survey/answer-pwd/list.do?surveyId="+id+"&tag=%3Dcmd").Page(t, &rows)
		if pr.Total != 3 || len(rows) != 3 || len(rows[0].Code) != 8 || rows[0].AllowedCount != 2 {
			t.Fatalf("list %+v %+v", pr, rows)
		}
		var bulk []struct{}
		if pr := owner.Get("app/survey/answer-pwd/list.do?surveyId="+id+"&tag=bulk&pageSize=100").Page(t, &bulk); pr.Total != 1200 || len(bulk) != 100 {
			t.Fatalf("bulk list total %d rows %d", pr.Total, len(bulk))
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 403)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": "WRONG123"}), 403)
		// each password admits its allowed count and then refuses
		for _, r := range rows[:2] {
			expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": r.Code}), 201)
			expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": r.Code}), 201)
			d := expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": r.Code}), 403)
			if !strings.Contains(d.AnCheckResultMsg, "maximum number") {
				t.Fatalf("third use: %+v", d)
			}
		}
		owner.Get("app/survey/answer-pwd/list.do?surveyId="+id+"&tag=%3Dcmd&used=used").Page(t, &rows)
		if len(rows) != 2 || rows[0].UsedCount != 2 || rows[1].UsedCount != 2 {
			t.Fatalf("used counts %+v", rows)
		}
		owner.Get("app/survey/answer-pwd/list.do?surveyId="+id+"&tag=%3Dcmd&used=unused").Page(t, &rows)
		if len(rows) != 1 {
			t.Fatalf("unused %+v", rows)
		}
		last := rows[0]
		owner.Post("app/survey/answer-pwd/disable.do", M{"surveyId": id, "ids": []string{last.ID}}).OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": last.Code}), 403)
		owner.Post("app/survey/answer-pwd/enable.do", M{"surveyId": id, "ids": []string{last.ID}}).OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": last.Code}), 201)

		// export: CSV with the formula neutralised
		body := owner.Get("app/survey/answer-pwd/export.do?surveyId=" + id + "&tag=%3Dcmd")
		csv := string(body.Body)
		if !strings.HasPrefix(csv, "\ufeffpassword,tag") || strings.Count(csv, "'=cmd") != 3 || !strings.Contains(csv, last.Code) {
			t.Fatalf("export %q", csv)
		}
		owner.Post("app/survey/answer-pwd/delete.do", M{"surveyId": id, "ids": []string{last.ID}}).OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": last.Code}), 403)
		// another author cannot see them
		other := author(t, e, "coll02")
		other.Get("app/survey/answer-pwd/list.do?surveyId="+id).Refused(t, 404, "")
	})
}

func TestCollectIPRules(t *testing.T) {
	opts := testenv.Options{Config: func(c *config.Config) { c.Server.TrustedProxies = []string{"127.0.0.1"} }}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "coll03")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		qs := []M{anRadio("q1", ok1Radio)}
		from := func(ip string) *testenv.Client {
			c := e.Client(t, "")
			c.Header.Set("X-Forwarded-For", ip)
			return c
		}
		// bad input: clear messages, nothing saved
		owner.Post("app/survey/ip-rule/save.do", M{"surveyId": id, "rules": " \n "}).Refused(t, 400, "Please enter the IP segment information")
		owner.Post("app/survey/ip-rule/save.do", M{"surveyId": id, "rules": "10.0.0.0/8\n\n300.1.1.1"}).Refused(t, 400, "Please enter a valid IP segment: line 3")
		owner.Post("app/survey/ip-rule/save.do", M{"surveyId": id, "rules": "10.0.0.0/33"}).Refused(t, 400, "Please enter a valid IP segment: line 1")
		owner.Post("app/survey/ip-rule/save.do", M{"surveyId": id, "rules": "10.0.0.0/255.0.255.0"}).Refused(t, 400, "line 1")
		owner.Post("app/survey/ip-rule/save.do", M{"surveyId": id, "rules": "10.0.0.1", "mode": "maybe"}).Refused(t, 400, "mode")
		var got struct{ Mode, Rules string }
		owner.Get("app/survey/ip-rule/get.do?surveyId="+id).OK(t, &got)
		if got.Rules != "" || got.Mode != "allow" {
			t.Fatalf("after refusals: %+v", got)
		}
		expectSaveCode(t, from("8.8.8.8"), answerBody(id, newDwID(), qs, nil), 201)

		// allow-list: applies at once, without re-publishing
		owner.Post("app/survey/ip-rule/save.do", M{"surveyId": id, "mode": "allow",
			"rules": "10.0.0.0/8\r\n192.168.1.0/255.255.255.0\n  172.16.5.9  "}).OK(t, nil)
		for ip, code := range map[string]int{"10.2.3.4": 201, "192.168.1.77": 201, "172.16.5.9": 201, "192.168.2.1": 402, "172.16.5.10": 402, "8.8.8.8": 402} {
			d := expectSaveCode(t, from(ip), answerBody(id, newDwID(), qs, nil), code)
			if code == 402 && !strings.Contains(d.AnCheckResultMsg, "not allowed") {
				t.Fatalf("%s: %+v", ip, d)
			}
		}
		// deny-list
		owner.Post("app/survey/ip-rule/save.do", M{"surveyId": id, "mode": "deny", "rules": "10.0.0.0/8"}).OK(t, nil)
		expectSaveCode(t, from("10.9.9.9"), answerBody(id, newDwID(), qs, nil), 402)
		expectSaveCode(t, from("8.8.4.4"), answerBody(id, newDwID(), qs, nil), 201)
		owner.Get("app/survey/ip-rule/get.do?surveyId="+id).OK(t, &got)
		if got.Mode != "deny" || got.Rules != "10.0.0.0/8" {
			t.Fatalf("get %+v", got)
		}
		owner.Post("app/survey/ip-rule/clear.do", M{"surveyId": id}).OK(t, nil)
		expectSaveCode(t, from("10.9.9.9"), answerBody(id, newDwID(), qs, nil), 201)
	})
}

func TestCollectScheduleAndStatus(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "coll04")
		loc := e.Config.Location()
		fmtT := func(d time.Duration) string { return time.Now().Add(d).In(loc).Format("2006-01-02 15:04:05") }
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{"anEndTimeAttr": M{"enabled": true, "endTime": fmtT(48 * time.Hour)}}))
		var st struct {
			State          int    `json:"state"`
			StartAt        string `json:"startAt"`
			EndAt          string `json:"endAt"`
			EndNum         int    `json:"endNum"`
			AnswerCount    int    `json:"answerCount"`
			WorkflowID     string `json:"workflowId"`
			WorkflowStatus string `json:"workflowStatus"`
			MonitorPath    string `json:"monitorPath"`
		}
		owner.Get("app/survey/collect-status.do?surveyId="+id).OK(t, &st)
		if st.State != 1 || st.EndAt == "" || st.WorkflowID != "collection:"+id ||
			st.MonitorPath != "/v8/dw/admin/workflows?workflowId=collection%3A"+id {
			t.Fatalf("status %+v", st)
		}
		before := testenv.Snapshot(t, e.DB)
		owner.Post("app/survey/collect-schedule.do", M{"surveyId": id, "endTime": fmtT(-time.Hour)}).Refused(t, 400, "The end time is in the past")
		owner.Post("app/survey/collect-schedule.do", M{"surveyId": id, "startTime": fmtT(3 * time.Hour), "endTime": fmtT(2 * time.Hour)}).Refused(t, 400, "The start time must be before the end time")
		owner.Post("app/survey/collect-schedule.do", M{"surveyId": id, "endTime": fmtT(2 * time.Hour), "endNum": -3}).Refused(t, 400, "cannot be negative")
		owner.Post("app/survey/collect-schedule.do", M{"surveyId": id, "endTime": "tomorrow"}).Refused(t, 400, "Invalid time")
		if after := testenv.Snapshot(t, e.DB); after != before {
			t.Fatal("a refused schedule change saved something")
		}
		// a schedule with a start ahead: the link answers 408, then accepts after the start
		owner.Post("app/survey/collect-schedule.do", M{"surveyId": id, "startTime": fmtT(time.Hour), "endTime": fmtT(5 * time.Hour), "endNum": 2}).OK(t, &st)
		if st.StartAt != fmtT(time.Hour) || st.EndNum != 2 {
			t.Fatalf("after schedule %+v", st)
		}
		anon := e.Client(t, "")
		qs := []M{anRadio("q1", ok1Radio)}
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 408)
		e.Clock.Advance(61 * time.Minute)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 407)
		owner.Get("app/survey/collect-status.do?surveyId="+id).OK(t, &st)
		if st.AnswerCount != 2 {
			t.Fatalf("status %+v", st)
		}
		// the cap ended the survey (no workflow runs here: the notifier closed it directly);
		// respondents keep learning why, even after the author also ends it
		var info struct {
			SurveyState int `json:"surveyState"`
		}
		owner.Get("app/survey/info.do?id="+id).OK(t, &info)
		if info.SurveyState != models.SurveyEnded {
			t.Fatalf("state after the cap: %d", info.SurveyState)
		}
		owner.Post("app/survey/up-survey-status.do", M{"surveyId": id, "surveyState": 2}).OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 407)
		// end now on a survey without a cap: 405
		open, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		expectSaveCode(t, anon, answerBody(open, newDwID(), qs, nil), 201)
		owner.Post("app/survey/up-survey-status.do", M{"surveyId": open, "surveyState": 2}).OK(t, nil)
		expectSaveCode(t, anon, answerBody(open, newDwID(), qs, nil), 405)
	})
}

func TestCollectQuotaListQRAndShare(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "coll05")
		doc := simpleDoc(M{})
		doc["logicDsl"] = M{"quotaDsls": []string{"set Q1A1 quota = 2", "set Q1A2 quota = 1"}}
		id, sid := publishDoc(t, owner, "survey", doc)
		anon := e.Client(t, "")
		expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
		var qs []struct {
			Key   string `json:"key"`
			Text  string `json:"text"`
			Cap   int    `json:"cap"`
			Count int    `json:"count"`
			Full  bool   `json:"full"`
		}
		anon.Get("anon/survey-answer-quota/list.do?surveyId="+sid).OK(t, &qs)
		if len(qs) != 2 || qs[0].Cap != 2 || qs[0].Count != 1 || qs[0].Full || qs[1].Cap != 1 || qs[1].Count != 1 || !qs[1].Full || qs[0].Text == "" || qs[0].Key == "" {
			t.Fatalf("quotas %+v", qs)
		}

		resp, err := http.Get(e.Server.URL + "/api/dwsurvey/anon/survey/qrcode.do?sid=" + sid + "&version=1")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("content type %q", resp.Header.Get("Content-Type"))
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() < 100 {
			t.Fatalf("png: %v", err)
		}
		anon.Get("anon/survey/qrcode.do?sid=nope").Refused(t, 404, "")

		owner.Post("app/survey/share/save.do", M{"surveyId": id, "title": strings.Repeat("t", 101)}).Refused(t, 400, "100")
		owner.Post("app/survey/share/save.do", M{"surveyId": id, "description": strings.Repeat("d", 201)}).Refused(t, 400, "200")
		owner.Post("app/survey/share/save.do", M{"surveyId": id, "title": "Share me", "imageUrl": "https://example.test/a.png", "description": "desc"}).OK(t, nil)
		var sh struct{ Title, ImageURL, Description string }
		owner.Get("app/survey/share/get.do?surveyId="+id).OK(t, &sh)
		if sh.Title != "Share me" || sh.Description != "desc" {
			t.Fatalf("share %+v", sh)
		}
		_ = fmt.Sprint
	})
}

// When the author chose closure on full quotas, the answer that fills the last quota closes
// the survey (here with no running workflow: the notifier closes it directly), and the link
// then answers 405. Without the choice, full quotas only refuse matching answers.
func TestCollectClosesWhenEveryQuotaIsFull(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "coll06")
		doc := simpleDoc(M{})
		doc["logicDsl"] = M{"quotaDsls": []string{"set Q1A1 quota = 1", "set Q1A2 quota = 1"}}
		anon := e.Client(t, "")
		state := func(id string) int {
			var info struct {
				SurveyState int `json:"surveyState"`
			}
			owner.Get("app/survey/info.do?id="+id).OK(t, &info)
			return info.SurveyState
		}

		id, sid := publishDoc(t, owner, "survey", doc)
		owner.Post("app/survey/collect-schedule.do", M{"surveyId": id, "closeOnQuotasFull": true}).OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		if st := state(id); st != models.SurveyCollecting {
			t.Fatalf("one quota of two full: state %d", st)
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
		if st := state(id); st != models.SurveyEnded {
			t.Fatalf("every quota full: state %d, want ended", st)
		}
		if code := load(t, anon, "sid="+sid).AnswerCheckResult.AnCheckResultCode; code != 405 {
			t.Fatalf("closed survey answers %d, want 405", code)
		}

		other, _ := publishDoc(t, owner, "survey", doc)
		expectSaveCode(t, anon, answerBody(other, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		expectSaveCode(t, anon, answerBody(other, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
		if st := state(other); st != models.SurveyCollecting {
			t.Fatalf("closure not chosen: state %d, want collecting", st)
		}
	})
}
