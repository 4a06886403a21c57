package dsl

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Keywords are reserved and cannot be variable names.
var keywords = map[string]bool{
	"if": true, "then": true, "and": true, "or": true, "not": true, "show": true, "hide": true,
	"goto": true, "assign": true, "solution": true, "validate": true, "on": true, "set": true,
	"quota": true, "mutex": true, "with": true, "true": true, "false": true, "empty": true, "END": true,
}

var refRe = regexp.MustCompile(`^Q([1-9][0-9]{0,5})(?:A([1-9][0-9]{0,5})|R([1-9][0-9]{0,5})(?:C([1-9][0-9]{0,5}))?|C([1-9][0-9]{0,5}))?$`)

// ParseRef classifies a reference name.
func ParseRef(name string) *Ref {
	m := refRe.FindStringSubmatch(name)
	if m == nil {
		return &Ref{Name: name, Var: true}
	}
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	r := &Ref{Name: name, Q: atoi(m[1]), A: atoi(m[2]), R: atoi(m[3]), C: atoi(m[4])}
	if m[5] != "" {
		r.C = atoi(m[5])
	}
	return r
}

type parser struct {
	toks []token
	i    int
	d    int // current nesting depth
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}
func (p *parser) isWord(w string) bool {
	t := p.peek()
	return t.kind == tIdent && t.text == w
}
func (p *parser) isOp(o string) bool {
	t := p.peek()
	return t.kind == tOp && t.text == o
}
func (p *parser) fail(t token, format string, args ...any) error {
	return &Error{t.pos, fmt.Sprintf(format, args...)}
}
func (p *parser) expectWord(w string) error {
	if !p.isWord(w) {
		return p.fail(p.peek(), "expected %q, found %s", w, p.peek())
	}
	p.next()
	return nil
}

// Parse parses a program. Errors carry line and column.
func Parse(src string) (*Program, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	prog := &Program{Stmts: []*Stmt{}}
	for {
		t := p.peek()
		switch t.kind {
		case tEOF:
			return prog, nil
		case tNewline:
			p.next()
			continue
		case tComment:
			p.next()
			prog.Stmts = append(prog.Stmts, &Stmt{Kind: SComment, Pos: t.pos, Message: t.text})
			continue
		}
		s, err := p.statement()
		if err != nil {
			return nil, err
		}
		if c := p.peek(); c.kind == tComment {
			p.next()
			s.Comment = c.text
		}
		if e := p.peek(); e.kind != tNewline && e.kind != tEOF {
			return nil, p.fail(e, "expected end of statement, found %s", e)
		}
		prog.Stmts = append(prog.Stmts, s)
	}
}

// ParseExpr parses a single expression (a condition).
func ParseExpr(src string) (*Expr, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	var kept []token
	for _, t := range toks {
		if t.kind != tNewline && t.kind != tComment {
			kept = append(kept, t)
		}
	}
	p := &parser{toks: kept}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, p.fail(t, "unexpected %s after expression", t)
	}
	return e, nil
}

func (p *parser) statement() (*Stmt, error) {
	t := p.peek()
	if t.kind != tIdent {
		return nil, p.fail(t, "expected a statement, found %s", t)
	}
	switch t.text {
	case "if":
		p.next()
		cond, err := p.expr()
		if err != nil {
			return nil, err
		}
		if err := p.expectWord("then"); err != nil {
			return nil, err
		}
		a, err := p.action()
		if err != nil {
			return nil, err
		}
		return &Stmt{Kind: SIf, Pos: t.pos, Cond: cond, Then: a}, nil
	case "validate":
		p.next()
		cond, err := p.expr()
		if err != nil {
			return nil, err
		}
		m := p.peek()
		if m.kind != tString {
			return nil, p.fail(m, "expected the message string of validate, found %s", m)
		}
		p.next()
		s := &Stmt{Kind: SValidate, Pos: t.pos, Cond: cond, Message: m.text}
		if p.isWord("on") {
			p.next()
			if s.Targets, err = p.refList(true); err != nil {
				return nil, err
			}
		}
		return s, nil
	case "set":
		p.next()
		var refs []*Ref
		for {
			r, err := p.ref(false)
			if err != nil {
				return nil, err
			}
			if r.A == 0 {
				return nil, p.fail(p.toks[p.i-1], "a quota counts options: expected an option reference like Q1A1, found %q", r.Name)
			}
			refs = append(refs, r)
			if !p.isWord("and") {
				break
			}
			p.next()
		}
		if err := p.expectWord("quota"); err != nil {
			return nil, err
		}
		if !p.isOp("=") {
			return nil, p.fail(p.peek(), "expected \"=\", found %s", p.peek())
		}
		p.next()
		n := p.peek()
		if n.kind != tNumber || n.num != float64(int64(n.num)) {
			return nil, p.fail(n, "expected a whole number quota, found %s", n)
		}
		p.next()
		return &Stmt{Kind: SQuota, Pos: t.pos, Targets: refs, Cap: n.num}, nil
	case "mutex":
		p.next()
		a, err := p.refList(false)
		if err != nil {
			return nil, err
		}
		if err := p.expectWord("with"); err != nil {
			return nil, err
		}
		b, err := p.refList(false)
		if err != nil {
			return nil, err
		}
		for _, r := range append(append([]*Ref{}, a...), b...) {
			if r.A == 0 && r.R == 0 && r.C == 0 {
				return nil, p.fail(t, "mutex groups list options, rows or columns, found %q", r.Name)
			}
		}
		return &Stmt{Kind: SMutex, Pos: t.pos, Targets: a, Others: b}, nil
	}
	return p.action()
}

func (p *parser) action() (*Stmt, error) {
	t := p.peek()
	if t.kind != tIdent {
		return nil, p.fail(t, "expected show, hide, goto, assign or solution, found %s", t)
	}
	switch t.text {
	case "show", "hide":
		p.next()
		refs, err := p.refList(true)
		if err != nil {
			return nil, err
		}
		return &Stmt{Kind: t.text, Pos: t.pos, Targets: refs}, nil
	case "goto":
		p.next()
		if p.isWord("END") {
			p.next()
			return &Stmt{Kind: SGoto, Pos: t.pos, Target: &Ref{Name: "END"}}, nil
		}
		r, err := p.ref(false)
		if err != nil {
			return nil, err
		}
		if r.Var || r.A != 0 || r.R != 0 || r.C != 0 {
			return nil, p.fail(p.toks[p.i-1], "goto needs a question number like Q9 or END, found %q", r.Name)
		}
		return &Stmt{Kind: SGoto, Pos: t.pos, Target: r}, nil
	case "assign":
		p.next()
		r, err := p.ref(true)
		if err != nil {
			return nil, err
		}
		if r.A != 0 || r.R != 0 || r.C != 0 {
			if r.A == 0 {
				return nil, p.fail(p.toks[p.i-1], "assign needs a question or blank, found %q", r.Name)
			}
		}
		if !p.isOp("=") {
			return nil, p.fail(p.peek(), "expected \"=\" after assign target, found %s", p.peek())
		}
		p.next()
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		return &Stmt{Kind: SAssign, Pos: t.pos, Target: r, Value: v}, nil
	case "solution":
		p.next()
		m := p.peek()
		if m.kind != tString {
			return nil, p.fail(m, "expected the solution id string, found %s", m)
		}
		p.next()
		return &Stmt{Kind: SSolution, Pos: t.pos, Message: m.text}, nil
	}
	return nil, p.fail(t, "expected a statement (if, show, hide, goto, assign, solution, validate, set, mutex), found %s", t)
}

func (p *parser) ref(allowVar bool) (*Ref, error) {
	t := p.peek()
	if t.kind != tIdent || keywords[t.text] {
		return nil, p.fail(t, "expected a reference like Q3 or Q1A2, found %s", t)
	}
	r := ParseRef(t.text)
	if r.Var && !allowVar {
		return nil, p.fail(t, "expected a reference like Q3 or Q1A2, found %q", t.text)
	}
	p.next()
	return r, nil
}

func (p *parser) refList(allowVar bool) ([]*Ref, error) {
	var out []*Ref
	for {
		r, err := p.ref(allowVar)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
		if !p.isOp(",") {
			return out, nil
		}
		p.next()
	}
}

// Expressions ---------------------------------------------------------------

func (p *parser) expr() (*Expr, error) { return p.or() }

func (p *parser) or() (*Expr, error) {
	l, err := p.and()
	if err != nil {
		return nil, err
	}
	for p.isWord("or") || p.isOp("||") {
		t := p.next()
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		l = &Expr{Type: KBinary, Pos: t.pos, Op: "or", Left: l, Right: r}
	}
	return l, nil
}

func (p *parser) and() (*Expr, error) {
	l, err := p.not()
	if err != nil {
		return nil, err
	}
	for p.isWord("and") || p.isOp("&&") {
		t := p.next()
		r, err := p.not()
		if err != nil {
			return nil, err
		}
		l = &Expr{Type: KBinary, Pos: t.pos, Op: "and", Left: l, Right: r}
	}
	return l, nil
}

func (p *parser) not() (*Expr, error) {
	if p.isWord("not") || p.isOp("!") {
		t := p.next()
		if err := p.enter(t); err != nil {
			return nil, err
		}
		defer func() { p.d-- }()
		e, err := p.not()
		if err != nil {
			return nil, err
		}
		return &Expr{Type: KUnary, Pos: t.pos, Op: "not", Left: e}, nil
	}
	return p.cmp()
}

var cmpOps = map[string]string{"=": "=", "==": "=", "!=": "!=", "<>": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

func (p *parser) cmp() (*Expr, error) {
	l, err := p.add()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if op, ok := cmpOps[t.text]; ok && t.kind == tOp {
		p.next()
		r, err := p.add()
		if err != nil {
			return nil, err
		}
		if n := p.peek(); n.kind == tOp && cmpOps[n.text] != "" {
			return nil, p.fail(n, "comparisons do not chain; use and")
		}
		return &Expr{Type: KBinary, Pos: t.pos, Op: op, Left: l, Right: r}, nil
	}
	return l, nil
}

func (p *parser) add() (*Expr, error) {
	l, err := p.mul()
	if err != nil {
		return nil, err
	}
	for p.isOp("+") || p.isOp("-") {
		t := p.next()
		r, err := p.mul()
		if err != nil {
			return nil, err
		}
		l = &Expr{Type: KBinary, Pos: t.pos, Op: t.text, Left: l, Right: r}
	}
	return l, nil
}

func (p *parser) mul() (*Expr, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.isOp("*") || p.isOp("/") || p.isOp("%") {
		t := p.next()
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = &Expr{Type: KBinary, Pos: t.pos, Op: t.text, Left: l, Right: r}
	}
	return l, nil
}

func (p *parser) unary() (*Expr, error) {
	if p.isOp("-") {
		t := p.next()
		if err := p.enter(t); err != nil {
			return nil, err
		}
		defer func() { p.d-- }()
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &Expr{Type: KUnary, Pos: t.pos, Op: "-", Left: e}, nil
	}
	return p.primary()
}

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 200

func (p *parser) primary() (*Expr, error) {
	t := p.peek()
	switch t.kind {
	case tNumber:
		p.next()
		return &Expr{Type: KNum, Pos: t.pos, Num: t.num}, nil
	case tString:
		p.next()
		return &Expr{Type: KStr, Pos: t.pos, Str: t.text}, nil
	case tOp:
		switch t.text {
		case "(":
			if err := p.enter(t); err != nil {
				return nil, err
			}
			defer func() { p.d-- }()
			p.next()
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			if !p.isOp(")") {
				return nil, p.fail(p.peek(), "expected \")\", found %s", p.peek())
			}
			p.next()
			return e, nil
		case "[":
			if err := p.enter(t); err != nil {
				return nil, err
			}
			defer func() { p.d-- }()
			p.next()
			args, err := p.args("]")
			if err != nil {
				return nil, err
			}
			return &Expr{Type: KList, Pos: t.pos, Args: args}, nil
		}
	case tIdent:
		switch t.text {
		case "true", "false":
			p.next()
			return &Expr{Type: KBool, Pos: t.pos, Bool: t.text == "true"}, nil
		}
		if p.toks[p.i+1].kind == tOp && p.toks[p.i+1].text == "(" {
			if _, ok := Functions[t.text]; !ok {
				return nil, p.fail(t, "unknown function %q", t.text)
			}
			if err := p.enter(t); err != nil {
				return nil, err
			}
			defer func() { p.d-- }()
			p.next()
			p.next()
			args, err := p.args(")")
			if err != nil {
				return nil, err
			}
			e := &Expr{Type: KCall, Pos: t.pos, Name: t.text, Args: args}
			if err := CheckCall(e); err != nil {
				return nil, err
			}
			return e, nil
		}
		if t.text == "empty" {
			p.next()
			return &Expr{Type: KEmpty, Pos: t.pos}, nil
		}
		if keywords[t.text] {
			return nil, p.fail(t, "unexpected keyword %q in expression", t.text)
		}
		p.next()
		return &Expr{Type: KRef, Pos: t.pos, Ref: ParseRef(t.text)}, nil
	}
	return nil, p.fail(t, "expected a value, found %s", t)
}

// enter bounds nesting so hostile input cannot exhaust the stack.
func (p *parser) enter(t token) error {
	p.d++
	if p.d > maxDepth {
		return p.fail(t, "expression nested too deeply")
	}
	return nil
}

func (p *parser) args(closing string) ([]*Expr, error) {
	var out []*Expr
	if p.isOp(closing) {
		p.next()
		return out, nil
	}
	for {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		if p.isOp(",") {
			p.next()
			continue
		}
		if p.isOp(closing) {
			p.next()
			return out, nil
		}
		return nil, p.fail(p.peek(), "expected \",\" or %q, found %s", closing, p.peek())
	}
}

// IsKeyword reports reserved words.
func IsKeyword(s string) bool { return keywords[strings.TrimSpace(s)] }
