package survey

import (
	"strings"
	"testing"
)

// The submit-confirm setting survives parsing and the canonical form that is saved and
// published (it was dropped before, so the answer page never showed the confirm dialog).
func TestSubmitConfirmAttrSurvivesSave(t *testing.T) {
	s, _, err := Parse([]byte(`{"surveyAttrs":{"submitConfirmAttr":{"enabled":true}},"questions":[{"dwId":"q1","quType":"FILLBLANK","quTitle":"Q"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.SurveyAttrs == nil || s.SurveyAttrs.SubmitConfirmAttr == nil || !bool(s.SurveyAttrs.SubmitConfirmAttr.Enabled) {
		t.Fatalf("submitConfirmAttr lost on parse: %+v", s.SurveyAttrs)
	}
	out, err := MarshalCanonical(s.Clone())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"submitConfirmAttr":{"enabled":true}`) {
		t.Fatalf("submitConfirmAttr lost on save: %s", out)
	}
}
