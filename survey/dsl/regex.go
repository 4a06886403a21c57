package dsl

import (
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"unicode/utf8"
)

// The pattern language of regex(s, pattern): the part of regular-expression syntax that means
// the same in Go's RE2 and in JavaScript (with the "u" flag), so the server and the answer
// page agree on every match. CheckPattern refuses anything else at compile time, with the
// column of the offending character (counted in code points from 1). Go matches with RE2;
// the TypeScript twin (console/src/survey/dsl/regex.ts) uses its own linear-time matcher for
// the same syntax, so no pattern can take exponential time in either engine.
//
//	literal characters           anything except  ^ $ \ . * + ? ( ) [ ] { } |
//	.                            any character except a line feed
//	^ $                          start and end of the text (no multi-line mode)
//	\d \D \w \W                  ASCII digits / word characters (0-9 A-Z a-z _) and their complements
//	\b \B                        ASCII word boundary / not a boundary
//	\n \t \r \f \v               control characters
//	\^ \$ \\ \. \* \+ \? \( \) \[ \] \{ \} \| \/   the character itself
//	[abc] [^abc] [a-z0-9_] [\d\w\-\]\\ ...]     classes; ranges between characters; "-" first or last
//	(x) (?:x)                    groups
//	x|y                          alternatives
//	x* x+ x? x{n} x{n,} x{n,m}   repetition (n, m at most 1000), each optionally lazy (x*?)
//
// Refused: \s and \S (the two engines disagree on which spaces), back-references, look-around,
// named groups, inline flags such as (?i), \p{...}, \x and \u escapes, an empty class [],
// a lone ] or }, a repetition of a repetition (a**), a repeated anchor (^*), and nested
// repetition such as (a+)+ or (a*)* — harmless here but exponential in backtracking engines,
// so a pattern copied elsewhere stays safe. A pattern is at most 500 characters and its
// expanded size (counted repetitions multiplied out) at most 5000 steps.

// Pattern limits.
const (
	MaxPatternLen  = 500
	MaxPatternSize = 5000
	maxRepeat      = 1000
)

// PatternError is a refused pattern; Col counts code points from 1.
type PatternError struct {
	Col int
	Msg string
}

func (e *PatternError) Error() string { return fmt.Sprintf("pattern column %d: %s", e.Col, e.Msg) }

type patParser struct {
	src []rune
	i   int
}

func (p *patParser) fail(format string, args ...any) *PatternError {
	return &PatternError{Col: p.i + 1, Msg: fmt.Sprintf(format, args...)}
}

func (p *patParser) more() bool { return p.i < len(p.src) }
func (p *patParser) peek() rune { return p.src[p.i] }

// node summary: size is the expanded step count; rep tells whether it holds a repetition
// of variable length (x*, x+, x?, x{1,3}); anchor marks ^ $ \b \B (not repeatable).
type patNode struct {
	size   int
	rep    bool
	anchor bool
}

// CheckPattern validates a pattern of the common syntax.
func CheckPattern(pat string) error {
	if !utf8.ValidString(pat) {
		return &PatternError{Col: 1, Msg: "invalid UTF-8"}
	}
	if utf8.RuneCountInString(pat) > MaxPatternLen {
		return &PatternError{Col: MaxPatternLen + 1, Msg: fmt.Sprintf("the pattern is longer than %d characters", MaxPatternLen)}
	}
	p := &patParser{src: []rune(pat)}
	n, err := p.alt(0)
	if err != nil {
		return err
	}
	if p.more() {
		if p.peek() == ')' {
			return p.fail("unmatched )")
		}
		return p.fail("unexpected %q", p.peek())
	}
	if n.size > MaxPatternSize {
		return &PatternError{Col: 1, Msg: fmt.Sprintf("the pattern expands to more than %d steps; use smaller repetition counts", MaxPatternSize)}
	}
	return nil
}

func (p *patParser) alt(depth int) (patNode, *PatternError) {
	if depth > 100 {
		return patNode{}, p.fail("groups nested too deeply")
	}
	var out patNode
	for {
		n, err := p.concat(depth)
		if err != nil {
			return out, err
		}
		out.size += n.size + 1
		out.rep = out.rep || n.rep
		if !p.more() || p.peek() != '|' {
			return out, nil
		}
		p.i++
	}
}

func (p *patParser) concat(depth int) (patNode, *PatternError) {
	var out patNode
	for p.more() && p.peek() != '|' && p.peek() != ')' {
		start := p.i
		a, err := p.atom(depth)
		if err != nil {
			return out, err
		}
		if p.more() {
			if c := p.peek(); c == '*' || c == '+' || c == '?' || c == '{' {
				if a.anchor {
					return out, p.fail("an anchor cannot be repeated")
				}
				lo, hi, err := p.quant()
				if err != nil {
					return out, err
				}
				if p.more() && p.peek() == '?' {
					p.i++ // lazy: the same matches
				}
				if p.more() {
					if c := p.peek(); c == '*' || c == '+' || c == '?' || c == '{' {
						return out, p.fail("a repetition cannot be repeated (write one repetition, or a group)")
					}
				}
				// A part that can match in more than one length, repeated more than once, makes
				// backtracking engines try every split: (a+)+, (a*){3}, (a?)* are refused;
				// fixed-length parts such as (\d{3}-){2} are fine.
				if (hi < 0 || hi > 1) && a.rep {
					return out, &PatternError{Col: start + 1, Msg: "nested repetition such as (a+)+ is refused: it takes exponential time in backtracking engines; repeat the inner part only"}
				}
				copies := hi
				if hi < 0 {
					copies = lo + 1
				}
				if copies < 1 {
					copies = 1
				}
				a.size = a.size*copies + 1
				a.rep = a.rep || hi != lo
			}
		}
		out.size += a.size
		out.rep = out.rep || a.rep
	}
	return out, nil
}

// quant reads * + ? {n} {n,} {n,m}; hi = -1 means unbounded.
func (p *patParser) quant() (int, int, *PatternError) {
	c := p.peek()
	p.i++
	switch c {
	case '*':
		return 0, -1, nil
	case '+':
		return 1, -1, nil
	case '?':
		return 0, 1, nil
	}
	num := func() (int, bool) {
		s := p.i
		for p.more() && p.peek() >= '0' && p.peek() <= '9' {
			p.i++
		}
		if p.i == s || p.i-s > 4 {
			return 0, false
		}
		n, _ := strconv.Atoi(string(p.src[s:p.i]))
		return n, true
	}
	lo, ok := num()
	if !ok {
		return 0, 0, p.fail("expected a count like {2} or {1,3}")
	}
	hi := lo
	if p.more() && p.peek() == ',' {
		p.i++
		if p.more() && p.peek() == '}' {
			hi = -1
		} else if hi, ok = num(); !ok {
			return 0, 0, p.fail("expected a count like {2} or {1,3}")
		}
	}
	if !p.more() || p.peek() != '}' {
		return 0, 0, p.fail("expected } to close the count")
	}
	p.i++
	if lo > maxRepeat || hi > maxRepeat {
		return 0, 0, p.fail("a count is at most %d", maxRepeat)
	}
	if hi >= 0 && hi < lo {
		return 0, 0, p.fail("the counts {%d,%d} are out of order", lo, hi)
	}
	return lo, hi, nil
}

// escapes that stand for one character, outside and inside classes.
const patLiteralEscapes = `^$\.*+?()[]{}|/`

func (p *patParser) atom(depth int) (patNode, *PatternError) {
	c := p.peek()
	switch c {
	case '(':
		p.i++
		if p.more() && p.peek() == '?' {
			if p.i+1 < len(p.src) && p.src[p.i+1] == ':' {
				p.i += 2
			} else {
				return patNode{}, p.fail("only (?:...) groups are allowed: look-around, named groups and flags mean different things in the two engines")
			}
		}
		n, err := p.alt(depth + 1)
		if err != nil {
			return n, err
		}
		if !p.more() || p.peek() != ')' {
			return n, p.fail("missing )")
		}
		p.i++
		return patNode{size: n.size + 2, rep: n.rep}, nil
	case '[':
		return p.class()
	case '^', '$':
		p.i++
		return patNode{size: 1, anchor: true}, nil
	case '.':
		p.i++
		return patNode{size: 1}, nil
	case '\\':
		p.i++
		if !p.more() {
			return patNode{}, p.fail("the pattern ends with \\")
		}
		e := p.peek()
		switch {
		case e == 'b' || e == 'B':
			p.i++
			return patNode{size: 1, anchor: true}, nil
		case e == 'd' || e == 'D' || e == 'w' || e == 'W' || e == 'n' || e == 't' || e == 'r' || e == 'f' || e == 'v':
			p.i++
			return patNode{size: 1}, nil
		case e < utf8.RuneSelf && containsRune(patLiteralEscapes, e):
			p.i++
			return patNode{size: 1}, nil
		case e == 's' || e == 'S':
			return patNode{}, p.fail(`\%c is refused: the two engines disagree on which characters are spaces; write [ \t\n\r\f] or its complement`, e)
		case e >= '0' && e <= '9':
			return patNode{}, p.fail("back-references are not allowed")
		}
		return patNode{}, p.fail(`\%c is not allowed here`, e)
	case '*', '+', '?', '{':
		return patNode{}, p.fail("nothing to repeat")
	case ']', '}':
		return patNode{}, p.fail("a lone %c must be written \\%c", c, c)
	}
	p.i++
	return patNode{size: 1}, nil
}

func (p *patParser) class() (patNode, *PatternError) {
	open := p.i
	p.i++
	if p.more() && p.peek() == '^' {
		p.i++
	}
	if p.more() && p.peek() == ']' {
		return patNode{}, p.fail("an empty class is not allowed; write \\] for a bracket")
	}
	// item reads one class member: a character (ok) or a class escape (ok=false).
	item := func() (rune, bool, *PatternError) {
		c := p.peek()
		switch c {
		case '[':
			return 0, false, p.fail("write \\[ for a bracket inside a class")
		case '\\':
			p.i++
			if !p.more() {
				return 0, false, p.fail("the pattern ends with \\")
			}
			e := p.peek()
			p.i++
			switch {
			case e == 'd' || e == 'D' || e == 'w' || e == 'W':
				return 0, false, nil
			case e == 'n':
				return '\n', true, nil
			case e == 't':
				return '\t', true, nil
			case e == 'r':
				return '\r', true, nil
			case e == 'f':
				return '\f', true, nil
			case e == 'v':
				return '\v', true, nil
			case e == '-' || e < utf8.RuneSelf && containsRune(patLiteralEscapes, e):
				return e, true, nil
			case e == 's' || e == 'S':
				p.i--
				return 0, false, p.fail(`\%c is refused: the two engines disagree on which characters are spaces; write [ \t\n\r\f]`, e)
			}
			p.i--
			return 0, false, p.fail(`\%c is not allowed in a class`, e)
		}
		p.i++
		return c, true, nil
	}
	for {
		if !p.more() {
			p.i = open
			return patNode{}, p.fail("missing ] to close the class")
		}
		if p.peek() == ']' {
			p.i++
			return patNode{size: 1}, nil
		}
		lo, isChar, err := item()
		if err != nil {
			return patNode{}, err
		}
		if p.i+1 < len(p.src) && p.peek() == '-' && p.src[p.i+1] != ']' {
			dash := p.i
			p.i++
			hi, hiChar, err := item()
			if err != nil {
				return patNode{}, err
			}
			if !isChar || !hiChar {
				p.i = dash
				return patNode{}, p.fail("a range needs a character on both sides")
			}
			if hi < lo {
				p.i = dash
				return patNode{}, p.fail("the range %c-%c is out of order", lo, hi)
			}
		}
	}
}

func containsRune(s string, r rune) bool {
	for _, c := range s {
		if c == r {
			return true
		}
	}
	return false
}

// Compiled patterns, shared by all programs (patterns are literals of stored programs, so
// the set is bounded by what authors wrote; the cache stops growing at 2000 entries).
var (
	patMu    sync.RWMutex
	patCache = map[string]*regexp.Regexp{}
)

// MatchPattern reports whether s contains a match of a checked pattern (false for a pattern
// that fails CheckPattern).
func MatchPattern(pat, s string) bool {
	patMu.RLock()
	re, ok := patCache[pat]
	patMu.RUnlock()
	if !ok {
		if CheckPattern(pat) == nil {
			re, _ = regexp.Compile(pat)
		}
		patMu.Lock()
		if len(patCache) < 2000 {
			patCache[pat] = re
		}
		patMu.Unlock()
	}
	return re != nil && re.MatchString(s)
}
