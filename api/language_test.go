package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

const lanList = "none/v6/dw-answer-select-language/list"
const lanScript = "none/v6/dw-answer-select-language/getLanguageScript"

type lanRow struct {
	ID           string `json:"id"`
	LanguageCode string `json:"languageCode"`
	LanguageName string `json:"languageName"`
}

func lanScriptJSON(items ...M) string {
	raw, _ := json.Marshal(items)
	return string(raw)
}

func lanItem(code, typ, value string) M { return M{"lanCode": code, "lanType": typ, "lanValue": value} }

func listLanguages(t *testing.T, c *testenv.Client, surveyID string) []lanRow {
	t.Helper()
	var d struct {
		Data []lanRow `json:"data"`
	}
	c.Post(lanList, M{"surveyId": surveyID}).OK(t, &d)
	return d.Data
}

func TestSurveyLanguages(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "lanown1")
		other := author(t, e, "lanoth1")
		dataCol := author(t, e, "landat1")
		designCol := author(t, e, "landes1")
		anon := e.Client(t, "")
		id, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
		owner.Post("app/survey/collaborator/add.do", M{"surveyId": id, "loginName": "landat1", "rights": "data"}).OK(t, nil)
		owner.Post("app/survey/collaborator/add.do", M{"surveyId": id, "loginName": "landes1", "rights": "design"}).OK(t, nil)

		// no languages: an empty list, no error (also for an unknown survey)
		if l := listLanguages(t, anon, sid); len(l) != 0 {
			t.Fatalf("want no languages, got %+v", l)
		}
		if l := listLanguages(t, anon, "nosuch9"); len(l) != 0 {
			t.Fatalf("unknown survey: %+v", l)
		}
		anon.Post(lanScript, M{"surveyId": id, "languageCode": "en"}).Refused(t, 404, "")

		good := lanScriptJSON(lanItem("q1", "quTitle", `Question <b>one</b><script>alert(1)</script><img src=x onerror="alert(2)">`),
			lanItem("q1a1", "optionTitle", "Yes"), lanItem("q1", "quNote", "A note"))
		count := func() int64 { return testenv.Count(t, e.DB, &models.SurveyLanguage{}) }

		// bad input: 400 and nothing stored
		bad := []struct {
			body M
			msg  string
		}{
			{M{"surveyId": id, "languageCode": "english!", "languageJsonScript": good}, "languageCode"},
			{M{"surveyId": id, "languageCode": "", "languageJsonScript": good}, "languageCode"},
			{M{"surveyId": id, "languageCode": "en", "languageJsonScript": ""}, "required"},
			{M{"surveyId": id, "languageCode": "en", "languageJsonScript": "{not json"}, "JSON array"},
			{M{"surveyId": id, "languageCode": "en", "languageJsonScript": `{"lanCode":"q1"}`}, "JSON array"},
			{M{"surveyId": id, "languageCode": "en", "languageJsonScript": lanScriptJSON(lanItem("", "quTitle", "x"))}, "lanCode"},
			{M{"surveyId": id, "languageCode": "en", "languageJsonScript": lanScriptJSON(lanItem("q1", "quColour", "x"))}, "lanType"},
			{M{"surveyId": id, "languageCode": "en", "languageJsonScript": lanScriptJSON(lanItem("q1", "quTitle", "a"), lanItem("q1", "quTitle", "b"))}, "twice"},
			{M{"surveyId": id, "languageCode": "en", "languageJsonScript": `[{"lanCode":"q1","lanType":"quTitle","lanValue":"x","extra":1}]`}, "JSON array"},
		}
		for _, b := range bad {
			owner.Post("app/v6/language/add", b.body).Refused(t, 400, b.msg)
		}
		if n := count(); n != 0 {
			t.Fatalf("refused adds stored %d rows", n)
		}

		// who may add: not a stranger (404), not a data collaborator (403), not anonymous
		other.Post("app/v6/language/add", M{"surveyId": id, "languageCode": "en", "languageJsonScript": good}).Refused(t, 404, "")
		dataCol.Post("app/v6/language/add", M{"surveyId": id, "languageCode": "en", "languageJsonScript": good}).Refused(t, 403, "")
		if code := anon.Post("app/v6/language/add", M{"surveyId": id, "languageCode": "en", "languageJsonScript": good}).Code(t); code != 401 {
			t.Fatalf("anonymous add: %d", code)
		}
		if n := count(); n != 0 {
			t.Fatalf("refused adds stored %d rows", n)
		}

		var added struct {
			ID                 string `json:"id"`
			LanguageCode       string `json:"languageCode"`
			LanguageName       string `json:"languageName"`
			LanguageJSONScript string `json:"languageJsonScript"`
		}
		owner.Post("app/v6/language/add", M{"surveyId": sid, "languageCode": "en", "languageName": "English", "languageJsonScript": good}).OK(t, &added)
		if added.ID == "" || added.LanguageCode != "en" || added.LanguageName != "English" {
			t.Fatalf("add: %+v", added)
		}
		designCol.Post("app/v6/language/add", M{"surveyId": id, "languageCode": "zh-TW", "languageName": "繁體中文",
			"languageJsonScript": lanScriptJSON(lanItem("q1", "quTitle", "問題一"))}).OK(t, nil)

		l := listLanguages(t, anon, sid)
		if len(l) != 2 || l[0].LanguageCode != "en" || l[0].LanguageName != "English" || l[1].LanguageCode != "zh-TW" {
			t.Fatalf("list: %+v", l)
		}

		// the script: a JSON string of sanitised items
		var sc struct {
			Data string `json:"data"`
		}
		anon.Post(lanScript, M{"surveyId": sid, "languageCode": "en"}).OK(t, &sc)
		var items []struct{ LanCode, LanType, LanValue string }
		if err := json.Unmarshal([]byte(sc.Data), &items); err != nil || len(items) != 3 {
			t.Fatalf("script %q: %v", sc.Data, err)
		}
		title := items[0].LanValue
		if !strings.Contains(title, "<b>one</b>") || strings.Contains(title, "script") || strings.Contains(title, "onerror") || strings.Contains(title, "alert") {
			t.Fatalf("title not sanitised: %q", title)
		}
		if items[1].LanCode != "q1a1" || items[1].LanType != "optionTitle" || items[1].LanValue != "Yes" {
			t.Fatalf("item 2: %+v", items[1])
		}

		// adding the same code again replaces it (one row per survey and code)
		owner.Post("app/v6/language/add", M{"surveyId": id, "languageCode": "en", "languageName": "English (UK)",
			"languageJsonScript": lanScriptJSON(lanItem("q1", "quTitle", "First question"))}).OK(t, nil)
		anon.Post(lanScript, M{"surveyId": id, "languageCode": "en"}).OK(t, &sc)
		if !strings.Contains(sc.Data, "First question") || strings.Contains(sc.Data, "Yes") {
			t.Fatalf("replaced script: %s", sc.Data)
		}
		if n := count(); n != 2 {
			t.Fatalf("rows after replace: %d", n)
		}

		// delete: design rights only; then the list shrinks
		dataCol.Post("app/v6/language/delete", M{"id": added.ID}).Refused(t, 403, "")
		other.Post("app/v6/language/delete", M{"id": added.ID}).Refused(t, 404, "")
		owner.Post("app/v6/language/delete", M{}).Refused(t, 400, "required")
		if n := count(); n != 2 {
			t.Fatalf("refused deletes removed rows: %d", n)
		}
		owner.Post("app/v6/language/delete", M{"id": added.ID}).OK(t, nil)
		designCol.Post("app/v6/language/delete", M{"surveyId": id, "languageCode": "zh-TW"}).OK(t, nil)
		owner.Post("app/v6/language/delete", M{"id": added.ID}).Refused(t, 404, "")
		if l := listLanguages(t, anon, id); len(l) != 0 {
			t.Fatalf("after delete: %+v", l)
		}
	})
}

// The review page of an answer is not blocked by the respondent gates for its owner.
func TestAnswerReviewDocumentSkipsGates(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "revown1")
		stranger := author(t, e, "revstr1")
		anon := e.Client(t, "")
		id, sid := publishDoc(t, owner, "survey", simpleDoc(M{"anBroAttr": M{"enabled": true, "anNum": 1}}))
		d := expectSaveCode(t, owner, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, M{"dwBrowserId": "own-browser"}), 201)

		// the respondent gate refuses this browser now
		if l := load(t, owner, "sid="+sid+"&dwBrowserId=own-browser"); l.AnswerCheckResult.AnCheckResultCode != 401 || l.SurveyJSON != nil {
			t.Fatalf("gate: %+v", l)
		}
		// the owner's review document is not gated
		var r loadData
		owner.Get(ans+"review-survey-json.do?answerId="+d.DbAnswerID+"&dwBrowserId=own-browser").OK(t, &r)
		if r.SurveyJSON == nil || !strings.Contains(r.SurveyJSON.SurveyJSONText, "q1a1") || r.AnswerCheckResult.AnCheckResultCode != 200 {
			t.Fatalf("review document: %+v", r)
		}
		// the resume token holder too; strangers and anonymous callers get 404
		anon.Get(ans+"review-survey-json.do?answerId="+d.DbAnswerID+"&resumeToken="+d.ResumeToken).OK(t, &r)
		anon.Get(ans+"review-survey-json.do?answerId="+d.DbAnswerID).Refused(t, 404, "")
		anon.Get(ans+"review-survey-json.do?answerId="+d.DbAnswerID+"&resumeToken=wrong").Refused(t, 404, "")
		stranger.Get(ans+"review-survey-json.do?answerId="+d.DbAnswerID).Refused(t, 404, "")
	})
}
