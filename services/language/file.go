package language

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/export"
	"dwsurvey/services/importer"
	surveysvc "dwsurvey/services/survey"
)

// Translation files (spec second document, sections 3 and 5): an .xlsx whose first sheet
// has the header row "code, type, original content, translated content" and one row per
// translatable text. On import the first row must be that header (in English or Chinese);
// the translated column wins when it holds text, else the original column is taken. Texts
// go to the language's draft (the author publishes it); the survey's own texts are never
// written. A file with a formula, a bad type, a duplicate or too long a text, or beyond the
// import bounds (importer: size, parts, 5,000 rows) is refused as a whole. Rows of type
// cascadeOption ("cascade option") go to the draft like the others, and on publishing to the
// cascade data (cascade.go).

// FileHeader is the header row of a translation file.
var FileHeader = []string{"code", "type", "original content", "translated content"}

var headerNames = map[string]int{
	"code": 0, "编码": 0, "代码": 0, "lancode": 0,
	"type": 1, "类型": 1, "lantype": 1,
	"original content": 2, "original": 2, "原文": 2, "原始内容": 2, "原内容": 2,
	"translated content": 3, "translated": 3, "translation": 3, "译文": 3, "翻译内容": 3, "翻译": 3,
}

// typeNames are spellings of a type that a person may write in the type column (the spec
// calls the cascade rows "cascade option").
var typeNames = map[string]string{"cascade option": "cascadeOption", "级联选项": "cascadeOption"}

func fileType(s string) string {
	s = strings.TrimSpace(s)
	if t, ok := typeNames[strings.ToLower(s)]; ok {
		return t
	}
	return s
}

// ExportFile writes the translation file of a language (its draft, else its published
// texts; an unknown language gives an empty translated column) and its file name.
func (s *Service) ExportFile(ctx context.Context, p *account.Principal, surveyID, code string) ([]byte, string, error) {
	code, err := checkCode(code)
	if err != nil {
		return nil, "", err
	}
	sv, src, err := s.sources(ctx, p, surveyID)
	if err != nil {
		return nil, "", err
	}
	tr := map[string]string{}
	if row, err := s.row(ctx, sv.ID, code); err == nil {
		script := row.Script
		if row.DraftScript != "" {
			script = row.DraftScript
		}
		for _, it := range decodeItems(script) {
			tr[key(it.LanType, it.LanCode)] = it.LanValue
		}
	} else if !errors.Is(err, models.ErrNotFound) {
		return nil, "", err
	}
	// cascade option labels the cascade data already has in the language
	cl, err := s.cascadeLabels(ctx, src, code)
	if err != nil {
		return nil, "", err
	}
	for k, v := range cl {
		if tr[k] == "" {
			tr[k] = v
		}
	}
	f := excelize.NewFile()
	defer f.Close()
	sheet := "Translation"
	if err := f.SetSheetName(f.GetSheetName(0), sheet); err != nil {
		return nil, "", err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, "", err
	}
	_ = sw.SetColWidth(1, 2, 16)
	_ = sw.SetColWidth(3, 4, 60)
	head := []any{FileHeader[0], FileHeader[1], FileHeader[2], FileHeader[3]}
	if err := sw.SetRow("A1", head); err != nil {
		return nil, "", err
	}
	for i, it := range src {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		row := []any{it.LanCode, it.LanType, export.Neutralise(it.LanValue), export.Neutralise(tr[key(it.LanType, it.LanCode)])}
		if err := sw.SetRow(cell, row); err != nil {
			return nil, "", err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), fmt.Sprintf("translation-%s-%s.xlsx", sv.Sid, code), nil
}

// FileRow is a row of an imported file that the preview lists.
type FileRow struct {
	Line int    `json:"line"`
	Code string `json:"code"`
	Type string `json:"type"`
	// Before is the language's text now, After the file's.
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
}

// ImportResult is the preview (or the outcome) of a translation file import.
type ImportResult struct {
	LanguageCode string    `json:"languageCode"`
	Rows         int       `json:"rows"`
	Changed      []FileRow `json:"changed"`
	Unchanged    int       `json:"unchanged"`
	Unknown      []FileRow `json:"unknown"`
	// Applied: the texts were saved as the language's draft.
	Applied bool `json:"applied"`
}

// ImportInput is an import request: Apply false only previews.
type ImportInput struct {
	SurveyID     string
	LanguageCode string
	LanguageName string
	Data         []byte
	Apply        bool
	// IgnoreUnknown applies a file with rows whose codes are not in the survey (they are
	// skipped); without it such a file is refused.
	IgnoreUnknown bool
}

type fileRow struct {
	line                 int
	code, typ, text      string
	formula              string
	original, translated string
}

// cellText is a cell as text: the apostrophe that export.Neutralise put before a formula-like
// text is taken off again.
func cellText(s string) string {
	if len(s) > 1 && s[0] == '\'' {
		switch s[1] {
		case '=', '+', '-', '@', '\t', '\r':
			return s[1:]
		}
	}
	return s
}

// readFile reads and checks a translation file: a clear error names the first problems.
func readFile(data []byte) ([]fileRow, error) {
	if len(data) == 0 {
		return nil, models.Invalid("the file is empty")
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, models.Invalid("the file is not an Excel .xlsx workbook (a CSV or another file renamed .xlsx is not accepted)")
	}
	var zr *zip.Reader
	zr, err := importer.CheckZip(data, "Excel .xlsx workbook", "a translation")
	if err != nil {
		return nil, models.Invalid("%v", err)
	}
	formulas, err := importer.SheetFormulas(zr, importer.MaxRows)
	if err != nil {
		return nil, models.Invalid("%v", err)
	}
	cols := []int{-1, -1, -1, -1}
	var rows []fileRow
	var problems []string
	err = importer.SheetRows(data, "Excel .xlsx workbook", func(line int, cells []string) error {
		if line == 1 {
			for i, c := range cells {
				if k, ok := headerNames[strings.ToLower(strings.TrimSpace(c))]; ok && cols[k] < 0 {
					cols[k] = i
				}
			}
			if cols[0] < 0 || cols[1] < 0 || (cols[2] < 0 && cols[3] < 0) {
				return models.Invalid("the first row must be the header: %s (got %q)", strings.Join(FileHeader, ", "), strings.Join(cells, ", "))
			}
			return nil
		}
		get := func(k int) string {
			if cols[k] < 0 || cols[k] >= len(cells) {
				return ""
			}
			return cellText(cells[cols[k]])
		}
		r := fileRow{line: line, code: strings.TrimSpace(get(0)), typ: fileType(get(1)), original: get(2), translated: get(3), formula: formulas[line]}
		if r.code == "" && r.typ == "" && strings.TrimSpace(r.original) == "" && strings.TrimSpace(r.translated) == "" {
			return nil
		}
		r.text = r.translated
		if strings.TrimSpace(r.text) == "" {
			r.text = r.original
		}
		rows = append(rows, r)
		return nil
	})
	if err != nil {
		var le importer.LineError
		if errors.As(err, &le) {
			return nil, models.Invalid("%s", le.String())
		}
		return nil, err
	}
	if formulas[1] != "" {
		problems = append(problems, fmt.Sprintf("row 1 (cell %s) holds a formula", formulas[1]))
	}
	seen := map[string]int{}
	for _, r := range rows {
		switch {
		case r.formula != "":
			problems = append(problems, fmt.Sprintf("row %d (cell %s) holds a formula; translation files take plain text only", r.line, r.formula))
		case r.code == "":
			problems = append(problems, fmt.Sprintf("row %d has no code", r.line))
		case !Types[r.typ]:
			problems = append(problems, fmt.Sprintf("row %d: unknown type %q (%s)", r.line, r.typ, TypeList))
		case len(r.code) > maxCode(r.typ):
			problems = append(problems, fmt.Sprintf("row %d: the code is longer than %d characters", r.line, maxCode(r.typ)))
		case utf8.RuneCountInString(r.text) > MaxValueChars:
			problems = append(problems, fmt.Sprintf("row %d: the text is longer than %d characters", r.line, MaxValueChars))
		case seen[key(r.typ, r.code)] > 0:
			problems = append(problems, fmt.Sprintf("row %d repeats %s %s of row %d", r.line, r.typ, r.code, seen[key(r.typ, r.code)]))
		}
		seen[key(r.typ, r.code)] = r.line
	}
	if len(problems) > 0 {
		more := ""
		if len(problems) > 5 {
			more = fmt.Sprintf(" (and %d more problems)", len(problems)-5)
			problems = problems[:5]
		}
		return nil, models.Invalid("the translation file was not imported: %s%s", strings.Join(problems, "; "), more)
	}
	if len(rows) == 0 {
		return nil, models.Invalid("the translation file has no rows below its header")
	}
	return rows, nil
}

// ImportFile previews (and with Apply saves as the language's draft) a translation file.
func (s *Service) ImportFile(ctx context.Context, p *account.Principal, in ImportInput) (*ImportResult, error) {
	code, err := checkCode(in.LanguageCode)
	if err != nil {
		return nil, err
	}
	rows, err := readFile(in.Data)
	if err != nil {
		return nil, err
	}
	sv, src, err := s.sources(ctx, p, in.SurveyID)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, it := range src {
		known[key(it.LanType, it.LanCode)] = true
	}
	var items []Item
	idx := map[string]int{}
	name := strings.TrimSpace(in.LanguageName)
	row, err := s.row(ctx, sv.ID, code)
	switch {
	case err == nil:
		script := row.Script
		if row.DraftScript != "" {
			script = row.DraftScript
		}
		for _, it := range decodeItems(script) {
			idx[key(it.LanType, it.LanCode)] = len(items)
			items = append(items, it)
		}
		if name == "" {
			name = row.LanguageName
		}
	case !errors.Is(err, models.ErrNotFound):
		return nil, err
	}
	if name == "" {
		if name = CodeName(code); name == "" {
			name = code
		}
	}
	res := &ImportResult{LanguageCode: code, Rows: len(rows), Changed: []FileRow{}, Unknown: []FileRow{}}
	for _, r := range rows {
		k := key(r.typ, r.code)
		if !known[k] {
			res.Unknown = append(res.Unknown, FileRow{Line: r.line, Code: r.code, Type: r.typ})
			continue
		}
		text := surveysvc.SanitizeHTML(r.text)
		before := ""
		if i, ok := idx[k]; ok {
			before = items[i].LanValue
			items[i].LanValue = text
		} else {
			idx[k] = len(items)
			items = append(items, Item{LanCode: r.code, LanType: r.typ, LanValue: text})
		}
		if before == text {
			res.Unchanged++
		} else {
			res.Changed = append(res.Changed, FileRow{Line: r.line, Code: r.code, Type: r.typ, Before: before, After: text})
		}
	}
	if !in.Apply {
		return res, nil
	}
	if len(res.Unknown) > 0 && !in.IgnoreUnknown {
		var l []string
		for i, u := range res.Unknown {
			if i == 5 {
				l = append(l, fmt.Sprintf("and %d more", len(res.Unknown)-5))
				break
			}
			l = append(l, fmt.Sprintf("row %d (%s %s)", u.Line, u.Type, u.Code))
		}
		return nil, models.Invalid("the translation file was not imported: %d rows name texts that are not in this survey: %s; remove them, or import ignoring them",
			len(res.Unknown), strings.Join(l, ", "))
	}
	if len(items) > MaxItems {
		return nil, models.Invalid("the translation has too many texts (at most %d)", MaxItems)
	}
	if _, err := s.store(ctx, sv.ID, p.UserID, code, name, items, src, true); err != nil {
		return nil, err
	}
	res.Applied = true
	return res, nil
}
