package export

import (
	"fmt"
	"strconv"
	"strings"

	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Measure levels of a column (SPSS).
const (
	Nominal = "nominal"
	Ordinal = "ordinal"
	Scale   = "scale"
)

// MissingCode is the SPSS user-missing value of coded (choice) columns: "shown, not
// answered" is kept apart from "not asked in this version" (system missing, an empty cell).
const MissingCode = -9

// ValueLabel labels one code of a numeric column.
type ValueLabel struct {
	Code  int
	Label string
}

// Column is one column of an answer export. Name is the variable name (SPSS rules: a
// letter first, then letters, digits and _, at most 64 bytes, unique ignoring case).
type Column struct {
	Name     string
	Header   string // the sheet header (number and plain title)
	Label    string // variable label: the plain question (and option) title
	Numeric  bool
	Decimals int
	Measure  string
	Labels   []ValueLabel
	// Missing lists user-missing codes (numeric columns).
	Missing []int
}

// Value modes of choice columns in XLSX/CSV: text (the option title) or code (its number,
// 1-based in the union of the survey's versions). SPSS always gets codes with labels.
const (
	ValuesText = "text"
	ValuesCode = "code"
)

// cellFill writes one question's answer into its columns of row (the slice of the row
// that belongs to the question).
type cellFill func(aq *lang.AnQuestion, row []Cell)

// question is one question's slice of the layout.
type question struct {
	dwID  string
	idx   int // index in Layout.questions
	typ   string
	first int // index of its first column in the row
	n     int // number of columns
	fill  cellFill
	files bool // uploads: files go into the ZIP
}

// Layout is the column set of an export: the fixed answer columns, then the questions of
// every survey version, united by dwId (a question missing in an answer's version stays
// empty instead of shifting the columns).
type Layout struct {
	Columns   []Column
	questions []*question
	byID      map[string]*question
	textMode  bool
	scores    bool
}

// Fixed column indexes (the answer row).
const (
	colAnswerID = iota
	colBegin
	colEnd
	colDuration
	colIP
	colRegion
	colSource
	colUser
	colContact
	colState
	colReview
	colScore
	fixedColumns
)

// FixedLabels are the headers of the fixed columns per interface language.
var FixedLabels = map[string][fixedColumns]string{
	"en": {"Answer ID", "Start time", "Submit time", "Duration (s)", "IP", "Region", "Source", "User", "Contact", "State", "Review", "Total score"},
	"zh": {"答卷ID", "开始时间", "提交时间", "用时(秒)", "IP", "地区", "来源", "用户", "联系人", "状态", "审核", "总分"},
}

var fixedNames = [fixedColumns]string{"ANSWER_ID", "BEGIN_TIME", "END_TIME", "DURATION", "IP", "REGION", "SOURCE", "USER_ID", "CONTACT_ID", "STATE", "REVIEW", "TOTAL_SCORE"}

// State and review codes of the fixed columns (value labels in SPSS).
var (
	stateLabels  = []ValueLabel{{1, "valid"}, {0, "screened out"}}
	reviewLabels = []ValueLabel{{0, "unreviewed"}, {1, "passed"}, {2, "failed"}}
)

// mergedQuestion is a question united over versions: the newest version's title and type,
// and the options, rows and columns of every version in first-seen order (newest first).
type mergedQuestion struct {
	q    *lang.Question
	num  string // "Q3" (number in the newest version that has it)
	opts []*lang.Option
	rows []*lang.Option
	cols []*lang.Option
}

func unionOpts(dst []*lang.Option, seen map[string]bool, src []*lang.Option) []*lang.Option {
	for _, o := range src {
		if o == nil || o.DwID == "" || seen[string(o.DwID)] {
			continue
		}
		seen[string(o.DwID)] = true
		dst = append(dst, o)
	}
	return dst
}

// NewLayout unites the documents of a survey's versions (newest first) into columns.
// textMode writes option titles instead of codes; lng picks the fixed headers (en, zh).
func NewLayout(versions []*lang.Survey, textMode bool, lng string) *Layout {
	l := &Layout{byID: map[string]*question{}, textMode: textMode}
	labels, ok := FixedLabels[lng]
	if !ok {
		labels = FixedLabels["en"]
	}
	for i := 0; i < fixedColumns; i++ {
		c := Column{Name: fixedNames[i], Header: labels[i], Label: labels[i], Measure: Nominal}
		switch i {
		case colDuration, colScore:
			c.Numeric, c.Measure, c.Decimals = true, Scale, 2
			if i == colDuration {
				c.Decimals = 0
			}
		case colState:
			c.Numeric, c.Labels = true, stateLabels
		case colReview:
			c.Numeric, c.Labels = true, reviewLabels
		}
		l.Columns = append(l.Columns, c)
	}
	// unite questions by dwId: order of the newest version, then questions that only
	// older versions have (in their order)
	var order []string
	merged := map[string]*mergedQuestion{}
	seenOpt := map[string]map[string]bool{}
	numbered := map[string]bool{}
	nextNum := 0
	for vi, d := range versions {
		if d == nil {
			continue
		}
		if d.SurveyType == "exam" {
			l.scores = true
		}
		ix := lang.NewIndex(d)
		for qi, q := range d.Questions {
			if q == nil || q.DwID == "" || q.IsDisplayOnly() || !q.IsCounted() {
				continue
			}
			id := string(q.DwID)
			m := merged[id]
			if m == nil {
				m = &mergedQuestion{q: q}
				merged[id] = m
				seenOpt[id] = map[string]bool{}
				order = append(order, id)
				if vi == 0 {
					m.num = "Q" + strconv.Itoa(ix.Num[qi])
					numbered[m.num] = true
					nextNum = max(nextNum, ix.Num[qi])
				}
			}
			s := seenOpt[id]
			m.opts = unionOpts(m.opts, s, q.Options())
			if !q.IsGroup() {
				m.rows = unionOpts(m.rows, s, q.QuRows)
			}
			m.cols = unionOpts(m.cols, s, q.QuCols)
		}
	}
	names := map[string]bool{}
	for _, c := range l.Columns {
		names[strings.ToUpper(c.Name)] = true
	}
	for _, id := range order {
		m := merged[id]
		if m.num == "" { // only in older versions: numbers after the newest version's
			nextNum++
			m.num = "Q" + strconv.Itoa(nextNum)
		}
		l.addQuestion(m, names)
	}
	return l
}

// plain is the plain text of a (rich) title.
func plain(s string) string {
	return strings.Join(strings.Fields(surveysvc.PlainText(s)), " ")
}

func optLabel(o *lang.Option) string {
	if o.OptionTitleObj != nil && strings.TrimSpace(o.OptionTitleObj.DwText) != "" {
		return plain(o.OptionTitleObj.DwText)
	}
	if t := plain(string(o.OptionTitle)); t != "" {
		return t
	}
	return plain(string(o.OptionName))
}

// uniqueName makes a valid, unique SPSS variable name from base.
func uniqueName(base string, names map[string]bool) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(base) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r == '_' {
			b.WriteRune(r)
		}
	}
	n := b.String()
	if n == "" || n[0] < 'A' || n[0] > 'Z' {
		n = "V" + n
	}
	if len(n) > 60 {
		n = n[:60]
	}
	out := n
	for i := 2; names[out]; i++ {
		out = fmt.Sprintf("%s_%d", n, i)
	}
	names[out] = true
	return out
}

func (l *Layout) add(names map[string]bool, name, header, label string, numeric bool) *Column {
	c := Column{Name: uniqueName(name, names), Header: header, Label: label, Numeric: numeric, Measure: Nominal}
	if numeric {
		c.Measure = Scale
	}
	l.Columns = append(l.Columns, c)
	return &l.Columns[len(l.Columns)-1]
}

// labelCells are the text cells of options (made once per export, not per answer).
func labelCells(list []*lang.Option) []Cell {
	out := make([]Cell, len(list))
	for i, o := range list {
		out[i] = StrCell(optLabel(o))
	}
	return out
}

func hasOther(o *lang.Option) bool { return o.ShowOptionNote > 0 || o.IsNote > 0 }

// addQuestion appends the columns of one question and its fill function.
func (l *Layout) addQuestion(m *mergedQuestion, names map[string]bool) {
	q := m.q
	title := plain(q.Title())
	head := m.num + ". " + title
	qc := &question{dwID: string(q.DwID), typ: string(q.QuType), first: len(l.Columns)}
	codeLabels := func(list []*lang.Option) []ValueLabel {
		out := make([]ValueLabel, len(list))
		for i, o := range list {
			out[i] = ValueLabel{Code: i + 1, Label: optLabel(o)}
		}
		return out
	}
	choice := func(c *Column, list []*lang.Option) {
		if l.textMode {
			c.Numeric = false
			c.Measure = Nominal
			return
		}
		c.Numeric, c.Measure, c.Labels, c.Missing = true, Nominal, codeLabels(list), []int{MissingCode}
	}
	opts, oi := m.opts, newOptionIndex(m.opts)
	var others []*lang.Option
	for _, o := range opts {
		if hasOther(o) && (q.IsRadioLike() || q.IsCheckboxLike()) {
			others = append(others, o)
		}
	}
	otherCols := func() map[string]int {
		at := map[string]int{}
		for _, o := range others {
			at[string(o.DwID)] = len(l.Columns) - qc.first
			l.add(names, m.num+"_"+strconv.Itoa(oi.index(string(o.DwID))+1)+"_OTHER", head+" - "+optLabel(o)+" (text)", title+" - "+optLabel(o), false)
		}
		return at
	}
	switch t := string(q.QuType); {
	case q.IsRadioLike():
		c := l.add(names, m.num, head, title, false)
		choice(c, opts)
		other := otherCols()
		texts, labels := l.textMode, labelCells(opts)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			if aq.AnRadio == nil {
				return
			}
			id := string(aq.AnRadio.OptionDwID)
			i, ok := oi.at(id)
			if !ok {
				return
			}
			if texts {
				row[0] = labels[i]
			} else {
				row[0] = NumCell(float64(i + 1))
			}
			if at, ok := other[id]; ok && aq.AnRadio.OtherText != "" {
				row[at] = UserCell(string(aq.AnRadio.OtherText))
			}
		}
	case q.IsCheckboxLike():
		for i, o := range opts {
			c := l.add(names, m.num+"_"+strconv.Itoa(i+1), head+" - "+optLabel(o), title+" - "+optLabel(o), true)
			c.Measure, c.Decimals, c.Labels = Nominal, 0, []ValueLabel{{0, "not chosen"}, {1, "chosen"}}
		}
		other := otherCols()
		n := len(opts)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for i := 0; i < n; i++ {
				row[i] = NumCell(0)
			}
			for _, a := range aq.AnCheckboxs {
				if a == nil {
					continue
				}
				id := string(a.OptionDwID)
				if i, ok := oi.at(id); ok {
					row[i] = NumCell(1)
				}
				if at, ok := other[id]; ok && a.OtherText != "" {
					row[at] = UserCell(string(a.OtherText))
				}
			}
		}
	case t == lang.TypeMultiFillblank || t == lang.TypeEnumQu:
		for i, o := range opts {
			l.add(names, m.num+"_"+strconv.Itoa(i+1), head+" - "+optLabel(o), title+" - "+optLabel(o), false)
		}
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for _, a := range aq.AnMFbks {
				if a != nil {
					if i, ok := oi.at(string(a.OptionDwID)); ok {
						row[i] = UserCell(string(a.Answer))
					}
				}
			}
		}
	case t == lang.TypeScore || t == lang.TypeChenScore:
		for i, o := range opts {
			l.add(names, m.num+"_"+strconv.Itoa(i+1), head+" - "+optLabel(o), title+" - "+optLabel(o), true)
		}
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for _, a := range aq.AnScores {
				if a != nil {
					if i, ok := oi.at(string(a.OptionDwID)); ok {
						row[i] = NumCell(float64(a.AnswerScore))
					}
				}
			}
		}
	case t == lang.TypeOrderQu:
		for i, o := range opts {
			c := l.add(names, m.num+"_"+strconv.Itoa(i+1), head+" - "+optLabel(o)+" (rank)", title+" - "+optLabel(o), true)
			c.Measure = Ordinal
		}
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for _, a := range aq.AnOrders {
				if a != nil {
					if i, ok := oi.at(string(a.OptionDwID)); ok {
						row[i] = NumCell(float64(a.OrderNum))
					}
				}
			}
		}
	case t == lang.TypeScaleNPS || t == lang.TypeScaleSlider:
		c := l.add(names, m.num, head, title, true)
		c.Measure = Ordinal
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			if aq.AnScale != nil && aq.AnScale.AnswerScore != nil {
				row[0] = NumCell(float64(*aq.AnScale.AnswerScore))
			}
		}
	case t == lang.TypeMatrixRadio:
		rows, ri := m.rows, newOptionIndex(m.rows)
		cols, ci := m.cols, newOptionIndex(m.cols)
		for i, r := range rows {
			c := l.add(names, m.num+"_R"+strconv.Itoa(i+1), head+" - "+optLabel(r), title+" - "+optLabel(r), false)
			choice(c, cols)
		}
		texts, labels := l.textMode, labelCells(cols)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for _, a := range aq.AnMatrixRadios {
				if a == nil {
					continue
				}
				i, ok := ri.at(string(a.RowDwID))
				j, ok2 := ci.at(string(a.ColDwID))
				if !ok || !ok2 {
					continue
				}
				if texts {
					row[i] = labels[j]
				} else {
					row[i] = NumCell(float64(j + 1))
				}
			}
		}
	case t == lang.TypeMatrixCheckbox:
		rows, ri := m.rows, newOptionIndex(m.rows)
		cols, ci := m.cols, newOptionIndex(m.cols)
		for i, r := range rows {
			for j, c := range cols {
				cc := l.add(names, fmt.Sprintf("%s_R%d_C%d", m.num, i+1, j+1), head+" - "+optLabel(r)+" - "+optLabel(c), title+" - "+optLabel(r)+" - "+optLabel(c), true)
				cc.Measure, cc.Labels = Nominal, []ValueLabel{{0, "not chosen"}, {1, "chosen"}}
			}
		}
		nc := len(cols)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for i := range row {
				row[i] = NumCell(0)
			}
			for _, a := range aq.AnMatrixCheckboxes {
				if a == nil {
					continue
				}
				i, ok := ri.at(string(a.RowDwID))
				if !ok {
					continue
				}
				for _, c := range a.RowAnCheckboxs {
					if c != nil {
						if j, ok := ci.at(string(c.ColDwID)); ok {
							row[i*nc+j] = NumCell(1)
						}
					}
				}
			}
		}
	case t == lang.TypeMatrixScale || t == lang.TypeMatrixSlider:
		rows, ri := m.rows, newOptionIndex(m.rows)
		for i, r := range rows {
			c := l.add(names, m.num+"_R"+strconv.Itoa(i+1), head+" - "+optLabel(r), title+" - "+optLabel(r), true)
			c.Measure = Ordinal
		}
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for _, a := range aq.AnMatrixScales {
				if a != nil {
					if i, ok := ri.at(string(a.RowDwID)); ok {
						row[i] = NumCell(float64(a.AnswerScore))
					}
				}
			}
		}
	case q.IsMatrix(): // text, number, select, group and auto-add matrices: one cell per row and column
		rows, ri := m.rows, newOptionIndex(m.rows)
		cols, ci := m.cols, newOptionIndex(m.cols)
		for i, r := range rows {
			for j, c := range cols {
				l.add(names, fmt.Sprintf("%s_R%d_C%d", m.num, i+1, j+1), head+" - "+optLabel(r)+" - "+optLabel(c), title+" - "+optLabel(r)+" - "+optLabel(c), false)
			}
		}
		nc := len(cols)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			for _, a := range aq.AnMatrixFbks {
				if a == nil {
					continue
				}
				i, ok := ri.at(string(a.RowDwID))
				if !ok {
					continue
				}
				for _, c := range a.RowAnFbks {
					if c != nil {
						if j, ok := ci.at(string(c.ColDwID)); ok {
							row[i*nc+j] = UserCell(string(c.Answer))
						}
					}
				}
			}
		}
	case t == lang.TypeUploadFile || t == lang.TypeUploadImage || t == lang.TypeSignature:
		l.add(names, m.num, head, title, false)
		qc.files = true
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			var parts []string
			for _, f := range aq.AnUploadFiles {
				if f != nil {
					parts = append(parts, string(f.FileName))
				}
			}
			if len(parts) > 0 {
				row[0] = UserCell(strings.Join(parts, "; "))
			}
		}
	case t == lang.TypeCascade:
		l.add(names, m.num, head, title, false)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			var parts []string
			for _, c := range aq.AnCascades {
				if c != nil && c.Value != "" {
					parts = append(parts, string(c.Value))
				}
			}
			if len(parts) > 0 {
				row[0] = UserCell(strings.Join(parts, " / "))
			}
		}
	case t == lang.TypeGeolocation:
		l.add(names, m.num, head, title, false)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			if g := aq.AnLocation; g != nil && (g.FormattedAddress != "" || g.Latitude != 0 || g.Longitude != 0) {
				row[0] = UserCell(strings.TrimSpace(fmt.Sprintf("%s (%g, %g)", g.FormattedAddress, float64(g.Latitude), float64(g.Longitude))))
			}
		}
	default: // fill-blank, essay, colour and every other text answer
		l.add(names, m.num, head, title, false)
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			if aq.AnFbk != nil && aq.AnFbk.Answer != "" {
				row[0] = UserCell(string(aq.AnFbk.Answer))
			}
		}
	}
	if l.scores {
		c := l.add(names, m.num+"_SCORE", head+" (score)", title+" (score)", true)
		c.Decimals = 2
		inner := qc.fill
		at := len(l.Columns) - 1 - qc.first
		qc.fill = func(aq *lang.AnQuestion, row []Cell) {
			inner(aq, row[:at])
			if aq.QuAnScore != nil {
				row[at] = NumCell(float64(*aq.QuAnScore))
			}
		}
	}
	qc.n = len(l.Columns) - qc.first
	qc.idx = len(l.questions)
	l.questions = append(l.questions, qc)
	l.byID[qc.dwID] = qc
}

// optionIndex finds an option's position in a question's list by its dwId: by comparing the
// ids of a short list in turn (a question's few options: no hashing), by a map for a long one.
type optionIndex struct {
	ids []string
	m   map[string]int
}

// optionScanMax is the longest list searched in turn.
const optionScanMax = 12

func newOptionIndex(list []*lang.Option) *optionIndex {
	x := &optionIndex{ids: make([]string, len(list))}
	for i, o := range list {
		x.ids[i] = string(o.DwID)
	}
	if len(list) > optionScanMax {
		x.m = make(map[string]int, len(list))
		for i, id := range x.ids {
			x.m[id] = i
		}
	}
	return x
}

// at is the position of id (ok false: not in the list).
func (x *optionIndex) at(id string) (int, bool) {
	if x.m != nil {
		i, ok := x.m[id]
		return i, ok
	}
	n := len(id)
	if n == 0 {
		return x.emptyAt()
	}
	for i := len(x.ids) - 1; i >= 0; i-- { // the last of equal ids, as the map gives
		// ids of one list mostly differ in their last byte ("q1_1", "q1_2"): checked first
		if s := x.ids[i]; len(s) == n && s[n-1] == id[n-1] && s == id {
			return i, true
		}
	}
	return 0, false
}

// emptyAt is at for the empty id (an option without one).
func (x *optionIndex) emptyAt() (int, bool) {
	for i := len(x.ids) - 1; i >= 0; i-- {
		if x.ids[i] == "" {
			return i, true
		}
	}
	return 0, false
}

// index is the position of id, 0 when it is not in the list.
func (x *optionIndex) index(id string) int {
	i, _ := x.at(id)
	return i
}
