package answer

import (
	"regexp"
	"testing"

	lang "dwsurvey/survey"
)

func TestValidVerifyCode(t *testing.T) {
	for code, want := range map[string]bool{
		"AB12": true, "AB12cd": true, "abcdefghijklmnopqrstuvwxyz012345": true,
		"": false, "AB1": false, "abcdefghijklmnopqrstuvwxyz0123456": false, "AB 12": false, "<b>x</b>": false, "ÄB12": false,
	} {
		if got := ValidVerifyCode(code); got != want {
			t.Errorf("ValidVerifyCode(%q) = %v, want %v", code, got, want)
		}
	}
}

func TestDerivedCode(t *testing.T) {
	shape := regexp.MustCompile(`^[A-HJ-NP-Z2-9]{10}$`)
	a := derivedCode("answer-1", "hash-1")
	if !shape.MatchString(a) || a != derivedCode("answer-1", "hash-1") {
		t.Fatalf("derived code %q is not stable or not of the alphabet", a)
	}
	if a == derivedCode("answer-2", "hash-1") || a == derivedCode("answer-1", "hash-2") {
		t.Fatal("derived code does not depend on both the answer id and the token hash")
	}
}

func TestComponentCode(t *testing.T) {
	d := &lang.Survey{Questions: []*lang.Question{
		{DwID: "q1", QuType: lang.TypeFillblank},
		{DwID: "vc", QuType: lang.TypeComponent, ChildType: lang.ChildVerifyCode},
	}}
	cases := map[string]string{
		`{"anQuestions":[{"quDwId":"q1","anFbk":{"answer":"ZZZZ99"}},{"quDwId":"vc","anFbk":{"answer":"AB12cd"}}]}`: "AB12cd",
		`{"anQuestions":[{"quDwId":"q1","anFbk":{"answer":"ZZZZ99"}}]}`:                                             "",
		`{"anQuestions":[{"quDwId":"vc","anFbk":{"answer":"<script>"}}]}`:                                           "",
		`{"anQuestions":[{"quDwId":"vc","anFbk":{"answer":12345}}]}`:                                                "",
		`not json`: "",
	}
	for doc, want := range cases {
		if got := componentCode(d, doc); got != want {
			t.Errorf("componentCode(%s) = %q, want %q", doc, got, want)
		}
	}
	if got := componentCode(&lang.Survey{Questions: []*lang.Question{{DwID: "vc", QuType: lang.TypeFillblank}}}, `{"anQuestions":[{"quDwId":"vc","anFbk":{"answer":"AB12cd"}}]}`); got != "" {
		t.Fatalf("a fill-blank is not the component: %q", got)
	}
}
