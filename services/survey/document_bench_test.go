package survey_test

import (
	"encoding/json"
	"fmt"
	"testing"

	svc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// bigDocument is a 300-question survey (titles with markup, 4 options each, note objects).
func bigDocument() string {
	var qs []map[string]any
	for i := 0; i < 300; i++ {
		var opts []map[string]any
		for j := 0; j < 4; j++ {
			opts = append(opts, map[string]any{"dwId": fmt.Sprintf("q%do%d", i, j), "optionTitle": fmt.Sprintf("Option <b>%d</b>", j),
				"optionTitleObj": map[string]any{"dwHtml": fmt.Sprintf("Option <b>%d</b>", j), "dwText": fmt.Sprintf("Option %d", j), "dwPlaceholder": ""},
				"isNote":         0, "optionImg": map[string]any{"imgSrc": "https://example.com/a.png"}})
		}
		qs = append(qs, map[string]any{"dwId": fmt.Sprintf("q%d", i), "quType": "RADIO", "quTitle": fmt.Sprintf("Question <i>%d</i> &amp; more", i),
			"quTitleObj": map[string]any{"dwHtml": fmt.Sprintf("Question <i>%d</i>", i), "dwText": "Question", "dwPlaceholder": ""},
			"quNoteObj":  map[string]any{"dwHtml": "", "dwText": ""}, "hv": 2, "cellCount": 0, "quTypeName": "单选题", "quRadios": opts})
	}
	raw, _ := json.Marshal(map[string]any{"surveyName": "Big", "surveyAttrs": map[string]any{"endPageAttr": map[string]any{
		"redirectionAttr": map[string]any{"enabled": true, "reqUrl": "https://example.com/thanks"}}}, "questions": qs})
	return string(raw)
}

// The served-document cleaning (JSON tree, key-based sanitising and URL rule) against the
// typed round trip the server did before on every save (parse + canonical marshal), on the
// same 300-question document in the same run.
func BenchmarkDocumentClean300(b *testing.B) {
	doc := bigDocument()
	b.Run("CleanDocumentText", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for i := 0; i < b.N; i++ {
			_ = svc.CleanDocumentText(doc)
		}
	})
	b.Run("reference-typed-parse-marshal", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for i := 0; i < b.N; i++ {
			d, _, _ := lang.Parse([]byte(doc))
			_, _ = lang.MarshalCanonical(d)
		}
	})
}
