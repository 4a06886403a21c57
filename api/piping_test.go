package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
)

// The review document of an answer (owner review, raw-data detail, print) carries the texts
// the respondent read: placeholders rendered with that answer, hostile answers escaped in rich
// text; the answer page's own document keeps the placeholders (it renders them live), and
// the server's zone is filled in for today().
func TestReviewDocumentPipes(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "pipown1")
		hostile := `<img src=x onerror=alert(1)>`
		doc := M{"surveyAttrs": M{"endPageAttr": M{"textAttr": M{"submitSuccess": M{"enabled": true, "text": "<p>Thanks {Q2|friend}</p>"}}}},
			"questions": []M{
				{"dwId": "q1", "quType": "RADIO", "quTitle": "Fruit?", "quRadios": []M{opt("Apple"), {"dwId": "q1a2", "optionTitle": "Pear"}}},
				{"dwId": "q2", "quType": "FILLBLANK", "quTitle": "Name?"},
				{"dwId": "q3", "quType": "FILLBLANK", "quTitleObj": M{"dwHtml": "<b>{Q2}</b>, you chose {Q1}. Why?", "dwText": "{Q2}, you chose {Q1}. Why?"}},
			}}
		id, sid := publishDoc(t, owner, "survey", doc)
		d := expectSaveCode(t, owner, answerBody(id, newDwID(), []M{anRadio("q1", "q1a2"),
			{"quDwId": "q2", "quType": "FILLBLANK", "anFbk": M{"answer": hostile}}}, nil), 201)

		var r loadData
		owner.Get(ans+"review-survey-json.do?answerId="+d.DbAnswerID).OK(t, &r)
		var s struct {
			Questions []struct {
				QuTitleObj struct{ DwHtml, DwText string } `json:"quTitleObj"`
			} `json:"questions"`
			SurveyAttrs struct {
				EndPageAttr struct {
					TextAttr struct {
						SubmitSuccess struct{ Text string } `json:"submitSuccess"`
					} `json:"textAttr"`
				} `json:"endPageAttr"`
			} `json:"surveyAttrs"`
		}
		if err := json.Unmarshal([]byte(r.SurveyJSON.SurveyJSONText), &s); err != nil {
			t.Fatal(err)
		}
		h := s.Questions[2].QuTitleObj.DwHtml
		if h != `<b>&lt;img src=x onerror=alert(1)&gt;</b>, you chose Pear. Why?` {
			t.Fatalf("review title html %q", h)
		}
		if tx := s.Questions[2].QuTitleObj.DwText; strings.Contains(tx, "<img") || !strings.Contains(tx, "you chose Pear") {
			t.Fatalf("review title text %q", tx)
		}
		if end := s.SurveyAttrs.EndPageAttr.TextAttr.SubmitSuccess.Text; end != "<p>Thanks &lt;img src=x onerror=alert(1)&gt;</p>" {
			t.Fatalf("end text %q", end)
		}
		// the respondent's document keeps the placeholders
		l := load(t, owner, "sid="+sid)
		if !strings.Contains(l.SurveyJSON.SurveyJSONText, "{Q2}, you chose {Q1}") {
			t.Fatalf("answer document lost its placeholders: %s", l.SurveyJSON.SurveyJSONText)
		}
	})
}
