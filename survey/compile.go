package survey

import (
	"encoding/json"
	"fmt"
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
			src := &DslSource{"dwDslAst", "dwDsl", -1, dsl.Format(&p)}
			c.add(ix, src, &p)
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
	if e.Type == dsl.KRef {
		f(e)
	}
	walk(e.Left, f)
	walk(e.Right, f)
	for _, a := range e.Args {
		walk(a, f)
	}
}

// resolve fills QuDwID/ItemDwID/ColDwID of a reference. A reference that
// already carries dwIds (a stored AST) is re-numbered from them first, so a
// stored AST survives question moves.
func (c *Compiled) resolve(ix *Index, src *DslSource, pos dsl.Pos, r *dsl.Ref) {
	if r.Var {
		qi, ok := ix.Vars[r.Name]
		if !ok {
			c.issue(src, pos, "unknown variable %q", r.Name)
			return
		}
		r.QuDwID = string(ix.Qs[qi].DwID)
		r.Slot = qi + 1
		return
	}
	qi, ok := ix.ByNum[r.Q]
	if !ok {
		c.issue(src, pos, "question %s does not exist", r.Name)
		r.QuDwID, r.ItemDwID, r.ColDwID = "", "", ""
		return
	}
	q := ix.Qs[qi]
	r.QuDwID = string(q.DwID)
	r.Slot = qi + 1
	item := func(list []*Option, n int, what string) string {
		if n < 1 || n > len(list) {
			c.issue(src, pos, "%s %s does not exist", what, r.Name)
			return ""
		}
		return string(list[n-1].DwID)
	}
	switch {
	case r.A > 0:
		r.ItemDwID = item(q.Options(), r.A, "option")
	case r.R > 0:
		r.ItemDwID = item(q.QuRows, r.R, "row")
		if r.C > 0 {
			r.ColDwID = item(q.QuCols, r.C, "column")
		}
	case r.C > 0:
		r.ColDwID = item(q.QuCols, r.C, "column")
	}
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
