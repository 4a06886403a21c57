package dsl

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Functions lists the built-in functions and their arity (min, max; -1 = any).
var Functions = map[string][2]int{
	"count": {1, 1}, "empty": {1, 1}, "contains": {2, 2}, "anyof": {2, 2}, "allof": {2, 2},
	"sum": {1, -1}, "min": {1, -1}, "max": {1, -1}, "avg": {1, -1}, "round": {1, 2},
	"abs": {1, 1}, "len": {1, 1},
	// conditional and conversion
	"iif": {3, 3}, "number": {1, 1}, "text": {1, 1},
	// text
	"upper": {1, 1}, "lower": {1, 1}, "trim": {1, 1}, "substr": {2, 3},
	"startsWith": {2, 2}, "endsWith": {2, 2}, "regex": {2, 2},
	// math
	"floor": {1, 1}, "ceil": {1, 1}, "pow": {2, 2}, "sqrt": {1, 1},
	// dates
	"today": {0, 0}, "age": {1, 1}, "dateDiff": {2, 3}, "year": {1, 1}, "month": {1, 1}, "day": {1, 1},
}

// Parameter kinds of the checked functions (the functions of the first release accept any
// value and are not listed).
const (
	pAny     = iota
	pNum     // a number or a numeric text
	pInt     // a whole number
	pText    // a text (a number is read as its text)
	pDate    // a date text
	pUnit    // the literal "d", "m" or "y"
	pPattern // a literal pattern of the common regex syntax (regex.go)
)

var funcParams = map[string][]int{
	"number": {pAny}, "text": {pAny}, "iif": {pAny, pAny, pAny},
	"upper": {pText}, "lower": {pText}, "trim": {pText}, "substr": {pText, pInt, pInt},
	"startsWith": {pText, pText}, "endsWith": {pText, pText}, "regex": {pText, pPattern},
	"floor": {pNum}, "ceil": {pNum}, "pow": {pNum, pNum}, "sqrt": {pNum},
	"age": {pDate}, "dateDiff": {pDate, pDate, pUnit}, "year": {pDate}, "month": {pDate}, "day": {pDate},
}

// Static kinds of expressions, for the argument checks.
const (
	sAny = iota
	sNum
	sText
	sBool
	sList
	sEmpty
)

func staticKind(e *Expr) int {
	switch e.Type {
	case KNum:
		return sNum
	case KStr:
		return sText
	case KBool:
		return sBool
	case KEmpty:
		return sEmpty
	case KList:
		return sList
	case KUnary:
		if e.Op == "not" {
			return sBool
		}
		return sNum
	case KBinary:
		switch e.Op {
		case "+":
			return sAny
		case "-", "*", "/", "%":
			return sNum
		}
		return sBool
	case KCall:
		switch e.Name {
		case "empty", "contains", "anyof", "allof", "startsWith", "endsWith", "regex":
			return sBool
		case "upper", "lower", "trim", "substr", "text", "today":
			return sText
		case "iif":
			return sAny
		}
		return sNum
	}
	return sAny
}

// StartPos is the position of the leftmost token of an expression.
func StartPos(e *Expr) Pos {
	for e != nil && e.Type == KBinary && e.Left != nil {
		e = e.Left
	}
	if e == nil {
		return Pos{}
	}
	return e.Pos
}

var kindName = map[int]string{sNum: "a number", sText: "a text", sBool: "a true/false value", sList: "a list", sEmpty: "empty"}

// CheckCall checks a call's function name, arity and argument kinds. The error is located at
// the function name (unknown function, wrong number of arguments) or at the argument.
func CheckCall(e *Expr) *Error {
	ar, ok := Functions[e.Name]
	if !ok {
		return &Error{e.Pos, fmt.Sprintf("unknown function %q", e.Name)}
	}
	if len(e.Args) < ar[0] || ar[1] >= 0 && len(e.Args) > ar[1] {
		return &Error{e.Pos, fmt.Sprintf("wrong number of arguments to %s", e.Name)}
	}
	params := funcParams[e.Name]
	for i, a := range e.Args {
		if i >= len(params) || a == nil {
			break
		}
		bad := func(want string) *Error {
			found := kindName[staticKind(a)]
			switch a.Type {
			case KStr:
				found = strconv.Quote(a.Str)
			case KRef:
				found = "a variable"
			case KCall, KBinary:
				if found == "" {
					found = "an expression"
				}
			}
			return &Error{StartPos(a), fmt.Sprintf("argument %d of %s must be %s, found %s", i+1, e.Name, want, found)}
		}
		k := staticKind(a)
		switch params[i] {
		case pNum, pInt:
			want := "a number"
			if params[i] == pInt {
				want = "a whole number"
			}
			if k == sBool || k == sList || k == sEmpty {
				return bad(want)
			}
			if a.Type == KStr {
				n, ok := parseNum(a.Str)
				if !ok || params[i] == pInt && n != math.Trunc(n) {
					return bad(want)
				}
			}
			if a.Type == KNum && params[i] == pInt && a.Num != math.Trunc(a.Num) {
				return bad(want)
			}
		case pText:
			if k == sBool || k == sList {
				return bad("a text")
			}
		case pDate:
			if k == sNum || k == sBool || k == sList || k == sEmpty {
				return bad(`a date like "2024-05-31"`)
			}
			if a.Type == KStr {
				if _, ok := ParseDate(a.Str); !ok {
					return bad(`a date like "2024-05-31"`)
				}
			}
		case pUnit:
			if a.Type != KStr || a.Str != "d" && a.Str != "m" && a.Str != "y" {
				return bad(`"d" (days), "m" (months) or "y" (years)`)
			}
		case pPattern:
			if a.Type != KStr {
				return &Error{StartPos(a), fmt.Sprintf("argument %d of regex must be a pattern written as a text literal", i+1)}
			}
			if err := CheckPattern(a.Str); err != nil {
				pe := err.(*PatternError)
				// the column of the offending character inside the literal (after its quote)
				return &Error{Pos{a.Pos.Line, a.Pos.Col + pe.Col}, "regex: " + pe.Msg}
			}
		}
	}
	return nil
}

// Clock gives today's date to today() and age(): an Env that implements it answers
// "YYYY-MM-DD" in the survey's time zone (the engine's one injectable clock). Without it,
// today() is empty.
type Clock interface {
	Today() string
}

// callMore evaluates the functions added after the first release (and returns ok=false for
// an unknown name).
func callMore(name string, args []Value, env Env) (Value, bool) {
	switch name {
	case "iif":
		if args[0].Truthy() {
			return args[1], true
		}
		return args[2], true
	case "number":
		switch a := args[0]; a.K {
		case Number:
			return a, true
		case Boolean:
			if a.B {
				return Num(1), true
			}
			return Num(0), true
		case String:
			if n, ok := parseNum(a.S); ok {
				return Num(n), true
			}
		}
		return Value{}, true
	case "text":
		return textValue(args[0].String()), true
	case "upper", "lower":
		if args[0].IsEmpty() {
			return Value{}, true
		}
		return textValue(mapCase(args[0].String(), name == "upper")), true
	case "trim":
		return textValue(strings.TrimSpace(args[0].String())), true
	case "substr":
		return substr(args), true
	case "startsWith", "endsWith":
		a, b := args[0], args[1]
		if a.IsEmpty() || b.IsEmpty() || a.K == List || b.K == List {
			return Bool(false), true
		}
		if name == "startsWith" {
			return Bool(strings.HasPrefix(a.String(), b.String())), true
		}
		return Bool(strings.HasSuffix(a.String(), b.String())), true
	case "regex":
		a, p := args[0], args[1]
		if a.IsEmpty() || a.K == List || p.K != String {
			return Bool(false), true
		}
		return Bool(MatchPattern(p.S, a.String())), true
	case "floor", "ceil":
		x, ok := args[0].AsNumber()
		if !ok {
			return Value{}, true
		}
		if name == "floor" {
			return fixed(math.Floor(x)), true
		}
		return fixed(math.Ceil(x)), true
	case "sqrt":
		x, ok := args[0].AsNumber()
		if !ok || x < 0 {
			return Value{}, true
		}
		return fixed(math.Sqrt(x)), true
	case "pow":
		x, okx := args[0].AsNumber()
		y, oky := args[1].AsNumber()
		if !okx || !oky {
			return Value{}, true
		}
		return Pow(x, y), true
	case "today":
		if c, ok := env.(Clock); ok {
			if d, ok := ParseDate(c.Today()); ok {
				return Str(d.String()), true
			}
		}
		return Value{}, true
	case "year", "month", "day":
		d, ok := dateArg(args[0])
		if !ok {
			return Value{}, true
		}
		switch name {
		case "year":
			return Num(float64(d.Y)), true
		case "month":
			return Num(float64(d.M)), true
		}
		return Num(float64(d.D)), true
	case "age", "dateDiff":
		a, ok := dateArg(args[0])
		if !ok {
			return Value{}, true
		}
		var b Date
		unit := "y"
		if name == "age" {
			c, isClock := env.(Clock)
			if !isClock {
				return Value{}, true
			}
			if b, ok = ParseDate(c.Today()); !ok {
				return Value{}, true
			}
		} else {
			if b, ok = dateArg(args[1]); !ok {
				return Value{}, true
			}
			unit = "d"
			if len(args) > 2 {
				if args[2].K != String {
					return Value{}, true
				}
				unit = args[2].S
			}
		}
		switch unit {
		case "d":
			return Num(float64(b.Days() - a.Days())), true
		case "m":
			return Num(float64(MonthsBetween(a, b))), true
		case "y":
			return Num(float64(MonthsBetween(a, b) / 12)), true
		}
		return Value{}, true
	}
	return Value{}, false
}

// textValue is a text result: "" is empty.
func textValue(s string) Value {
	if s == "" {
		return Value{}
	}
	return Str(s)
}

func substr(args []Value) Value {
	if args[0].IsEmpty() || args[0].K == List {
		return Value{}
	}
	rs := []rune(args[0].String())
	n := len(rs)
	st, ok := args[1].AsNumber()
	if !ok {
		return Value{}
	}
	start := int(math.Max(math.Min(math.Trunc(st), 1e9), -1e9))
	if start < 0 {
		start += n
		if start < 0 {
			start = 0
		}
	}
	if start >= n {
		return Value{}
	}
	end := n
	if len(args) > 2 {
		l, ok := args[2].AsNumber()
		if !ok {
			return Value{}
		}
		ln := int(math.Max(math.Min(math.Trunc(l), 1e9), -1e9))
		if ln <= 0 {
			return Value{}
		}
		if start+ln < end {
			end = start + ln
		}
	}
	return Str(string(rs[start:end]))
}

// Pow is pow(x, y): a whole exponent up to 1024 in size is computed by repeated squaring
// (the same multiplications in both engines, so the same result to the last bit); any other
// exponent uses the platform's power function rounded to 12 significant digits (engines may
// differ in the last bits of a fractional power). Then the usual 15-digit fix applies; NaN,
// infinities and 0 to a negative power are empty.
func Pow(x, y float64) Value {
	if y == math.Trunc(y) && math.Abs(y) <= 1024 {
		n := int(math.Abs(y))
		r, b := 1.0, x
		for n > 0 {
			if n&1 == 1 {
				r *= b
			}
			b *= b
			n >>= 1
		}
		if y < 0 {
			if r == 0 {
				return Value{}
			}
			r = 1 / r
		}
		return fixed(r)
	}
	r := math.Pow(x, y)
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return Value{}
	}
	f, _ := strconv.ParseFloat(strconv.FormatFloat(r, 'g', 12, 64), 64)
	return fixed(f)
}

// Case mapping: one code point at a time with Unicode's simple mappings. Characters whose
// full mapping has more than one character (ß, ligatures, İ, Greek with iota subscript...)
// are left unchanged, so both engines agree (JavaScript's toUpperCase would expand them), and
// so are the letters whose case pairs came after Unicode 15.0 (Go's tables), which newer
// browsers map: a later Go or browser release cannot make the engines disagree on them.
func mapCase(s string, up bool) string {
	var b strings.Builder
	for _, r := range s {
		if caseAfter15(r) {
			b.WriteRune(r)
			continue
		}
		if up {
			if !keepUpper(r) {
				r = unicode.ToUpper(r)
			}
		} else if r != 0x130 {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// caseAfter15 lists the code points with case mappings added in Unicode 15.1 to 17.0.
func caseAfter15(r rune) bool {
	return r == 0x19B || r == 0x264 || r == 0x1C89 || r == 0x1C8A || r >= 0xA7CB && r <= 0xA7CF ||
		r >= 0xA7D2 && r <= 0xA7D5 || r >= 0xA7DA && r <= 0xA7DC || r >= 0x10D50 && r <= 0x10D85 ||
		r >= 0x16EA0 && r <= 0x16ED3
}

// keepUpper lists the characters whose full uppercase mapping is several characters
// (SpecialCasing.txt, unconditional mappings).
func keepUpper(r rune) bool {
	switch {
	case r == 0xDF, r == 0x149, r == 0x1F0, r == 0x390, r == 0x3B0, r == 0x587:
		return true
	case r >= 0x1E96 && r <= 0x1E9A, r >= 0xFB00 && r <= 0xFB06, r >= 0xFB13 && r <= 0xFB17:
		return true
	case r >= 0x1F50 && r <= 0x1F56 && r%2 == 0:
		return true
	case r >= 0x1F80 && r <= 0x1FAF:
		return true
	}
	switch r {
	case 0x1FB2, 0x1FB3, 0x1FB4, 0x1FB6, 0x1FB7, 0x1FBC, 0x1FC2, 0x1FC3, 0x1FC4, 0x1FC6, 0x1FC7, 0x1FCC,
		0x1FD2, 0x1FD3, 0x1FD6, 0x1FD7, 0x1FE2, 0x1FE3, 0x1FE4, 0x1FE6, 0x1FE7, 0x1FF2, 0x1FF3, 0x1FF4,
		0x1FF6, 0x1FF7, 0x1FFC:
		return true
	}
	return false
}

// Dates ---------------------------------------------------------------------------------

// Date is a calendar date (proleptic Gregorian, no time zone).
type Date struct{ Y, M, D int }

func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Y, d.M, d.D) }

// Days counts days from 1970-01-01 (negative before).
func (d Date) Days() int {
	y, m := d.Y, d.M
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d.D - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// MonthsBetween counts whole months from a to b (negative when b is earlier): a month is
// complete when b's day of month reaches a's (31 January to 28 February is 0 months).
func MonthsBetween(a, b Date) int {
	m := (b.Y*12 + b.M) - (a.Y*12 + a.M)
	if m > 0 && b.D < a.D {
		m--
	} else if m < 0 && b.D > a.D {
		m++
	}
	return m
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// ParseDate reads the date formats of the survey's date questions: "2024-05-31",
// "2024/5/31", "2024.05.31", "2024-05" (the first of the month), "2024年5月31日", each
// optionally followed by a time ("2024-05-31 08:30", "2024-05-31T08:30:00") that is ignored.
// Spaces around are trimmed; the year has four digits.
func ParseDate(s string) (Date, bool) {
	s = strings.TrimSpace(s)
	i := 0
	num := func(min, max int) (int, bool) {
		st := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-st < max {
			i++
		}
		if i-st < min {
			return 0, false
		}
		n, _ := strconv.Atoi(s[st:i])
		return n, true
	}
	y, ok := num(4, 4)
	if !ok || y < 1 || i < len(s) && s[i] >= '0' && s[i] <= '9' {
		return Date{}, false
	}
	if strings.HasPrefix(s[i:], "年") {
		i += len("年")
		m, ok := num(1, 2)
		if !ok || !strings.HasPrefix(s[i:], "月") {
			return Date{}, false
		}
		i += len("月")
		d, ok := num(1, 2)
		if !ok || !strings.HasPrefix(s[i:], "日") {
			return Date{}, false
		}
		i += len("日")
		return validDate(y, m, d, s[i:])
	}
	if i >= len(s) || s[i] != '-' && s[i] != '/' && s[i] != '.' {
		return Date{}, false
	}
	sep := s[i]
	i++
	m, ok := num(1, 2)
	if !ok {
		return Date{}, false
	}
	if i == len(s) {
		return validDate(y, m, 1, "")
	}
	if s[i] != sep {
		return Date{}, false
	}
	i++
	d, ok := num(1, 2)
	if !ok {
		return Date{}, false
	}
	return validDate(y, m, d, s[i:])
}

// validDate checks the day and an optional time rest (" 08:30", "T08:30:00").
func validDate(y, m, d int, rest string) (Date, bool) {
	if m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return Date{}, false
	}
	if rest != "" {
		if rest[0] != ' ' && rest[0] != 'T' || !validTime(strings.TrimLeft(rest[1:], " ")) {
			return Date{}, false
		}
	}
	return Date{y, m, d}, true
}

// validTime accepts H:mm or HH:mm with optional :ss.
func validTime(t string) bool {
	parts := strings.Split(t, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	for k, p := range parts {
		if len(p) < 1 || len(p) > 2 || k > 0 && len(p) != 2 || !allDigit(p) {
			return false
		}
	}
	h, _ := strconv.Atoi(parts[0])
	mi, _ := strconv.Atoi(parts[1])
	sec := 0
	if len(parts) == 3 {
		sec, _ = strconv.Atoi(parts[2])
	}
	return h < 24 && mi < 60 && sec < 60
}

func allDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func dateArg(v Value) (Date, bool) {
	if v.K != String {
		return Date{}, false
	}
	return ParseDate(v.S)
}
