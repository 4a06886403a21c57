package survey

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func issueText(issues []Issue) string {
	var p []string
	for _, is := range issues {
		p = append(p, is.Path+" "+is.Message)
	}
	return strings.Join(p, "\n")
}

// Stale dwIds in a stored AST are reported with their location and never
// fall back to the (now different) question or option number.
func TestStoredAstStaleDwIDsReported(t *testing.T) {
	f := fixesFile()
	for name, want := range map[string]string{
		"badAstDeleted":       `dwDslAst 1:1: question Q2 (dwId "gone") no longer exists`,
		"badAstDeletedOption": `dwDslAst 1:1: option Q1A1 (dwId "gone") no longer exists`,
		"badAstVarDeleted":    `dwDslAst 1:1: question age (dwId "gone") no longer exists`,
		"badAstAssign":        `dwDslAst 1:1: question total (dwId "gone") no longer exists`,
		"badMutexPagetag":     `dwDsl 1:1: option Q2A9 does not exist`,
	} {
		_, issues, err := Parse([]byte(f.surveys[name]))
		if err != nil {
			t.Fatal(err)
		}
		if got := issueText(issues); !strings.Contains(got, want) {
			t.Errorf("%s: want %q in\n%s", name, want, got)
		}
	}
	for _, name := range []string{"astMoved", "astStaleItem", "astVarRenamed"} {
		if _, issues, _ := Parse([]byte(f.surveys[name])); len(issues) != 0 {
			t.Errorf("%s: unexpected issues %v", name, issues)
		}
	}
	// The engine prints the stored AST re-numbered to the new positions.
	s, _, _ := Parse([]byte(f.surveys["astMoved"]))
	e := NewEngine(s)
	if got := e.C.Rules[0].Src.Text; got != "if Q2A2 then hide Q1" {
		t.Errorf("re-numbered text = %q", got)
	}
	// An unknown assign target is never applied (not even to question 0).
	s, _, _ = Parse([]byte(f.surveys["badAstAssign"]))
	r := NewEngine(s).Evaluate(Input{Answers: []*AnQuestion{{QuDwID: "q1", AnFbk: &AnFbk{Answer: "a"}}}})
	if len(r.Assignments) != 0 || len(r.Answers) != 1 || r.Answers[0].AnFbk.Answer != "a" {
		t.Errorf("assignments %v answers %+v", r.Assignments, r.Answers)
	}
}

// RefreshDslAst re-numbers dwDsl after a move and refuses to bind a deleted
// reference to another question.
func TestRefreshDslAst(t *testing.T) {
	s, _, _ := Parse([]byte(`{"dwDsl":"# keep\nif Q1A1 and age > 3 then hide Q3","questions":[
		{"dwId":"q1","quType":"RADIO","quRadios":[{"dwId":"q1a1"},{"dwId":"q1a2"}]},
		{"dwId":"q2","quType":"FILLBLANK","varAtrrs":{"customName":"age"}},
		{"dwId":"q3","quType":"FILLBLANK"}]}`))
	if err := UpdateDslAst(s); err != nil {
		t.Fatal(err)
	}
	// Drag q3 to the top and swap q1's options.
	s.Questions = []*Question{s.Questions[2], s.Questions[0], s.Questions[1]}
	q1 := s.Questions[1]
	q1.QuRadios = []*Option{q1.QuRadios[1], q1.QuRadios[0]}
	text, issues, err := RefreshDslAst(s)
	if err != nil || len(issues) != 0 {
		t.Fatal(err, issues)
	}
	want := "# keep\nif Q2A2 and age > 3 then hide Q1"
	if text != want || string(s.DwDsl) != want {
		t.Fatalf("text %q dwDsl %q", text, s.DwDsl)
	}
	r := NewEngine(s).Evaluate(Input{Answers: []*AnQuestion{{QuDwID: "q1", AnRadio: &AnOption{OptionDwID: "q1a1"}}, {QuDwID: "q2", AnFbk: &AnFbk{Answer: "5"}}}})
	if strings.Join(r.VisibleQuestions, ",") != "q1,q2" {
		t.Fatalf("visible %v", r.VisibleQuestions)
	}
	// Delete q3: the reference is reported, keeps its dwId, dwDsl is cleared.
	s.Questions = s.Questions[1:]
	_, issues, _ = RefreshDslAst(s)
	if got := issueText(issues); !strings.Contains(got, `dwDslAst 1:1: question Q1 (dwId "q3") no longer exists`) && !strings.Contains(got, `(dwId "q3") no longer exists`) {
		t.Fatalf("issues %s", got)
	}
	if s.DwDsl != "" || !strings.Contains(string(s.DwDslAst), `"quDwId":"q3"`) {
		t.Fatalf("dwDsl %q ast %s", s.DwDsl, s.DwDslAst)
	}
	r = NewEngine(s).Evaluate(Input{Answers: []*AnQuestion{{QuDwID: "q1", AnRadio: &AnOption{OptionDwID: "q1a1"}}, {QuDwID: "q2", AnFbk: &AnFbk{Answer: "5"}}}})
	if strings.Join(r.VisibleQuestions, ",") != "q1,q2" {
		t.Fatalf("deleted target hid %v", r.VisibleQuestions)
	}
}

// A malformed stored AST is reported, not run, and never panics.
func TestMalformedStoredAst(t *testing.T) {
	for _, a := range []string{
		`{"stmts":[{"kind":"if","cond":{"type":"ref"},"then":{"kind":"hide","targets":[{"name":"Q1"}]}}]}`,
		`{"stmts":[{"kind":"if","cond":{"type":"bool","bool":true}}]}`,
		`{"stmts":[{"kind":"hide","targets":[null]}]}`,
		`{"stmts":[{"kind":"assign","target":{"name":"Q1","q":1}}]}`,
		`{"stmts":[{"kind":"goto"}]}`,
		`{"stmts":[{"kind":"validate","message":"m"}]}`,
		`{"stmts":[{"kind":"if","cond":{"type":"call","name":"count"},"then":{"kind":"hide","targets":[{"name":"Q1","q":1}]}}]}`,
		`{"stmts":[null,{"kind":"if","cond":{"type":"binary","op":"and","left":{"type":"bool","bool":true}},"then":{"kind":"hide","targets":[{"name":"Q1","q":1}]}}]}`,
	} {
		s, issues, err := Parse([]byte(`{"dwDslAst":` + a + `,"questions":[{"dwId":"q1","quType":"FILLBLANK"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(issueText(issues), "malformed") {
			t.Errorf("%s: issues %v", a, issues)
		}
		r := NewEngine(s).Evaluate(Input{})
		if strings.Join(r.VisibleQuestions, ",") != "q1" {
			t.Errorf("%s: visible %v", a, r.VisibleQuestions)
		}
		if _, _, err := RefreshDslAst(s); err != nil {
			t.Error(err)
		}
	}
}

// Hidden rows, score items and blanks leave the effective answers.
func TestHiddenItemsDroppedFromAnswers(t *testing.T) {
	f := fixesFile()
	s, _, _ := Parse([]byte(f.surveys["hiddenItems"]))
	var in Input
	c := f.cases[10]
	if c.name != "hidden-rows-scores-blanks-dropped" {
		t.Fatal(c.name)
	}
	if err := json.Unmarshal([]byte(c.input), &in); err != nil {
		t.Fatal(err)
	}
	r := NewEngine(s).Evaluate(in)
	b, _ := json.Marshal(r.Answers)
	for _, id := range []string{"q2r2", "q3a2", "q4a2", "q5r2", "q6r2", "q7r2"} {
		if strings.Contains(string(b), `"`+id+`"`) {
			t.Errorf("%s still in answers %s", id, b)
		}
	}
	for _, id := range []string{"q2r1", "q3a1", "q4a1", "q5r1", "q6r1", "q7r1"} {
		if !strings.Contains(string(b), `"`+id+`"`) {
			t.Errorf("%s missing from answers %s", id, b)
		}
	}
}

// Null entries are dropped when answerJson is decoded, and answers built
// in code with nil entries never panic.
func TestNullAnswerEntries(t *testing.T) {
	a, err := ParseAnswer([]byte(`{"anQuestions":[null,{"quDwId":"q1","anCheckboxs":[null],"anUploadFiles":[null,{"fileName":"a.pdf"}],
		"anMatrixCheckboxes":[null,{"rowDwId":"r","rowAnCheckboxs":[null]}],"anMatrixFbks":[{"rowDwId":"r","rowAnFbks":[null,{"colDwId":"c"}]}],
		"anOrders":[null],"anMFbks":[null],"anScores":[null],"anMatrixRadios":[null],"anMatrixScales":[null],"anCascades":[null]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.AnQuestions) != 1 {
		t.Fatalf("anQuestions %v", a.AnQuestions)
	}
	q := a.AnQuestions[0]
	if len(q.AnCheckboxs)+len(q.AnOrders)+len(q.AnMFbks)+len(q.AnScores)+len(q.AnMatrixRadios)+len(q.AnMatrixScales)+len(q.AnCascades) != 0 ||
		len(q.AnUploadFiles) != 1 || len(q.AnMatrixCheckboxes) != 1 || len(q.AnMatrixCheckboxes[0].RowAnCheckboxs) != 0 ||
		len(q.AnMatrixFbks[0].RowAnFbks) != 1 {
		b, _ := json.Marshal(q)
		t.Fatalf("nulls kept: %s", b)
	}
	// Built in code: the engine compacts a copy and leaves the input alone.
	s, _, _ := Parse([]byte(fixesFile().surveys["nulls"]))
	in := []*AnQuestion{nil, {QuDwID: "q2", AnUploadFiles: []*AnUploadFile{nil, {FileName: "a.pdf"}}},
		{QuDwID: "q3", AnMatrixCheckboxes: []*AnMatrixCheckbox{nil, {RowDwID: "q3r1", RowAnCheckboxs: []*AnColRef{nil, {ColDwID: "q3c1"}}}}}}
	r := NewEngine(s).Evaluate(Input{Answers: in})
	if len(r.Errors) != 1 || r.Errors[0].QuDwID != "q1" {
		t.Fatalf("errors %v", r.Errors)
	}
	if in[1].AnUploadFiles[0] != nil || in[2].AnMatrixCheckboxes[1].RowAnCheckboxs[0] != nil {
		t.Fatal("input mutated")
	}
}

// Numbers used as strings read as JavaScript's String(Number(x)).
func TestStrNumberText(t *testing.T) {
	for lit, want := range map[string]string{
		`1.50`: "1.5", `1e2`: "100", `-0`: "0", `0.1e1`: "1", `1E21`: "1e+21", `1e-7`: "1e-7", `1e400`: "Infinity",
		`-1e400`: "-Infinity", `123456789012345678901`: "123456789012345680000", `true`: "true", `"1.50"`: "1.50",
	} {
		var s Str
		if err := json.Unmarshal([]byte(lit), &s); err != nil || string(s) != want {
			t.Errorf("%s: got %q (%v), want %q", lit, s, err, want)
		}
	}
}

// The input page: numbers and numeric strings; anything else is 0.
func TestInputPage(t *testing.T) {
	for lit, want := range map[string]int{
		`2`: 2, `"2"`: 2, `" 3 "`: 3, `2.0`: 2, `"2.5"`: 0, `1.5`: 0, `"x"`: 0, `true`: 0, `null`: 0, `{}`: 0, `[]`: 0,
		`-1`: -1, `"1e1"`: 10, `1e300`: 0, `"NaN"`: 0, `"Inf"`: 0, `""`: 0,
	} {
		var in Input
		if err := json.Unmarshal([]byte(`{"page":`+lit+`,"answers":[null]}`), &in); err != nil || in.Page != want || len(in.Answers) != 0 {
			t.Errorf("%s: got %d (%v) answers %v, want %d", lit, in.Page, err, in.Answers, want)
		}
	}
}

// FuzzCheckSubmission: the server's submit check never panics, whatever
// answerJson arrives. Seeds: every vector's answers, plus nulls, wrong
// types, huge numbers and deep nesting. The fuzzed bytes are decoded as
// answerJson and run against every vector survey.
func FuzzCheckSubmission(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	var engines []*Engine
	seen := map[string]bool{}
	for _, fn := range files {
		data, err := os.ReadFile(fn)
		if err != nil {
			f.Fatal(err)
		}
		var vf VectorFile
		if err := json.Unmarshal(data, &vf); err != nil {
			f.Fatal(err)
		}
		for _, doc := range vf.Surveys {
			if s, _, err := Parse(doc); err == nil {
				engines = append(engines, NewEngine(s))
			}
		}
		for _, c := range vf.Cases {
			var in struct {
				Answers json.RawMessage `json:"answers"`
			}
			if json.Unmarshal(c.Input, &in) == nil && !seen[string(in.Answers)] {
				seen[string(in.Answers)] = true
				f.Add([]byte(`{"anQuestions":` + string(in.Answers) + `}`))
			}
		}
	}
	deep := strings.Repeat(`{"anFbk":`, 200) + `1` + strings.Repeat(`}`, 200)
	for _, s := range []string{
		`null`, `{}`, `[]`, `"{\"anQuestions\":[null]}"`, `{"anQuestions":null}`, `{"anQuestions":[null,null]}`,
		`{"anQuestions":[{"quDwId":"q1","anCheckboxs":[null]}]}`,
		`{"anQuestions":[{"quDwId":"q1","anUploadFiles":[null,{"fileName":"a.pdf","fileSize":1e308}]}]}`,
		`{"anQuestions":[{"quDwId":"q1","anRadio":null,"anFbk":null,"anScale":{"answerScore":1e308}}]}`,
		`{"anQuestions":[{"quDwId":"q1","anScale":{"answerScore":"-1e400"},"anOrders":[{"optionDwId":"q1a1","orderNum":"NaN"}]}]}`,
		`{"anQuestions":[{"quDwId":"q1","anMatrixCheckboxes":[{"rowDwId":"q1r1","rowAnCheckboxs":[null]}],"anMatrixFbks":[{"rowAnFbks":null}]}]}`,
		`{"anQuestions":[{"quDwId":1,"quType":true,"anCheckboxs":"x"}]}`,
		`{"anQuestions":[{"quDwId":"q1","anCascades":[{"level":1e999,"value":{}}],"anLocation":{"longitude":"x"}}]}`,
		`{"anQuestions":[{"quDwId":"q1","anScores":[{"optionDwId":"q1a1","answerScore":-1e308},{"optionDwId":"q1a1","answerScore":1e308}]}]}`,
		`{"anQuestions":[{"quDwId":"q1","anFbk":{"answer":{"startTime":[],"endTime":{}}}}]}`,
		`{"anQuestions":[` + deep + `]}`,
		`{"anQuestions":[{"quDwId":"q1","anCheckboxs":[` + strings.Repeat(`[`, 100) + strings.Repeat(`]`, 100) + `]}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseAnswer(data)
		if err != nil {
			return
		}
		for _, e := range engines {
			_ = e.CheckSubmission(a, map[string]int{"Q1A1": 1 << 30})
		}
	})
}
