package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	lang "dwsurvey/survey"
)

// SampleXLSXRows and SampleDOCX are the documented example files (docs/import-formats.md).
var SampleXLSXRows = [][]string{
	{"type", "title", "options", "required", "note"},
	{"single", "Your gender", "Male|Female", "yes", ""},
	{"multiple", "Fruits you like", "Apple\nPear\nPlum", "no", "pick any"},
	{"fill", "Your name", "", "1", ""},
	{"textarea", "Comments", "", "", ""},
	{"score", "Rate the service", "Speed|Quality", "", ""},
}

var SampleDOCX = []string{
	"Customer survey",
	"1. Your gender [single] [required]",
	"A. Male",
	"B. Female",
	"",
	"2. Fruits you like [multiple]",
	"A. Apple",
	"B. Pear",
	"3. Your name [fill] [required]",
	"4、Anything else?",
}

func writeFixture(t *testing.T, name string, data []byte) {
	if os.Getenv("DWS_WRITE_FIXTURES") == "" {
		return
	}
	dir := filepath.Join("..", "..", "testdata", "import")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestXLSX(t *testing.T) {
	data, err := WriteXLSX(SampleXLSXRows)
	if err != nil {
		t.Fatal(err)
	}
	writeFixture(t, "questions.xlsx", data)
	r := ParseXLSX(data)
	if !r.OK() {
		t.Fatalf("errors: %v", r.Errors)
	}
	if len(r.Doc.Questions) != 5 {
		t.Fatalf("%d questions", len(r.Doc.Questions))
	}
	q := r.Doc.Questions
	if q[0].QuType != lang.TypeRadio || len(q[0].QuRadios) != 2 || !q[0].Required() {
		t.Fatalf("q1 %+v", q[0])
	}
	if q[1].QuType != lang.TypeCheckbox || len(q[1].QuCheckboxs) != 3 || q[1].Required() {
		t.Fatalf("q2 %+v", q[1])
	}
	if q[3].QuType != lang.TypeFillblank || q[3].QuAttr.InputAttr.CommonAttr.InputType != lang.InputTextarea {
		t.Fatalf("q4 %+v", q[3])
	}
	if len(q[4].QuScores) != 2 {
		t.Fatalf("q5 %+v", q[4])
	}
	if iss := lang.Check(r.Doc); len(iss) != 0 {
		t.Fatalf("issues %v", iss)
	}
}

func TestXLSXBroken(t *testing.T) {
	data, _ := WriteXLSX([][]string{
		{"type", "title", "options"},
		{"single", "Ok", "A|B"},
		{"dropdown", "Unknown type", "A"},
		{"single", "No options", ""},
		{"fill", "Fill with options", "x|y"},
		{"", "", ""},
		{"", "Missing type", ""},
	})
	writeFixture(t, "broken.xlsx", data)
	r := ParseXLSX(data)
	want := []string{`line 3: unknown question type "dropdown"`, "line 4: single choice question without options",
		"line 5: a fill-blank question cannot have options", "line 7: the question type (column A) is empty"}
	var got []string
	for _, e := range r.Errors {
		got = append(got, e.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || r.Doc != nil {
		t.Fatalf("errors:\n%s", strings.Join(got, "\n"))
	}
	if r := ParseXLSX([]byte("not a zip")); r.OK() || r.Errors[0].Line != 0 {
		t.Fatalf("garbage accepted: %+v", r.Errors)
	}
}

func TestDOCX(t *testing.T) {
	data, err := WriteDOCX(SampleDOCX)
	if err != nil {
		t.Fatal(err)
	}
	writeFixture(t, "questions.docx", data)
	r := ParseDOCX(data)
	if !r.OK() {
		t.Fatalf("errors: %v", r.Errors)
	}
	if r.Title != "Customer survey" || len(r.Doc.Questions) != 4 {
		t.Fatalf("title %q, %d questions", r.Title, len(r.Doc.Questions))
	}
	q := r.Doc.Questions
	if q[0].QuType != lang.TypeRadio || !q[0].Required() || len(q[0].QuRadios) != 2 || q[0].QuTitleObj.DwText != "Your gender" {
		t.Fatalf("q1 %+v", q[0])
	}
	if q[1].QuType != lang.TypeCheckbox || q[1].Required() || len(q[1].QuCheckboxs) != 2 {
		t.Fatalf("q2 %+v", q[1])
	}
	if q[2].QuType != lang.TypeFillblank || !q[2].Required() || q[3].QuType != lang.TypeFillblank {
		t.Fatalf("q3/q4 %+v %+v", q[2], q[3])
	}
}

func TestDOCXBroken(t *testing.T) {
	data, _ := WriteDOCX([]string{
		"Title line",
		"A. option before any question",
		"1. Good [single]",
		"A. Yes",
		"B. No",
		"2. Bad marker [dropdown]",
		"some stray text",
		"3. Choice without options [multiple]",
		"4. Fill with an option [fill]",
		"A. nope",
	})
	writeFixture(t, "broken.docx", data)
	r := ParseDOCX(data)
	want := []string{"line 2: option without a question", "line 6: unknown marker [dropdown]",
		`line 7: text is neither a numbered question ("1. Title") nor a lettered option ("A. Option")`,
		"line 8: multiple choice question without options", "line 9: a fill-blank question cannot have options"}
	var got []string
	for _, e := range r.Errors {
		got = append(got, e.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || r.Doc != nil {
		t.Fatalf("errors:\n%s", strings.Join(got, "\n"))
	}
	if r := ParseDOCX([]byte("PK not really")); r.OK() {
		t.Fatal("garbage accepted")
	}
}

func TestJSON(t *testing.T) {
	data, err := os.ReadFile("/work/shared/reference/dwsurvey-v6/survey-json-text.coy7scq.json")
	if err != nil {
		root := filepath.Join("..", "..", "..", "shared", "reference", "dwsurvey-v6", "survey-json-text.coy7scq.json")
		if data, err = os.ReadFile(root); err != nil {
			t.Skip("reference v6 document not available")
		}
	}
	r := ParseJSON(data)
	if !r.OK() || len(r.Doc.Questions) != 3 || r.Title != "Hello DWSurvey" {
		t.Fatalf("errors %v title %q", r.Errors, r.Title)
	}
	bad := ParseJSON([]byte("{\n  \"questions\": [\n    {\"quType\": \"RADIO\",}\n  ]\n}"))
	if bad.OK() || bad.Errors[0].Line != 3 {
		t.Fatalf("syntax error line: %+v", bad.Errors)
	}
	unk := ParseJSON([]byte(`{"questions":[{"quType":"NOPE"}]}`))
	if unk.OK() || !strings.Contains(unk.Errors[0].Message, "questions[0]") {
		t.Fatalf("unknown type: %+v", unk.Errors)
	}
}
