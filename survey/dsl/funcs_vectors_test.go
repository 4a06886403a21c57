package dsl

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// Expression vectors (testdata/engine/expr/functions.json), run by both engines: each case
// parses one expression and evaluates it with the given variables and today's date, or
// expects the located parse error. Clock cases pin the date of an instant in a time zone
// (survey.TodayIn / todayIn). Regenerate with SURVEY_UPDATE_VECTORS=1 go test ./survey/dsl
// -run TestExprVectors; the hand-written expectations are checked first.

const exprVectors = "../../testdata/engine/expr/functions.json"

type exprFile struct {
	Description string      `json:"description"`
	Today       string      `json:"today"`
	Cases       []exprCase  `json:"cases"`
	Clock       []clockCase `json:"clock"`
}

type exprCase struct {
	Name   string          `json:"name"`
	Expr   string          `json:"expr"`
	Vars   map[string]any  `json:"vars,omitempty"`
	Today  *string         `json:"today,omitempty"`
	Expect json.RawMessage `json:"expect,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// clockCase: the date at epoch milliseconds Ms in Zone. The Go check lives in package survey
// (TodayIn); here the cases are only stored.
type clockCase struct {
	Ms    int64  `json:"ms"`
	Zone  string `json:"zone"`
	Today string `json:"today"`
}

type clockEnv struct {
	MapEnv
	today string
}

func (c clockEnv) Today() string { return c.today }

// evalCase returns the JSON result or the error text.
func evalCase(f *exprFile, c *exprCase) (string, string) {
	e, err := ParseExpr(c.Expr)
	if err != nil {
		return "", err.Error()
	}
	env := MapEnv{}
	for k, v := range c.Vars {
		env[k] = FromJSON(v)
	}
	today := f.Today
	if c.Today != nil {
		today = *c.Today
	}
	var r Value
	if today == "-" { // no clock
		r = Eval(e, env)
	} else {
		r = Eval(e, clockEnv{env, today})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(r.JSON())
	return strings.TrimSpace(buf.String()), ""
}

func TestExprVectors(t *testing.T) {
	if os.Getenv("SURVEY_UPDATE_VECTORS") != "" {
		generateExprVectors(t)
	}
	b, err := os.ReadFile(exprVectors)
	if err != nil {
		t.Fatal(err)
	}
	var f exprFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for i := range f.Cases {
		c := &f.Cases[i]
		if names[c.Name] {
			t.Errorf("duplicate case %q", c.Name)
		}
		names[c.Name] = true
		got, gerr := evalCase(&f, c)
		if gerr != c.Error {
			t.Errorf("%s: %s: error %q, want %q", c.Name, c.Expr, gerr, c.Error)
			continue
		}
		if c.Error == "" {
			var g, w any
			_ = json.Unmarshal([]byte(got), &g)
			_ = json.Unmarshal(c.Expect, &w)
			if !reflect.DeepEqual(g, w) {
				t.Errorf("%s: %s = %s, want %s", c.Name, c.Expr, got, c.Expect)
			}
		}
	}
	t.Logf("%d expression vectors, %d clock vectors", len(f.Cases), len(f.Clock))
	if len(f.Cases) < 150 {
		t.Errorf("only %d expression vectors", len(f.Cases))
	}
}

func generateExprVectors(t *testing.T) {
	f := exprFile{Description: "Functions of the condition language (conditional, conversion, text, regex, math, dates with an injected today), the empty-text rules, argument checks located at line:column, and the date of an instant in a time zone (clock).",
		Today: "2025-06-15"}
	for _, c := range exprCaseList() {
		ec := exprCase{Name: c[0], Expr: c[1]}
		want := c[2]
		if len(c) > 3 && c[3] != "" {
			if err := json.Unmarshal([]byte(c[3]), &ec.Vars); err != nil {
				t.Fatalf("%s: vars: %v", c[0], err)
			}
		}
		if len(c) > 4 {
			td := c[4]
			ec.Today = &td
		}
		got, gerr := evalCase(&f, &ec)
		if strings.HasPrefix(want, "error ") {
			ec.Error = strings.TrimPrefix(want, "error ")
			if gerr != ec.Error {
				t.Errorf("%s: %s: error %q, want %q", c[0], c[1], gerr, ec.Error)
			}
		} else {
			if gerr != "" {
				t.Errorf("%s: %s: unexpected error %s", c[0], c[1], gerr)
				continue
			}
			var g, w any
			_ = json.Unmarshal([]byte(got), &g)
			if err := json.Unmarshal([]byte(want), &w); err != nil {
				t.Fatalf("%s: want %q is not JSON", c[0], want)
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("%s: %s = %s, want %s", c[0], c[1], got, want)
			}
			ec.Expect = json.RawMessage(got)
		}
		f.Cases = append(f.Cases, ec)
	}
	f.Clock = clockCases()
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	_ = enc.Encode(f)
	if err := os.WriteFile(exprVectors, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// clockCases: instants around midnight in several zones (2025-06-14T16:30:00Z is
// 1749918600000 ms; Shanghai is UTC+8, New York UTC-4 in June, Kolkata UTC+5:30).
func clockCases() []clockCase {
	return []clockCase{
		{1749918600000, "UTC", "2025-06-14"},
		{1749918600000, "Asia/Shanghai", "2025-06-15"},
		{1749918600000, "America/New_York", "2025-06-14"},
		{1749918600000, "Asia/Kolkata", "2025-06-14"},
		{1749920400000, "Asia/Kolkata", "2025-06-14"}, // 17:00Z = 22:30 IST
		{1749925800000, "Asia/Kolkata", "2025-06-15"}, // 18:30Z = midnight IST
		{1749945600000, "America/New_York", "2025-06-14"},
		{1749960000000, "America/New_York", "2025-06-15"},
		{1749918600000, "", "2025-06-14"},
		{1749918600000, "Not/AZone", "2025-06-14"},
		{0, "UTC", "1970-01-01"},
		{-1, "UTC", "1969-12-31"},
		{951782400000, "UTC", "2000-02-29"},
		{1735660800000, "Asia/Shanghai", "2025-01-01"},
		{1735660800000, "Europe/London", "2024-12-31"},
		{1711846800000, "Europe/Berlin", "2024-03-31"},
		{1730000000000, "Pacific/Auckland", "2024-10-27"},
		{1730000000000, "Pacific/Honolulu", "2024-10-26"},
		{253402300799000, "UTC", "9999-12-31"},
	}
}
