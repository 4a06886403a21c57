package survey

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"dwsurvey/survey/dsl"
)

// DslSource is one DSL text of a document and where it lives.
type DslSource struct {
	Path  string // e.g. "dwDsl", "logicDsl.quotaDsls[0]", "questions[2].logicDsl.showDsl"
	Block string // dwDsl, mutexDsl, quotaDsls, showDsl, hideDsl, gotoDsl, validateDsl, assignmentDsl
	Owner int    // owning question position, -1 for survey level
	Text  string
}

// Sources lists every DSL text in evaluation order: dwDsl, survey
// logicDsl.mutexDsl and quotaDsls, then each question's blocks in question
// order (showDsl, hideDsl, gotoDsl, validateDsl, assignmentDsl, mutexDsl,
// quotaDsls).
func Sources(s *Survey) []DslSource {
	var out []DslSource
	if s.DwDsl != "" {
		out = append(out, DslSource{"dwDsl", "dwDsl", -1, string(s.DwDsl)})
	}
	if l := s.LogicDsl; l != nil {
		for i, t := range l.MutexDsl {
			out = append(out, DslSource{fmt.Sprintf("logicDsl.mutexDsl[%d]", i), "mutexDsl", -1, t})
		}
		for i, t := range l.QuotaDsls {
			out = append(out, DslSource{fmt.Sprintf("logicDsl.quotaDsls[%d]", i), "quotaDsls", -1, t})
		}
	}
	for qi, q := range s.Questions {
		if q == nil || q.LogicDsl == nil {
			continue
		}
		l := q.LogicDsl
		p := fmt.Sprintf("questions[%d].logicDsl.", qi)
		for _, b := range []struct {
			name string
			t    Str
		}{{"showDsl", l.ShowDsl}, {"hideDsl", l.HideDsl}, {"gotoDsl", l.GotoDsl}, {"validateDsl", l.ValidateDsl}, {"assignmentDsl", l.AssignmentDsl}, {"mutexDsl", l.MutexDsl}} {
			if strings.TrimSpace(string(b.t)) != "" {
				out = append(out, DslSource{p + b.name, b.name, qi, string(b.t)})
			}
		}
		for i, t := range l.QuotaDsls {
			out = append(out, DslSource{fmt.Sprintf("%squotaDsls[%d]", p, i), "quotaDsls", qi, t})
		}
	}
	return out
}

// Rule is a compiled DSL statement with its origin.
type Rule struct {
	*dsl.Stmt
	Src   *DslSource
	Owner int
}

// Compiled holds a document's DSL statements with references resolved.
type Compiled struct {
	Rules  []*Rule
	Issues []Issue
}

// CompileDsl parses and resolves every DSL text of the document. Statements
// of texts that fail to parse are skipped (and reported as issues).
func CompileDsl(s *Survey, ix *Index) *Compiled {
	c := &Compiled{}
	srcs := Sources(s)
	// A stored AST is used when the survey has no dwDsl source text.
	if s.DwDsl == "" && len(s.DwDslAst) > 0 && string(s.DwDslAst) != "null" {
		var p dsl.Program
		if err := json.Unmarshal(s.DwDslAst, &p); err != nil {
			c.Issues = append(c.Issues, Issue{Path: "dwDslAst", Code: IssueDsl, Message: err.Error(), Severity: "error"})
		} else {
			src := &DslSource{"dwDslAst", "dwDsl", -1, ""}
			c.sanitize(src, &p)
			c.add(ix, src, &p)
			src.Text = dsl.Format(&p) // re-numbered to the current positions
		}
	}
	for i := range srcs {
		src := &srcs[i]
		p, err := dsl.Parse(src.Text)
		if err != nil {
			c.Issues = append(c.Issues, Issue{Path: src.Path, Code: IssueDsl, Message: err.Error(), Severity: "error"})
			continue
		}
		c.add(ix, src, p)
	}
	return c
}

func (c *Compiled) add(ix *Index, src *DslSource, p *dsl.Program) {
	for _, st := range p.Stmts {
		if st.Kind == dsl.SComment {
			continue
		}
		r := &Rule{Stmt: st, Src: src, Owner: src.Owner}
		c.resolveStmt(ix, r, st)
		c.Rules = append(c.Rules, r)
	}
}

func (c *Compiled) issue(src *DslSource, pos dsl.Pos, format string, args ...any) {
	c.Issues = append(c.Issues, Issue{Path: src.Path, Code: IssueMissingTarget,
		Message: fmt.Sprintf("%d:%d: ", pos.Line, pos.Col) + fmt.Sprintf(format, args...), Severity: "error"})
}

func (c *Compiled) resolveStmt(ix *Index, r *Rule, st *dsl.Stmt) {
	for _, t := range st.Targets {
		c.resolve(ix, r.Src, st.Pos, t)
	}
	for _, t := range st.Others {
		c.resolve(ix, r.Src, st.Pos, t)
	}
	if st.Target != nil && st.Target.Name != "END" {
		c.resolve(ix, r.Src, st.Pos, st.Target)
	}
	walk(st.Cond, func(e *dsl.Expr) { c.resolve(ix, r.Src, e.Pos, e.Ref) })
	walk(st.Value, func(e *dsl.Expr) { c.resolve(ix, r.Src, e.Pos, e.Ref) })
	if st.Then != nil {
		c.resolveStmt(ix, r, st.Then)
	}
}

// walk calls f for every reference node of e.
func walk(e *dsl.Expr, f func(*dsl.Expr)) {
	if e == nil {
		return
	}
	if e.Type == dsl.KRef && e.Ref != nil {
		f(e)
	}
	walk(e.Left, f)
	walk(e.Right, f)
	for _, a := range e.Args {
		walk(a, f)
	}
}

// resolve fills QuDwID/ItemDwID/ColDwID of a reference. A reference that
// already carries dwIds (a stored AST) is re-resolved from them first, so a
// stored AST survives question moves: its numbers and name are rewritten to
// the current positions. The numbers are used only when no dwId is stored.
// A stored dwId that no longer exists (a deleted question or option) is
// reported and the reference is left unresolved (it never falls back to the
// number, which may now name another question).
func (c *Compiled) resolve(ix *Index, src *DslSource, pos dsl.Pos, r *dsl.Ref) {
	unset := func() { r.QuDwID, r.ItemDwID, r.ColDwID, r.Slot = "", "", "", 0 }
	stored := r.QuDwID != "" || r.ItemDwID != "" || r.ColDwID != ""
	if r.Var {
		qi, ok := -1, false
		if r.QuDwID != "" {
			if qi, ok = ix.ByID[r.QuDwID]; !ok {
				c.issue(src, pos, "question %s (dwId %q) no longer exists", r.Name, r.QuDwID)
				unset()
				return
			}
		} else if qi, ok = ix.Vars[r.Name]; !ok {
			c.issue(src, pos, "unknown variable %q", r.Name)
			unset()
			return
		}
		r.QuDwID, r.ItemDwID, r.ColDwID = string(ix.Qs[qi].DwID), "", ""
		r.Slot = qi + 1
		if vi, ok := ix.Vars[r.Name]; (!ok || vi != qi) && ix.Num[qi] > 0 {
			// The variable was renamed: print the question by number.
			r.Var, r.Q, r.A, r.R, r.C = false, ix.Num[qi], 0, 0, 0
			r.Name = refName(r)
		}
		return
	}
	var qi int
	if stored {
		ok := false
		if r.QuDwID == "" {
			c.issue(src, pos, "%s has no question dwId", r.Name)
			unset()
			return
		}
		if qi, ok = ix.ByID[r.QuDwID]; !ok {
			c.issue(src, pos, "question %s (dwId %q) no longer exists", r.Name, r.QuDwID)
			unset()
			return
		}
		if ix.Num[qi] > 0 {
			r.Q = ix.Num[qi]
		}
	} else {
		ok := false
		if qi, ok = ix.ByNum[r.Q]; !ok {
			c.issue(src, pos, "question %s does not exist", r.Name)
			unset()
			return
		}
	}
	q := ix.Qs[qi]
	r.QuDwID = string(q.DwID)
	r.Slot = qi + 1
	// item resolves the item of one kind: by its stored dwId (which must
	// belong to this question and be of this kind), else by number.
	item := func(id *string, n *int, list []*Option, what string, kinds ...string) bool {
		if *id != "" {
			o, ok := ix.Opt[*id]
			good := ok && o.Q == qi
			if good {
				good = false
				for _, k := range kinds {
					good = good || o.Kind == k
				}
			}
			if !good {
				c.issue(src, pos, "%s %s (dwId %q) no longer exists", what, r.Name, *id)
				return false
			}
			*n = o.N
			return true
		}
		if *n < 1 || *n > len(list) {
			c.issue(src, pos, "%s %s does not exist", what, r.Name)
			return false
		}
		*id = string(list[*n-1].DwID)
		return true
	}
	ok := true
	switch {
	case r.A > 0:
		r.ColDwID = ""
		ok = item(&r.ItemDwID, &r.A, q.Options(), "option", "option")
	case r.R > 0:
		ok = item(&r.ItemDwID, &r.R, q.QuRows, "row", "row", "group")
		if r.C > 0 {
			ok = item(&r.ColDwID, &r.C, q.QuCols, "column", "col") && ok
		} else {
			r.ColDwID = ""
		}
	case r.C > 0:
		r.ItemDwID = ""
		ok = item(&r.ColDwID, &r.C, q.QuCols, "column", "col")
	default:
		// A question reference never carries an item (a stale id of
		// another kind is dropped).
		r.ItemDwID, r.ColDwID = "", ""
	}
	if !ok {
		unset()
		return
	}
	if stored {
		r.Name = refName(r)
	}
}

// refName prints a numbered reference: Q3, Q1A2, Q5R1, Q5R1C2, Q5C2.
func refName(r *dsl.Ref) string {
	s := "Q" + strconv.Itoa(r.Q)
	switch {
	case r.A > 0:
		s += "A" + strconv.Itoa(r.A)
	case r.R > 0:
		s += "R" + strconv.Itoa(r.R)
		if r.C > 0 {
			s += "C" + strconv.Itoa(r.C)
		}
	case r.C > 0:
		s += "C" + strconv.Itoa(r.C)
	}
	return s
}

// UpdateDslAst parses dwDsl and stores its AST (with resolved dwIds) in
// dwDslAst. It returns the first parse error.
func UpdateDslAst(s *Survey) error {
	if strings.TrimSpace(string(s.DwDsl)) == "" {
		s.DwDslAst = nil
		return nil
	}
	p, err := dsl.Parse(string(s.DwDsl))
	if err != nil {
		return err
	}
	ix := NewIndex(s)
	c := &Compiled{}
	src := &DslSource{"dwDsl", "dwDsl", -1, string(s.DwDsl)}
	for _, st := range p.Stmts {
		c.resolveStmt(ix, &Rule{Stmt: st, Src: src, Owner: -1}, st)
	}
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	s.DwDslAst = b
	return nil
}

// RefreshDslAst re-resolves the stored dwDslAst against the current
// document, after questions or options were moved, added or deleted. Every
// reference follows its stored dwIds; numbers and names are rewritten to
// the new positions. It returns the re-numbered program text and the
// issues (a reference whose question or option was deleted, located by
// line:col). Without issues, dwDslAst and dwDsl are both rewritten. With
// issues, dwDslAst is rewritten (deleted references keep their stale dwIds,
// so they stay reported and inactive) and dwDsl is cleared, so that the
// engine runs the AST and never binds a stale number to another question.
// A survey without a stored AST is left unchanged.
func RefreshDslAst(s *Survey) (string, []Issue, error) {
	if len(s.DwDslAst) == 0 || string(s.DwDslAst) == "null" {
		return string(s.DwDsl), nil, nil
	}
	var p dsl.Program
	if err := json.Unmarshal(s.DwDslAst, &p); err != nil {
		return "", nil, err
	}
	ix := NewIndex(s)
	c := &Compiled{}
	src := &DslSource{"dwDslAst", "dwDsl", -1, ""}
	c.sanitize(src, &p)
	var stale []*dsl.Ref
	keep := map[*dsl.Ref][3]string{}
	for _, st := range p.Stmts {
		eachRef(st, func(r *dsl.Ref) { keep[r] = [3]string{r.QuDwID, r.ItemDwID, r.ColDwID} })
	}
	for _, st := range p.Stmts {
		n := len(c.Issues)
		c.resolveStmt(ix, &Rule{Stmt: st, Src: src, Owner: -1}, st)
		if len(c.Issues) > n {
			eachRef(st, func(r *dsl.Ref) {
				if r.QuDwID == "" && r.Name != "END" {
					stale = append(stale, r)
				}
			})
		}
	}
	for _, r := range stale {
		k := keep[r]
		r.QuDwID, r.ItemDwID, r.ColDwID = k[0], k[1], k[2]
	}
	text := dsl.Format(&p)
	b, err := json.Marshal(&p)
	if err != nil {
		return "", nil, err
	}
	s.DwDslAst = b
	if len(c.Issues) == 0 {
		s.DwDsl = Str(text)
	} else {
		s.DwDsl = ""
	}
	return text, c.Issues, nil
}

// eachRef calls f for every reference of a statement.
func eachRef(st *dsl.Stmt, f func(*dsl.Ref)) {
	if st == nil {
		return
	}
	for _, r := range st.Targets {
		f(r)
	}
	for _, r := range st.Others {
		f(r)
	}
	if st.Target != nil {
		f(st.Target)
	}
	walk(st.Cond, func(e *dsl.Expr) { f(e.Ref) })
	walk(st.Value, func(e *dsl.Expr) { f(e.Ref) })
	eachRef(st.Then, f)
}

// sanitize drops the statements of a stored AST that the engine cannot run
// (an if without its condition or action, a goto or assign without its
// target, an expression node without its operands, null references) and
// reports each one.
func (c *Compiled) sanitize(src *DslSource, p *dsl.Program) {
	var keep []*dsl.Stmt
	for _, st := range p.Stmts {
		if st == nil {
			continue
		}
		if !validStmt(st, true) {
			c.Issues = append(c.Issues, Issue{Path: src.Path, Code: IssueDsl,
				Message: fmt.Sprintf("%d:%d: malformed %q statement in the stored AST", st.Pos.Line, st.Pos.Col, st.Kind), Severity: "error"})
			continue
		}
		keep = append(keep, st)
	}
	p.Stmts = keep
}

func validStmt(st *dsl.Stmt, top bool) bool {
	if st == nil {
		return false
	}
	for _, l := range [][]*dsl.Ref{st.Targets, st.Others} {
		for _, r := range l {
			if r == nil {
				return false
			}
		}
	}
	switch st.Kind {
	case dsl.SIf:
		return top && validExpr(st.Cond) && st.Then != nil && st.Then.Kind != dsl.SIf && validStmt(st.Then, false)
	case dsl.SGoto:
		return st.Target != nil
	case dsl.SAssign:
		return st.Target != nil && validExpr(st.Value)
	case dsl.SValidate:
		return validExpr(st.Cond)
	}
	return true
}

func validExpr(e *dsl.Expr) bool {
	if e == nil {
		return false
	}
	switch e.Type {
	case dsl.KRef:
		return e.Ref != nil
	case dsl.KUnary:
		return validExpr(e.Left)
	case dsl.KBinary:
		return validExpr(e.Left) && validExpr(e.Right)
	case dsl.KCall:
		// arity and argument kinds (a regex pattern of the common syntax...) as the parser checks them
		for _, a := range e.Args {
			if !validExpr(a) {
				return false
			}
		}
		return dsl.CheckCall(e) == nil
	case dsl.KList:
		for _, a := range e.Args {
			if !validExpr(a) {
				return false
			}
		}
	}
	return true
}
