package survey

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"dwsurvey/survey/dsl"
)

// Bool accepts true/false, 0/1, "0"/"1", "true"/"false" and null (false).
// It always marshals as a JSON boolean.
type Bool bool

// UnmarshalJSON implements json.Unmarshaler.
func (b *Bool) UnmarshalJSON(data []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(data)), `"`)
	switch strings.ToLower(s) {
	case "true", "1", "yes", "y":
		*b = true
	default:
		// null, false, 0, "" and anything else read as false.
		if f, err := strconv.ParseFloat(s, 64); err == nil && f != 0 {
			*b = true
			return nil
		}
		*b = false
	}
	return nil
}

// Num is a JSON number that may arrive as a string ("orderNum":"1") or null
// (zero). It marshals as a JSON number.
type Num float64

// UnmarshalJSON implements json.Unmarshaler.
func (n *Num) UnmarshalJSON(data []byte) error {
	s := strings.TrimSpace(string(data))
	if s == "null" {
		*n = 0
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(data, &str); err != nil {
			return err
		}
		s = strings.TrimSpace(str)
	}
	switch s {
	case "", "true", "false":
		if s == "true" {
			*n = 1
		} else {
			*n = 0
		}
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		*n = 0 // non-numeric text is read as "not set"
		return nil
	}
	*n = Num(f)
	return nil
}

// Int returns the value truncated to an int.
func (n Num) Int() int { return int(n) }

// Str is a string that may arrive as a JSON number, boolean or null. It
// marshals as a JSON string.
type Str string

// UnmarshalJSON implements json.Unmarshaler.
func (s *Str) UnmarshalJSON(data []byte) error {
	t := strings.TrimSpace(string(data))
	if t == "null" {
		*s = ""
		return nil
	}
	if strings.HasPrefix(t, `"`) {
		if v, ok := plainJSONString(t); ok {
			*s = Str(v)
			return nil
		}
		var v string
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
		*s = Str(v)
		return nil
	}
	if strings.HasPrefix(t, "[") || strings.HasPrefix(t, "{") {
		*s = ""
		return nil
	}
	if t != "true" && t != "false" {
		// A JSON number is written as JavaScript's String(Number(x)) writes
		// it, so 1.50 reads as "1.5" and 1e2 as "100" in both engines.
		if f, err := strconv.ParseFloat(t, 64); err == nil || math.IsInf(f, 0) {
			*s = Str(dsl.FormatNumber(f))
			return nil
		}
	}
	*s = Str(t)
	return nil
}

// StrList accepts a JSON array of strings/numbers, a single string, or null.
type StrList []string

// UnmarshalJSON implements json.Unmarshaler.
func (l *StrList) UnmarshalJSON(data []byte) error {
	t := strings.TrimSpace(string(data))
	if t == "null" || t == `""` {
		*l = nil
		return nil
	}
	if strings.HasPrefix(t, "[") {
		var raw []Str
		if err := json.Unmarshal(data, &raw); err != nil {
			return err
		}
		out := make([]string, 0, len(raw))
		for _, r := range raw {
			if r != "" {
				out = append(out, string(r))
			}
		}
		*l = out
		return nil
	}
	var one Str
	if err := json.Unmarshal(data, &one); err != nil {
		return err
	}
	if one == "" {
		*l = nil
		return nil
	}
	// Legacy documents store several ids comma separated.
	parts := strings.Split(string(one), ",")
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	*l = out
	return nil
}

// plainJSONString returns the content of a quoted JSON string that needs no decoding (no
// escape, no control character, valid UTF-8): exactly what encoding/json would return for
// it, without its reflection (exports decode millions of these).
func plainJSONString(t string) (string, bool) {
	if len(t) < 2 || t[0] != '"' || t[len(t)-1] != '"' {
		return "", false
	}
	in := t[1 : len(t)-1]
	for i := 0; i < len(in); i++ {
		if c := in[i]; c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	if !utf8.ValidString(in) {
		return "", false
	}
	return in, true
}
