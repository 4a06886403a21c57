package dsl

import (
	"strconv"
	"strings"
)

// Format prints a program in canonical form: one statement per line, no
// trailing newline, single spaces around binary operators, "=" and "!="
// for equality, minimal parentheses except that an "and" operand of "or"
// is always parenthesised. Blank lines are not kept; comments are.
// For any program p, Format(Parse(Format(p))) == Format(p).
func Format(p *Program) string {
	var lines []string
	for _, s := range p.Stmts {
		lines = append(lines, FormatStmt(s))
	}
	return strings.Join(lines, "\n")
}

// FormatStmt prints one statement.
func FormatStmt(s *Stmt) string {
	var b strings.Builder
	switch s.Kind {
	case SComment:
		b.WriteString("#")
		if s.Message != "" {
			b.WriteString(" " + s.Message)
		}
		return b.String()
	case SIf:
		b.WriteString("if " + FormatExpr(s.Cond) + " then " + FormatStmt(&Stmt{Kind: s.Then.Kind, Targets: s.Then.Targets, Target: s.Then.Target, Value: s.Then.Value, Message: s.Then.Message}))
	case SShow, SHide:
		b.WriteString(s.Kind + " " + refs(s.Targets, ", "))
	case SGoto:
		b.WriteString("goto " + s.Target.Name)
	case SAssign:
		b.WriteString("assign " + s.Target.Name + " = " + FormatExpr(s.Value))
	case SSolution:
		b.WriteString("solution " + Quote(s.Message))
	case SValidate:
		b.WriteString("validate " + FormatExpr(s.Cond) + " " + Quote(s.Message))
		if len(s.Targets) > 0 {
			b.WriteString(" on " + refs(s.Targets, ", "))
		}
	case SQuota:
		b.WriteString("set " + refs(s.Targets, " and ") + " quota = " + FormatNumber(s.Cap))
	case SMutex:
		b.WriteString("mutex " + refs(s.Targets, ", ") + " with " + refs(s.Others, ", "))
	}
	if s.Comment != "" {
		b.WriteString(" # " + s.Comment)
	}
	return b.String()
}

func refs(rs []*Ref, sep string) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Name
	}
	return strings.Join(names, sep)
}

func prec(e *Expr) int {
	switch e.Type {
	case KBinary:
		switch e.Op {
		case "or":
			return 1
		case "and":
			return 2
		case "+", "-":
			return 5
		case "*", "/", "%":
			return 6
		}
		return 4 // comparisons
	case KUnary:
		if e.Op == "not" {
			return 3
		}
		return 7
	}
	return 8
}

// FormatExpr prints an expression in canonical form.
func FormatExpr(e *Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

func writeSub(b *strings.Builder, e *Expr, parentPrec int, paren bool) {
	if paren || prec(e) < parentPrec {
		b.WriteByte('(')
		writeExpr(b, e)
		b.WriteByte(')')
		return
	}
	writeExpr(b, e)
}

func writeExpr(b *strings.Builder, e *Expr) {
	switch e.Type {
	case KNum:
		b.WriteString(FormatNumber(e.Num))
	case KStr:
		b.WriteString(Quote(e.Str))
	case KBool:
		b.WriteString(strconv.FormatBool(e.Bool))
	case KEmpty:
		b.WriteString("empty")
	case KRef:
		b.WriteString(e.Ref.Name)
	case KList:
		b.WriteByte('[')
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, a)
		}
		b.WriteByte(']')
	case KCall:
		b.WriteString(e.Name + "(")
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, a)
		}
		b.WriteByte(')')
	case KUnary:
		if e.Op == "not" {
			b.WriteString("not ")
			writeSub(b, e.Left, 3, false)
		} else {
			b.WriteString("-")
			// "- -x" must not print as "--x" ambiguity: lexer reads "-" "-"; fine.
			writeSub(b, e.Left, 7, false)
		}
	case KBinary:
		p := prec(e)
		lp := e.Op == "or" && e.Left.Type == KBinary && e.Left.Op == "and"
		rp := e.Op == "or" && e.Right.Type == KBinary && e.Right.Op == "and"
		if p == 4 { // comparisons do not chain
			lp = lp || prec(e.Left) == 4
			rp = rp || prec(e.Right) == 4
		}
		rp = rp || prec(e.Right) == p // left associative
		writeSub(b, e.Left, p, lp)
		b.WriteString(" " + e.Op + " ")
		writeSub(b, e.Right, p, rp)
	}
}

// Quote prints a string literal with double quotes.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// FormatNumber prints a number exactly as JavaScript's String(n) does
// (shortest round-trip digits; exponent form below 1e-6 and from 1e21).
func FormatNumber(f float64) string {
	if f != f {
		return "NaN"
	}
	if f == 0 {
		return "0"
	}
	if f > 1.7976931348623157e308 {
		return "Infinity"
	}
	if f < -1.7976931348623157e308 {
		return "-Infinity"
	}
	neg := f < 0
	if neg {
		f = -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±x
	mant, expS, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expS)
	digits := strings.Replace(mant, ".", "", 1)
	k := len(digits)
	n := exp + 1 // position of decimal point
	var out string
	switch {
	case k <= n && n <= 21:
		out = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		out = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		out = "0." + strings.Repeat("0", -n) + digits
	default:
		sign := "+"
		if n-1 < 0 {
			sign = "-"
		}
		ex := n - 1
		if ex < 0 {
			ex = -ex
		}
		if k == 1 {
			out = digits + "e" + sign + strconv.Itoa(ex)
		} else {
			out = digits[:1] + "." + digits[1:] + "e" + sign + strconv.Itoa(ex)
		}
	}
	if neg {
		return "-" + out
	}
	return out
}
