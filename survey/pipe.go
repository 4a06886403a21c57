package survey

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"dwsurvey/survey/dsl"
)

// Answer piping: earlier answers quoted in later texts ("You chose {Q1}. Why?").
//
// A placeholder is "{" + reference + "}" or "{" + reference + "|" + fallback + "}". The
// reference is written as in the condition language (Q1, Q3A2, Q5R1, Q5R1C2, Q5C2 or a
// variable name, no spaces). The fallback is shown when the reference has no answer (or its
// question is hidden by logic); it runs to the first "}" and holds no "{" or line break. "{{"
// writes one literal "{". A brace that starts no resolvable reference stays literal text, so
// texts that merely contain braces show them unchanged. The TypeScript twin is
// console/src/survey/pipe.ts; both are pinned by testdata/engine/piping/*.json.
//
// A piped answer is always text, never markup: the HTML form escapes it and substitutes only
// in text content (never inside a tag or attribute), the URL form substitutes only in the
// query and percent-encodes. Rendering is by the current numbering of the document; a saved
// document's placeholders are kept in step with moves by RefreshPipes (pipestore.go).

// PipeMaxFallback is the longest fallback (code points) the checker accepts.
const PipeMaxFallback = 200

// Separators of rendered lists.
const (
	pipeListSep   = ", " // several choices, ranks, blanks, files, cells
	pipeRowSep    = "; " // matrix rows of a whole-question placeholder
	pipeRowLabSep = ": " // between a matrix row's text and its value
)

// LangItem is one translated text of a survey content language (services/language, the
// languageJsonScript items): lanCode is the dwId of the element, lanType the text it replaces
// (surveyName, surveyNote, quTitle, quNote, optionTitle) and lanValue the sanitised HTML.
type LangItem struct {
	LanCode  string `json:"lanCode"`
	LanType  string `json:"lanType"`
	LanValue string `json:"lanValue"`
}

// PipePart is one piece of a scanned text: literal text, or a placeholder (Name set).
type PipePart struct {
	Lit         string // literal text (Name == "")
	Name        string // reference as written
	Fallback    string // text after "|", as written (HTML text in an HTML source)
	HasFallback bool
	Raw         string // the placeholder as written, "{Q1|x}"
	Offset      int    // byte offset of the part in the source
}

// PipeMode says how a text is scanned and how piped values are encoded.
type PipeMode int

// Pipe modes.
const (
	PipeText PipeMode = iota // plain text: values as they are
	PipeHTML                 // HTML: tags skipped, values escaped
	PipeURL                  // URL: only the query holds placeholders, values percent-encoded
)

// ScanPipes splits text into literal parts and syntactic placeholders (the name is not
// resolved: isRef decides whether a name is a reference; nil accepts every name). A "{" that
// starts no placeholder is literal; "{{" is a literal "{" (its part has Lit "{").
func ScanPipes(text string, mode PipeMode, isRef func(name string) bool) []PipePart {
	var out []PipePart
	lit := strings.Builder{}
	litStart := 0
	flush := func(at int) {
		if lit.Len() > 0 {
			out = append(out, PipePart{Lit: lit.String(), Offset: litStart})
			lit.Reset()
		}
		litStart = at
	}
	from, to := 0, len(text)
	if mode == PipeURL {
		q := strings.IndexByte(text, '?')
		if q < 0 {
			return []PipePart{{Lit: text}}
		}
		from = q + 1
		if h := strings.IndexByte(text[from:], '#'); h >= 0 {
			to = from + h
		}
		lit.WriteString(text[:from])
	}
	i := from
	for i < to {
		c := text[i]
		if mode == PipeHTML && c == '<' {
			j := strings.IndexByte(text[i:to], '>')
			if j < 0 {
				j = to - i - 1
			}
			lit.WriteString(text[i : i+j+1])
			i += j + 1
			continue
		}
		if c != '{' {
			lit.WriteByte(c)
			i++
			continue
		}
		if i+1 < to && text[i+1] == '{' {
			flush(i)
			out = append(out, PipePart{Lit: "{", Offset: i})
			litStart = i + 2
			i += 2
			continue
		}
		if p, n, ok := scanPlaceholder(text[i:to], mode); ok && (isRef == nil || isRef(p.Name)) {
			flush(i)
			p.Offset = i
			out = append(out, p)
			litStart = i + n
			i += n
			continue
		}
		lit.WriteByte('{')
		i++
	}
	lit.WriteString(text[to:])
	flush(len(text))
	return out
}

// scanPlaceholder reads "{name}" or "{name|fallback}" at the start of s.
func scanPlaceholder(s string, mode PipeMode) (PipePart, int, bool) {
	j := 1
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if j == 1 && !pipeIdentStart(r) || j > 1 && !pipeIdentRune(r) {
			break
		}
		j += n
	}
	if j == 1 || j >= len(s) {
		return PipePart{}, 0, false
	}
	name := s[1:j]
	switch s[j] {
	case '}':
		return PipePart{Name: name, Raw: s[:j+1]}, j + 1, true
	case '|':
		for k := j + 1; k < len(s); k++ {
			switch s[k] {
			case '}':
				return PipePart{Name: name, Fallback: s[j+1 : k], HasFallback: true, Raw: s[:k+1]}, k + 1, true
			case '{', '\n', '\r':
				return PipePart{}, 0, false
			case '<':
				if mode == PipeHTML {
					return PipePart{}, 0, false
				}
			}
		}
	}
	return PipePart{}, 0, false
}

// Identifiers follow the condition language's lexer (survey/dsl).
func pipeIdentStart(r rune) bool { return r == '_' || r == '$' || unicode.IsLetter(r) }
func pipeIdentRune(r rune) bool  { return pipeIdentStart(r) || unicode.IsDigit(r) }

// pipeTarget is a resolved placeholder reference.
type pipeTarget struct {
	qi   int
	kind string // "" (question), "option", "row", "group", "cell", "col"
	item *Option
	col  *Option
}

// Piper renders piped texts of one document in one content language. Build it once per
// document (and language); it is safe for concurrent use.
type Piper struct {
	ix    *Index
	lang  map[string]string // option dwId -> translated plain text
	mu    sync.RWMutex
	cache map[string]*pipeTarget // name -> target (nil: not a reference)
	scans sync.Map               // mode + "\x00" + text -> []PipePart (at most maxScans)
	nscan atomicCount
}

// maxScans bounds the scanned-text cache of a Piper (texts of one document; a Piper lives as
// long as its document is cached).
const maxScans = 10000

type atomicCount struct {
	mu sync.Mutex
	n  int
}

func (c *atomicCount) add() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n >= maxScans {
		return false
	}
	c.n++
	return true
}

// parts scans a text once.
func (p *Piper) parts(text string, mode PipeMode) []PipePart {
	k := string(rune('0'+mode)) + "\x00" + text
	if v, ok := p.scans.Load(k); ok {
		return v.([]PipePart)
	}
	parts := ScanPipes(text, mode, p.Resolves)
	if p.nscan.add() {
		p.scans.Store(k, parts)
	}
	return parts
}

// NewPiper indexes the document. lang is the content language's script (nil for the
// original texts); only optionTitle items matter here, because the caller passes texts that
// are already translated and piped choices are shown in the same language.
func NewPiper(s *Survey, lang []LangItem) *Piper {
	p := &Piper{ix: NewIndex(s), cache: map[string]*pipeTarget{}}
	for _, it := range lang {
		if it.LanType == "optionTitle" && it.LanValue != "" {
			if p.lang == nil {
				p.lang = map[string]string{}
			}
			p.lang[it.LanCode] = PlainText(it.LanValue)
		}
	}
	return p
}

// RenderPiped returns text (plain text: a title's dwText, a button text, an export cell)
// with its placeholders replaced by the answers' texts. doc is the survey version the answers
// were given on, answers are the stored (effective) answers: a question missing from them, or
// flagged isLogicHide, has no answer and shows its fallback. lang is the content language's
// script (nil: original texts). For many texts or answers build a Piper once instead.
func RenderPiped(text string, doc *Survey, answers []*AnQuestion, lang []LangItem) string {
	if strings.IndexByte(text, '{') < 0 {
		return text
	}
	return NewPiper(doc, lang).With(answers).Text(text)
}

// RenderPipedHTML is RenderPiped for sanitised rich text (dwHtml): piped values are
// HTML-escaped and only text content is substituted (never inside a tag or attribute).
func RenderPipedHTML(html string, doc *Survey, answers []*AnQuestion, lang []LangItem) string {
	if strings.IndexByte(html, '{') < 0 {
		return html
	}
	return NewPiper(doc, lang).With(answers).HTML(html)
}

// Resolves reports whether name is a placeholder reference of the document.
func (p *Piper) Resolves(name string) bool { return p.target(name) != nil }

// target resolves a reference name by the current numbering (nil: not a reference).
func (p *Piper) target(name string) *pipeTarget {
	p.mu.RLock()
	t, ok := p.cache[name]
	p.mu.RUnlock()
	if ok {
		return t
	}
	t = resolvePipe(p.ix, name)
	p.mu.Lock()
	if len(p.cache) < 10000 {
		p.cache[name] = t
	}
	p.mu.Unlock()
	return t
}

func resolvePipe(ix *Index, name string) *pipeTarget {
	if dsl.IsKeyword(name) {
		return nil
	}
	r := dsl.ParseRef(name)
	if r.Var {
		qi, ok := ix.Vars[name]
		if !ok {
			return nil
		}
		return &pipeTarget{qi: qi}
	}
	qi, ok := ix.ByNum[r.Q]
	if !ok {
		return nil
	}
	q := ix.Qs[qi]
	pick := func(l []*Option, n int) *Option {
		if n < 1 || n > len(l) {
			return nil
		}
		return l[n-1]
	}
	switch {
	case r.A > 0:
		o := pick(q.Options(), r.A)
		if o == nil {
			return nil
		}
		return &pipeTarget{qi: qi, kind: "option", item: o}
	case r.R > 0:
		row := pick(q.QuRows, r.R)
		if row == nil {
			return nil
		}
		kind := "row"
		if q.IsGroup() {
			kind = "group"
		}
		if r.C > 0 {
			col := pick(q.QuCols, r.C)
			if col == nil || kind == "group" {
				return nil
			}
			return &pipeTarget{qi: qi, kind: "cell", item: row, col: col}
		}
		return &pipeTarget{qi: qi, kind: kind, item: row}
	case r.C > 0:
		col := pick(q.QuCols, r.C)
		if col == nil {
			return nil
		}
		return &pipeTarget{qi: qi, kind: "col", col: col}
	}
	return &pipeTarget{qi: qi}
}

// Piped renders texts against one set of answers.
type Piped struct {
	p   *Piper
	ans map[string]*AnQuestion
}

// With binds answers (the first entry per question counts; nil entries are skipped).
func (p *Piper) With(answers []*AnQuestion) *Piped {
	m := make(map[string]*AnQuestion, len(answers))
	for _, a := range answers {
		if a == nil {
			continue
		}
		if _, dup := m[string(a.QuDwID)]; !dup {
			m[string(a.QuDwID)] = a
		}
	}
	return &Piped{p: p, ans: m}
}

// Text renders a plain text.
func (v *Piped) Text(text string) string { return v.render(text, PipeText) }

// HTML renders sanitised rich text; piped values are escaped.
func (v *Piped) HTML(html string) string { return v.render(html, PipeHTML) }

// URL renders the query values of a URL; piped values are percent-encoded (RFC 3986
// unreserved characters kept).
func (v *Piped) URL(u string) string { return v.render(u, PipeURL) }

func (v *Piped) render(text string, mode PipeMode) string {
	if strings.IndexByte(text, '{') < 0 {
		return text
	}
	var b strings.Builder
	for _, part := range v.p.parts(text, mode) {
		if part.Name == "" {
			b.WriteString(part.Lit)
			continue
		}
		val := v.Value(part.Name)
		if val != "" {
			switch mode {
			case PipeHTML:
				val = escapeHTML(val)
			case PipeURL:
				val = percentEncode(val)
			}
			b.WriteString(val)
			continue
		}
		if part.HasFallback {
			if mode == PipeURL {
				b.WriteString(percentEncode(part.Fallback))
			} else {
				b.WriteString(part.Fallback)
			}
		}
	}
	return b.String()
}

// Value is the plain text of one reference for the bound answers ("" when it has no answer,
// is hidden or names nothing).
func (v *Piped) Value(name string) string {
	t := v.p.target(name)
	if t == nil {
		return ""
	}
	ix := v.p.ix
	q := ix.Qs[t.qi]
	a := v.ans[string(q.DwID)]
	if a == nil || a.IsLogicHide {
		return ""
	}
	switch t.kind {
	case "":
		return v.question(q, a)
	case "option":
		return v.option(q, a, t.item)
	case "row", "group":
		return v.row(q, a, t.item)
	case "cell":
		return v.cell(q, a, t.item, t.col)
	case "col":
		n := 0
		for _, m := range a.AnMatrixRadios {
			if m != nil && m.ColDwID == t.col.DwID {
				n++
			}
		}
		for _, m := range a.AnMatrixCheckboxes {
			if m == nil {
				continue
			}
			for _, c := range m.RowAnCheckboxs {
				if c != nil && c.ColDwID == t.col.DwID {
					n++
				}
			}
		}
		return strconv.Itoa(n)
	}
	return ""
}

// label is an option's (row's, column's) plain text in the content language.
func (p *Piper) label(o *Option) string {
	if t, ok := p.lang[string(o.DwID)]; ok {
		return t
	}
	if o.OptionTitleObj != nil {
		if t := collapseSpace(o.OptionTitleObj.DwText); t != "" {
			return t
		}
		if t := PlainText(o.OptionTitleObj.DwHTML); t != "" {
			return t
		}
	}
	if t := PlainText(string(o.OptionTitle)); t != "" {
		return t
	}
	return PlainText(string(o.OptionName))
}

// chosen is the text of a chosen option: the typed "other" text when there is one.
func (p *Piper) chosen(o *Option, other Str) string {
	if t := collapseSpace(string(other)); t != "" {
		return t
	}
	return p.label(o)
}

// choice finds option id among the answer's selections.
func choice(a *AnQuestion, id Str) (*AnOption, bool) {
	if a.AnRadio != nil && a.AnRadio.OptionDwID == id {
		return a.AnRadio, true
	}
	for _, c := range a.AnCheckboxs {
		if c != nil && c.OptionDwID == id {
			return c, true
		}
	}
	return nil, false
}

func (v *Piped) question(q *Question, a *AnQuestion) string {
	t := NormType(string(q.QuType))
	assigned := ""
	if a.AnFbk != nil {
		assigned = string(a.AnFbk.Answer) // an assign statement writes anFbk on any type
	}
	switch {
	case q.IsRadioLike() || q.IsCheckboxLike():
		var l []string
		for _, o := range q.Options() {
			if c, ok := choice(a, o.DwID); ok {
				l = append(l, v.p.chosen(o, c.OtherText))
			}
		}
		if len(l) == 0 {
			return assigned
		}
		return strings.Join(l, pipeListSep)
	case t == TypeOrderQu:
		type rk struct {
			n float64
			o *Option
		}
		var rs []rk
		for _, o := range q.Options() {
			for _, r := range a.AnOrders {
				if r != nil && r.OptionDwID == o.DwID && r.OrderNum > 0 {
					rs = append(rs, rk{float64(r.OrderNum), o})
					break
				}
			}
		}
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].n < rs[j].n })
		l := make([]string, len(rs))
		for i, r := range rs {
			l[i] = v.p.label(r.o)
		}
		if len(l) == 0 {
			return assigned
		}
		return strings.Join(l, pipeListSep)
	case t == TypeMultiFillblank:
		var l []string
		for _, o := range q.Options() {
			if s := blankText(a, o.DwID); s != "" {
				l = append(l, s)
			}
		}
		if len(l) == 0 {
			return assigned
		}
		return strings.Join(l, pipeListSep)
	case t == TypeScore || t == TypeChenScore:
		sum, any := 0.0, false
		for _, o := range q.Options() {
			for _, s := range a.AnScores {
				if s != nil && s.OptionDwID == o.DwID {
					sum += float64(s.AnswerScore)
					any = true
					break
				}
			}
		}
		if !any {
			return assigned
		}
		f, _ := dsl.Fix(sum)
		return dsl.FormatNumber(f)
	case t == TypeScaleNPS || t == TypeScaleSlider:
		if a.AnScale != nil && a.AnScale.AnswerScore != nil {
			return dsl.FormatNumber(float64(*a.AnScale.AnswerScore))
		}
		return assigned
	case t == TypeUploadFile || t == TypeSignature:
		var l []string
		for _, f := range a.AnUploadFiles {
			if f == nil {
				continue
			}
			n := f.FileName
			if n == "" {
				n = f.FilePath
			}
			if n != "" {
				l = append(l, string(n))
			}
		}
		if len(l) == 0 {
			return assigned
		}
		return strings.Join(l, pipeListSep)
	case t == TypeCascade:
		cs := make([]*AnCascade, 0, len(a.AnCascades))
		for _, c := range a.AnCascades {
			if c != nil && c.Value != "" {
				cs = append(cs, c)
			}
		}
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].Level < cs[j].Level })
		l := make([]string, len(cs))
		for i, c := range cs {
			l[i] = string(c.Value)
		}
		if len(l) == 0 {
			return assigned
		}
		return strings.Join(l, pipeListSep)
	case t == TypeGeolocation:
		if a.AnLocation != nil && a.AnLocation.FormattedAddress != "" {
			return string(a.AnLocation.FormattedAddress)
		}
		return assigned
	case q.IsMatrix():
		var l []string
		for _, row := range q.QuRows {
			if s := v.row(q, a, row); s != "" {
				l = append(l, v.p.label(row)+pipeRowLabSep+s)
			}
		}
		if len(l) == 0 {
			return assigned
		}
		return strings.Join(l, pipeRowSep)
	}
	return assigned
}

func blankText(a *AnQuestion, id Str) string {
	for _, m := range a.AnMFbks {
		if m != nil && m.OptionDwID == id {
			return string(m.Answer)
		}
	}
	return ""
}

// option is QnAm: a chosen option's text (or its typed "other" text), a rank, an item score
// or a blank's text.
func (v *Piped) option(q *Question, a *AnQuestion, o *Option) string {
	t := NormType(string(q.QuType))
	switch {
	case q.IsRadioLike() || q.IsCheckboxLike():
		if c, ok := choice(a, o.DwID); ok {
			return v.p.chosen(o, c.OtherText)
		}
	case t == TypeOrderQu:
		for _, r := range a.AnOrders {
			if r != nil && r.OptionDwID == o.DwID && r.OrderNum > 0 {
				return dsl.FormatNumber(float64(r.OrderNum))
			}
		}
	case t == TypeScore || t == TypeChenScore:
		for _, s := range a.AnScores {
			if s != nil && s.OptionDwID == o.DwID {
				return dsl.FormatNumber(float64(s.AnswerScore))
			}
		}
	case t == TypeMultiFillblank:
		return blankText(a, o.DwID)
	}
	return ""
}

// row is QnRr: the chosen column's text, the chosen columns' texts, the row's score or its
// cell texts; for a group question the chosen options of the group.
func (v *Piped) row(q *Question, a *AnQuestion, row *Option) string {
	if q.IsGroup() {
		var l []string
		for _, o := range row.GroupOptions {
			if c, ok := choice(a, o.DwID); ok {
				l = append(l, v.p.chosen(o, c.OtherText))
			}
		}
		return strings.Join(l, pipeListSep)
	}
	for _, m := range a.AnMatrixRadios {
		if m != nil && m.RowDwID == row.DwID {
			if c := ownCol(q, m.ColDwID); c != nil {
				return v.p.label(c)
			}
		}
	}
	for _, m := range a.AnMatrixCheckboxes {
		if m != nil && m.RowDwID == row.DwID {
			var l []string
			for _, c := range q.QuCols {
				for _, x := range m.RowAnCheckboxs {
					if x != nil && x.ColDwID == c.DwID {
						l = append(l, v.p.label(c))
						break
					}
				}
			}
			if len(l) > 0 {
				return strings.Join(l, pipeListSep)
			}
		}
	}
	for _, m := range a.AnMatrixScales {
		if m != nil && m.RowDwID == row.DwID {
			return dsl.FormatNumber(float64(m.AnswerScore))
		}
	}
	for _, m := range a.AnMatrixFbks {
		if m != nil && m.RowDwID == row.DwID {
			var l []string
			for _, c := range q.QuCols {
				for _, x := range m.RowAnFbks {
					if x != nil && x.ColDwID == c.DwID {
						if x.Answer != "" {
							l = append(l, string(x.Answer))
						}
						break
					}
				}
			}
			return strings.Join(l, pipeListSep)
		}
	}
	return ""
}

// cell is QnRrCc: the cell's text, or the column's text when the cell is chosen.
func (v *Piped) cell(q *Question, a *AnQuestion, row, col *Option) string {
	for _, m := range a.AnMatrixFbks {
		if m != nil && m.RowDwID == row.DwID {
			for _, x := range m.RowAnFbks {
				if x != nil && x.ColDwID == col.DwID {
					return string(x.Answer)
				}
			}
			return ""
		}
	}
	for _, m := range a.AnMatrixRadios {
		if m != nil && m.RowDwID == row.DwID && m.ColDwID == col.DwID {
			return v.p.label(col)
		}
	}
	for _, m := range a.AnMatrixCheckboxes {
		if m != nil && m.RowDwID == row.DwID {
			for _, x := range m.RowAnCheckboxs {
				if x != nil && x.ColDwID == col.DwID {
					return v.p.label(col)
				}
			}
		}
	}
	return ""
}

func ownCol(q *Question, id Str) *Option {
	for _, c := range q.QuCols {
		if c.DwID == id {
			return c
		}
	}
	return nil
}

// Text helpers shared with the TypeScript twin --------------------------------------------

// blockTags become a space when rich text is flattened; other tags disappear.
var blockTags = map[string]bool{"br": true, "p": true, "div": true, "li": true, "ul": true, "ol": true, "tr": true,
	"td": true, "th": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "hr": true,
	"blockquote": true, "table": true}

// PlainText flattens sanitised rich text: tags removed (block tags and <br> become a space),
// the entities &amp; &lt; &gt; &quot; &#39; &apos; &nbsp; and numeric references decoded
// (others stay as written), runs of spaces, tabs and line breaks collapsed to one space,
// and the ends trimmed.
func PlainText(html string) string {
	if strings.IndexByte(html, '<') < 0 && strings.IndexByte(html, '&') < 0 {
		return collapseSpace(html)
	}
	var b strings.Builder
	for i := 0; i < len(html); {
		c := html[i]
		switch c {
		case '<':
			j := strings.IndexByte(html[i:], '>')
			if j < 0 {
				b.WriteString(html[i:])
				i = len(html)
				continue
			}
			tag := strings.TrimPrefix(html[i+1:i+j], "/")
			k := 0
			for k < len(tag) && (tag[k] >= 'a' && tag[k] <= 'z' || tag[k] >= 'A' && tag[k] <= 'Z' || tag[k] >= '0' && tag[k] <= '9') {
				k++
			}
			if blockTags[strings.ToLower(tag[:k])] {
				b.WriteByte(' ')
			}
			i += j + 1
		case '&':
			if r, n := decodeEntity(html[i:]); n > 0 {
				b.WriteString(r)
				i += n
				continue
			}
			b.WriteByte(c)
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return collapseSpace(b.String())
}

var namedEntities = map[string]string{"amp": "&", "lt": "<", "gt": ">", "quot": `"`, "apos": "'", "nbsp": " "}

// decodeEntity decodes one entity at the start of s ("&amp;", "&#39;", "&#x4e2d;").
func decodeEntity(s string) (string, int) {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 10 {
		return "", 0
	}
	body := s[1:end]
	if body[0] == '#' {
		var n uint64
		var err error
		if len(body) > 1 && (body[1] == 'x' || body[1] == 'X') {
			if len(body) == 2 || !allHex(body[2:]) {
				return "", 0
			}
			n, err = strconv.ParseUint(body[2:], 16, 32)
		} else {
			if len(body) == 1 || !allDigits(body[1:]) {
				return "", 0
			}
			n, err = strconv.ParseUint(body[1:], 10, 32)
		}
		if err != nil || n == 0 || n > unicode.MaxRune || n >= 0xD800 && n <= 0xDFFF {
			return "", 0
		}
		return string(rune(n)), end + 1
	}
	if r, ok := namedEntities[body]; ok {
		return r, end + 1
	}
	return "", 0
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// collapseSpace turns runs of space, tab, line feed, carriage return, form feed and no-break
// space into one space and trims the ends.
func collapseSpace(s string) string {
	if !needsCollapse(s) {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if isCollapsible(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isCollapsible(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\u00a0'
}

// needsCollapse reports a leading or trailing space, a run of two, or a space other than ' '.
func needsCollapse(s string) bool {
	prev := true // a space at the start needs work
	for _, r := range s {
		sp := isCollapsible(r)
		if sp && (prev || r != ' ') {
			return true
		}
		prev = sp
	}
	return prev && s != ""
}

// escapeHTML escapes & < > " ' (as Go's html.EscapeString).
func escapeHTML(s string) string {
	if !strings.ContainsAny(s, `&<>"'`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// percentEncode encodes every byte except the RFC 3986 unreserved characters (A-Z a-z 0-9
// - . _ ~) as %XX of its UTF-8 bytes.
func percentEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
