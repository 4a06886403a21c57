// Package language holds the content languages of a survey (spec second document,
// "Language entities" and the language calls): authors with design rights add, replace and
// delete translations; respondents list them and fetch one script.
//
// A script (languageJsonScript) is a JSON array of items {lanCode, lanType, lanValue}:
// lanCode is the dwId of the translated element and lanType says which text it replaces:
//
//	surveyName, surveyNote          lanCode = the survey's dwId (ignored by the answer page)
//	quTitle, quNote                 lanCode = the question's dwId
//	optionTitle                     lanCode = the option's dwId (choice, score, ranking,
//	                                multi-blank options and matrix rows/columns)
//
// Texts are sanitised like the survey's own rich text (services/survey.SanitizeHTML).
package language

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Limits of a script.
const (
	MaxItems      = 20000
	MaxValueChars = 20000
	MaxScriptSize = 8 << 20
)

// Types are the known lanType values.
var Types = map[string]bool{"surveyName": true, "surveyNote": true, "quTitle": true, "quNote": true, "optionTitle": true,
	"regexMsg": true, "placeholder": true, "nextBtnText": true, "prevBtnText": true, "submitBtnText": true, "submitSuccess": true,
	"cascadeOption": true}

// TypeList names the known lanType values in messages.
const TypeList = "surveyName, surveyNote, quTitle, quNote, optionTitle, regexMsg, placeholder, nextBtnText, prevBtnText, submitBtnText, submitSuccess or cascadeOption"

// maxCode is the longest lanCode of a type (a cascade option names its source and its item).
func maxCode(typ string) int {
	if typ == "cascadeOption" {
		return 64 + len(cascadeCodeSep) + 64
	}
	return 64
}

var codeRe = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$`)

// Service implements the language calls.
type Service struct {
	DB      *gorm.DB
	Surveys *surveysvc.Service
	// AI translates texts (nil: AI translation is not configured and aiAdd refuses).
	AI Provider
	// AIWorkflows starts and cancels translation workflows (nil: jobs wait in the outbox).
	AIWorkflows Canceller
	// Outbox is nudged after a job was queued.
	Outbox outbox.Nudger
	// Limits is the AI cost guard.
	Limits Limits
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Item is one translated text.
type Item struct {
	LanCode  string `json:"lanCode"`
	LanType  string `json:"lanType"`
	LanValue string `json:"lanValue"`
}

// Language is one entry of a list (without its script).
type Language struct {
	ID           string `json:"id"`
	SurveyID     string `json:"surveyId"`
	LanguageCode string `json:"languageCode"`
	LanguageName string `json:"languageName"`
	UpdateDate   string `json:"updateDate"`
}

// Entry is a language with its script (the add answer).
type Entry struct {
	Language
	LanguageJSONScript string `json:"languageJsonScript"`
}

// AddInput is the body of app/v6/language/add.
type AddInput struct {
	SurveyID           string `json:"surveyId" form:"surveyId"`
	LanguageCode       string `json:"languageCode" form:"languageCode"`
	LanguageName       string `json:"languageName" form:"languageName"`
	LanguageJSONScript string `json:"languageJsonScript" form:"languageJsonScript"`
	// Draft saves the texts as the language's draft (respondents keep the published script;
	// a new language stays hidden until published). Not in the spec's body: the designer's
	// review step sends it.
	Draft bool `json:"draft" form:"draft"`
}

// DeleteInput is the body of app/v6/language/delete: the entry id, or survey and code.
type DeleteInput struct {
	ID           string `json:"id" form:"id"`
	SurveyID     string `json:"surveyId" form:"surveyId"`
	LanguageCode string `json:"languageCode" form:"languageCode"`
}

func view(l *models.SurveyLanguage) Language {
	return Language{ID: l.ID, SurveyID: l.SurveyID, LanguageCode: l.LanguageCode, LanguageName: l.LanguageName,
		UpdateDate: models.FormatTime(l.UpdatedAt)}
}

// ParseScript validates a script and returns it sanitised and in canonical form. An item
// without lanCode, with an unknown lanType or too long a value is refused (400).
func ParseScript(raw string) ([]Item, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, models.Invalid("languageJsonScript is required")
	}
	if len(raw) > MaxScriptSize {
		return nil, models.Invalid("languageJsonScript is too large (at most %d bytes)", MaxScriptSize)
	}
	var items []Item
	d := json.NewDecoder(strings.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&items); err != nil {
		return nil, models.Invalid("languageJsonScript must be a JSON array of {lanCode, lanType, lanValue}: %v", err)
	}
	if d.More() {
		return nil, models.Invalid("languageJsonScript must be a single JSON array")
	}
	if len(items) > MaxItems {
		return nil, models.Invalid("languageJsonScript has too many items (at most %d)", MaxItems)
	}
	seen := map[string]bool{}
	out := make([]Item, 0, len(items))
	for i, it := range items {
		it.LanCode = strings.TrimSpace(it.LanCode)
		if !Types[it.LanType] {
			return nil, models.Invalid("item %d: unknown lanType %q (%s)", i+1, it.LanType, TypeList)
		}
		if it.LanCode == "" || len(it.LanCode) > maxCode(it.LanType) {
			return nil, models.Invalid("item %d: lanCode is required (at most %d characters)", i+1, maxCode(it.LanType))
		}
		if utf8.RuneCountInString(it.LanValue) > MaxValueChars {
			return nil, models.Invalid("item %d: lanValue is too long (at most %d characters)", i+1, MaxValueChars)
		}
		key := it.LanType + "\x00" + it.LanCode
		if seen[key] {
			return nil, models.Invalid("item %d: %s of %s appears twice", i+1, it.LanType, it.LanCode)
		}
		seen[key] = true
		it.LanValue = surveysvc.SanitizeHTML(it.LanValue)
		out = append(out, it)
	}
	return out, nil
}

func checkCode(code string) (string, error) {
	code = strings.TrimSpace(code)
	if !codeRe.MatchString(code) {
		return "", models.Invalid("languageCode must be a language code such as en or zh-TW")
	}
	return code, nil
}

// Add creates the language of a survey, or replaces its name and script when the survey
// already has that code. Owner or design collaborator only.
func (s *Service) Add(ctx context.Context, p *account.Principal, in AddInput) (*Entry, error) {
	code, err := checkCode(in.LanguageCode)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(in.LanguageName)
	if name == "" {
		name = code
	}
	if utf8.RuneCountInString(name) > 64 {
		return nil, models.Invalid("languageName is too long (at most 64 characters)")
	}
	name = surveysvc.SanitizeHTML(name)
	items, err := ParseScript(in.LanguageJSONScript)
	if err != nil {
		return nil, err
	}
	sv, src, err := s.sources(ctx, p, in.SurveyID)
	if err != nil {
		return nil, err
	}
	if !in.Draft {
		// published at once: the cascade option texts go to the cascade data (cascade.go)
		if err := s.toCascade(ctx, p, sv, src, code, items); err != nil {
			return nil, err
		}
	}
	row, err := s.store(ctx, sv.ID, p.UserID, code, name, items, src, in.Draft)
	if err != nil {
		return nil, err
	}
	return &Entry{Language: view(row), LanguageJSONScript: row.Script}, nil
}

// store writes the texts of one language of a survey: as its published script, or as its
// draft (draft: a new row is hidden from respondents until published), remembering which
// original each text translates (outdated marks).
func (s *Service) store(ctx context.Context, surveyID, userID, code, name string, items []Item, src []lang.LangItem, draft bool) (*models.SurveyLanguage, error) {
	script, err := json.Marshal(items)
	if err != nil {
		return nil, err
	}
	row := models.SurveyLanguage{ID: uuid.NewString(), SurveyID: surveyID, LanguageCode: code, LanguageName: name,
		Script: string(script), CreatedBy: userID, Sources: sourceHashes(src, items)}
	cols := []string{"language_name", "script", "sources", "draft", "draft_script", "updated_at"}
	if draft {
		row.Script, row.DraftScript, row.Draft = "", string(script), true
		cols = []string{"language_name", "sources", "draft_script", "updated_at"}
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "survey_id"}, {Name: "language_code"}},
			DoUpdates: clause.AssignmentColumns(cols),
		}).Create(&row).Error; err != nil {
			return err
		}
		var stored models.SurveyLanguage
		if err := tx.Where("survey_id = ? AND language_code = ?", surveyID, code).Take(&stored).Error; err != nil {
			return err
		}
		row = stored
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &row, nil
}

// Delete removes one language (by id, or by survey and code). Owner or design collaborator.
func (s *Service) Delete(ctx context.Context, p *account.Principal, in DeleteInput) error {
	var row models.SurveyLanguage
	q := s.DB.WithContext(ctx)
	switch {
	case strings.TrimSpace(in.ID) != "":
		q = q.Where("id = ?", strings.TrimSpace(in.ID))
	case strings.TrimSpace(in.SurveyID) != "" && strings.TrimSpace(in.LanguageCode) != "":
		sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
		if err != nil {
			return err
		}
		q = q.Where("survey_id = ? AND language_code = ?", sv.ID, strings.TrimSpace(in.LanguageCode))
	default:
		return models.Invalid("id (or surveyId and languageCode) is required")
	}
	if err := q.Take(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return models.ErrNotFound
		}
		return err
	}
	if _, err := s.Surveys.Check(ctx, p, row.SurveyID, surveysvc.NeedDesign); err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Where("id = ?", row.ID).Delete(&models.SurveyLanguage{}).Error
}

// surveyID resolves an id or sid of a survey that is not in the recycle bin ("" when none).
func (s *Service) surveyID(ctx context.Context, idOrSid string) (string, error) {
	idOrSid = strings.TrimSpace(idOrSid)
	if idOrSid == "" {
		return "", nil
	}
	var sv models.Survey
	err := s.DB.WithContext(ctx).Select("id").Where("(id = ? OR sid = ?) AND deleted_at IS NULL", idOrSid, idOrSid).Take(&sv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", nil
	}
	return sv.ID, err
}

// AddsInput is the body of app/v6/language/adds: several languages of one survey at once,
// each as in add (one transaction of checks: a bad entry refuses all).
type AddsInput struct {
	SurveyID  string     `json:"surveyId" form:"surveyId"`
	Languages []AddInput `json:"languages"`
}

// MaxAdds bounds the languages of one adds call.
const MaxAdds = 63

// Adds adds or replaces several languages: every entry is checked before any is stored.
func (s *Service) Adds(ctx context.Context, p *account.Principal, in AddsInput) ([]Entry, error) {
	if len(in.Languages) == 0 {
		return nil, models.Invalid("languages is required (a list of {languageCode, languageName, languageJsonScript})")
	}
	if len(in.Languages) > MaxAdds {
		return nil, models.Invalid("at most %d languages at once", MaxAdds)
	}
	type checked struct {
		code, name string
		items      []Item
		draft      bool
	}
	var all []checked
	seen := map[string]bool{}
	for i, l := range in.Languages {
		code, err := checkCode(l.LanguageCode)
		if err != nil {
			return nil, models.Invalid("language %d: %v", i+1, err)
		}
		if seen[code] {
			return nil, models.Invalid("language %d: %s appears twice", i+1, code)
		}
		seen[code] = true
		name := strings.TrimSpace(l.LanguageName)
		if name == "" {
			name = code
		}
		if utf8.RuneCountInString(name) > 64 {
			return nil, models.Invalid("language %d: languageName is too long (at most 64 characters)", i+1)
		}
		if strings.TrimSpace(l.LanguageJSONScript) == "" {
			l.LanguageJSONScript = "[]"
		}
		items, err := ParseScript(l.LanguageJSONScript)
		if err != nil {
			return nil, models.Invalid("language %d: %v", i+1, err)
		}
		all = append(all, checked{code, surveysvc.SanitizeHTML(name), items, l.Draft})
	}
	sv, src, err := s.sources(ctx, p, in.SurveyID)
	if err != nil {
		return nil, err
	}
	for _, c := range all {
		if !c.draft {
			if err := s.toCascade(ctx, p, sv, src, c.code, c.items); err != nil {
				return nil, models.Invalid("language %s: %v", c.code, err)
			}
		}
	}
	out := []Entry{}
	for _, c := range all {
		row, err := s.store(ctx, sv.ID, p.UserID, c.code, c.name, c.items, src, c.draft)
		if err != nil {
			return nil, err
		}
		out = append(out, Entry{Language: view(row), LanguageJSONScript: row.Script})
	}
	return out, nil
}

// List is the respondent list of a survey's languages (empty for an unknown survey).
func (s *Service) List(ctx context.Context, surveyIDOrSid string) ([]Language, error) {
	out := []Language{}
	id, err := s.surveyID(ctx, surveyIDOrSid)
	if err != nil || id == "" {
		return out, err
	}
	var rows []models.SurveyLanguage
	if err := s.DB.WithContext(ctx).Select("id", "survey_id", "language_code", "language_name", "updated_at").
		Where("survey_id = ? AND draft = ?", id, false).Order("language_code").Find(&rows).Error; err != nil {
		return nil, err
	}
	for i := range rows {
		out = append(out, view(&rows[i]))
	}
	return out, nil
}

// Script returns the script (a JSON string) of one language of a survey; not found else.
func (s *Service) Script(ctx context.Context, surveyIDOrSid, code string) (string, error) {
	id, err := s.surveyID(ctx, surveyIDOrSid)
	if err != nil {
		return "", err
	}
	code = strings.TrimSpace(code)
	if id == "" || code == "" {
		return "", models.ErrNotFound
	}
	var row models.SurveyLanguage
	if err := s.DB.WithContext(ctx).Where("survey_id = ? AND language_code = ? AND draft = ?", id, code, false).Take(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return "", models.ErrNotFound
		}
		return "", err
	}
	return row.Script, nil
}
