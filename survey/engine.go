package survey

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"dwsurvey/survey/dsl"
)

// Input is the answer state handed to the engine.
type Input struct {
	// Answers are the current answers (anQuestions).
	Answers []*AnQuestion `json:"answers"`
	// Page is the page the respondent wants to see (1-based); 0 means the
	// whole survey (the submit check: validation covers every page).
	Page int `json:"page,omitempty"`
	// Direction of travel, "next" (default) or "prev": an empty page is
	// skipped in this direction.
	Direction string `json:"direction,omitempty"`
	// Changed is the dwId of the option, row or column just clicked; it
	// decides which side of a mutual exclusion is unchecked.
	Changed string `json:"changed,omitempty"`
	// QuotaCounts are the stored answer counts per quota key (QuotaHit.Key; the
	// canonical quota text, e.g. "Q1A1" or "Q2A1 and Q2A2").
	QuotaCounts map[string]int `json:"quotaCounts,omitempty"`
	// Seed (the answer id) turns on shuffling; the result then has Order.
	Seed string `json:"seed,omitempty"`
	// Today ("YYYY-MM-DD") is the date of today() and age(); when empty the engine reads its
	// clock in the survey's time zone (Engine.Today).
	Today string `json:"today,omitempty"`
}

// UnmarshalJSON implements json.Unmarshaler. "page" may be a JSON number or
// a numeric string ("2"); a value that is not a whole number within
// ±(2^53-1) (a fraction, a non-numeric string, a boolean, null, an object)
// reads as 0, exactly as the TypeScript loadInput does. Null answers are
// dropped.
func (in *Input) UnmarshalJSON(data []byte) error {
	type plain Input
	var p struct {
		plain
		Page json.RawMessage `json:"page,omitempty"`
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*in = Input(p.plain)
	in.Page = flexPage(p.Page)
	in.Answers = dropNil(in.Answers)
	return nil
}

// flexPage reads an input page (see Input.UnmarshalJSON).
func flexPage(raw json.RawMessage) int {
	t := strings.TrimSpace(string(raw))
	if strings.HasPrefix(t, `"`) {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0
		}
		t = strings.TrimSpace(s)
	} else if t == "" || !(t[0] == '-' || t[0] >= '0' && t[0] <= '9') {
		return 0 // null, booleans, arrays, objects
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53-1 {
		return 0
	}
	return int(f)
}

// Result is what the engine computes. Every list is in document order and
// is present (empty, never null) in JSON.
type Result struct {
	VisibleQuestions []string       `json:"visibleQuestions"`
	HiddenOptions    []string       `json:"hiddenOptions"`
	Page             int            `json:"page"`
	PageCount        int            `json:"pageCount"`
	PageQuestions    []string       `json:"pageQuestions"`
	End              bool           `json:"end"`
	ClearedAnswers   []string       `json:"clearedAnswers"`
	UncheckedOptions []string       `json:"uncheckedOptions"`
	Solutions        []string       `json:"solutions"`
	Assignments      []Assignment   `json:"assignments"`
	Hints            []Hint         `json:"hints"`
	Quotas           []QuotaHit     `json:"quotas"`
	Errors           []Message      `json:"errors"`
	Progress         Progress       `json:"progress"`
	Score            ScoreResult    `json:"score"`
	Votes            []VoteQuestion `json:"votes"`
	Order            *Order         `json:"order,omitempty"`
	// Answers are the effective answers: hidden questions and options
	// removed, mutual exclusions applied, assigned values written, each
	// question's quAnScore/quAutoScore set when scored. Not part of vectors.
	Answers []*AnQuestion `json:"-"`
}

// Assignment is the engine-owned value of an assign target (null when no
// assign statement for it fired).
type Assignment struct {
	QuDwID string `json:"quDwId"`
	Value  any    `json:"value"`
}

// Hint is a failing validate rule shown on a question ("Hint: {message}").
type Hint struct {
	QuDwID  string `json:"quDwId"`
	Message string `json:"message"`
}

// QuotaHit is the state of one quota statement. Key identifies the quota for
// storage: the dwIds of its targets joined by "+", in source order, so it
// stays the same when questions are reordered (Quota is the display text).
type QuotaHit struct {
	Key     string `json:"key"`
	Quota   string `json:"quota"`
	Cap     int    `json:"cap"`
	Count   int    `json:"count"`
	Matched bool   `json:"matched"`
	Full    bool   `json:"full"`
}

// Progress counts required visible questions.
type Progress struct {
	TotalAnQu    int     `json:"totalAnQu"`
	CompleteAnQu int     `json:"completeAnQu"`
	Percentage   float64 `json:"percentage"`
}

// Engine evaluates one document. It is safe for concurrent use.
type Engine struct {
	S  *Survey
	Ix *Index
	C  *Compiled
	// Now is the clock of today() and age() for inputs without Today (nil: time.Now). It is
	// the one injectable clock of the engine; set it before sharing the engine.
	Now func() time.Time
	loc *time.Location
}

// NewEngine indexes the document and compiles its DSL.
func NewEngine(s *Survey) *Engine {
	ix := NewIndex(s)
	zone := ""
	if s.SurveyAttrs != nil {
		zone = string(s.SurveyAttrs.TimeZone)
	}
	return &Engine{S: s, Ix: ix, C: CompileDsl(s, ix), loc: zoneOf(zone)}
}

// Today is the engine clock's date in the survey's time zone (surveyAttrs.timeZone; UTC when
// it is empty or unknown).
func (e *Engine) Today() string {
	now := time.Now
	if e.Now != nil {
		now = e.Now
	}
	return now().In(e.loc).Format("2006-01-02")
}

// TodayIn is the date ("YYYY-MM-DD") of t in an IANA time zone (UTC when unknown); the
// TypeScript twin is todayIn(ms, zone).
func TodayIn(t time.Time, zone string) string { return t.In(zoneOf(zone)).Format("2006-01-02") }

var zones sync.Map // zone name -> *time.Location

func zoneOf(name string) *time.Location {
	if name == "" || name == "UTC" {
		return time.UTC
	}
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC // unknown names are not cached (the map holds real zones only)
	}
	zones.Store(name, l)
	return l
}

// Round2 rounds to two decimals exactly like JavaScript's
// Math.round(x*100)/100.
func Round2(x float64) float64 {
	r := math.Floor(x*100+0.5) / 100
	if r == 0 {
		return 0
	}
	return r
}

const maxPasses = 8

// Evaluate runs the engine over the answers. See docs/survey-engine.md for
// the exact order of steps.
func (e *Engine) Evaluate(in Input) *Result {
	n := len(e.Ix.Qs)
	res := &Result{VisibleQuestions: []string{}, HiddenOptions: []string{}, PageQuestions: []string{},
		ClearedAnswers: []string{}, UncheckedOptions: []string{}, Solutions: []string{},
		Assignments: []Assignment{}, Hints: []Hint{}, Quotas: []QuotaHit{}, Errors: []Message{}, Votes: []VoteQuestion{}}

	// 1. Input answers: first answer per known question.
	orig := make(map[string]*AnQuestion, len(in.Answers))
	for _, a := range in.Answers {
		if a == nil {
			continue
		}
		a = a.compact()
		if _, ok := e.Ix.ByID[string(a.QuDwID)]; !ok {
			continue
		}
		if _, dup := orig[string(a.QuDwID)]; !dup {
			orig[string(a.QuDwID)] = a
		}
	}
	// 2. Mutual exclusion (needs Changed) works on a copy.
	ans := make(map[string]*AnQuestion, len(orig))
	for k, a := range orig {
		ans[k] = a
	}
	unchecked := map[string]bool{}
	mutexErrs := e.applyMutex(ans, in.Changed, unchecked)

	// 3. Logic fixed point.
	v := &view{e: e, ans: ans, hq: make([]bool, n), ho: map[string]bool{}, day: &dayClock{e: e, today: in.Today}}
	var ps passState
	for pass := 0; pass < maxPasses; pass++ {
		ps = e.pass(v)
		same := len(ps.ho) == len(v.ho)
		for i := 0; same && i < n; i++ {
			same = ps.hq[i] == v.hq[i]
		}
		for k := range ps.ho {
			same = same && v.ho[k]
		}
		v.hq, v.ho = ps.hq, ps.ho
		v.assigned = ps.assigned
		if same {
			break
		}
	}
	res.Solutions = ps.solutions
	res.End = ps.end
	res.Hints = ps.hints
	res.Assignments = ps.assignList

	// 4. Effective answers.
	eff := map[string]*AnQuestion{}
	for qi, q := range e.Ix.Qs {
		id := string(q.DwID)
		a := ans[id]
		if v.hq[qi] {
			if o := orig[id]; o != nil && !(&view{e: e, ans: orig}).questionValue(qi).IsEmpty() {
				res.ClearedAnswers = append(res.ClearedAnswers, id)
			}
			continue
		}
		if a != nil {
			a = e.dropHiddenOptions(qi, a, v.ho, unchecked)
			eff[id] = a
		}
	}
	for _, as := range ps.assignList {
		qi, ok := e.Ix.ByID[as.QuDwID]
		if !ok || v.hq[qi] { // an unknown target is never applied (CompileDsl reports it)
			continue
		}
		if as.Value == nil {
			delete(eff, as.QuDwID)
			continue
		}
		val := dsl.FromJSON(as.Value)
		eff[as.QuDwID] = &AnQuestion{QuDwID: Str(as.QuDwID), QuType: e.Ix.Qs[qi].QuType, AnFbk: &AnFbk{Answer: FbkText(val.String())}}
	}
	final := &view{e: e, ans: eff, ho: v.ho}

	for qi, q := range e.Ix.Qs {
		if string(q.QuType) != TypePageTag && !v.hq[qi] {
			res.VisibleQuestions = append(res.VisibleQuestions, string(q.DwID))
		}
		for _, o := range e.items(q) {
			if v.ho[string(o.DwID)] {
				res.HiddenOptions = append(res.HiddenOptions, string(o.DwID))
			}
			if unchecked[string(o.DwID)] {
				res.UncheckedOptions = append(res.UncheckedOptions, string(o.DwID))
			}
		}
	}

	// 5. Paging.
	e.paging(in, v.hq, res)

	// 6. Validation, progress, scores, quotas, votes.
	hinted := map[string]*string{}
	for i := range res.Hints {
		if hinted[res.Hints[i].QuDwID] == nil {
			hinted[res.Hints[i].QuDwID] = &res.Hints[i].Message
		}
	}
	inScope := func(qi int) bool { return in.Page == 0 || e.Ix.Page[qi] == res.Page }
	allErrs := map[int]*Message{}
	for qi, q := range e.Ix.Qs {
		if v.hq[qi] || !q.IsCounted() || q.IsDisplayOnly() {
			continue
		}
		if m := e.validateQuestion(final, qi, hinted[string(q.DwID)]); m != nil {
			allErrs[qi] = m
		} else if m, ok := mutexErrs[qi]; ok {
			allErrs[qi] = m
		}
	}
	res.Quotas = e.quotas(final, in.QuotaCounts)
	quotaErr := e.quotaErrors(final, res.Quotas)
	for qi := range e.Ix.Qs {
		m := allErrs[qi]
		if m == nil {
			m = quotaErr[qi]
		}
		if m != nil && inScope(qi) {
			res.Errors = append(res.Errors, *m)
		}
	}
	res.Progress = e.progress(final, v.hq, allErrs)
	res.Score = e.score(final, v.hq)
	res.Votes = e.votes(final, v.hq)
	if in.Seed != "" {
		res.Order = e.Shuffle(in.Seed)
	}
	// Effective answers in document order with scores.
	sc := map[string]QuestionScore{}
	for _, s := range res.Score.Questions {
		sc[s.QuDwID] = s
	}
	for _, q := range e.Ix.Qs {
		a := eff[string(q.DwID)]
		if a == nil {
			continue
		}
		// scores are the server's: whatever the client sent in quAnScore, quAutoScore or
		// quCustomScore is dropped, and the engine's score is set where it scored
		c := *a
		c.QuAnScore, c.QuAutoScore, c.QuCustomScore = nil, nil, nil
		if s, ok := sc[string(q.DwID)]; ok {
			n := Num(s.Score)
			c.QuAnScore, c.QuAutoScore = &n, &n
		}
		a = &c
		res.Answers = append(res.Answers, a)
	}
	return res
}

// items lists every option-like item of a question (options, group
// options, rows, columns) in document order.
func (e *Engine) items(q *Question) []*Option {
	out := q.Options()
	if !q.IsGroup() {
		out = append(out, q.QuRows...)
	}
	return append(out, q.QuCols...)
}

// dropHiddenOptions returns a copy of a without the selections of hidden
// items: options, ranks, scores and blanks of hidden options, and every
// matrix answer on a hidden row. Each dropped item is reported in
// unchecked.
func (e *Engine) dropHiddenOptions(qi int, a *AnQuestion, ho map[string]bool, unchecked map[string]bool) *AnQuestion {
	if len(ho) == 0 {
		return a
	}
	hidden := func(id Str) bool {
		if ho[string(id)] {
			unchecked[string(id)] = true
			return true
		}
		return false
	}
	c := *a
	if a.AnRadio != nil && hidden(a.AnRadio.OptionDwID) {
		c.AnRadio = nil
	}
	c.AnCheckboxs = keepVisible(a.AnCheckboxs, func(o *AnOption) bool { return hidden(o.OptionDwID) })
	c.AnOrders = keepVisible(a.AnOrders, func(o *AnOrder) bool { return hidden(o.OptionDwID) })
	c.AnScores = keepVisible(a.AnScores, func(o *AnScore) bool { return hidden(o.OptionDwID) })
	c.AnMFbks = keepVisible(a.AnMFbks, func(o *AnMFbk) bool { return hidden(o.OptionDwID) })
	c.AnMatrixRadios = keepVisible(a.AnMatrixRadios, func(o *AnMatrixRadio) bool { return hidden(o.RowDwID) })
	c.AnMatrixCheckboxes = keepVisible(a.AnMatrixCheckboxes, func(o *AnMatrixCheckbox) bool { return hidden(o.RowDwID) })
	c.AnMatrixFbks = keepVisible(a.AnMatrixFbks, func(o *AnMatrixFbk) bool { return hidden(o.RowDwID) })
	c.AnMatrixScales = keepVisible(a.AnMatrixScales, func(o *AnMatrixScale) bool { return hidden(o.RowDwID) })
	return &c
}

// keepVisible returns the entries of l that are not nil and not dropped.
func keepVisible[T any](l []*T, drop func(*T) bool) []*T {
	var out []*T
	for _, x := range l {
		if x != nil && !drop(x) {
			out = append(out, x)
		}
	}
	return out
}

// paging resolves the requested page, skipping pages without a visible
// question in the direction of travel.
func (e *Engine) paging(in Input, hq []bool, res *Result) {
	res.PageCount = e.Ix.PageCount
	nonEmpty := make([]bool, e.Ix.PageCount+2)
	for qi, q := range e.Ix.Qs {
		if !hq[qi] && q.IsCounted() {
			nonEmpty[e.Ix.Page[qi]] = true
		}
	}
	if in.Page == 0 {
		return
	}
	p := in.Page
	if p > e.Ix.PageCount+1 {
		p = e.Ix.PageCount + 1
	}
	step := 1
	if strings.EqualFold(in.Direction, "prev") {
		step = -1
	}
	for p >= 1 && p <= e.Ix.PageCount && !nonEmpty[p] {
		p += step
	}
	if p < 1 { // nothing before: first non-empty page going forward
		p = 1
		for p <= e.Ix.PageCount && !nonEmpty[p] {
			p++
		}
	}
	res.Page = p
	for qi, q := range e.Ix.Qs {
		if e.Ix.Page[qi] == p && !hq[qi] && string(q.QuType) != TypePageTag {
			res.PageQuestions = append(res.PageQuestions, string(q.DwID))
		}
	}
}

// PageMinTime checks the page minimum time: spentSeconds on the page
// against minMinutes. It returns nil when the page may change. The
// message's x is the time spent in minutes rounded to two decimals.
func PageMinTime(spentSeconds float64, minMinutes float64) *Message {
	if minMinutes <= 0 {
		return nil
	}
	x := Round2(spentSeconds / 60)
	if spentSeconds/60 >= minMinutes {
		return nil
	}
	return newMsg("", "pageMinTime", map[string]any{"x": x, "n": minMinutes})
}

// CheckSubmission is the server's submit check: it evaluates the whole
// survey (Page 0) over a submitted answer document. The answer is valid
// when len(r.Errors) == 0; r.Answers then holds what to store (hidden
// answers dropped, scores set) and r.Quotas the quotas to count (Matched).
func (e *Engine) CheckSubmission(a *AnswerDoc, quotaCounts map[string]int) *Result {
	var ans []*AnQuestion
	if a != nil {
		ans = a.AnQuestions
	}
	return e.Evaluate(Input{Answers: ans, QuotaCounts: quotaCounts})
}
