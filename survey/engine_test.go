package survey

import (
	"strings"
	"testing"
)

func TestCheckSubmissionDropsHiddenAndScores(t *testing.T) {
	s, issues, err := Parse([]byte(`{"surveyType":"exam","dwDsl":"if Q1A2 then hide Q2\nset Q1A1 quota = 1","questions":[
	 {"dwId":"q1","quType":"RADIO","quRadios":[{"dwId":"a1","isRight":1,"scoreNum":3},{"dwId":"a2"}]},
	 {"dwId":"q2","quType":"FILLBLANK","quAttr":{"isRequired":true}}]}`))
	if err != nil || len(issues) != 0 {
		t.Fatal(err, issues)
	}
	a, err := ParseAnswer([]byte(`"{\"anQuestions\":[{\"quDwId\":\"q1\",\"anRadio\":{\"optionDwId\":\"a2\"}},{\"quDwId\":\"q2\",\"anFbk\":{\"answer\":\"secret\"}}]}"`))
	if err != nil {
		t.Fatal(err)
	}
	r := NewEngine(s).CheckSubmission(a, map[string]int{"Q1A1": 5})
	if len(r.Errors) != 0 || len(r.Answers) != 1 || r.Answers[0].QuDwID != "q1" || *r.Answers[0].QuAnScore != 0 {
		t.Fatalf("errors %v answers %+v", r.Errors, r.Answers)
	}
	if r.Quotas[0].Matched || r.Score.Max != 3 {
		t.Fatalf("quota/score wrong: %+v %+v", r.Quotas, r.Score)
	}
}

func TestUpdateDslAstAndDslIssues(t *testing.T) {
	s, _, _ := Parse([]byte(`{"dwDsl":"if Q1A1 then show Q2","questions":[{"dwId":"x","quType":"RADIO","quRadios":[{"dwId":"x1"}]},{"dwId":"y","quType":"FILLBLANK"}]}`))
	if err := UpdateDslAst(s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(s.DwDslAst), `"quDwId":"x"`) || !strings.Contains(string(s.DwDslAst), `"itemDwId":"x1"`) {
		t.Fatalf("AST not resolved: %s", s.DwDslAst)
	}
	_, issues, _ := Parse([]byte(`{"dwDsl":"if Q1A1 then show Q9\nif Q1 = then hide Q1","questions":[{"dwId":"x","quType":"RADIO","logicDsl":{"showDsl":"if Q1A5 then show Q1"}}]}`))
	var got []string
	for _, is := range issues {
		got = append(got, is.Path+" "+is.Message)
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"dwDsl 2:9:", "questions[0].logicDsl.showDsl 1:4: option Q1A5 does not exist"} {
		if !strings.Contains(joined, want) {
			t.Errorf("missing %q in\n%s", want, joined)
		}
	}
	s.DwDsl = "if Q1 = then"
	if err := UpdateDslAst(s); err == nil {
		t.Fatal("want parse error")
	}
}
