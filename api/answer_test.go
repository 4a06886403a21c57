package api_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

const ans = "none/v6/dw-answer-survey/"

type M = map[string]any

// answerSnapshot renders the answer tables (for "nothing changed" checks).
func answerSnapshot(t *testing.T, db *gorm.DB) string {
	t.Helper()
	var b strings.Builder
	for _, tb := range []struct{ n, o string }{{"answers", "id"}, {"answer_counters", "survey_id, ckey, slot"}} {
		var rows []map[string]any
		if err := db.Table(tb.n).Order(tb.o).Find(&rows).Error; err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(rows)
		b.WriteString(tb.n + ":" + string(raw) + "\n")
	}
	return b.String()
}

// publishDoc creates a survey as owner, saves doc as its draft and publishes it.
func publishDoc(t *testing.T, owner *testenv.Client, typ string, doc M) (id, sid string) {
	t.Helper()
	var info surveyInfo
	owner.Post("app/survey/add.do", M{"surveyName": "Answer test", "surveyType": typ}).OK(t, &info)
	raw, _ := json.Marshal(doc)
	owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(raw)}).OK(t, nil)
	owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)
	return info.ID, info.Sid
}

func opt(id string) M { return M{"dwId": id, "optionTitle": id} }

func simpleDoc(attrs M) M {
	return M{"surveyAttrs": attrs, "questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quAttr": M{"isRequired": true}, "quRadios": []M{opt("q1a1"), opt("q1a2")}},
	}}
}

type saveData struct {
	AnCheckIsPass     bool    `json:"anCheckIsPass"`
	AnCheckResultCode int     `json:"anCheckResultCode"`
	AnCheckResultMsg  string  `json:"anCheckResultMsg"`
	DbAnswerID        string  `json:"dbAnswerId"`
	IndexResponseID   string  `json:"indexResponseId"`
	SumScore          float64 `json:"sumScore"`
	ResumeToken       string  `json:"resumeToken"`
	ShowCaptcha       bool    `json:"showCaptcha"`
	SessionCode       string  `json:"sessionCode"`
	Errors            []struct {
		QuDwID string `json:"quDwId"`
		Key    string `json:"key"`
	} `json:"errors"`
}

var dwSeq struct {
	sync.Mutex
	n int
}

func newDwID() string {
	dwSeq.Lock()
	defer dwSeq.Unlock()
	dwSeq.n++
	return fmt.Sprintf("dw-%d-%s", dwSeq.n, testenv.RandomSuffix(6))
}

func answerBody(id, dwID string, qs []M, extra M) M {
	aj, _ := json.Marshal(M{"answerCommon": M{"answerDwId": dwID}, "anQuestions": qs})
	b := M{"surveyId": id, "jsonVersion": 6, "answerJson": string(aj), "isTest": 0}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

func anRadio(q, o string) M { return M{"quDwId": q, "quType": "RADIO", "anRadio": M{"optionDwId": o}} }

// save posts an answer and returns the envelope code and data.
func save(t *testing.T, c *testenv.Client, body M) (int, saveData) {
	t.Helper()
	env := c.Post(ans+"save-survey-answer.do", body).Env(t)
	var d saveData
	if len(env.Data) > 0 && string(env.Data) != "null" {
		if err := json.Unmarshal(env.Data, &d); err != nil {
			t.Fatal(err)
		}
	}
	return env.ResultCode, d
}

type loadData struct {
	AnswerCheckResult struct {
		AnCheckIsPass     bool   `json:"anCheckIsPass"`
		AnCheckResultCode int    `json:"anCheckResultCode"`
		AnCheckResultMsg  string `json:"anCheckResultMsg"`
		ShowCaptcha       bool   `json:"showCaptcha"`
		SessionCode       string `json:"sessionCode"`
	} `json:"answerCheckResult"`
	SurveyJSON *struct {
		SurveyJSONText string `json:"surveyJsonText"`
	} `json:"surveyJson"`
}

func load(t *testing.T, c *testenv.Client, q string) loadData {
	t.Helper()
	var d loadData
	c.Get(ans+"survey-json-by-survey-id.do?"+q).OK(t, &d)
	return d
}

func expectSaveCode(t *testing.T, c *testenv.Client, body M, code int) saveData {
	t.Helper()
	env, d := save(t, c, body)
	got := d.AnCheckResultCode
	if env != 200 && env != 400 {
		t.Fatalf("envelope %d", env)
	}
	if code == 201 && (!d.AnCheckIsPass || d.DbAnswerID == "" || d.IndexResponseID != d.DbAnswerID) {
		t.Fatalf("want saved, got %+v", d)
	}
	if got != code {
		t.Fatalf("want check code %d, got %d %q", code, got, d.AnCheckResultMsg)
	}
	return d
}

func TestAnswerGates(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		anon := e.Client(t, "")
		ok1 := []M{anRadio("q1", "q1a1")}

		// 501, 500
		if d := load(t, anon, "sid="); d.AnswerCheckResult.AnCheckResultCode != 501 {
			t.Fatalf("501: %+v", d)
		}
		if d := load(t, anon, "sid=nosuch1"); d.AnswerCheckResult.AnCheckResultCode != 500 {
			t.Fatalf("500: %+v", d)
		}
		// 406 nothing published, 405 not collecting, 404 deleted
		var info surveyInfo
		owner.Post("app/survey/add.do", M{"surveyName": "draft", "surveyType": "survey"}).OK(t, &info)
		if d := load(t, anon, "sid="+info.Sid); d.AnswerCheckResult.AnCheckResultCode != 406 || d.SurveyJSON != nil {
			t.Fatalf("406: %+v", d)
		}
		id, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
		if d := load(t, anon, "sid="+sid); d.AnswerCheckResult.AnCheckResultCode != 200 || d.SurveyJSON == nil {
			t.Fatalf("200: %+v", d)
		}
		owner.Post("app/survey/up-survey-status.do", M{"surveyId": id, "surveyState": 2}).OK(t, nil)
		if d := load(t, anon, "sid="+sid); d.AnswerCheckResult.AnCheckResultCode != 405 {
			t.Fatalf("405: %+v", d)
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 405)
		owner.Post("app/survey/up-survey-status.do", M{"surveyId": id, "surveyState": 1}).OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		owner.Post("app/survey/delete.do", M{"id": id}).OK(t, nil)
		if d := load(t, anon, "sid="+sid); d.AnswerCheckResult.AnCheckResultCode != 404 {
			t.Fatalf("404: %+v", d)
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 404)

		// 408 before start / after end (server time zone)
		loc := e.Config.Location()
		future := time.Now().In(loc).Add(2 * time.Hour).Format("2006-01-02 15:04:05")
		past := time.Now().In(loc).Add(-2 * time.Hour).Format("2006-01-02 15:04:05")
		id, sid = publishDoc(t, owner, "survey", simpleDoc(M{"anStartTimeAttr": M{"enabled": true, "startTime": future}}))
		if d := load(t, anon, "sid="+sid); d.AnswerCheckResult.AnCheckResultCode != 408 || !strings.Contains(d.AnswerCheckResult.AnCheckResultMsg, "not started") {
			t.Fatalf("408 start: %+v", d)
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 408)
		e.Clock.Advance(3 * time.Hour)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		e.Clock.Advance(-3 * time.Hour)
		id, sid = publishDoc(t, owner, "survey", simpleDoc(M{"anEndTimeAttr": M{"enabled": true, "endTime": past}}))
		if d := load(t, anon, "sid="+sid); d.AnswerCheckResult.AnCheckResultCode != 408 || !strings.Contains(d.AnswerCheckResult.AnCheckResultMsg, "ended") {
			t.Fatalf("408 end: %+v", d)
		}

		// 407 end after N; drafts do not count
		id, sid = publishDoc(t, owner, "survey", simpleDoc(M{"anEndNumAttr": M{"enabled": true, "endNum": 2}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), nil, M{"saveStatus": 1}), 201) // draft, incomplete
		draftID := newDwID()
		expectSaveCode(t, anon, answerBody(id, draftID, nil, M{"saveStatus": 1}), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		d := expectSaveCode(t, anon, answerBody(id, draftID, ok1, nil), 201) // the draft becomes the answer
		if n := countAnswers(t, e, id, "save_status = 0"); n != 2 {
			t.Fatalf("submitted = %d", n)
		}
		_ = d
		if d := load(t, anon, "sid="+sid); d.AnswerCheckResult.AnCheckResultCode != 407 {
			t.Fatalf("407: %+v", d)
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 407)

		// 403 password: missing, wrong, right, rate limit; never sent to the browser
		id, sid = publishDoc(t, owner, "survey", simpleDoc(M{"anPwdAttr": M{"enabled": true, "anPwdCode": "s3cret-pw"}}))
		ld := load(t, anon, "sid="+sid)
		if ld.AnswerCheckResult.AnCheckResultCode != 403 || ld.SurveyJSON == nil || strings.Contains(ld.SurveyJSON.SurveyJSONText, "s3cret-pw") {
			t.Fatalf("403 load: %+v", ld)
		}
		anon.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd=wrong").Refused(t, 403, "Wrong answer password")
		anon.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd=s3cret-pw").OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"anPwd": "nope"}), 403)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"anPwd": "s3cret-pw"}), 201)
		for i := 0; i < 10; i++ {
			anon.Get(ans + "check-answer-pwd?sid=" + sid + "&anPwd=wrong")
		}
		anon.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd=s3cret-pw").Refused(t, 403, "Too many wrong passwords")
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"anPwd": "s3cret-pw"}), 403)
		e.Clock.Advance(16 * time.Minute)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"anPwd": "s3cret-pw"}), 201)

		// 401 per browser, 402 per IP
		id, _ = publishDoc(t, owner, "survey", simpleDoc(M{"anBroAttr": M{"enabled": true, "anNum": 1}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"dwBrowserId": "b1"}), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"dwBrowserId": "b1"}), 401)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"dwBrowserId": "b2"}), 201)
		id, _ = publishDoc(t, owner, "survey", simpleDoc(M{"anIpAttr": M{"enabled": true, "anNum": 2}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 402)

		// IP ranges (the test client is 127.0.0.1)
		id, _ = publishDoc(t, owner, "survey", simpleDoc(M{"anIpAttr": M{"ipRanges": []string{"10.0.0.0/8", "192.168.1.0/255.255.255.0"}}}))
		d = expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 402)
		if !strings.Contains(d.AnCheckResultMsg, "not allowed") {
			t.Fatalf("range msg %q", d.AnCheckResultMsg)
		}
		id, _ = publishDoc(t, owner, "survey", simpleDoc(M{"anIpAttr": M{"ipRanges": []string{"10.0.0.0/8", "127.0.0.0/255.0.0.0"}}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		id, _ = publishDoc(t, owner, "survey", simpleDoc(M{"anIpAttr": M{"ipRanges": []string{"127.0.0.1/32"}}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)

		// 409/410 captcha after randomCodeNum answers
		id, sid = publishDoc(t, owner, "survey", simpleDoc(M{"anRefreshAttr": M{"randomCode": true, "randomCodeNum": 2}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 201)
		ld = load(t, anon, "sid="+sid)
		if ld.AnswerCheckResult.AnCheckResultCode != 409 || !ld.AnswerCheckResult.ShowCaptcha || ld.AnswerCheckResult.SessionCode == "" || ld.SurveyJSON == nil {
			t.Fatalf("409 load: %+v", ld)
		}
		img := anon.Get("anon/jcap/jcaptcha.do?sessionCode=" + ld.AnswerCheckResult.SessionCode)
		if img.Status != 200 || !strings.HasPrefix(string(img.Body), "\x89PNG") {
			t.Fatalf("captcha image: %d", img.Status)
		}
		if r := anon.Get("anon/jcap/jcaptcha.do?sessionCode=unknown"); r.Status != 404 {
			t.Fatalf("unknown session: %d", r.Status)
		}
		d = expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 409)
		sc := d.SessionCode
		d = expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"sessionCode": sc, "anRandomCode": "zzzz!"}), 410)
		// the wrong try burnt sc; the right code of the new session works once
		code := captchaCode(t, e, d.SessionCode)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"sessionCode": sc, "anRandomCode": code}), 410)
		code = captchaCode(t, e, d.SessionCode)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"sessionCode": d.SessionCode, "anRandomCode": strings.ToLower(code)}), 201)
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, M{"sessionCode": d.SessionCode, "anRandomCode": code}), 410) // single use

		// 413 contact restriction, 430 messaging app
		id, _ = publishDoc(t, owner, "survey", simpleDoc(M{"contactAttr": M{"enabled": true}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 413)
		// logged in is not enough: only the people bound to the survey (contacts_test.go)
		expectSaveCode(t, owner, answerBody(id, newDwID(), ok1, nil), 413)
		var me struct{ ID string }
		owner.Get("app/user/currentUser.do").OK(t, &me)
		owner.Post("app/survey/bind/add.do", M{"surveyId": id, "userIds": []string{me.ID}}).OK(t, nil)
		expectSaveCode(t, owner, answerBody(id, newDwID(), ok1, nil), 201)
		id, _ = publishDoc(t, owner, "survey", simpleDoc(M{"weixinAttr": M{"enabled": true}}))
		expectSaveCode(t, anon, answerBody(id, newDwID(), ok1, nil), 430)
		// the user agent alone is not enough: without WeChat configured nobody can be identified
		// (the OAuth round trip: signin_wxanswer_test.go)
		wx := e.Client(t, "")
		wx.Header.Set("User-Agent", "Mozilla/5.0 MicroMessenger/8.0")
		expectSaveCode(t, wx, answerBody(id, newDwID(), ok1, nil), 432)
	})
}

func captchaCode(t *testing.T, e *testenv.Env, session string) string {
	t.Helper()
	code, err := e.Deps.Answer.CaptchaCodeForTest(t.Context(), session)
	if err != nil {
		t.Fatalf("captcha code: %v", err)
	}
	return code
}

func countAnswers(t *testing.T, e *testenv.Env, surveyID, where string) int64 {
	t.Helper()
	var n int64
	if err := e.DB.Model(&models.Answer{}).Where("survey_id = ?", surveyID).Where(where).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func validationDoc() M {
	return M{"dwDsl": "if Q1 = 2 then hide Q2", "questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quAttr": M{"isRequired": true}, "quRadios": []M{opt("q1a1"), opt("q1a2")}},
		{"dwId": "q2", "quType": "FILLBLANK", "quTitle": "Q2", "quAttr": M{"isRequired": true, "inputAttr": M{"commonAttr": M{"checkType": "EMAIL"}}}},
		{"dwId": "q3", "quType": "CHECKBOX", "quTitle": "Q3", "minLimit": 2, "maxLimit": 3, "quAttr": M{"isRequired": false},
			"quCheckboxs": []M{opt("q3a1"), opt("q3a2"), opt("q3a3"), {"dwId": "q3a4", "optionTitle": "x", "showBy": []string{"q1a1"}}}},
		{"dwId": "q4", "quType": "FILLBLANK", "quTitle": "Q4", "quAttr": M{"isRequired": false, "inputAttr": M{"commonAttr": M{"inputType": "InputNumber"}, "numAttr": M{"min": 10, "max": 100}}}},
		{"dwId": "q5", "quType": "MATRIX_RADIO", "quTitle": "Q5", "quAttr": M{"isRequired": true}, "quRows": []M{opt("r1"), opt("r2")}, "quCols": []M{opt("c1"), opt("c2")}},
		{"dwId": "q6", "quType": "UPLOADFILE", "quTitle": "Q6", "quAttr": M{"isRequired": false, "uploadAttr": M{"fileLimit": 1, "fileAccept": "1"}}},
	}}
}

func TestAnswerValidation(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", validationDoc())
		good := func() []M {
			return []M{anRadio("q1", "q1a1"), {"quDwId": "q2", "quType": "FILLBLANK", "anFbk": M{"answer": "a@b.cn"}},
				{"quDwId": "q3", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q3a1"}, {"optionDwId": "q3a2"}}},
				{"quDwId": "q5", "quType": "MATRIX_RADIO", "anMatrixRadios": []M{{"rowDwId": "r1", "colDwId": "c1"}, {"rowDwId": "r2", "colDwId": "c2"}}}}
		}
		with := func(i int, q M) []M { g := good(); g[i] = q; return g }
		cases := []struct {
			name string
			qs   []M
			qu   string
			key  string
		}{
			{"required radio", good()[1:], "q1", "required"},
			{"email", with(1, M{"quDwId": "q2", "quType": "FILLBLANK", "anFbk": M{"answer": "not-mail"}}), "q2", "email"},
			{"min options", with(2, M{"quDwId": "q3", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q3a1"}}}), "q3", "minOptions"},
			{"max options", with(2, M{"quDwId": "q3", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q3a1"}, {"optionDwId": "q3a2"}, {"optionDwId": "q3a3"}, {"optionDwId": "q3a4"}}}), "q3", "maxOptions"},
			{"number max", append(good(), M{"quDwId": "q4", "quType": "FILLBLANK", "anFbk": M{"answer": "1000"}}), "q4", "maxValue"},
			{"number min", append(good(), M{"quDwId": "q4", "quType": "FILLBLANK", "anFbk": M{"answer": "5"}}), "q4", "minValue"},
			{"matrix rows", with(3, M{"quDwId": "q5", "quType": "MATRIX_RADIO", "anMatrixRadios": []M{{"rowDwId": "r1", "colDwId": "c1"}}}), "q5", "rowRequired"},
			{"upload count", append(good(), M{"quDwId": "q6", "quType": "UPLOADFILE", "anUploadFiles": []M{{"filePath": "/a.png", "fileName": "a.png"}, {"filePath": "/b.png", "fileName": "b.png"}}}), "q6", "fileCount"},
			{"upload type", append(good(), M{"quDwId": "q6", "quType": "UPLOADFILE", "anUploadFiles": []M{{"filePath": "/a.exe", "fileName": "a.exe"}}}), "q6", "fileType"},
		}
		for _, c := range cases {
			before := answerSnapshot(t, e.DB)
			env, d := save(t, anon, answerBody(id, newDwID(), c.qs, nil))
			if env != 400 || d.AnCheckResultCode != 400 || len(d.Errors) == 0 || d.Errors[0].QuDwID != c.qu || d.Errors[0].Key != c.key {
				t.Fatalf("%s: env %d data %+v", c.name, env, d)
			}
			if answerSnapshot(t, e.DB) != before {
				t.Fatalf("%s: a refused answer changed the tables", c.name)
			}
		}
		// bad JSON and missing answerDwId store nothing
		before := answerSnapshot(t, e.DB)
		anon.Post(ans+"save-survey-answer.do", M{"surveyId": id, "answerJson": "{not json"}).Refused(t, 400, "not valid JSON")
		anon.Post(ans+"save-survey-answer.do", M{"surveyId": id, "answerJson": `{"anQuestions":[]}`}).Refused(t, 400, "answerDwId is required")
		if answerSnapshot(t, e.DB) != before {
			t.Fatal("bad input changed the tables")
		}
		// logic-hidden answer (Q2 hidden when Q1 = 2) and hidden option (q3a4 shown only by q1a1) are dropped
		qs := []M{anRadio("q1", "q1a2"), {"quDwId": "q2", "quType": "FILLBLANK", "anFbk": M{"answer": "hidden@x.cn"}},
			{"quDwId": "q3", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q3a1"}, {"optionDwId": "q3a2"}, {"optionDwId": "q3a4"}}},
			{"quDwId": "q5", "quType": "MATRIX_RADIO", "anMatrixRadios": []M{{"rowDwId": "r1", "colDwId": "c1"}, {"rowDwId": "r2", "colDwId": "c2"}}}}
		d := expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 201)
		var a models.Answer
		e.DB.Take(&a, "id = ?", d.DbAnswerID)
		if strings.Contains(a.Document, "hidden@x.cn") || strings.Contains(a.Document, "q3a4") || !strings.Contains(a.Document, "q3a2") {
			t.Fatalf("stored document keeps hidden answers: %s", a.Document)
		}
		if a.ClientIP != "127.0.0.1" || a.SurveyVersion != 1 || a.QuNum != 3 {
			t.Fatalf("row: ip %q version %d qunum %d", a.ClientIP, a.SurveyVersion, a.QuNum)
		}
		// get-survey-answer: resume token, else not found
		var v M
		anon.Get(ans+"get-survey-answer.do?answerId="+d.DbAnswerID+"&resumeToken="+d.ResumeToken).OK(t, &v)
		anon.Get(ans+"get-survey-answer.do?answerId="+d.DbAnswerID).Refused(t, 404, "")
		anon.Get(ans+"get-survey-answer.do?answerId="+d.DbAnswerID+"&resumeToken=x").Refused(t, 404, "")
		owner.Get(ans+"get-survey-answer.do?answerId="+d.DbAnswerID).OK(t, &v)
		if v["ip"] != "127.0.0.1" {
			t.Fatalf("owner view: %v", v)
		}
		// vote stats from counters
		var st struct {
			CountRadio    map[string]struct{ DocCount int } `json:"countRadio"`
			CountCheckbox map[string]struct{ DocCount int } `json:"countCheckbox"`
		}
		anon.Get(ans+"survey-stats.do?surveyId="+id).Refused(t, 404, "") // not a vote: no public counts
		owner.Get(ad+"survey-stats.do?surveyId="+id).OK(t, &st)
		if st.CountRadio["q1a2"].DocCount != 1 || st.CountCheckbox["q3a2"].DocCount != 1 || st.CountCheckbox["q3a4"].DocCount != 0 {
			t.Fatalf("stats %+v", st)
		}
	})
}

func examDoc() M {
	return M{"questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quAttr": M{"isRequired": true, "scoreAttr": M{"maxScore": 5}},
			"quRadios": []M{{"dwId": "q1a1", "optionTitle": "right", "isRight": true, "scoreNum": 5}, {"dwId": "q1a2", "optionTitle": "wrong"}}},
		{"dwId": "q2", "quType": "CHECKBOX", "quTitle": "Q2", "quAttr": M{"isRequired": true, "scoreAttr": M{"maxScore": 10}},
			"quCheckboxs": []M{{"dwId": "q2a1", "isRight": true, "scoreNum": 5}, {"dwId": "q2a2", "isRight": true, "scoreNum": 5}, {"dwId": "q2a3"}}},
	}}
}

func TestAnswerScoreIdempotencyAndReads(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		anon := e.Client(t, "")
		shown := examDoc() // the author shows the score ranking to respondents
		shown["surveyAttrs"] = M{"scoreAttr": M{"showTopSum": M{"enabled": true}}}
		id, sid := publishDoc(t, owner, "exam", shown)
		ld := load(t, anon, "sid="+sid)
		if strings.Contains(ld.SurveyJSON.SurveyJSONText, "isRight") || strings.Contains(ld.SurveyJSON.SurveyJSONText, "scoreNum") {
			t.Fatalf("answer keys sent to the browser: %s", ld.SurveyJSON.SurveyJSONText)
		}
		qs := []M{M{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "q1a1"}, "quAnScore": 100},
			{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q2a1"}, {"optionDwId": "q2a3"}}}}
		dw := newDwID()
		body := answerBody(id, dw, qs, M{"sumScore": 999})
		d1 := expectSaveCode(t, anon, body, 201)
		if d1.SumScore != 5 {
			t.Fatalf("score %v, want 5 (recomputed)", d1.SumScore)
		}
		snap := answerSnapshot(t, e.DB)
		d2 := expectSaveCode(t, anon, body, 201)
		if d2.DbAnswerID != d1.DbAnswerID || d2.SumScore != d1.SumScore || d2.ResumeToken != d1.ResumeToken {
			t.Fatalf("replay differs: %+v vs %+v", d1, d2)
		}
		if answerSnapshot(t, e.DB) != snap {
			t.Fatal("replay stored something")
		}
		env, d3 := save(t, anon, answerBody(id, dw, []M{anRadio("q1", "q1a2"), qs[1]}, nil))
		if env != 400 || d3.AnCheckResultCode != 400 {
			t.Fatalf("different body with same answerDwId: %d %+v", env, d3)
		}
		// a better and a faster answer for the ranking
		qs2 := []M{anRadio("q1", "q1a1"), {"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q2a1"}, {"optionDwId": "q2a2"}}}}
		d4 := expectSaveCode(t, anon, answerBody(id, newDwID(), qs2, nil), 201)
		if d4.SumScore != 15 {
			t.Fatalf("full score %v", d4.SumScore)
		}
		var top []struct {
			Rank     int     `json:"rank"`
			AnswerID string  `json:"answerId"`
			SumScore float64 `json:"sumScore"`
		}
		anon.Get("none/v6/dw-answer-exam/top-sum-score.do?surveyId="+id).OK(t, &top)
		if len(top) != 2 || top[0].AnswerID != d4.DbAnswerID || top[1].Rank != 2 {
			t.Fatalf("ranking %+v", top)
		}
		var ur struct{ Rank, Total int }
		anon.Get("none/v6/dw-answer-exam/top-sum-score-user.do?surveyId="+id+"&answerId="+d1.DbAnswerID+"&resumeToken="+d1.ResumeToken).OK(t, &ur)
		if ur.Rank != 2 || ur.Total != 2 {
			t.Fatalf("user rank %+v", ur)
		}
		// test data: isTest answers deleted by the owner only, counters fixed
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs2, M{"isTest": 1}), 201)
		anon.Post(ans+"delete-test-data.do", M{"surveyId": id}).Refused(t, 401, "")
		other := author(t, e, "other01")
		other.Post(ans+"delete-test-data.do", M{"surveyId": id}).Refused(t, 404, "")
		var del struct{ Deleted int }
		owner.Post(ans+"delete-test-data.do", M{"surveyId": id}).OK(t, &del)
		if del.Deleted != 1 || countAnswers(t, e, id, "1=1") != 2 {
			t.Fatalf("deleted %d", del.Deleted)
		}
		var total int64
		e.DB.Model(&models.AnswerCounter{}).Select("SUM(cnt)").Where("survey_id = ? AND ckey = 'total'", id).Scan(&total)
		if total != 2 {
			t.Fatalf("total counter %d", total)
		}
		// log, input verify, my answers
		var lg struct{ ID string }
		anon.Post(ans+"answer-survey-log.do", M{"surveyId": id}).OK(t, &lg)
		if lg.ID == "" {
			t.Fatal("no log id")
		}
		fid, _ := publishDoc(t, owner, "survey", M{"questions": []M{{"dwId": "f1", "quType": "FILLBLANK", "quTitle": "name"}}})
		user := e.Client(t, owner.Token)
		expectSaveCode(t, user, answerBody(fid, newDwID(), []M{{"quDwId": "f1", "quType": "FILLBLANK", "anFbk": M{"answer": "Alice"}}}, nil), 201)
		var matches []M
		anon.Post("anon/web/dw-an-input-verify", M{"inputDwId": "f1", "surveyId": fid, "inputValue": "Alice", "anCount": 1}).OK(t, &matches)
		if len(matches) != 1 {
			t.Fatalf("matches %v", matches)
		}
		anon.Post("anon/web/dw-an-input-verify", M{"inputDwId": "f1", "surveyId": fid, "inputValue": "Bob", "anCount": 1}).OK(t, &matches)
		if len(matches) != 0 {
			t.Fatalf("matches %v", matches)
		}
		var mine []M
		p := owner.Get("app/my-answer/list.do").Page(t, &mine)
		if p.Total != 1 || len(mine) != 1 {
			t.Fatalf("my answers %+v", p)
		}
	})
}

func TestAnswerConcurrency(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{"anEndNumAttr": M{"enabled": true, "endNum": 100}}))
		var mu sync.Mutex
		codes := map[int]int{}
		var wg sync.WaitGroup
		sem := make(chan struct{}, 50)
		for i := 0; i < 300; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				_, d := save(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
				mu.Lock()
				codes[d.AnCheckResultCode]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[201] != 100 || codes[407] != 200 || countAnswers(t, e, id, "save_status = 0") != 100 {
			t.Fatalf("codes %v, stored %d", codes, countAnswers(t, e, id, "save_status = 0"))
		}
		// quota of 10 on an option, 50 parallel submissions
		doc := simpleDoc(M{})
		doc["logicDsl"] = M{"quotaDsls": []string{"set Q1A1 quota = 10"}}
		qid, _ := publishDoc(t, owner, "survey", doc)
		codes = map[int]int{}
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, d := save(t, e.Client(t, ""), answerBody(qid, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
				mu.Lock()
				codes[d.AnCheckResultCode]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[201] != 10 || countAnswers(t, e, qid, "save_status = 0") != 10 {
			t.Fatalf("quota codes %v", codes)
		}
		// the other option is not limited
		expectSaveCode(t, e.Client(t, ""), answerBody(qid, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
		// the same submission sent in parallel stores one answer
		dw := newDwID()
		ids := map[string]bool{}
		for i := 0; i < 10; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, d := save(t, e.Client(t, ""), answerBody(qid, dw, []M{anRadio("q1", "q1a2")}, nil))
				mu.Lock()
				ids[d.DbAnswerID] = true
				mu.Unlock()
			}()
		}
		wg.Wait()
		if len(ids) != 1 || countAnswers(t, e, qid, "answer_dw_id = '"+dw+"'") != 1 {
			t.Fatalf("parallel replay ids %v", ids)
		}
	})
}

// Cross quotas over options with UUID dwIds have storage keys longer than the counter
// column; they must still count and close, and keep counting after questions are reordered.
func TestAnswerCrossQuotaLongKeys(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner02")
		q1, q2 := "8c7d0f3e-1b2a-4c5d-9e8f-000000000001", "8c7d0f3e-1b2a-4c5d-9e8f-000000000002"
		o := func(q string, n int) string { return q[:len(q)-4] + q[len(q)-1:] + "a" + strconv.Itoa(n) + "0" }
		radio := func(q string) M {
			return M{"dwId": q, "quType": "RADIO", "quTitle": "q", "quRadios": []M{opt(o(q, 1)), opt(o(q, 2)), opt(o(q, 3))}}
		}
		doc := M{"questions": []M{radio(q1), radio(q2)},
			"logicDsl": M{"quotaDsls": []string{"set Q1A1 and Q1A2 and Q1A3 and Q2A1 and Q2A2 quota = 2"}}}
		id, _ := publishDoc(t, owner, "survey", doc)
		body := func() M {
			return answerBody(id, newDwID(), []M{
				{"quDwId": q1, "quType": "RADIO", "anRadio": M{"optionDwId": o(q1, 2)}},
				{"quDwId": q2, "quType": "RADIO", "anRadio": M{"optionDwId": o(q2, 1)}}}, nil)
		}
		expectSaveCode(t, e.Client(t, ""), body(), 201)
		expectSaveCode(t, e.Client(t, ""), body(), 201)
		code, d := save(t, e.Client(t, ""), body())
		if code != 400 && d.AnCheckResultCode == 201 {
			t.Fatalf("third answer over a quota of 2 was stored: %d %+v", code, d)
		}
		if n := countAnswers(t, e, id, "save_status = 0"); n != 2 {
			t.Fatalf("stored %d answers, want 2", n)
		}
	})
}

// The client address (from a trusted proxy) is stored with its province and city from the
// offline IP-region database.
func TestAnswerRecordsRegion(t *testing.T) {
	opts := testenv.Options{Regions: true, Config: func(c *config.Config) { c.Server.TrustedProxies = []string{"127.0.0.1"} }}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner03")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		for ip, want := range map[string][2]string{"114.114.114.114": {"江苏省", "南京市"}, "8.8.8.8": {"美国", ""}, "10.0.0.9": {"", ""}} {
			c := e.Client(t, "")
			c.Header.Set("X-Forwarded-For", ip)
			dw := newDwID()
			expectSaveCode(t, c, answerBody(id, dw, []M{anRadio("q1", "q1a1")}, nil), 201)
			var row models.Answer
			if err := e.DB.Where("answer_dw_id = ?", dw).Take(&row).Error; err != nil {
				t.Fatal(err)
			}
			if row.ClientIP != ip || row.Province != want[0] || row.City != want[1] {
				t.Errorf("%s stored as ip %q province %q city %q, want %v", ip, row.ClientIP, row.Province, row.City, want)
			}
		}
	})
}
