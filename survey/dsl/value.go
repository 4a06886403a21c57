package dsl

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind is the dynamic type of a Value.
type Kind uint8

// Value kinds. Empty is "no answer" (null/undefined).
const (
	Empty Kind = iota
	Number
	String
	Boolean
	List
)

// Value is a dynamically typed value. The zero Value is Empty.
type Value struct {
	K Kind
	N float64
	S string
	B bool
	L []Value
}

// Constructors.
func Num(f float64) Value    { return Value{K: Number, N: f} }
func Str(s string) Value     { return Value{K: String, S: s} }
func Bool(b bool) Value      { return Value{K: Boolean, B: b} }
func ListOf(l []Value) Value { return Value{K: List, L: l} }

// IsEmpty reports the empty rule: Empty, "" and [] are empty; every
// number (also 0), every other string (also "0") and both booleans are not.
func (v Value) IsEmpty() bool {
	switch v.K {
	case Empty:
		return true
	case String:
		return v.S == ""
	case List:
		return len(v.L) == 0
	}
	return false
}

// Truthy is the condition rule: a value is true when it is not empty and
// not false. The number 0 and the string "0" are true (they are answers).
func (v Value) Truthy() bool {
	if v.K == Boolean {
		return v.B
	}
	return !v.IsEmpty()
}

// AsNumber converts for arithmetic and comparison: numbers as is, strings
// that are decimal numbers after trimming spaces ("12", " 1.5", "-3", "1e3"),
// booleans true=1/false=0 are not converted (ok=false).
func (v Value) AsNumber() (float64, bool) {
	switch v.K {
	case Number:
		return v.N, true
	case String:
		return parseNum(v.S)
	}
	return 0, false
}

func parseNum(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	// Only plain decimal syntax, the same in JS and Go: no hex, no "Inf",
	// no underscores, no leading "+".
	for i, c := range s {
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '-' || (c == '+' && i > 0)) {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// String converts for concatenation: numbers as JavaScript prints them,
// booleans "true"/"false", lists joined with ", ", Empty as "".
func (v Value) String() string {
	switch v.K {
	case Number:
		return FormatNumber(v.N)
	case String:
		return v.S
	case Boolean:
		return strconv.FormatBool(v.B)
	case List:
		parts := make([]string, len(v.L))
		for i, x := range v.L {
			parts[i] = x.String()
		}
		return strings.Join(parts, ", ")
	}
	return ""
}

// JSON returns the value as a plain Go value for encoding/json
// (nil, float64, string, bool, []any).
func (v Value) JSON() any {
	switch v.K {
	case Number:
		return v.N
	case String:
		return v.S
	case Boolean:
		return v.B
	case List:
		out := make([]any, len(v.L))
		for i, x := range v.L {
			out[i] = x.JSON()
		}
		return out
	}
	return nil
}

// FromJSON converts a decoded JSON value (nil, float64, string, bool,
// []any) into a Value. Objects become Empty.
func FromJSON(x any) Value {
	switch t := x.(type) {
	case float64:
		return Num(t)
	case string:
		return Str(t)
	case bool:
		return Bool(t)
	case []any:
		l := make([]Value, len(t))
		for i, e := range t {
			l[i] = FromJSON(e)
		}
		return ListOf(l)
	}
	return Value{}
}

// Equal is the "=" rule:
//   - Empty = Empty is true; Empty equals nothing else ("" and [] count as Empty);
//   - two lists are equal when they hold the same elements in any order;
//   - a list equals a scalar when any element equals it;
//   - numbers, and strings that read as numbers, compare numerically;
//   - a boolean equals a string case-insensitively "true"/"false";
//   - otherwise strings compare exactly.
func Equal(a, b Value) bool {
	ae, be := a.IsEmpty(), b.IsEmpty()
	if ae || be {
		return ae && be
	}
	if a.K == List && b.K == List {
		if len(a.L) != len(b.L) {
			return false
		}
		used := make([]bool, len(b.L))
	outer:
		for _, x := range a.L {
			for j, y := range b.L {
				if !used[j] && Equal(x, y) {
					used[j] = true
					continue outer
				}
			}
			return false
		}
		return true
	}
	if a.K == List {
		return containsElem(a.L, b)
	}
	if b.K == List {
		return containsElem(b.L, a)
	}
	if a.K == Boolean || b.K == Boolean {
		if a.K == Boolean && b.K == Boolean {
			return a.B == b.B
		}
		return strings.EqualFold(a.String(), b.String())
	}
	if x, ok := a.AsNumber(); ok {
		if y, ok := b.AsNumber(); ok {
			return x == y
		}
	}
	return a.String() == b.String()
}

func containsElem(l []Value, x Value) bool {
	for _, e := range l {
		if Equal(e, x) {
			return true
		}
	}
	return false
}

// Compare is the ordering rule used by <, <=, >, >=. It returns -1, 0, 1
// and ok=false when the values are not comparable: any empty side ("" and []
// included; except empty against empty, which is 0), lists, booleans, or a
// number against a non-numeric string. Two non-numeric strings compare by code points.
func Compare(a, b Value) (int, bool) {
	ae, be := a.IsEmpty(), b.IsEmpty()
	if ae && be {
		return 0, true
	}
	if ae || be || a.K == List || b.K == List || a.K == Boolean || b.K == Boolean {
		return 0, false
	}
	x, okx := a.AsNumber()
	y, oky := b.AsNumber()
	if okx && oky {
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		}
		return 0, true
	}
	if a.K == String && b.K == String {
		return strings.Compare(a.S, b.S), true // UTF-8 byte order = code point order
	}
	return 0, false
}

// RuneLen is the length in Unicode code points.
func RuneLen(s string) int { return utf8.RuneCountInString(s) }
