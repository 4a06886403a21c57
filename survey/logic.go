package survey

import (
	"sort"
	"strings"

	"dwsurvey/survey/dsl"
)

type passState struct {
	hq         []bool
	ho         map[string]bool
	solutions  []string
	assigned   map[string]dsl.Value
	assignList []Assignment
	hints      []Hint
	end        bool
}

// ruleMatches reports whether a questionLogics rule fires for the
// question's current answer (spec: radio in list; checkbox or/and; order
// and score compared with geLe/scoreNum; multi-blank filled; text filled;
// upload has a file).
func (e *Engine) ruleMatches(v *view, qi int, r *QuestionLogic) bool {
	q := e.Ix.Qs[qi]
	a := v.answer(qi)
	if a == nil {
		return false
	}
	t := NormType(string(q.QuType))
	cmp := func(x float64) bool {
		s := float64(r.ScoreNum)
		switch strings.ToUpper(string(r.GeLe)) {
		case "LT":
			return x < s
		case "LTE", "LE":
			return x <= s
		case "GT":
			return x > s
		case "GTE", "GE":
			return x >= s
		}
		return true
	}
	switch {
	case q.IsRadioLike() || q.IsCheckboxLike():
		if len(r.CgQuItemID) == 0 {
			return !v.questionValue(qi).IsEmpty()
		}
		all := strings.EqualFold(string(r.CgMode), "and")
		for _, id := range r.CgQuItemID {
			s := v.selected(qi, id)
			if s && !all {
				return true
			}
			if !s && all {
				return false
			}
		}
		return all
	case t == TypeOrderQu || t == TypeScore || t == TypeChenScore || t == TypeMultiFillblank:
		ids := r.CgQuItemID
		if len(ids) == 0 {
			for _, o := range q.Options() {
				ids = append(ids, string(o.DwID))
			}
		}
		for _, id := range ids {
			x := v.itemValue(qi, &dsl.Ref{QuDwID: string(q.DwID), ItemDwID: id})
			if x.IsEmpty() {
				continue
			}
			if x.K != dsl.Number || cmp(x.N) {
				return true
			}
		}
		return false
	case t == TypeScaleNPS || t == TypeScaleSlider:
		x := v.questionValue(qi)
		return !x.IsEmpty() && cmp(x.N)
	}
	return !v.questionValue(qi).IsEmpty()
}

// pass computes hidden questions/options, solutions, assignments and
// hints from the view (whose hidden sets come from the previous pass).
func (e *Engine) pass(v *view) passState {
	n := len(e.Ix.Qs)
	ps := passState{hq: make([]bool, n), ho: map[string]bool{}, assigned: map[string]dsl.Value{}}
	showTarget := make([]bool, n)
	shown := make([]bool, n)
	optShowTarget := map[string]bool{}
	optShown := map[string]bool{}
	forced := make([]bool, n)
	seenSol := map[string]bool{}
	addSol := func(id string) {
		if !seenSol[id] {
			seenSol[id] = true
			ps.solutions = append(ps.solutions, id)
		}
	}
	hideRange := func(from int, target string) {
		to := n
		if !isEndTarget(target) {
			ti, ok := e.Ix.ByID[target]
			if !ok || ti <= from {
				return // backward or missing jumps are ignored (checker warns)
			}
			to = ti
		} else {
			ps.end = true
		}
		for i := from + 1; i < to; i++ {
			if string(e.Ix.Qs[i].QuType) != TypePageTag {
				forced[i] = true
			}
		}
	}
	for qi, q := range e.Ix.Qs {
		if q.QuAttr != nil && q.QuAttr.HideQu {
			forced[qi] = true
		}
		for _, r := range q.QuestionLogics {
			if r == nil {
				continue
			}
			kind := LogicKind(string(r.LogicType))
			if kind == "SHOW" {
				for _, t := range r.SkQuID {
					if ti, ok := e.Ix.ByID[t]; ok {
						showTarget[ti] = true
					}
				}
			}
			if !e.ruleMatches(v, qi, r) {
				continue
			}
			switch kind {
			case "GO":
				if len(r.SkQuID) > 0 {
					hideRange(qi, r.SkQuID[0])
				}
			case "SHOW":
				for _, t := range r.SkQuID {
					if ti, ok := e.Ix.ByID[t]; ok {
						shown[ti] = true
					}
				}
			case "SOLUTION":
				for _, t := range r.SkQuID {
					addSol(t)
				}
			}
		}
	}
	// DSL statements in order. Assignments are visible to later statements.
	env := &view{e: e, ans: v.ans, hq: v.hq, ho: v.ho, assigned: ps.assigned, day: v.day}
	assignOrder := []string{}
	assignSeen := map[string]bool{}
	type hintKey struct{ q, m string }
	hintSeen := map[hintKey]bool{}
	var hints []Hint
	for _, r := range e.C.Rules {
		st := r.Stmt
		fired := true
		if st.Kind == dsl.SIf {
			fired = dsl.Cond(st.Cond, env)
			st = st.Then
		}
		switch st.Kind {
		case dsl.SShow, dsl.SHide:
			for _, t := range st.Targets {
				qi, ok := e.Ix.ByID[t.QuDwID]
				if !ok {
					continue
				}
				if st.Kind == dsl.SShow && r.Kind == dsl.SIf {
					if t.ItemDwID != "" {
						optShowTarget[t.ItemDwID] = true
					} else {
						showTarget[qi] = true
					}
				}
				if !fired {
					continue
				}
				switch {
				case st.Kind == dsl.SShow && t.ItemDwID != "":
					optShown[t.ItemDwID] = true
				case st.Kind == dsl.SShow:
					shown[qi] = true
				case t.ItemDwID != "":
					ps.ho[t.ItemDwID] = true
				default:
					forced[qi] = true
				}
			}
		case dsl.SGoto:
			if !fired {
				continue
			}
			from := r.Owner
			walk(r.Cond, func(x *dsl.Expr) {
				if qi, ok := e.Ix.ByID[x.Ref.QuDwID]; ok && qi > from {
					from = qi
				}
			})
			if from < 0 {
				continue
			}
			target := st.Target.QuDwID
			if st.Target.Name == "END" {
				target = "END"
			}
			hideRange(from, target)
		case dsl.SAssign:
			id := st.Target.QuDwID
			if _, ok := e.Ix.ByID[id]; !ok {
				continue // unresolved target (reported by CompileDsl)
			}
			if !assignSeen[id] {
				assignSeen[id] = true
				assignOrder = append(assignOrder, id)
			}
			if fired {
				x := dsl.Eval(st.Value, env)
				if x.K == dsl.String && x.S == "" {
					x = dsl.Value{} // the empty text is empty: no answer is written
				}
				ps.assigned[id] = x
			}
		case dsl.SSolution:
			if fired {
				addSol(st.Message)
			}
		case dsl.SValidate:
			if !fired {
				continue
			}
			targets := st.Targets
			answered := false
			var refs []*dsl.Ref
			walk(st.Cond, func(x *dsl.Expr) {
				refs = append(refs, x.Ref)
				if !env.Lookup(&dsl.Ref{QuDwID: x.Ref.QuDwID}).IsEmpty() {
					answered = true
				}
			})
			if !answered || dsl.Cond(st.Cond, env) {
				continue
			}
			if len(targets) == 0 {
				targets = refs
			}
			for _, t := range targets {
				k := hintKey{t.QuDwID, st.Message}
				if _, ok := e.Ix.ByID[t.QuDwID]; ok && !hintSeen[k] {
					hintSeen[k] = true
					hints = append(hints, Hint{QuDwID: t.QuDwID, Message: st.Message})
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		ps.hq[i] = forced[i] || (showTarget[i] && !shown[i])
	}
	// Options: showBy links and DSL show targets.
	for qi, q := range e.Ix.Qs {
		for _, o := range e.items(q) {
			id := string(o.DwID)
			if optShowTarget[id] && !optShown[id] {
				ps.ho[id] = true
			}
			if len(o.ShowBy) > 0 {
				ok := false
				for _, src := range o.ShowBy {
					if ref, found := e.Ix.Opt[src]; found && v.selected(ref.Q, src) {
						ok = true
						break
					}
				}
				if !ok {
					ps.ho[id] = true
				}
			}
		}
		_ = qi
	}
	// Hints in document order of their questions, only on visible ones.
	sort.SliceStable(hints, func(i, j int) bool { return e.Ix.ByID[hints[i].QuDwID] < e.Ix.ByID[hints[j].QuDwID] })
	ps.hints = []Hint{}
	for _, h := range hints {
		if !ps.hq[e.Ix.ByID[h.QuDwID]] {
			ps.hints = append(ps.hints, h)
		}
	}
	if ps.solutions == nil {
		ps.solutions = []string{}
	}
	ps.assignList = []Assignment{}
	for _, id := range assignOrder {
		var val any
		if x, ok := ps.assigned[id]; ok {
			val = x.JSON()
		}
		ps.assignList = append(ps.assignList, Assignment{QuDwID: id, Value: val})
	}
	return ps
}

// applyMutex applies mutex statements and exclusive (optionAttrs.mutual)
// options. With Changed on one side, the other side is unchecked; without
// it, a conflict is reported as an error on the question.
func (e *Engine) applyMutex(ans map[string]*AnQuestion, changed string, unchecked map[string]bool) map[int]*Message {
	errs := map[int]*Message{}
	v := &view{e: e, ans: ans}
	uncheck := func(ids map[string]bool) {
		for qid, a := range ans {
			c := *a
			touched := false
			if a.AnRadio != nil && ids[string(a.AnRadio.OptionDwID)] {
				unchecked[string(a.AnRadio.OptionDwID)] = true
				c.AnRadio = nil
				touched = true
			}
			var keep []*AnOption
			for _, o := range a.AnCheckboxs {
				if o != nil && ids[string(o.OptionDwID)] {
					unchecked[string(o.OptionDwID)] = true
					touched = true
					continue
				}
				keep = append(keep, o)
			}
			if touched {
				c.AnCheckboxs = keep
				ans[qid] = &c
			}
		}
	}
	selectedOf := func(refs []*dsl.Ref) map[string]bool {
		out := map[string]bool{}
		for _, r := range refs {
			if ref, ok := e.Ix.Opt[r.ItemDwID]; ok && v.selected(ref.Q, r.ItemDwID) {
				out[r.ItemDwID] = true
			}
		}
		return out
	}
	in := func(refs []*dsl.Ref, id string) bool {
		for _, r := range refs {
			if r.ItemDwID == id {
				return true
			}
		}
		return false
	}
	for _, r := range e.C.Rules {
		if r.Kind != dsl.SMutex {
			continue
		}
		a, b := selectedOf(r.Targets), selectedOf(r.Others)
		if len(a) == 0 || len(b) == 0 {
			continue
		}
		switch {
		case changed != "" && a[changed] && in(r.Targets, changed):
			uncheck(b)
		case changed != "" && b[changed] && in(r.Others, changed):
			uncheck(a)
		default:
			// The error goes on the question of the first option of the
			// second group that exists (b is not empty, so one does).
			qi := -1
			for _, o := range r.Others {
				if ref, ok := e.Ix.Opt[o.ItemDwID]; ok {
					qi = ref.Q
					break
				}
			}
			if _, done := errs[qi]; qi >= 0 && !done {
				errs[qi] = newMsg(string(e.Ix.Qs[qi].DwID), "mutex", nil)
			}
		}
	}
	// Exclusive options inside a checkbox question.
	for qi, q := range e.Ix.Qs {
		if !q.IsCheckboxLike() {
			continue
		}
		var mutual, others []string
		for _, o := range q.Options() {
			if !v.selected(qi, string(o.DwID)) {
				continue
			}
			if o.OptionAttrs != nil && o.OptionAttrs.Mutual {
				mutual = append(mutual, string(o.DwID))
			} else {
				others = append(others, string(o.DwID))
			}
		}
		if len(mutual) == 0 || len(mutual)+len(others) < 2 {
			continue
		}
		set := func(l []string) map[string]bool {
			m := map[string]bool{}
			for _, x := range l {
				m[x] = true
			}
			return m
		}
		switch {
		case changed != "" && set(mutual)[changed]:
			drop := set(others)
			for _, m := range mutual {
				if m != changed {
					drop[m] = true
				}
			}
			uncheck(drop)
		case changed != "" && set(others)[changed]:
			uncheck(set(mutual))
		default:
			if _, done := errs[qi]; !done {
				errs[qi] = newMsg(string(q.DwID), "mutual", nil)
			}
		}
	}
	return errs
}

// quotaKey is the canonical text of a quota's targets.
func quotaKey(refs []*dsl.Ref) string {
	names := make([]string, len(refs))
	for i, r := range refs {
		names[i] = r.Name
	}
	return strings.Join(names, " and ")
}

// QuotaStorageKey is the stable key of a quota: its targets' option dwIds
// joined by "+" in source order (a target without a dwId keeps its name).
func QuotaStorageKey(refs []*dsl.Ref) string {
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = r.ItemDwID
		if parts[i] == "" {
			parts[i] = r.Name
		}
	}
	return strings.Join(parts, "+")
}

// QuotaMatches reports whether the answers match a quota: the targets are
// grouped by question; every group needs at least one selected option
// (options of one question are joint, across questions they are crossed).
func (e *Engine) quotaMatches(v *view, refs []*dsl.Ref) bool {
	groups := map[string]bool{}
	var order []string
	for _, r := range refs {
		if _, seen := groups[r.QuDwID]; !seen {
			groups[r.QuDwID] = false
			order = append(order, r.QuDwID)
		}
		if ref, ok := e.Ix.Opt[r.ItemDwID]; ok && !groups[r.QuDwID] {
			x := v.itemValue(ref.Q, r)
			groups[r.QuDwID] = x.Truthy()
		}
	}
	for _, q := range order {
		if !groups[q] {
			return false
		}
	}
	return len(order) > 0
}

func (e *Engine) quotas(v *view, counts map[string]int) []QuotaHit {
	out := []QuotaHit{}
	for _, r := range e.C.Rules {
		if r.Kind != dsl.SQuota {
			continue
		}
		key := QuotaStorageKey(r.Targets)
		h := QuotaHit{Key: key, Quota: quotaKey(r.Targets), Cap: int(r.Cap), Count: counts[key], Matched: e.quotaMatches(v, r.Targets)}
		h.Full = h.Matched && h.Count+1 > h.Cap
		out = append(out, h)
	}
	return out
}

// quotaErrors puts a quotaFull error on the question of the first target
// of every full quota.
func (e *Engine) quotaErrors(v *view, hits []QuotaHit) map[int]*Message {
	errs := map[int]*Message{}
	i := 0
	for _, r := range e.C.Rules {
		if r.Kind != dsl.SQuota {
			continue
		}
		h := hits[i]
		i++
		if !h.Full {
			continue
		}
		qi, ok := e.Ix.ByID[r.Targets[0].QuDwID]
		if ok && errs[qi] == nil {
			errs[qi] = newMsg(string(e.Ix.Qs[qi].DwID), "quotaFull", map[string]any{"quota": h.Quota})
		}
	}
	return errs
}
