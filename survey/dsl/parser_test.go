package dsl

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseFormatRoundTrip(t *testing.T) {
	cases := []struct{ in, want string }{
		{"if Q1A1 && Q2>60 || Q1A2 and Q2 > 50 then show Q3", "if (Q1A1 and Q2 > 60) or (Q1A2 and Q2 > 50) then show Q3"},
		{"if Q1 == 1 then hide Q2 ; hide Q3", "if Q1 = 1 then hide Q2\nhide Q3"},
		{"if Q1 <> 'x' then goto END", `if Q1 != "x" then goto END`},
		{"assign Q5 = (Q2 + Q3) * 2 - -1", "assign Q5 = (Q2 + Q3) * 2 - -1"},
		{"assign Q5 = Q1 - (Q2 - Q3)", "assign Q5 = Q1 - (Q2 - Q3)"},
		{"assign Q5 = (Q1 - Q2) - Q3", "assign Q5 = Q1 - Q2 - Q3"},
		{"if not (Q1 = 1) then show Q2", "if not Q1 = 1 then show Q2"},
		{"if (not Q1) = true then show Q2", "if (not Q1) = true then show Q2"},
		{"if Q1 and (Q2 or Q3) then show Q4", "if Q1 and (Q2 or Q3) then show Q4"},
		{"validate len(Q2) <= 5 'too long'", `validate len(Q2) <= 5 "too long"`},
		{"set Q1A1  and Q2A2 quota=30", "set Q1A1 and Q2A2 quota = 30"},
		{"mutex Q1A1,Q1A2 with Q1A3", "mutex Q1A1, Q1A2 with Q1A3"},
		{"if Q1 = \"a\\\"b\" then solution 's1'", `if Q1 = "a\"b" then solution "s1"`},
		{"if x = 1e21 then hide Q1", "if x = 1e+21 then hide Q1"},
		{"// note\nhide Q1 # why", "# note\nhide Q1 # why"},
	}
	for _, c := range cases {
		p, err := Parse(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		got := Format(p)
		if got != c.want {
			t.Errorf("Format(%q) = %q, want %q", c.in, got, c.want)
		}
		p2, err := Parse(got)
		if err != nil || Format(p2) != got {
			t.Errorf("not idempotent: %q", got)
		}
	}
}

func TestParseErrorsAreLocated(t *testing.T) {
	cases := []struct{ in, pos string }{
		{"if Q1 then", "1:11"},
		{"hide", "1:5"},
		{"\n\n  goto Q1A1", "3:8"},
		{"goto x", "1:6"},
		{"if Q1 = 1 then show Q2 extra", "1:24"},
		{"if 1a then hide Q1", "1:5"},
		{"hide Q1 @", "1:9"},
		{"if foo(1) then hide Q1", "1:4"},
		{"if count(1, 2) then hide Q1", "1:4"},
		{"set Q1A1 quota = 1.5", "1:18"},
		{"if 'a\\q' then hide Q1", "1:6"},
		{"if (Q1 then hide Q2", "1:8"},
		{"if 年龄 > 1 then show 年", ""},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		if c.pos == "" {
			if err != nil {
				t.Errorf("%q: unexpected error %v", c.in, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: want located error, got %v", c.in, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.pos+":") {
			t.Errorf("%q: error %q, want at %s", c.in, err, c.pos)
		}
	}
}

func TestASTJSONRoundTrip(t *testing.T) {
	src := "if (Q1A1 and Q2 > 60) or (Q1A2 and Q2 > 50) then show Q3, Q8R1\nset Q1A1 and Q2A2 quota = 30\nassign Q5 = sum([1, 2], Q3)"
	p, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var p2 Program
	if err := json.Unmarshal(b, &p2); err != nil {
		t.Fatal(err)
	}
	if Format(&p2) != src {
		t.Fatalf("AST JSON round trip changed the program: %s", Format(&p2))
	}
	if !strings.Contains(string(b), `"line":1,"col":1`) {
		t.Fatalf("positions missing: %s", b)
	}
}

func TestRefClassification(t *testing.T) {
	for name, want := range map[string]Ref{
		"Q3":     {Name: "Q3", Q: 3},
		"Q1A2":   {Name: "Q1A2", Q: 1, A: 2},
		"Q5R1":   {Name: "Q5R1", Q: 5, R: 1},
		"Q5R1C2": {Name: "Q5R1C2", Q: 5, R: 1, C: 2},
		"Q5C2":   {Name: "Q5C2", Q: 5, C: 2},
		"Q0":     {Name: "Q0", Var: true},
		"Q01":    {Name: "Q01", Var: true},
		"age":    {Name: "age", Var: true},
	} {
		if got := *ParseRef(name); got != want {
			t.Errorf("%s: %+v, want %+v", name, got, want)
		}
	}
}

func TestFormatNumberLikeJS(t *testing.T) {
	for f, want := range map[float64]string{
		0: "0", 1: "1", -1.5: "-1.5", 0.1: "0.1", 1e21: "1e+21", 1e20: "100000000000000000000",
		1e-7: "1e-7", 0.000001: "0.000001", 123.456: "123.456", 1.5e-10: "1.5e-10", 2.5e22: "2.5e+22",
	} {
		if got := FormatNumber(f); got != want {
			t.Errorf("FormatNumber(%v) = %s, want %s", f, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"if (Q1A1 and Q2 > 60) or (Q1A2 and Q2 > 50) then show Q3",
		"hide Q4", "goto END", "if Q1 = 1 then goto Q9", `validate Q2 + Q3 = 100 "sum" on Q2, Q3`,
		"assign Q5 = Q2 + Q3", "mutex Q1A1 with Q1A2", "set Q2A1 and Q2A2 quota = 100",
		"if count(Q6) >= 3 and not empty(Q7) then solution \"s\"", "# c\nhide Q1 # d",
		"if [1, 'a', -2.5e3] = x then hide Q1", "((((", "if 'unterminated", "\xff", "if a == b <> c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Parse(src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.Line < 1 || e.Pos.Col < 1 {
				t.Fatalf("unlocated error %v", err)
			}
			return
		}
		out := Format(p)
		p2, err := Parse(out)
		if err != nil {
			t.Fatalf("formatted program does not parse: %v\n%q\n%q", err, src, out)
		}
		if out2 := Format(p2); out2 != out {
			t.Fatalf("format not idempotent:\n%q\n%q", out, out2)
		}
		if _, err := json.Marshal(p); err != nil {
			t.Fatal(err)
		}
		for _, s := range p.Stmts {
			if s.Cond != nil {
				Eval(s.Cond, MapEnv{})
			}
			if s.Value != nil {
				Eval(s.Value, MapEnv{})
			}
		}
	})
}
