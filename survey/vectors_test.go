package survey

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
)

const vectorDir = "../testdata/engine"

// VectorFile is the format of testdata/engine/*.json (docs/survey-engine.md).
type VectorFile struct {
	Description string                     `json:"description"`
	Surveys     map[string]json.RawMessage `json:"surveys"`
	Cases       []VectorCase               `json:"cases"`
}

// VectorCase is one vector.
type VectorCase struct {
	Name   string          `json:"name"`
	Survey string          `json:"survey"`
	Input  json.RawMessage `json:"input"`
	Expect json.RawMessage `json:"expect"`
}

// runVector evaluates a case and returns the result as generic JSON.
func runVector(t testing.TB, f *VectorFile, c *VectorCase) (any, *Result) {
	doc, ok := f.Surveys[c.Survey]
	if !ok {
		t.Fatalf("%s: unknown survey %q", c.Name, c.Survey)
	}
	s, _, err := Parse(doc)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	var in Input
	if err := json.Unmarshal(c.Input, &in); err != nil {
		t.Fatalf("%s: input: %v", c.Name, err)
	}
	r := NewEngine(s).Evaluate(in)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	_ = json.Unmarshal(b, &out)
	return out, r
}

func TestVectors(t *testing.T) {
	if os.Getenv("SURVEY_UPDATE_VECTORS") != "" {
		generateVectors(t)
	}
	files, _ := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no vector files")
	}
	total := 0
	for _, fn := range files {
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		var f VectorFile
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		names := map[string]bool{}
		for i := range f.Cases {
			c := &f.Cases[i]
			if names[c.Name] {
				t.Errorf("%s: duplicate case name %q", fn, c.Name)
			}
			names[c.Name] = true
			total++
			got, _ := runVector(t, &f, c)
			var want any
			if err := json.Unmarshal(c.Expect, &want); err != nil {
				t.Fatalf("%s/%s: %v", fn, c.Name, err)
			}
			if !reflect.DeepEqual(got, want) {
				gb, _ := json.Marshal(got)
				t.Errorf("%s/%s:\n got: %s\nwant: %s", filepath.Base(fn), c.Name, gb, c.Expect)
			}
		}
	}
	t.Logf("%d vectors", total)
	if total < 300 {
		t.Errorf("only %d vectors, want at least 300", total)
	}
}
