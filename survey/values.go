package survey

import (
	"sort"

	"dwsurvey/survey/dsl"
)

// view is the answer state seen by rules: the submitted answers with the
// answers of hidden questions and the hidden options left out, plus
// assigned values.
type view struct {
	e        *Engine
	ans      map[string]*AnQuestion
	hq       []bool          // hidden questions (by position)
	ho       map[string]bool // hidden options
	assigned map[string]dsl.Value
	day      *dayClock // today() and age(); shared by the views of one evaluation
}

// dayClock gives one evaluation its date, read once from the engine's clock when the input
// carries none.
type dayClock struct {
	e     *Engine
	today string
}

// Today implements dsl.Clock: "YYYY-MM-DD" in the survey's time zone.
func (v *view) Today() string {
	if v.day == nil {
		return ""
	}
	if v.day.today == "" {
		v.day.today = v.day.e.Today()
	}
	return v.day.today
}

func (v *view) answer(qi int) *AnQuestion {
	if v.hq != nil && v.hq[qi] {
		return nil
	}
	return v.ans[string(v.e.Ix.Qs[qi].DwID)]
}

func (v *view) optHidden(id Str) bool { return v.ho != nil && v.ho[string(id)] }

// selected reports whether a choice option is selected.
func (v *view) selected(qi int, optID string) bool {
	a := v.answer(qi)
	if a == nil || v.optHidden(Str(optID)) {
		return false
	}
	if a.AnRadio != nil && string(a.AnRadio.OptionDwID) == optID {
		return true
	}
	for _, c := range a.AnCheckboxs {
		if c != nil && string(c.OptionDwID) == optID {
			return true
		}
	}
	return false
}

// optValue is an option's value in the condition language: its
// valueAtrrs.customValue when set, otherwise its 1-based number.
func (e *Engine) optValue(id string) dsl.Value {
	ref, ok := e.Ix.Opt[id]
	if !ok {
		return dsl.Value{}
	}
	if va := ref.O.ValueAtrrs; va != nil && va.CustomValue != "" {
		return dsl.Str(string(va.CustomValue))
	}
	return dsl.Num(float64(ref.N))
}

// Lookup implements dsl.Env.
func (v *view) Lookup(r *dsl.Ref) dsl.Value {
	qi := r.Slot - 1 // position cached by CompileDsl
	if qi < 0 || qi >= len(v.e.Ix.Qs) || string(v.e.Ix.Qs[qi].DwID) != r.QuDwID {
		var ok bool
		if qi, ok = v.e.Ix.ByID[r.QuDwID]; !ok {
			return dsl.Value{}
		}
	}
	if r.ItemDwID == "" && r.ColDwID == "" {
		if x, ok := v.assigned[r.QuDwID]; ok {
			return x
		}
		return v.questionValue(qi)
	}
	return v.itemValue(qi, r)
}

// questionValue is the value of Qn (see docs/logic-language.md).
func (v *view) questionValue(qi int) dsl.Value {
	q := v.e.Ix.Qs[qi]
	a := v.answer(qi)
	if a == nil {
		return dsl.Value{}
	}
	t := NormType(string(q.QuType))
	switch {
	case q.IsRadioLike() && !q.IsGroup():
		if a.AnRadio != nil && !v.optHidden(a.AnRadio.OptionDwID) {
			if _, ok := v.e.Ix.Opt[string(a.AnRadio.OptionDwID)]; ok {
				return v.e.optValue(string(a.AnRadio.OptionDwID))
			}
		}
		return dsl.Value{}
	case q.IsRadioLike() || q.IsCheckboxLike():
		var l []dsl.Value
		for _, o := range q.Options() {
			if v.selected(qi, string(o.DwID)) {
				l = append(l, v.e.optValue(string(o.DwID)))
			}
		}
		if len(l) == 0 {
			return dsl.Value{}
		}
		if q.IsRadioLike() && len(l) == 1 {
			return l[0]
		}
		return dsl.ListOf(l)
	case t == TypeOrderQu:
		type rk struct {
			n  float64
			id string
		}
		var rs []rk
		for _, o := range a.AnOrders {
			if o != nil && o.OrderNum > 0 && !v.optHidden(o.OptionDwID) && v.e.ownOpt(qi, string(o.OptionDwID)) {
				rs = append(rs, rk{float64(o.OrderNum), string(o.OptionDwID)})
			}
		}
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].n < rs[j].n })
		if len(rs) == 0 {
			return dsl.Value{}
		}
		l := make([]dsl.Value, len(rs))
		for i, r := range rs {
			l[i] = v.e.optValue(r.id)
		}
		return dsl.ListOf(l)
	case t == TypeMultiFillblank:
		var l []dsl.Value
		for _, o := range q.Options() {
			if s := v.blank(a, string(o.DwID)); s != "" {
				l = append(l, dsl.Str(s))
			}
		}
		if len(l) == 0 {
			return dsl.Value{}
		}
		return dsl.ListOf(l)
	case t == TypeScore || t == TypeChenScore:
		sum, any := 0.0, false
		for _, s := range a.AnScores {
			if s != nil && v.e.ownOpt(qi, string(s.OptionDwID)) && !v.optHidden(s.OptionDwID) {
				sum += float64(s.AnswerScore)
				any = true
			}
		}
		if !any {
			return dsl.Value{}
		}
		f, _ := dsl.Fix(sum)
		return dsl.Num(f)
	case t == TypeScaleNPS || t == TypeScaleSlider:
		if a.AnScale != nil && a.AnScale.AnswerScore != nil {
			return dsl.Num(float64(*a.AnScale.AnswerScore))
		}
		return dsl.Value{}
	case t == TypeUploadFile || t == TypeSignature:
		var l []dsl.Value
		for _, f := range a.AnUploadFiles {
			if f == nil {
				continue
			}
			n := f.FileName
			if n == "" {
				n = f.FilePath
			}
			if n != "" {
				l = append(l, dsl.Str(string(n)))
			}
		}
		if len(l) == 0 {
			return dsl.Value{}
		}
		return dsl.ListOf(l)
	case t == TypeCascade:
		cs := append([]*AnCascade(nil), a.AnCascades...)
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].Level < cs[j].Level })
		var l []dsl.Value
		for _, c := range cs {
			if c != nil && c.Value != "" {
				l = append(l, dsl.Str(string(c.Value)))
			}
		}
		if len(l) == 0 {
			return dsl.Value{}
		}
		return dsl.ListOf(l)
	case t == TypeGeolocation:
		if a.AnLocation != nil && a.AnLocation.FormattedAddress != "" {
			return dsl.Str(string(a.AnLocation.FormattedAddress))
		}
		return dsl.Value{}
	case q.IsMatrix():
		var l []dsl.Value
		for ri, row := range q.QuRows {
			if x := v.rowValue(qi, a, ri, row); !x.IsEmpty() {
				l = append(l, x)
			}
		}
		if len(l) == 0 {
			return dsl.Value{}
		}
		return dsl.ListOf(l)
	}
	if a.AnFbk != nil && a.AnFbk.Answer != "" {
		return dsl.Str(string(a.AnFbk.Answer))
	}
	return dsl.Value{}
}

func (e *Engine) ownOpt(qi int, id string) bool {
	r, ok := e.Ix.Opt[id]
	return ok && r.Q == qi
}

func (v *view) blank(a *AnQuestion, id string) string {
	if v.optHidden(Str(id)) {
		return ""
	}
	for _, m := range a.AnMFbks {
		if m != nil && string(m.OptionDwID) == id {
			return string(m.Answer)
		}
	}
	return ""
}

func (e *Engine) colNum(qi int, id string) int {
	r, ok := e.Ix.Opt[id]
	if !ok || r.Q != qi || r.Kind != "col" {
		return 0
	}
	return r.N
}

// rowValue is the value of QnRr: the chosen column number (MATRIX_RADIO),
// the list of chosen column numbers (MATRIX_CHECKBOX), the score
// (MATRIX_SCALE/SLIDER) or the list of cell texts (other matrices).
func (v *view) rowValue(qi int, a *AnQuestion, ri int, row *Option) dsl.Value {
	if v.optHidden(row.DwID) {
		return dsl.Value{}
	}
	id := row.DwID
	for _, m := range a.AnMatrixRadios {
		if m != nil && m.RowDwID == id {
			if n := v.e.colNum(qi, string(m.ColDwID)); n > 0 {
				return dsl.Num(float64(n))
			}
		}
	}
	for _, m := range a.AnMatrixCheckboxes {
		if m != nil && m.RowDwID == id {
			var l []dsl.Value
			for _, q := range v.e.Ix.Qs[qi].QuCols {
				for _, c := range m.RowAnCheckboxs {
					if c != nil && c.ColDwID == q.DwID {
						l = append(l, dsl.Num(float64(v.e.colNum(qi, string(q.DwID)))))
					}
				}
			}
			if len(l) > 0 {
				return dsl.ListOf(l)
			}
		}
	}
	for _, m := range a.AnMatrixScales {
		if m != nil && m.RowDwID == id {
			return dsl.Num(float64(m.AnswerScore))
		}
	}
	for _, m := range a.AnMatrixFbks {
		if m != nil && m.RowDwID == id {
			var l []dsl.Value
			for _, c := range m.RowAnFbks {
				if c != nil && c.Answer != "" {
					l = append(l, dsl.Str(string(c.Answer)))
				}
			}
			if len(l) > 0 {
				return dsl.ListOf(l)
			}
		}
	}
	_ = ri
	return dsl.Value{}
}

// itemValue is the value of QnAm, QnRr, QnRrCc and QnCc.
func (v *view) itemValue(qi int, r *dsl.Ref) dsl.Value {
	q := v.e.Ix.Qs[qi]
	a := v.answer(qi)
	if r.ItemDwID == "" && r.ColDwID != "" { // QnCc: rows choosing the column
		if a == nil {
			return dsl.Num(0)
		}
		n := 0
		for _, m := range a.AnMatrixRadios {
			if m != nil && string(m.ColDwID) == r.ColDwID && !v.optHidden(m.RowDwID) {
				n++
			}
		}
		for _, m := range a.AnMatrixCheckboxes {
			if m == nil || v.optHidden(m.RowDwID) {
				continue
			}
			for _, c := range m.RowAnCheckboxs {
				if c != nil && string(c.ColDwID) == r.ColDwID {
					n++
				}
			}
		}
		return dsl.Num(float64(n))
	}
	ref, ok := v.e.Ix.Opt[r.ItemDwID]
	if !ok {
		return dsl.Value{}
	}
	if ref.Kind == "row" {
		if a == nil {
			return dsl.Value{}
		}
		rv := v.rowValue(qi, a, ref.N-1, ref.O)
		if r.ColDwID == "" {
			return rv
		}
		// Cell: chosen (radio/checkbox) or its text.
		cn := dsl.Num(float64(v.e.colNum(qi, r.ColDwID)))
		for _, m := range a.AnMatrixFbks {
			if m != nil && string(m.RowDwID) == r.ItemDwID {
				for _, c := range m.RowAnFbks {
					if c != nil && string(c.ColDwID) == r.ColDwID && c.Answer != "" {
						return dsl.Str(string(c.Answer))
					}
				}
				return dsl.Value{}
			}
		}
		return dsl.Bool(!rv.IsEmpty() && dsl.Equal(rv, cn))
	}
	t := NormType(string(q.QuType))
	switch {
	case q.IsRadioLike() || q.IsCheckboxLike():
		return dsl.Bool(v.selected(qi, r.ItemDwID))
	case a == nil:
		return dsl.Value{}
	case t == TypeOrderQu:
		for _, o := range a.AnOrders {
			if o != nil && string(o.OptionDwID) == r.ItemDwID && o.OrderNum > 0 && !v.optHidden(o.OptionDwID) {
				return dsl.Num(float64(o.OrderNum))
			}
		}
	case t == TypeMultiFillblank:
		if s := v.blank(a, r.ItemDwID); s != "" {
			return dsl.Str(s)
		}
	case t == TypeScore || t == TypeChenScore:
		for _, s := range a.AnScores {
			if s != nil && string(s.OptionDwID) == r.ItemDwID && !v.optHidden(s.OptionDwID) {
				return dsl.Num(float64(s.AnswerScore))
			}
		}
	}
	return dsl.Value{}
}
