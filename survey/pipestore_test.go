package survey

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// Placeholder check vectors (testdata/engine/pipecheck/check.json), run by both engines: the
// issues CheckPipes reports and the entries it stores, and the texts refreshPipes (TypeScript,
// the designer) writes after a move. Regenerate with SURVEY_UPDATE_VECTORS=1 go test ./survey
// -run TestPipeCheckVectors.

const pipeCheckVectors = "../testdata/engine/pipecheck/check.json"

type pipeCheckFile struct {
	Description string          `json:"description"`
	Cases       []pipeCheckCase `json:"cases"`
}

type pipeCheckCase struct {
	Name   string               `json:"name"`
	Survey json.RawMessage      `json:"survey"`
	Issues []Issue              `json:"issues"`
	Refs   map[string][]PipeRef `json:"refs"`
}

func runPipeCheck(t *testing.T, doc json.RawMessage) ([]Issue, map[string][]PipeRef) {
	var s Survey
	if err := json.Unmarshal(doc, &s); err != nil {
		t.Fatal(err)
	}
	refs, issues := CheckPipes(&s)
	if issues == nil {
		issues = []Issue{}
	}
	return issues, refs
}

func TestPipeCheckVectors(t *testing.T) {
	if os.Getenv("SURVEY_UPDATE_VECTORS") != "" {
		generatePipeCheck(t)
	}
	b, err := os.ReadFile(pipeCheckVectors)
	if err != nil {
		t.Fatal(err)
	}
	var f pipeCheckFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	for _, c := range f.Cases {
		issues, refs := runPipeCheck(t, c.Survey)
		if !reflect.DeepEqual(issues, c.Issues) {
			t.Errorf("%s: issues\n got %+v\nwant %+v", c.Name, issues, c.Issues)
		}
		if len(refs) == 0 && len(c.Refs) == 0 {
			continue
		}
		if !reflect.DeepEqual(refs, c.Refs) {
			t.Errorf("%s: refs\n got %+v\nwant %+v", c.Name, refs, c.Refs)
		}
	}
	if len(f.Cases) < 15 {
		t.Errorf("only %d check vectors", len(f.Cases))
	}
}

func generatePipeCheck(t *testing.T) {
	f := pipeCheckFile{Description: "Answer placeholder checks: deleted and moved quoted questions (errors), later or own question, unknown names and unclosed braces (warnings), fallback length, and the entries stored in dwPipes."}
	title := func(id, typ, text, extra string) string {
		b, _ := json.Marshal(text)
		if extra != "" {
			extra = "," + extra
		}
		return `{"dwId":"` + id + `","quType":"` + typ + `","quTitleObj":{"dwHtml":` + string(b) + `,"dwText":` + string(b) + `}` + extra + `}`
	}
	radio := `"quRadios":[{"dwId":"a1","optionTitle":"A"},{"dwId":"a2","optionTitle":"B {Q1}"}]`
	long := strings.Repeat("x", PipeMaxFallback+1)
	cases := []struct{ name, doc, want string }{
		{"clean", `{"questions":[` + title("q1", "FILLBLANK", "Name?", "") + `,` + title("q2", "FILLBLANK", "Hi {Q1|you}", "") + `]}`, ""},
		{"later-question", `{"questions":[` + title("q1", "FILLBLANK", "About {Q2}", "") + `,` + title("q2", "FILLBLANK", "x", "") + `]}`, "pipeLater"},
		{"own-question", `{"questions":[` + title("q1", "FILLBLANK", "You said {Q1}", "") + `]}`, "pipeLater"},
		{"option-quotes-own-question", `{"questions":[` + title("q1", "RADIO", "Pick", radio) + `]}`, "pipeLater"},
		{"unknown-question", `{"questions":[` + title("q1", "FILLBLANK", "{Q9} and {Q9}", "") + `]}`, "pipeUnknown"},
		{"unknown-variable-braces", `{"questions":[` + title("q1", "FILLBLANK", "Use {name} here", "") + `]}`, "pipeUnknown"},
		{"json-braces-ignored", `{"questions":[` + title("q1", "FILLBLANK", `{"a": 1} { spaced }`, "") + `]}`, ""},
		{"unclosed", `{"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "FILLBLANK", "You chose {Q1 and", "") + `]}`, "pipeUnclosed"},
		{"unclosed-fallback", `{"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "FILLBLANK", "{Q1|friend", "") + `]}`, "pipeUnclosed"},
		{"unclosed-unknown-ignored", `{"questions":[` + title("q1", "FILLBLANK", "{maybe", "") + `]}`, ""},
		{"fallback-too-long", `{"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "FILLBLANK", "{Q1|"+long+"}", "") + `]}`, "pipeFallback"},
		{"double-brace-ok", `{"questions":[` + title("q1", "FILLBLANK", "{{Q9}", "") + `]}`, ""},
		{"stored-ok", `{"dwPipes":{"q2/quTitle":[{"name":"Q1","quDwId":"q1"}]},"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "FILLBLANK", "Hi {Q1}", "") + `]}`, ""},
		{"stored-deleted", `{"dwPipes":{"q2/quTitle":[{"name":"Q1","quDwId":"gone"}]},"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "FILLBLANK", "Hi {Q1}", "") + `]}`, "pipeDeleted"},
		{"stored-moved", `{"dwPipes":{"q3/quTitle":[{"name":"Q1","quDwId":"q1"}]},"questions":[` + title("q2", "FILLBLANK", "x", "") + `,` + title("q1", "FILLBLANK", "y", "") + `,` + title("q3", "FILLBLANK", "Hi {Q1}", "") + `]}`, "pipeMoved"},
		{"stored-option-deleted", `{"dwPipes":{"q2/quTitle":[{"name":"Q1A2","quDwId":"q1","itemDwId":"gone"}]},"questions":[` + title("q1", "RADIO", "x", `"quRadios":[{"dwId":"a1"},{"dwId":"a2"}]`) + `,` + title("q2", "FILLBLANK", "{Q1A2}", "") + `]}`, "pipeDeleted"},
		{"stored-option-moved", `{"dwPipes":{"q2/quTitle":[{"name":"Q1A2","quDwId":"q1","itemDwId":"a2"}]},"questions":[` + title("q1", "RADIO", "x", `"quRadios":[{"dwId":"a2"},{"dwId":"a1"}]`) + `,` + title("q2", "FILLBLANK", "{Q1A2}", "") + `]}`, "pipeMoved"},
		{"stored-variable", `{"dwPipes":{"q2/quTitle":[{"name":"nick","quDwId":"q1"}]},"questions":[` + title("q1", "FILLBLANK", "x", `"varAtrrs":{"customName":"nick"}`) + `,` + title("q2", "FILLBLANK", "{nick}", "") + `]}`, ""},
		{"stored-variable-renamed", `{"dwPipes":{"q2/quTitle":[{"name":"nick","quDwId":"q1"}]},"questions":[` + title("q1", "FILLBLANK", "x", `"varAtrrs":{"customName":"alias"}`) + `,` + title("q2", "FILLBLANK", "{nick}", "") + `]}`, "pipeMoved"},
		{"new-placeholder-beside-stored", `{"dwPipes":{"q3/quTitle":[{"name":"Q1","quDwId":"q1"}]},"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "FILLBLANK", "y", "") + `,` + title("q3", "FILLBLANK", "{Q1} {Q2} {Q1}", "") + `]}`, ""},
		{"matrix-cell-and-column", `{"questions":[` + title("q1", "MATRIX_RADIO", "m", `"quRows":[{"dwId":"r1"}],"quCols":[{"dwId":"c1"},{"dwId":"c2"}]`) + `,` + title("q2", "FILLBLANK", "{Q1R1C2} {Q1C1} {Q1R1}", "") + `]}`, ""},
		{"end-page-and-buttons", `{"surveyAttrs":{"endPageAttr":{"textAttr":{"submitSuccess":{"enabled":true,"text":"Thanks {Q1}! {Q7}"}},"redirectionAttr":{"enabled":true,"reqUrl":"https://x.test/{Q1}?n={Q1}"}}},"surveyStyle":{"submitBtnText":"Send, {Q1}","nextBtnText":"Next {Q8}"},"questions":[` + title("q1", "FILLBLANK", "x", "") + `]}`, "pipeUnknown"},
		{"solution-and-note", `{"questions":[` + title("q1", "FILLBLANK", "x", `"quNoteObj":{"dwHtml":"Note {Q2}"},"solution":{"dwHtml":"<p>{Q1} {Q2}</p>"}`) + `,` + title("q2", "FILLBLANK", "y", "") + `]}`, "pipeLater"},
		{"html-attribute-ignored", `{"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "FILLBLANK", `<a href="https://x.test/{Q9}">{Q1}</a>`, "") + `]}`, ""},
		{"group-options", `{"questions":[` + title("q1", "FILLBLANK", "x", "") + `,` + title("q2", "CHECKBOXGROUP", "g", `"quRows":[{"dwId":"g1","optionTitle":"Group {Q1}","groupOptions":[{"dwId":"o1","optionTitle":"Opt {Q1}"}]}]`) + `]}`, ""},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		if err := json.Compact(&buf, []byte(c.doc)); err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, c.doc)
		}
		issues, refs := runPipeCheck(t, buf.Bytes())
		var codes []string
		for _, is := range issues {
			if !containsStr(codes, is.Code) {
				codes = append(codes, is.Code)
			}
		}
		if got := strings.Join(codes, ","); got != c.want {
			t.Errorf("%s: codes %q, want %q (%+v)", c.name, got, c.want, issues)
		}
		f.Cases = append(f.Cases, pipeCheckCase{Name: c.name, Survey: buf.Bytes(), Issues: issues, Refs: refs})
	}
	writeVectorFile(t, pipeCheckVectors, f)
}

// A document saved with its entries keeps quoting the same question after a move: the check
// reports the stale number (moved) instead of quoting the question now at that number.
func TestPipesFollowDwIds(t *testing.T) {
	s, _, _ := Parse([]byte(`{"questions":[{"dwId":"q1","quType":"FILLBLANK"},{"dwId":"q2","quType":"FILLBLANK"},
		{"dwId":"q3","quType":"FILLBLANK","quTitle":"You said {Q1}"}]}`))
	refs, issues := CheckPipes(s)
	if len(issues) != 0 || len(refs["q3/quTitle"]) != 1 || refs["q3/quTitle"][0].QuDwID != "q1" {
		t.Fatalf("refs %+v issues %+v", refs, issues)
	}
	s.DwPipes = refs
	s.Questions[0], s.Questions[1] = s.Questions[1], s.Questions[0] // q1 is now Q2
	_, issues = CheckPipes(s)
	if len(issues) != 1 || issues[0].Code != IssuePipeMoved || !strings.Contains(issues[0].Message, "write {Q2}") {
		t.Fatalf("after the move: %+v", issues)
	}
	// Save refuses it (a load-check error), so nothing quoting the wrong answer is stored.
	found := false
	for _, is := range Check(s) {
		found = found || is.Code == IssuePipeMoved && is.Severity == "error"
	}
	if !found {
		t.Fatal("Check does not refuse the moved placeholder")
	}
}
