package survey

import (
	"context"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/importer"
	lang "dwsurvey/survey"
)

// Import kinds.
const (
	ImportExcel = "excel"
	ImportWord  = "word"
	ImportJSON  = "json"
)

// ImportInput describes one import call. Mode "parse" (default) only previews; "save" creates.
type ImportInput struct {
	Kind       string
	FileName   string
	Data       []byte
	Mode       string
	SurveyName string // optional title of the new survey (else the file's title, else the file name)
	SurveyType string // optional (default: the document's type or "survey")
	BankID     string // bank import: existing bank
	BankName   string // bank import: or create a bank with this name
}

// ImportResult is the answer of an import call.
type ImportResult struct {
	Mode      string               `json:"mode"`
	Ready     bool                 `json:"ready"` // "ready to import" (true) or "parse failed"
	Title     string               `json:"title"`
	QuNum     int                  `json:"quNum"`
	Questions []importer.Item      `json:"questions"`
	Errors    []importer.LineError `json:"errors"`
	Messages  []string             `json:"messages"` // Errors as "line N: message"
	Survey    *Info                `json:"survey,omitempty"`
	Bank      *Bank                `json:"bank,omitempty"`
	Added     []BankQuestion       `json:"added,omitempty"`
}

// ParseFailed is the refusal of an import whose file has errors; Result carries the lines.
type ParseFailed struct{ Result *ImportResult }

func (e *ParseFailed) Error() string {
	msg := "Parse failed: " + strings.Join(e.Result.Messages, "; ")
	if len(msg) > 600 {
		msg = msg[:600] + "..."
	}
	return msg
}

func parseImport(in ImportInput) (*importer.Result, error) {
	if len(in.Data) == 0 {
		return nil, models.Invalid("Please choose a file to import")
	}
	switch in.Kind {
	case ImportExcel:
		return importer.ParseXLSX(in.Data), nil
	case ImportWord:
		return importer.ParseDOCX(in.Data), nil
	case ImportJSON:
		return importer.ParseJSON(in.Data), nil
	}
	return nil, models.Invalid("Unknown import kind %q", in.Kind)
}

func toImportResult(mode string, r *importer.Result) *ImportResult {
	out := &ImportResult{Mode: mode, Ready: r.OK(), Title: r.Title, Questions: r.Items, Errors: r.Errors, Messages: []string{}}
	if out.Questions == nil {
		out.Questions = []importer.Item{}
	}
	if out.Errors == nil {
		out.Errors = []importer.LineError{}
	}
	for _, e := range r.Errors {
		out.Messages = append(out.Messages, e.String())
	}
	for _, it := range r.Items {
		if it.QuType != lang.TypePageTag && it.QuType != lang.TypeParagraph {
			out.QuNum++
		}
	}
	return out
}

func importMode(m string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(m)) {
	case "", "parse":
		return "parse", nil
	case "save":
		return "save", nil
	}
	return "", models.Invalid("Unknown mode %q: use parse or save", m)
}

// ImportSurvey parses a file; in save mode a survey is created from it. A file with errors
// returns *ParseFailed and creates nothing.
func (s *Service) ImportSurvey(ctx context.Context, p *account.Principal, in ImportInput) (*ImportResult, error) {
	mode, err := importMode(in.Mode)
	if err != nil {
		return nil, err
	}
	r, err := parseImport(in)
	if err != nil {
		return nil, err
	}
	out := toImportResult(mode, r)
	if !r.OK() {
		return out, &ParseFailed{Result: out}
	}
	title := strings.TrimSpace(in.SurveyName)
	if title == "" {
		title = r.Title
	}
	if title == "" {
		title = strings.TrimSuffix(in.FileName, fileExt(in.FileName))
	}
	if title == "" {
		title = "Imported survey"
	}
	if utf8.RuneCountInString(title) > 200 {
		title = string([]rune(title)[:200])
	}
	out.Title = title
	st := strings.TrimSpace(in.SurveyType)
	if st == "" {
		st = string(r.Doc.SurveyType)
	}
	if st == "" {
		st = "survey"
	}
	if !validType(st) {
		return nil, models.Invalid("Unknown survey type %q: use one of %s", st, strings.Join(models.SurveyTypes, ", "))
	}
	if mode == "parse" {
		return out, nil
	}
	info, err := s.create(ctx, p, createSpec{title: title, surveyType: st, doc: r.Doc, refuseURLs: true})
	if err != nil {
		return nil, err
	}
	out.Survey = info
	return out, nil
}

func fileExt(n string) string {
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		return n[i:]
	}
	return ""
}

// ImportBank parses a question list; in save mode the questions are appended to the bank
// (bankId) or to a new bank (bankName, else the file name).
func (s *Service) ImportBank(ctx context.Context, p *account.Principal, in ImportInput) (*ImportResult, error) {
	mode, err := importMode(in.Mode)
	if err != nil {
		return nil, err
	}
	var bank *models.QuBank
	if in.BankID != "" {
		if bank, err = s.ownBank(ctx, nil, p, in.BankID); err != nil {
			return nil, err
		}
	}
	r, err := parseImport(in)
	if err != nil {
		return nil, err
	}
	out := toImportResult(mode, r)
	if !r.OK() {
		return out, &ParseFailed{Result: out}
	}
	var qs []*lang.Question
	for _, q := range r.Doc.Questions {
		if q != nil && q.QuType != lang.TypePageTag {
			qs = append(qs, q)
		}
	}
	if mode == "parse" {
		return out, nil
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if bank == nil {
			name := strings.TrimSpace(in.BankName)
			if name == "" {
				name = strings.TrimSpace(r.Title)
			}
			if name == "" {
				name = strings.TrimSuffix(in.FileName, fileExt(in.FileName))
			}
			if utf8.RuneCountInString(name) > 32 {
				name = string([]rune(name)[:32])
			}
			bi := BankInput{BankName: name}
			if err := checkBankInput(&bi); err != nil {
				return err
			}
			bank = &models.QuBank{ID: newID(), OwnerID: p.UserID, Name: bi.BankName, CreatedAt: s.now(), UpdatedAt: s.now()}
			if err := tx.Create(bank).Error; err != nil {
				return err
			}
		}
		added, err := s.insertBankQuestions(ctx, tx, bank, qs)
		out.Added = added
		return err
	})
	if err != nil {
		return nil, err
	}
	b := toBank(*bank, int64(len(out.Added)))
	out.Bank = &b
	return out, nil
}
