package dsl

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// blocks returns the fenced blocks of the given tag in a markdown file.
func blocks(t *testing.T, md, tag string) []string {
	var out []string
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```"+tag {
			continue
		}
		var b []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b = append(b, lines[i])
		}
		out = append(out, strings.Join(b, "\n"))
	}
	return out
}

// TestDocExamples runs every example of docs/logic-language.md.
func TestDocExamples(t *testing.T) {
	data, err := os.ReadFile("../../docs/logic-language.md")
	if err != nil {
		t.Fatal(err)
	}
	md := string(data)
	progs := blocks(t, md, "dsl")
	if len(progs) < 2 {
		t.Fatal("no dsl examples found")
	}
	for _, src := range progs {
		p, err := Parse(src)
		if err != nil {
			t.Errorf("example does not parse: %v\n%s", err, src)
			continue
		}
		if got := Format(p); got != src {
			t.Errorf("example is not canonical:\n got: %s\nwant: %s", got, src)
		}
	}
	errs := blocks(t, md, "dsl-error")
	if len(errs) == 0 {
		t.Fatal("no dsl-error examples")
	}
	for _, b := range errs {
		src, want, _ := strings.Cut(b, "\nerror: ")
		_, err := Parse(src)
		if err == nil {
			t.Errorf("%q: expected an error", src)
			continue
		}
		if !strings.HasPrefix(err.Error(), strings.TrimSpace(want)+":") {
			t.Errorf("%q: error %q, want position %s", src, err, want)
		}
	}
	evals := blocks(t, md, "dsl-eval")
	if len(evals) == 0 {
		t.Fatal("no dsl-eval examples")
	}
	n := 0
	for _, b := range evals {
		lines := strings.Split(b, "\n")
		var vars map[string]any
		if err := json.Unmarshal([]byte(strings.TrimPrefix(lines[0], "with ")), &vars); err != nil {
			t.Fatal(err)
		}
		env := MapEnv{}
		for k, v := range vars {
			env[k] = FromJSON(v)
		}
		// "$today" in the variables sets the engine clock's date (today(), age())
		var ev Env = env
		if td, ok := vars["$today"].(string); ok {
			ev = clockEnv{env, td}
		}
		for _, l := range lines[1:] {
			src, want, ok := strings.Cut(l, " ==> ")
			if !ok {
				continue
			}
			n++
			e, err := ParseExpr(src)
			if err != nil {
				t.Errorf("%s: %v", src, err)
				continue
			}
			var w any
			if err := json.Unmarshal([]byte(want), &w); err != nil {
				t.Fatalf("%s: bad expectation %s", src, want)
			}
			got := Eval(e, ev).JSON()
			if !reflect.DeepEqual(got, w) {
				t.Errorf("%s = %#v, want %#v", src, got, w)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d eval examples", n)
	}
}
