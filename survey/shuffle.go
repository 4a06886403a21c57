package survey

import (
	"strconv"
	"strings"
)

// FNV1a32 is 32-bit FNV-1a over the UTF-8 bytes of s.
func FNV1a32(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// Mulberry32 is the mulberry32 generator; each call returns a float in
// [0, 1). JavaScript twin:
//
//	a = (a + 0x6D2B79F5) | 0; let t = Math.imul(a ^ (a >>> 15), a | 1);
//	t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
//	return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
type Mulberry32 struct{ a uint32 }

// NewMulberry32 seeds the generator with FNV1a32(seed).
func NewMulberry32(seed string) *Mulberry32 { return &Mulberry32{FNV1a32(seed)} }

// Next returns the next float in [0, 1).
func (m *Mulberry32) Next() float64 {
	m.a += 0x6D2B79F5
	t := m.a
	t = (t ^ (t >> 15)) * (t | 1)
	t ^= t + (t^(t>>7))*(t|61)
	return float64(t^(t>>14)) / 4294967296
}

// ShuffleIDs shuffles ids deterministically: fixed[i] items keep their
// index; the others are permuted by Fisher–Yates over the list of movable
// positions P (ascending): for i = len(P)-1 down to 1, j = floor(Next() *
// (i+1)), swap the items at P[i] and P[j].
func ShuffleIDs(seed string, ids []string, fixed []bool) []string {
	out := append([]string(nil), ids...)
	var p []int
	for i := range out {
		if fixed == nil || !fixed[i] {
			p = append(p, i)
		}
	}
	r := NewMulberry32(seed)
	for i := len(p) - 1; i >= 1; i-- {
		j := int(r.Next() * float64(i+1))
		out[p[i]], out[p[j]] = out[p[j]], out[p[i]]
	}
	return out
}

// Order is the shuffled presentation order for one answer.
type Order struct {
	Questions []string            `json:"questions"`
	Options   map[string][]string `json:"options"`
	Rows      map[string][]string `json:"rows"`
	Cols      map[string][]string `json:"cols"`
}

func shuffleOn(exam bool, override Str) bool {
	switch strings.ToLower(string(override)) {
	case "yes", "true", "1":
		return true
	case "no", "false", "0":
		return false
	}
	return exam
}

// Shuffle computes the presentation order for the answer seed.
// Questions are shuffled within each page (seed + "|questions|" + page)
// when examAttr.shuffle.question is on; PAGETAG, PARAGRAPH and questions
// with quAttr.shuffleAttr.fixed stay. Options (seed + "|options|" + quDwId),
// rows ("|rows|") and columns ("|cols|") are shuffled per exam switch or
// per-question override ("yes"/"no"/"default"); optionAttr.fixed items stay.
// Maps only hold shuffled questions.
func (e *Engine) Shuffle(seed string) *Order {
	var ex ExamShuffle
	if a := e.S.SurveyAttrs; a != nil && a.ExamAttr != nil && a.ExamAttr.Shuffle != nil {
		ex = *a.ExamAttr.Shuffle
	}
	o := &Order{Questions: []string{}, Options: map[string][]string{}, Rows: map[string][]string{}, Cols: map[string][]string{}}
	// Questions, page by page.
	start := 0
	for i := 0; i <= len(e.Ix.Qs); i++ {
		if i < len(e.Ix.Qs) && (i == start || e.Ix.Page[i] == e.Ix.Page[start]) {
			continue
		}
		if i == start {
			break
		}
		var ids []string
		var fixed []bool
		for _, q := range e.Ix.Qs[start:i] {
			ids = append(ids, string(q.DwID))
			f := !q.IsCounted() || (q.QuAttr != nil && q.QuAttr.ShuffleAttr != nil && bool(q.QuAttr.ShuffleAttr.Fixed))
			fixed = append(fixed, f)
		}
		if ex.Question {
			ids = ShuffleIDs(seed+"|questions|"+strconv.Itoa(e.Ix.Page[start]), ids, fixed)
		}
		o.Questions = append(o.Questions, ids...)
		start = i
	}
	list := func(l []*Option) ([]string, []bool) {
		ids := make([]string, len(l))
		fixed := make([]bool, len(l))
		for i, x := range l {
			ids[i] = string(x.DwID)
			fixed[i] = x.OptionAttr != nil && bool(x.OptionAttr.Fixed)
		}
		return ids, fixed
	}
	for _, q := range e.Ix.Qs {
		var sa ShuffleAttr
		if q.QuAttr != nil && q.QuAttr.ShuffleAttr != nil {
			sa = *q.QuAttr.ShuffleAttr
		}
		id := string(q.DwID)
		if opts := q.Options(); len(opts) > 1 && !q.IsGroup() && shuffleOn(bool(ex.Option), sa.Option) {
			ids, fixed := list(opts)
			o.Options[id] = ShuffleIDs(seed+"|options|"+id, ids, fixed)
		}
		if len(q.QuRows) > 1 && shuffleOn(bool(ex.RowOption), sa.Row) {
			ids, fixed := list(q.QuRows)
			o.Rows[id] = ShuffleIDs(seed+"|rows|"+id, ids, fixed)
		}
		if len(q.QuCols) > 1 && shuffleOn(bool(ex.ColOption), sa.Col) {
			ids, fixed := list(q.QuCols)
			o.Cols[id] = ShuffleIDs(seed+"|cols|"+id, ids, fixed)
		}
	}
	return o
}
