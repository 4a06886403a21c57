// Package dsl implements the survey condition language: lexer, parser,
// JSON-serialisable AST, formatter and evaluator. The language is
// specified in docs/logic-language.md.
package dsl

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pos is a 1-based line and column (columns count Unicode code points).
type Pos struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

// Error is a located syntax error.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

type tokKind int

const (
	tEOF tokKind = iota
	tNewline
	tIdent
	tNumber
	tString
	tOp // punctuation and operators
	tComment
)

type token struct {
	kind tokKind
	text string // identifier, operator, comment text, decoded string
	num  float64
	pos  Pos
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tNewline:
		return "end of line"
	case tString:
		return fmt.Sprintf("string %q", t.text)
	case tComment:
		return "comment"
	}
	return fmt.Sprintf("%q", t.text)
}

// lex splits src into tokens. Newlines and ';' both end a statement.
func lex(src string) ([]token, error) {
	var toks []token
	line, col := 1, 1
	i := 0
	for i < len(src) {
		r, size := utf8.DecodeRuneInString(src[i:])
		p := Pos{line, col}
		adv := func(n int) {
			for k := 0; k < n; {
				_, s := utf8.DecodeRuneInString(src[i:])
				i += s
				col++
				k++
			}
		}
		switch {
		case r == utf8.RuneError && size == 1:
			return nil, &Error{p, "invalid UTF-8"}
		case r == '\n':
			toks = append(toks, token{kind: tNewline, text: "\n", pos: p})
			i++
			line++
			col = 1
		case r == ';':
			toks = append(toks, token{kind: tNewline, text: ";", pos: p})
			adv(1)
		case r == ' ' || r == '\t' || r == '\r' || r == '\f' || r == '\u00a0' || r == '\ufeff':
			adv(1)
		case r == '#' || (r == '/' && strings.HasPrefix(src[i:], "//")):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			text := src[i : i+j]
			if r == '#' {
				text = text[1:]
			} else {
				text = text[2:]
			}
			toks = append(toks, token{kind: tComment, text: strings.TrimSpace(text), pos: p})
			adv(utf8.RuneCountInString(src[i : i+j]))
		case r == '"' || r == '\'':
			q := r
			adv(1)
			var sb strings.Builder
			closed := false
			for i < len(src) {
				c, s := utf8.DecodeRuneInString(src[i:])
				if c == utf8.RuneError && s == 1 {
					return nil, &Error{Pos{line, col}, "invalid UTF-8"}
				}
				if c == '\n' {
					break
				}
				if c == q {
					adv(1)
					closed = true
					break
				}
				if c == '\\' {
					if i+1 >= len(src) {
						break
					}
					e, _ := utf8.DecodeRuneInString(src[i+1:])
					switch e {
					case 'n':
						sb.WriteRune('\n')
					case 't':
						sb.WriteRune('\t')
					case '\\', '"', '\'':
						sb.WriteRune(e)
					default:
						return nil, &Error{Pos{line, col}, fmt.Sprintf("unknown escape \\%c", e)}
					}
					adv(2)
					continue
				}
				sb.WriteRune(c)
				adv(1)
			}
			if !closed {
				return nil, &Error{p, "unterminated string"}
			}
			toks = append(toks, token{kind: tString, text: sb.String(), pos: p})
		case r >= '0' && r <= '9' || (r == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9'):
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			if j < len(src) && src[j] == '.' {
				j++
				for j < len(src) && src[j] >= '0' && src[j] <= '9' {
					j++
				}
			}
			if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
				k := j + 1
				if k < len(src) && (src[k] == '+' || src[k] == '-') {
					k++
				}
				if k < len(src) && src[k] >= '0' && src[k] <= '9' {
					for k < len(src) && src[k] >= '0' && src[k] <= '9' {
						k++
					}
					j = k
				}
			}
			text := src[i:j]
			var f float64
			if _, err := fmt.Sscan(text, &f); err != nil || f > 1.7976931348623157e308 {
				return nil, &Error{p, "bad number " + text}
			}
			toks = append(toks, token{kind: tNumber, text: text, num: f, pos: p})
			adv(j - i)
			if i < len(src) {
				if c, _ := utf8.DecodeRuneInString(src[i:]); isIdentRune(c) {
					return nil, &Error{Pos{line, col}, "unexpected character after number"}
				}
			}
		case isIdentStart(r):
			j := i
			n := 0
			for j < len(src) {
				c, s := utf8.DecodeRuneInString(src[j:])
				if !isIdentRune(c) {
					break
				}
				j += s
				n++
			}
			toks = append(toks, token{kind: tIdent, text: src[i:j], pos: p})
			adv(n)
		default:
			two := ""
			if i+1 < len(src) {
				two = src[i : i+2]
			}
			switch two {
			case "==", "!=", "<>", "<=", ">=", "&&", "||":
				toks = append(toks, token{kind: tOp, text: two, pos: p})
				adv(2)
				continue
			}
			if strings.ContainsRune("()[],=<>+-*/%!", r) {
				toks = append(toks, token{kind: tOp, text: string(r), pos: p})
				adv(1)
				continue
			}
			return nil, &Error{p, fmt.Sprintf("unexpected character %q", r)}
		}
	}
	toks = append(toks, token{kind: tEOF, pos: Pos{line, col}})
	return toks, nil
}

func isIdentStart(r rune) bool { return r == '_' || r == '$' || unicode.IsLetter(r) }
func isIdentRune(r rune) bool  { return isIdentStart(r) || unicode.IsDigit(r) }
