package dsl

import (
	"math"
	"strconv"
	"strings"
)

// Env resolves references during evaluation.
type Env interface {
	Lookup(r *Ref) Value
}

// MapEnv resolves references by name from a map (tests, previews).
type MapEnv map[string]Value

// Lookup implements Env.
func (m MapEnv) Lookup(r *Ref) Value { return m[r.Name] }

// Fix normalises an arithmetic result the way both engines must: results
// are rounded to 15 significant digits (JavaScript:
// parseFloat(x.toPrecision(15))), so 0.1 + 0.2 is 0.3; -0 becomes 0;
// NaN and infinities become Empty (ok=false).
func Fix(x float64) (float64, bool) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	if x == 0 {
		return 0, true
	}
	f, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 15, 64), 64)
	if f == 0 {
		return 0, true
	}
	return f, true
}

func fixed(x float64) Value {
	if f, ok := Fix(x); ok {
		return Num(f)
	}
	return Value{}
}

// Eval evaluates an expression.
func Eval(e *Expr, env Env) Value {
	switch e.Type {
	case KNum:
		return Num(e.Num)
	case KStr:
		return Str(e.Str)
	case KBool:
		return Bool(e.Bool)
	case KEmpty:
		return Value{}
	case KRef:
		return env.Lookup(e.Ref)
	case KList:
		l := make([]Value, len(e.Args))
		for i, a := range e.Args {
			l[i] = Eval(a, env)
		}
		return ListOf(l)
	case KUnary:
		v := Eval(e.Left, env)
		if e.Op == "not" {
			return Bool(!v.Truthy())
		}
		if n, ok := numeric(v); ok {
			return fixed(-n)
		}
		return Value{}
	case KBinary:
		switch e.Op {
		case "and":
			return Bool(Eval(e.Left, env).Truthy() && Eval(e.Right, env).Truthy())
		case "or":
			return Bool(Eval(e.Left, env).Truthy() || Eval(e.Right, env).Truthy())
		}
		return binary(e.Op, Eval(e.Left, env), Eval(e.Right, env))
	case KCall:
		return call(e, env)
	}
	return Value{}
}

// Cond evaluates an expression as a condition.
func Cond(e *Expr, env Env) bool { return Eval(e, env).Truthy() }

// numeric reads a value in a numeric context: numbers, numeric strings,
// and lists (the sum of their numeric elements).
func numeric(v Value) (float64, bool) {
	if v.K == List {
		s := 0.0
		for _, x := range v.L {
			if n, ok := x.AsNumber(); ok {
				s += n
			}
		}
		f, _ := Fix(s)
		return f, true
	}
	return v.AsNumber()
}

// emptyText reads the empty text "" as empty, so that it acts as 0 next to a number in + and
// - like every other empty value.
func emptyText(v Value) Value {
	if v.K == String && v.S == "" {
		return Value{}
	}
	return v
}

func binary(op string, a, b Value) Value {
	switch op {
	case "=":
		return Bool(Equal(a, b))
	case "!=":
		return Bool(!Equal(a, b))
	case "<", "<=", ">", ">=":
		c, ok := Compare(a, b)
		if !ok {
			return Bool(false)
		}
		switch op {
		case "<":
			return Bool(c < 0)
		case "<=":
			return Bool(c <= 0)
		case ">":
			return Bool(c > 0)
		}
		return Bool(c >= 0)
	case "+":
		if a.K == List && b.K == List {
			return ListOf(append(append([]Value{}, a.L...), b.L...))
		}
		if a.IsEmpty() && b.IsEmpty() {
			return Value{}
		}
		a, b = emptyText(a), emptyText(b)
		x, okx := numeric(a)
		y, oky := numeric(b)
		switch {
		case okx && oky:
			return fixed(x + y)
		case okx && b.K == Empty:
			return fixed(x)
		case oky && a.K == Empty:
			return fixed(y)
		}
		return Str(a.String() + b.String())
	}
	// -, *, /, %
	a, b = emptyText(a), emptyText(b)
	x, okx := numeric(a)
	y, oky := numeric(b)
	if op == "-" {
		if okx && b.K == Empty {
			return fixed(x)
		}
		if oky && a.K == Empty {
			return fixed(-y)
		}
	}
	if !okx || !oky {
		return Value{}
	}
	switch op {
	case "-":
		return fixed(x - y)
	case "*":
		return fixed(x * y)
	case "/":
		if y == 0 {
			return Value{}
		}
		return fixed(x / y)
	case "%":
		if y == 0 {
			return Value{}
		}
		return fixed(math.Mod(x, y))
	}
	return Value{}
}

func flatten(args []Value) []float64 {
	var out []float64
	for _, a := range args {
		if a.K == List {
			for _, x := range a.L {
				if n, ok := x.AsNumber(); ok {
					out = append(out, n)
				}
			}
		} else if n, ok := a.AsNumber(); ok {
			out = append(out, n)
		}
	}
	return out
}

// Round rounds half away from zero to p decimals after fixing the scaled
// value to 15 significant digits, so round(1.005, 2) is 1.01.
func Round(x float64, p int) float64 {
	scale := math.Pow(10, float64(p))
	s, _ := Fix(math.Abs(x) * scale)
	r := math.Floor(s+0.5) / scale
	if x < 0 {
		r = -r
	}
	f, _ := Fix(r)
	return f
}

func call(e *Expr, env Env) Value {
	args := make([]Value, len(e.Args))
	for i, a := range e.Args {
		args[i] = Eval(a, env)
	}
	switch e.Name {
	case "count":
		v := args[0]
		switch {
		case v.K == List:
			n := 0
			for _, x := range v.L {
				if !x.IsEmpty() {
					n++
				}
			}
			return Num(float64(n))
		case v.IsEmpty():
			return Num(0)
		}
		return Num(1)
	case "empty":
		return Bool(args[0].IsEmpty())
	case "contains":
		a, b := args[0], args[1]
		switch a.K {
		case List:
			if b.K == List {
				for _, x := range b.L {
					if !containsElem(a.L, x) {
						return Bool(false)
					}
				}
				return Bool(true)
			}
			return Bool(containsElem(a.L, b))
		case String, Number:
			if b.IsEmpty() {
				return Bool(false)
			}
			return Bool(strings.Contains(a.String(), b.String()))
		}
		return Bool(false)
	case "anyof", "allof":
		a, l := args[0], args[1]
		if a.IsEmpty() {
			return Bool(false)
		}
		set := l.L
		if l.K != List {
			set = []Value{l}
		}
		have := a.L
		if a.K != List {
			have = []Value{a}
		}
		if e.Name == "anyof" {
			for _, x := range have {
				if containsElem(set, x) {
					return Bool(true)
				}
			}
			return Bool(false)
		}
		for _, x := range set {
			if !containsElem(have, x) {
				return Bool(false)
			}
		}
		return Bool(true)
	case "sum", "avg":
		ns := flatten(args)
		s := 0.0
		for _, n := range ns {
			s += n
		}
		if e.Name == "avg" {
			if len(ns) == 0 {
				return Value{}
			}
			return fixed(s / float64(len(ns)))
		}
		return fixed(s)
	case "min", "max":
		ns := flatten(args)
		if len(ns) == 0 {
			return Value{}
		}
		m := ns[0]
		for _, n := range ns[1:] {
			if (e.Name == "min" && n < m) || (e.Name == "max" && n > m) {
				m = n
			}
		}
		return Num(m)
	case "round":
		x, ok := args[0].AsNumber()
		if !ok {
			return Value{}
		}
		p := 0.0
		if len(args) > 1 {
			if p, ok = args[1].AsNumber(); !ok || p != math.Trunc(p) || p < 0 || p > 15 {
				return Value{}
			}
		}
		return Num(Round(x, int(p)))
	case "abs":
		x, ok := args[0].AsNumber()
		if !ok {
			return Value{}
		}
		return Num(math.Abs(x))
	case "len":
		v := args[0]
		if v.K == List {
			return Num(float64(len(v.L)))
		}
		if v.K == Empty {
			return Num(0)
		}
		return Num(float64(RuneLen(v.String())))
	}
	if v, ok := callMore(e.Name, args, env); ok {
		return v
	}
	return Value{}
}
