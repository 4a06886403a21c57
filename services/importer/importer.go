// Package importer turns question lists into survey documents: Excel (.xlsx) and Word (.docx)
// question lists in the formats of docs/import-formats.md, and survey documents in JSON (ours
// or the DWSurvey v6 reference format). It is pure: it never touches the database.
package importer

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"

	lang "dwsurvey/survey"
)

// LineError is one failing line (row of a sheet, paragraph of a document, line of a JSON file).
type LineError struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Error makes a LineError an error (the bounded readers return one).
func (e LineError) Error() string { return e.String() }

func (e LineError) String() string {
	if e.Line <= 0 {
		return e.Message
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Message)
}

// Item is one parsed question of a list.
type Item struct {
	Line     int      `json:"line"`
	QuType   string   `json:"quType"`
	Title    string   `json:"title"`
	Options  []string `json:"options"`
	Required bool     `json:"required"`
	Note     string   `json:"note,omitempty"`
}

// Result is a parsed file: a title (may be empty), the document, a preview, or the errors.
type Result struct {
	Title  string
	Doc    *lang.Survey
	Items  []Item
	Errors []LineError
}

// OK reports a file without errors.
func (r *Result) OK() bool { return len(r.Errors) == 0 }

// typeWords maps the accepted type words (lower case) to question types.
var typeWords = map[string]string{
	"single": lang.TypeRadio, "radio": lang.TypeRadio, "单选": lang.TypeRadio, "单选题": lang.TypeRadio,
	"multiple": lang.TypeCheckbox, "checkbox": lang.TypeCheckbox, "multi": lang.TypeCheckbox, "多选": lang.TypeCheckbox, "多选题": lang.TypeCheckbox,
	"fill": lang.TypeFillblank, "text": lang.TypeFillblank, "fillblank": lang.TypeFillblank, "填空": lang.TypeFillblank, "填空题": lang.TypeFillblank,
	"textarea": "TEXTAREA", "essay": "TEXTAREA", "问答": "TEXTAREA", "问答题": "TEXTAREA",
	"score": lang.TypeScore, "评分": lang.TypeScore, "评分题": lang.TypeScore,
	"order": lang.TypeOrderQu, "rank": lang.TypeOrderQu, "排序": lang.TypeOrderQu, "排序题": lang.TypeOrderQu,
	"nps": lang.TypeScaleNPS, "yesno": lang.TypeYesNo, "是非": lang.TypeYesNo,
	"paragraph": lang.TypeParagraph, "段落": lang.TypeParagraph, "page": lang.TypePageTag, "分页": lang.TypePageTag,
}

func typeWord(w string) (string, bool) {
	t, ok := typeWords[strings.ToLower(strings.TrimSpace(w))]
	return t, ok
}

// needsOptions reports the types that need at least one option.
func needsOptions(t string) bool {
	switch t {
	case lang.TypeRadio, lang.TypeCheckbox, lang.TypeScore, lang.TypeOrderQu:
		return true
	}
	return false
}

// takesOptions reports the types that may have options.
func takesOptions(t string) bool { return needsOptions(t) || t == lang.TypeYesNo }

func textObj(s string) *lang.Text { return &lang.Text{DwHTML: html.EscapeString(s), DwText: s} }

func option(title string) *lang.Option {
	return &lang.Option{OptionTitle: lang.Str(html.EscapeString(title)), OptionName: lang.Str(title), OptionTitleObj: textObj(title)}
}

// Build turns items into a survey document with fresh dwIds.
func Build(title string, items []Item) *lang.Survey {
	d := &lang.Survey{SurveyName: lang.Str(title), SurveyNameObj: textObj(title), Questions: []*lang.Question{}}
	for _, it := range items {
		d.Questions = append(d.Questions, BuildQuestion(it))
	}
	lang.AssignDwIDs(d)
	d.ApplyDefaults()
	return d
}

// BuildQuestion makes one question of an item.
func BuildQuestion(it Item) *lang.Question {
	t := it.QuType
	q := &lang.Question{QuType: lang.Str(t), QuTitle: lang.Str(html.EscapeString(it.Title)), QuTitleObj: textObj(it.Title)}
	if it.Note != "" {
		q.QuNote, q.QuNoteObj = lang.Str(html.EscapeString(it.Note)), textObj(it.Note)
	}
	if t == "TEXTAREA" {
		q.QuType = lang.TypeFillblank
		q.QuAttr = &lang.QuAttr{InputAttr: &lang.InputAttr{CommonAttr: &lang.CommonAttr{InputType: lang.InputTextarea, InputRow: 4}}}
	} else if t == lang.TypeFillblank {
		q.QuAttr = &lang.QuAttr{InputAttr: &lang.InputAttr{CommonAttr: &lang.CommonAttr{InputType: lang.InputText}}}
	}
	if t != lang.TypePageTag && t != lang.TypeParagraph {
		if q.QuAttr == nil {
			q.QuAttr = &lang.QuAttr{}
		}
		b := lang.Bool(it.Required)
		q.QuAttr.IsRequired = &b
	}
	opts := it.Options
	if t == lang.TypeYesNo && len(opts) == 0 {
		opts = []string{"Yes", "No"}
	}
	var list []*lang.Option
	for _, o := range opts {
		list = append(list, option(o))
	}
	switch t {
	case lang.TypeRadio, lang.TypeYesNo:
		q.QuRadios = list
		q.Hv = 2
	case lang.TypeCheckbox:
		q.QuCheckboxs = list
		q.Hv = 2
	case lang.TypeScore:
		q.QuScores = list
		q.ParamInt02 = 5
	case lang.TypeOrderQu:
		q.QuOrderbys = list
	}
	return q
}

// check validates items (shared by xlsx and docx).
func check(items []Item) []LineError {
	var errs []LineError
	for _, it := range items {
		if strings.TrimSpace(it.Title) == "" && it.QuType != lang.TypePageTag {
			errs = append(errs, LineError{it.Line, "question without a title"})
		}
		if needsOptions(it.QuType) && len(it.Options) == 0 {
			errs = append(errs, LineError{it.Line, fmt.Sprintf("%s question without options", strings.ToLower(typeName(it.QuType)))})
		}
		if !takesOptions(it.QuType) && len(it.Options) > 0 {
			errs = append(errs, LineError{it.Line, fmt.Sprintf("a %s question cannot have options", strings.ToLower(typeName(it.QuType)))})
		}
		seen := map[string]bool{}
		for _, o := range it.Options {
			if seen[o] {
				errs = append(errs, LineError{it.Line, fmt.Sprintf("duplicate option %q", o)})
			}
			seen[o] = true
		}
	}
	return errs
}

func typeName(t string) string {
	switch t {
	case lang.TypeRadio:
		return "single choice"
	case lang.TypeCheckbox:
		return "multiple choice"
	case lang.TypeFillblank:
		return "fill-blank"
	case "TEXTAREA":
		return "textarea"
	case lang.TypeScore:
		return "score"
	case lang.TypeOrderQu:
		return "ranking"
	case lang.TypeParagraph:
		return "paragraph"
	case lang.TypePageTag:
		return "page break"
	}
	return t
}

func finish(title string, items []Item, errs []LineError) *Result {
	errs = append(errs, check(items)...)
	errs = append(errs, checkItems(items)...)
	if len(items) == 0 && len(errs) == 0 {
		errs = append(errs, LineError{0, "the file contains no questions"})
	}
	sortErrors(errs)
	r := &Result{Title: title, Items: items, Errors: errs}
	if r.OK() {
		r.Doc = Build(title, items)
	}
	for i := range r.Items {
		if r.Items[i].Options == nil {
			r.Items[i].Options = []string{}
		}
		if r.Items[i].QuType == "TEXTAREA" {
			r.Items[i].QuType = lang.TypeFillblank
		}
	}
	return r
}

func sortErrors(errs []LineError) {
	for i := 1; i < len(errs); i++ {
		for j := i; j > 0 && errs[j].Line < errs[j-1].Line; j-- {
			errs[j], errs[j-1] = errs[j-1], errs[j]
		}
	}
}

func splitOptions(s string) []string {
	var out []string
	for _, part := range regexp.MustCompile(`\r?\n|\|`).Split(s, -1) {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func yes(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "y", "yes", "true", "required", "是", "必答", "必填":
		return true
	}
	return false
}

// ParseXLSX reads the first sheet: columns type, title, options, required, note. A first row
// whose first cell is "type" or "题型" is a header. Line numbers are sheet row numbers.
func ParseXLSX(data []byte) *Result {
	cell := func(r []string, i int) string {
		if i < len(r) {
			return strings.TrimSpace(r[i])
		}
		return ""
	}
	var items []Item
	var errs []LineError
	title := ""
	err := SheetRows(data, "Excel .xlsx workbook", func(line int, r []string) error {
		first := strings.ToLower(cell(r, 0))
		if line == 1 && (first == "type" || first == "题型" || first == "question type") {
			return nil
		}
		if line == 1 && first == "title" || first == "#title" {
			title = cell(r, 1)
			return nil
		}
		empty := true
		for _, c := range r {
			if strings.TrimSpace(c) != "" {
				empty = false
			}
		}
		if empty {
			return nil
		}
		t, ok := typeWord(cell(r, 0))
		if !ok {
			if cell(r, 0) == "" {
				errs = append(errs, LineError{line, "the question type (column A) is empty"})
			} else {
				errs = append(errs, LineError{line, fmt.Sprintf("unknown question type %q", clipText(cell(r, 0)))})
			}
			return nil
		}
		items = append(items, Item{Line: line, QuType: t, Title: cell(r, 1), Options: splitOptions(cell(r, 2)),
			Required: yes(cell(r, 3)), Note: cell(r, 4)})
		return nil
	})
	if err != nil {
		var le LineError
		if errors.As(err, &le) {
			return &Result{Errors: []LineError{le}}
		}
		return &Result{Errors: []LineError{{0, err.Error()}}}
	}
	return finish(title, items, errs)
}

// clipText shortens a value quoted in an error message.
func clipText(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

var (
	reQuestion = regexp.MustCompile(`^(\d+)\s*[.、．)）]\s*(.*)$`)
	reOption   = regexp.MustCompile(`^([A-Za-z])\s*[.、．)）]\s*(.*)$`)
	reMarker   = regexp.MustCompile(`\[([^\[\]]+)\]|【([^【】]+)】`)
)

// ParseDOCX reads word/document.xml: one paragraph per line (line numbers count every
// paragraph, empty ones too). See docs/import-formats.md.
func ParseDOCX(data []byte) *Result {
	if len(data) > MaxFileBytes {
		return tooLarge()
	}
	paras, err := docxParagraphs(data)
	if err != nil {
		return &Result{Errors: []LineError{{0, err.Error()}}}
	}
	return ParseLines(paras)
}

// ParseLines parses the text question-list format (the body of a .docx, one paragraph per line).
func ParseLines(lines []string) *Result {
	var items []Item
	var errs []LineError
	title := ""
	var cur *Item
	explicit := false
	flush := func() {
		if cur == nil {
			return
		}
		if !explicit {
			if len(cur.Options) > 0 {
				cur.QuType = lang.TypeRadio
			} else {
				cur.QuType = lang.TypeFillblank
			}
		}
		items = append(items, *cur)
		cur = nil
	}
	for i, raw := range lines {
		line := i + 1
		text := strings.TrimSpace(strings.ReplaceAll(raw, "\u00a0", " "))
		if text == "" {
			continue
		}
		if m := reQuestion.FindStringSubmatch(text); m != nil {
			flush()
			it := Item{Line: line}
			explicit = false
			body := m[2]
			for _, mm := range reMarker.FindAllStringSubmatch(body, -1) {
				w := mm[1] + mm[2]
				switch strings.ToLower(strings.TrimSpace(w)) {
				case "required", "必答", "必填", "*":
					it.Required = true
					continue
				}
				if t, ok := typeWord(w); ok {
					if explicit && t != it.QuType {
						errs = append(errs, LineError{line, "two question types given"})
					}
					it.QuType, explicit = t, true
				} else {
					errs = append(errs, LineError{line, fmt.Sprintf("unknown marker [%s]", w)})
				}
			}
			it.Title = strings.TrimSpace(reMarker.ReplaceAllString(body, ""))
			cur = &it
			continue
		}
		if m := reOption.FindStringSubmatch(text); m != nil {
			if cur == nil {
				errs = append(errs, LineError{line, "option without a question"})
				continue
			}
			cur.Options = append(cur.Options, strings.TrimSpace(m[2]))
			continue
		}
		if cur == nil && len(items) == 0 && title == "" {
			title = text
			continue
		}
		errs = append(errs, LineError{line, "text is neither a numbered question (\"1. Title\") nor a lettered option (\"A. Option\")"})
	}
	flush()
	return finish(title, items, errs)
}

// docxParagraphs extracts the text of each w:p of word/document.xml (w:t runs joined,
// w:tab as a space, w:br as a space).
func docxParagraphs(data []byte) ([]string, error) {
	zr, err := checkZip(data, "Word .docx document")
	if err != nil {
		return nil, err
	}
	var doc *zip.File
	for _, f := range zr.File {
		if f.Name == "word/document.xml" {
			doc = f
		}
	}
	if doc == nil {
		return nil, errors.New("the file is not a Word .docx document (word/document.xml is missing)")
	}
	rc, err := doc.Open()
	if err != nil {
		return nil, errors.New("the document cannot be read")
	}
	defer rc.Close()
	dec := xml.NewDecoder(io.LimitReader(rc, MaxInflatedBytes))
	var paras []string
	var cur strings.Builder
	inP, inT, depth := false, false, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errors.New("the document is damaged (word/document.xml is not valid XML)")
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "p":
				if !inP {
					inP, depth = true, 0
					cur.Reset()
				} else {
					depth++
				}
			case "t":
				inT = true
			case "tab", "br":
				if inP {
					cur.WriteString(" ")
				}
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "p":
				if depth > 0 {
					depth--
				} else if inP {
					paras = append(paras, cur.String())
					inP = false
					if len(paras) > MaxRows {
						return nil, fmt.Errorf("the document has more than %d paragraphs; a question list is far shorter", MaxRows)
					}
				}
			case "t":
				inT = false
			}
		case xml.CharData:
			if inP && inT {
				if cur.Len()+len(t) > 4*MaxTextChars { // bytes: at most 4 per character
					return nil, fmt.Errorf("paragraph %d is longer than %d characters", len(paras)+1, MaxTextChars)
				}
				cur.Write(t)
			}
		}
	}
	return paras, nil
}

// ParseJSON loads a survey document (ours or the v6 reference format). JSON syntax errors are
// reported with their line; load-check errors with their document path.
func ParseJSON(data []byte) *Result {
	if len(data) > MaxFileBytes {
		return tooLarge()
	}
	if err := checkJSONShape(data); err != nil {
		return &Result{Errors: []LineError{{0, err.Error()}}}
	}
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return &Result{Errors: []LineError{{lineOf(data, se.Offset), "invalid JSON: " + se.Error()}}}
		}
		return &Result{Errors: []LineError{{0, "invalid JSON"}}}
	}
	d, _, err := lang.Parse(data)
	if err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return &Result{Errors: []LineError{{lineOf(data, te.Offset), fmt.Sprintf("%s: expected %s, got %s", te.Field, te.Type, te.Value)}}}
		}
		return &Result{Errors: []LineError{{0, "not a survey document: " + err.Error()}}}
	}
	lang.AssignDwIDs(d)
	var errs []LineError
	for _, is := range lang.Check(d) {
		if is.Severity == "error" {
			errs = append(errs, LineError{0, is.Path + ": " + is.Message})
		}
	}
	if len(d.Questions) == 0 {
		errs = append(errs, LineError{0, "the document contains no questions"})
	}

	title := strings.TrimSpace(string(d.SurveyName))
	if d.SurveyNameObj != nil && strings.TrimSpace(d.SurveyNameObj.DwText) != "" {
		title = strings.TrimSpace(d.SurveyNameObj.DwText)
	}
	r := &Result{Title: title, Errors: errs}
	for i, q := range d.Questions {
		if q == nil {
			continue
		}
		it := Item{Line: i + 1, QuType: string(q.QuType), Title: stripTags(q.Title()), Required: q.Required(), Options: []string{}}
		for _, o := range q.Options() {
			t := string(o.OptionName)
			if o.OptionTitleObj != nil && o.OptionTitleObj.DwText != "" {
				t = o.OptionTitleObj.DwText
			} else if t == "" {
				t = stripTags(string(o.OptionTitle))
			}
			it.Options = append(it.Options, t)
		}
		r.Items = append(r.Items, it)
	}
	r.Errors = append(r.Errors, checkItems(r.Items)...)
	if r.OK() {
		r.Doc = d
	}
	return r
}

var reTags = regexp.MustCompile(`<[^>]*>`)

func stripTags(s string) string {
	return strings.TrimSpace(html.UnescapeString(reTags.ReplaceAllString(s, "")))
}

func lineOf(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}
