package dsl

import (
	"regexp"
	"testing"
)

// Every pattern CheckPattern accepts compiles in RE2; every refusal is located inside the
// pattern.
func FuzzCheckPattern(f *testing.F) {
	for _, s := range []string{"", "^a+$", "[0-9]+", "(ab|cd)*", "^(?:x){2,3}$", "a.b", "\\bw", "[^a-z]", "[\\w\\-]+", "(a+)+",
		"a\\s", "(?=a)", "[]", "a{1001}", "\\1", "[z-a]", "a**", "^*", "[a-b-c]", "[-a]", "x{0}", "(\\d{3}-){2}", "[\\]\\[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pat string) {
		err := CheckPattern(pat)
		if err == nil {
			if _, cerr := regexp.Compile(pat); cerr != nil {
				t.Fatalf("accepted %q but RE2 refuses it: %v", pat, cerr)
			}
			return
		}
		pe := err.(*PatternError)
		if pe.Col < 1 || pe.Col > len([]rune(pat))+1 {
			t.Fatalf("%q: column %d outside the pattern", pat, pe.Col)
		}
	})
}
