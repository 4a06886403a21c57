package survey

import (
	"fmt"
	"strings"

	"dwsurvey/survey/dsl"
)

// Checker warning codes.
const (
	WarnUnreachable  = "unreachable"
	WarnBackwardJump = "backwardJump"
	WarnSelfJump     = "selfJump"
	WarnMissingRef   = "missingReference"
	WarnNeverTrue    = "neverTrue"
	WarnQuotaHidden  = "quotaOnHidden"
	WarnWrongBlock   = "wrongBlock"
)

// CheckLogic is the pre-publish logic checker. It returns warnings (with
// paths) for: rules that reference deleted questions or options, jumps
// backwards or to themselves (the only way to build loops, since forward
// jumps cannot cycle), questions that can never be shown, conditions that
// can never be true, quotas on options that are always hidden, and DSL
// statements placed in a block of another kind, and answer placeholders that quote a later,
// deleted or unknown question (CheckPipes). Warnings never block
// loading; publishing shows them.
func CheckLogic(s *Survey) []Issue {
	var out []Issue
	warn := func(path, code, format string, args ...any) {
		out = append(out, Issue{Path: path, Code: code, Message: fmt.Sprintf(format, args...), Severity: "warning"})
	}
	ix := NewIndex(s)
	// Reference problems found by the load checks, as warnings.
	for _, is := range Check(s) {
		switch {
		case is.Code == IssueMissingTarget:
			warn(is.Path, WarnMissingRef, "%s", is.Message)
		case is.Code == IssueDsl, strings.HasPrefix(is.Code, "pipe"): // answer placeholders (pipestore.go)
			warn(is.Path, is.Code, "%s", is.Message)
		}
	}
	c := CompileDsl(s, ix)
	n := len(ix.Qs)
	never := make([]bool, n) // can never be visible
	for i, q := range ix.Qs {
		if q.QuAttr != nil && q.QuAttr.HideQu {
			never[i] = true
		}
	}
	// questionLogics jumps and impossible comparisons.
	showTriggers := map[int][]int{}
	for i, q := range ix.Qs {
		for j, r := range q.QuestionLogics {
			if r == nil {
				continue
			}
			p := fmt.Sprintf("questions[%d].questionLogics[%d]", i, j)
			kind := LogicKind(string(r.LogicType))
			if kind == "GO" && len(r.SkQuID) > 0 && !isEndTarget(r.SkQuID[0]) {
				if ti, ok := ix.ByID[r.SkQuID[0]]; ok {
					switch {
					case ti == i:
						warn(p, WarnSelfJump, "jump to its own question")
					case ti < i:
						warn(p, WarnBackwardJump, "jump backwards to question %d (backward jumps are ignored)", ix.Num[ti])
					}
				}
			}
			if kind == "SHOW" {
				for _, t := range r.SkQuID {
					if ti, ok := ix.ByID[t]; ok {
						showTriggers[ti] = append(showTriggers[ti], i)
					}
				}
			}
			if msg := impossibleRule(q, r); msg != "" {
				warn(p, WarnNeverTrue, "%s", msg)
			}
		}
	}
	// DSL statements.
	for _, r := range c.Rules {
		st := r.Stmt
		p := fmt.Sprintf("%s %d:%d", r.Src.Path, st.Pos.Line, st.Pos.Col)
		if st.Kind == dsl.SIf || st.Kind == dsl.SValidate {
			if msg := neverTrue(ix, st.Cond); msg != "" {
				warn(p, WarnNeverTrue, "%s", msg)
			}
		}
		act := st
		if st.Kind == dsl.SIf {
			act = st.Then
		}
		if want := blockKinds[r.Src.Block]; want != "" && !strings.Contains(want, ","+act.Kind+",") {
			warn(p, WarnWrongBlock, "%s statement in %s", act.Kind, r.Src.Block)
		}
		switch act.Kind {
		case dsl.SGoto:
			from := r.Owner
			walk(st.Cond, func(x *dsl.Expr) {
				if qi, ok := ix.ByID[x.Ref.QuDwID]; ok && qi > from {
					from = qi
				}
			})
			if act.Target.Name == "END" || from < 0 {
				if from >= 0 && st.Kind != dsl.SIf {
					for k := from + 1; k < n; k++ {
						never[k] = true
					}
				}
				continue
			}
			ti, ok := ix.ByID[act.Target.QuDwID]
			if !ok {
				continue
			}
			switch {
			case ti == from:
				warn(p, WarnSelfJump, "goto its own trigger question")
			case ti < from:
				warn(p, WarnBackwardJump, "goto jumps backwards (ignored by the engine)")
			case st.Kind != dsl.SIf:
				for k := from + 1; k < ti; k++ {
					never[k] = true
				}
			}
		case dsl.SHide:
			if st.Kind != dsl.SIf {
				for _, t := range act.Targets {
					if qi, ok := ix.ByID[t.QuDwID]; ok && t.ItemDwID == "" {
						never[qi] = true
					}
				}
			}
		case dsl.SShow:
			if st.Kind == dsl.SIf {
				for _, t := range act.Targets {
					if qi, ok := ix.ByID[t.QuDwID]; ok && t.ItemDwID == "" {
						var trig []int
						walk(st.Cond, func(x *dsl.Expr) {
							if ti, ok := ix.ByID[x.Ref.QuDwID]; ok {
								trig = append(trig, ti)
							}
						})
						if len(trig) == 0 {
							trig = []int{-1}
						}
						showTriggers[qi] = append(showTriggers[qi], trig...)
					}
				}
			}
		}
	}
	// A show target is unreachable when every trigger question is.
	for changed := true; changed; {
		changed = false
		for qi, trig := range showTriggers {
			if never[qi] {
				continue
			}
			all := true
			for _, t := range trig {
				all = all && t >= 0 && never[t]
			}
			if all {
				never[qi] = true
				changed = true
			}
		}
	}
	for i, q := range ix.Qs {
		if never[i] && string(q.QuType) != TypePageTag && !(q.QuAttr != nil && bool(q.QuAttr.HideQu)) {
			warn(fmt.Sprintf("questions[%d]", i), WarnUnreachable, "question %d can never be shown", ix.Num[i])
		}
	}
	// Quotas on hidden options.
	for _, r := range c.Rules {
		if r.Kind != dsl.SQuota {
			continue
		}
		for _, t := range r.Targets {
			ref, ok := ix.Opt[t.ItemDwID]
			if !ok {
				continue
			}
			if never[ref.Q] || (ix.Qs[ref.Q].QuAttr != nil && bool(ix.Qs[ref.Q].QuAttr.HideQu)) {
				warn(fmt.Sprintf("%s %d:%d", r.Src.Path, r.Pos.Line, r.Pos.Col), WarnQuotaHidden, "quota on %s, whose question is never shown", t.Name)
			}
			for _, h := range c.Rules {
				if h.Kind == dsl.SHide {
					for _, ht := range h.Targets {
						if ht.ItemDwID == t.ItemDwID {
							warn(fmt.Sprintf("%s %d:%d", r.Src.Path, r.Pos.Line, r.Pos.Col), WarnQuotaHidden, "quota on %s, which is always hidden", t.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// blockKinds lists the statement kinds each question block expects.
var blockKinds = map[string]string{
	"showDsl":       ",show,",
	"hideDsl":       ",hide,",
	"gotoDsl":       ",goto,",
	"validateDsl":   ",validate,",
	"assignmentDsl": ",assign,",
	"mutexDsl":      ",mutex,",
	"quotaDsls":     ",quota,",
}

// impossibleRule finds questionLogics comparisons that can never match.
func impossibleRule(q *Question, r *QuestionLogic) string {
	if r.GeLe == "" || string(q.QuType) != TypeOrderQu {
		return ""
	}
	n := float64(len(q.Options()))
	s := float64(r.ScoreNum)
	switch strings.ToUpper(string(r.GeLe)) {
	case "LT":
		if s <= 1 {
			return fmt.Sprintf("rank < %v is impossible (ranks start at 1)", s)
		}
	case "LTE", "LE":
		if s < 1 {
			return fmt.Sprintf("rank <= %v is impossible (ranks start at 1)", s)
		}
	case "GT":
		if s >= n {
			return fmt.Sprintf("rank > %v is impossible with %v options", s, n)
		}
	case "GTE", "GE":
		if s > n {
			return fmt.Sprintf("rank >= %v is impossible with %v options", s, n)
		}
	}
	return ""
}

// neverTrue detects conditions that are constant false: conditions without
// references that evaluate false, and a single-choice question compared
// for equality with an option number it does not have.
func neverTrue(ix *Index, e *dsl.Expr) string {
	if e == nil {
		return ""
	}
	refs := 0
	walk(e, func(*dsl.Expr) { refs++ })
	if refs == 0 && !dsl.Cond(e, dsl.MapEnv{}) {
		return "condition is always false"
	}
	msg := ""
	var visit func(x *dsl.Expr)
	visit = func(x *dsl.Expr) {
		if x == nil || msg != "" {
			return
		}
		if x.Type == dsl.KBinary && x.Op == "=" && x.Left.Type == dsl.KRef && x.Right.Type == dsl.KNum {
			r := x.Left.Ref
			if qi, ok := ix.ByID[r.QuDwID]; ok && r.ItemDwID == "" && r.ColDwID == "" {
				q := ix.Qs[qi]
				custom := false
				for _, o := range q.Options() {
					custom = custom || (o.ValueAtrrs != nil && o.ValueAtrrs.CustomValue != "")
				}
				if q.IsRadioLike() && !custom {
					k := x.Right.Num
					if k != float64(int(k)) || k < 1 || int(k) > len(q.Options()) {
						msg = fmt.Sprintf("%s has no option %s", r.Name, dsl.FormatNumber(k))
					}
				}
			}
		}
		visit(x.Left)
		visit(x.Right)
		for _, a := range x.Args {
			visit(a)
		}
	}
	visit(e)
	return msg
}
