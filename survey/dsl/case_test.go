package dsl

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// The case table pins upper() and lower() of every code point: Go writes the non-identity
// mappings to testdata/engine/expr/case.json (SURVEY_UPDATE_VECTORS=1) and checks them; the
// TypeScript twin (dsl.test.ts) maps every code point with the browser's own case functions
// and must produce exactly this table.
const caseTable = "../../testdata/engine/expr/case.json"

type caseFile struct {
	Description string   `json:"description"`
	Upper       [][2]int `json:"upper"`
	Lower       [][2]int `json:"lower"`
}

func TestCaseTable(t *testing.T) {
	got := caseFile{Description: "upper() and lower() of every code point from U+0080 whose mapping is not the code point itself ([from, to] pairs); ASCII maps as usual."}
	for r := rune(0x80); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		if u := []rune(mapCase(string(r), true))[0]; u != r {
			got.Upper = append(got.Upper, [2]int{int(r), int(u)})
		}
		if l := []rune(mapCase(string(r), false))[0]; l != r {
			got.Lower = append(got.Lower, [2]int{int(r), int(l)})
		}
	}
	if os.Getenv("SURVEY_UPDATE_VECTORS") != "" {
		b, _ := json.Marshal(got)
		if err := os.WriteFile(caseTable, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var want caseFile
	b, err := os.ReadFile(caseTable)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("case table differs from %s (regenerate with SURVEY_UPDATE_VECTORS=1)", caseTable)
	}
	if len(got.Upper) < 1000 || len(got.Lower) < 1000 {
		t.Fatalf("suspiciously small case table: %d upper, %d lower", len(got.Upper), len(got.Lower))
	}
}
