package language

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Codes are the 63 content language codes an author may add (spec second document,
// section 9), with their names in the language itself.
var Codes = []struct{ Code, Name string }{
	{"zh-CN", "简体中文"}, {"zh-TW", "繁體中文"}, {"en", "English"}, {"de", "Deutsch"}, {"pt", "Português"},
	{"es", "Español"}, {"fr", "Français"}, {"ja", "日本語"}, {"ko", "한국어"}, {"ru", "Русский"},
	{"ar", "العربية"}, {"it", "Italiano"}, {"nl", "Nederlands"}, {"pl", "Polski"}, {"tr", "Türkçe"},
	{"vi", "Tiếng Việt"}, {"th", "ไทย"}, {"id", "Bahasa Indonesia"}, {"ms", "Bahasa Melayu"}, {"hi", "हिन्दी"},
	{"bn", "বাংলা"}, {"ur", "اردو"}, {"fa", "فارسی"}, {"he", "עברית"}, {"el", "Ελληνικά"},
	{"sv", "Svenska"}, {"no", "Norsk"}, {"da", "Dansk"}, {"fi", "Suomi"}, {"cs", "Čeština"},
	{"sk", "Slovenčina"}, {"hu", "Magyar"}, {"ro", "Română"}, {"bg", "Български"}, {"uk", "Українська"},
	{"sr", "Српски"}, {"hr", "Hrvatski"}, {"sl", "Slovenščina"}, {"lt", "Lietuvių"}, {"lv", "Latviešu"},
	{"et", "Eesti"}, {"is", "Íslenska"}, {"ga", "Gaeilge"}, {"cy", "Cymraeg"}, {"ca", "Català"},
	{"eu", "Euskara"}, {"gl", "Galego"}, {"sq", "Shqip"}, {"mk", "Македонски"}, {"be", "Беларуская"},
	{"ka", "ქართული"}, {"hy", "Հայերեն"}, {"az", "Azərbaycanca"}, {"kk", "Қазақша"}, {"uz", "Oʻzbekcha"},
	{"mn", "Монгол"}, {"km", "ខ្មែរ"}, {"lo", "ລາວ"}, {"my", "မြန်မာ"}, {"tl", "Filipino"},
	{"sw", "Kiswahili"}, {"af", "Afrikaans"}, {"ta", "தமிழ்"},
}

// CodeName is the name of a known code ("" for an unknown one).
func CodeName(code string) string {
	for _, c := range Codes {
		if strings.EqualFold(c.Code, code) {
			return c.Name
		}
	}
	return ""
}

// knownCode is the canonical spelling of one of Codes, or an error naming the rule.
func knownCode(code string) (string, error) {
	code = strings.TrimSpace(code)
	for _, c := range Codes {
		if strings.EqualFold(c.Code, code) {
			return c.Code, nil
		}
	}
	return "", models.Invalid("languageCode %q is not one of the supported languages", code)
}

func key(typ, code string) string { return typ + "\x00" + code }

// hashOf is the fingerprint of an original text that a translation remembers.
func hashOf(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// sources reads the survey's draft document (design rights) and lists its translatable texts.
func (s *Service) sources(ctx context.Context, p *account.Principal, surveyID string) (*models.Survey, []lang.LangItem, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, nil, err
	}
	items, err := s.sourcesOf(ctx, sv)
	return sv, items, err
}

// sourcesOf lists the translatable texts of the survey's draft document, then the labels of
// the cascade data its CASCADE questions use (cascade.go).
func (s *Service) sourcesOf(ctx context.Context, sv *models.Survey) ([]lang.LangItem, error) {
	text := surveysvc.CleanDocumentText(sv.Draft)
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	d, _, err := lang.Parse([]byte(text))
	if err != nil {
		return nil, models.Invalid("the survey document cannot be read: %v", err)
	}
	items := lang.TranslationSources(d)
	more, err := s.cascadeSources(ctx, sv, d)
	if err != nil {
		return nil, err
	}
	return append(items, more...), nil
}

// sourceHashes fingerprints, for each item, the original text it translates (items whose
// element is not in the document get none).
func sourceHashes(src []lang.LangItem, items []Item) string {
	orig := map[string]string{}
	for _, it := range src {
		orig[key(it.LanType, it.LanCode)] = it.LanValue
	}
	out := map[string]string{}
	for _, it := range items {
		if o, ok := orig[key(it.LanType, it.LanCode)]; ok {
			out[key(it.LanType, it.LanCode)] = hashOf(o)
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// EditorRow is one text of the side-by-side editor.
type EditorRow struct {
	Code       string `json:"code"`
	Type       string `json:"type"`
	Original   string `json:"original"`
	Translated string `json:"translated"`
	// Outdated: the original changed after it was translated.
	Outdated bool `json:"outdated"`
}

// Editor is a language of a survey as the designer edits it.
type Editor struct {
	Language
	Draft bool `json:"draft"`
	// HasDraft: an unpublished version (an AI translation or saved edits) is shown.
	HasDraft bool        `json:"hasDraft"`
	Rows     []EditorRow `json:"rows"`
	Outdated int         `json:"outdated"`
	Missing  int         `json:"missing"`
}

// AuthorLanguage is one language in the designer's list.
type AuthorLanguage struct {
	Language
	Draft    bool `json:"draft"`
	HasDraft bool `json:"hasDraft"`
}

// AuthorList lists every language of a survey, drafts included (design rights).
func (s *Service) AuthorList(ctx context.Context, p *account.Principal, surveyID string) ([]AuthorLanguage, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	var rows []models.SurveyLanguage
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", sv.ID).Order("language_code").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := []AuthorLanguage{}
	for i := range rows {
		out = append(out, AuthorLanguage{Language: view(&rows[i]), Draft: rows[i].Draft, HasDraft: rows[i].DraftScript != ""})
	}
	return out, nil
}

func (s *Service) row(ctx context.Context, surveyID, code string) (*models.SurveyLanguage, error) {
	var row models.SurveyLanguage
	err := s.DB.WithContext(ctx).Where("survey_id = ? AND language_code = ?", surveyID, strings.TrimSpace(code)).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &row, err
}

func decodeItems(script string) []Item {
	var items []Item
	if strings.TrimSpace(script) != "" {
		_ = json.Unmarshal([]byte(script), &items)
	}
	return items
}

// Edit returns the texts of a language side by side with the originals: the draft when one
// exists, else the published script.
func (s *Service) Edit(ctx context.Context, p *account.Principal, surveyID, code string) (*Editor, error) {
	sv, src, err := s.sources(ctx, p, surveyID)
	if err != nil {
		return nil, err
	}
	row, err := s.row(ctx, sv.ID, code)
	if err != nil {
		return nil, err
	}
	script := row.Script
	if row.DraftScript != "" {
		script = row.DraftScript
	}
	tr := map[string]string{}
	for _, it := range decodeItems(script) {
		tr[key(it.LanType, it.LanCode)] = it.LanValue
	}
	cl, err := s.cascadeLabels(ctx, src, row.LanguageCode)
	if err != nil {
		return nil, err
	}
	for k, v := range cl {
		if tr[k] == "" {
			tr[k] = v
		}
	}
	hashes := map[string]string{}
	if row.Sources != "" {
		_ = json.Unmarshal([]byte(row.Sources), &hashes)
	}
	e := &Editor{Language: view(row), Draft: row.Draft, HasDraft: row.DraftScript != "", Rows: []EditorRow{}}
	for _, it := range src {
		k := key(it.LanType, it.LanCode)
		r := EditorRow{Code: it.LanCode, Type: it.LanType, Original: it.LanValue, Translated: tr[k]}
		if h, ok := hashes[k]; ok && r.Translated != "" && h != hashOf(it.LanValue) {
			r.Outdated = true
			e.Outdated++
		}
		if r.Translated == "" {
			e.Missing++
		}
		e.Rows = append(e.Rows, r)
	}
	return e, nil
}

// Publish makes a language's draft what respondents see (the draft replaces the script).
//
// Its cascade option texts go to the cascade data first (cascade.go): a refusal there
// publishes nothing.
func (s *Service) Publish(ctx context.Context, p *account.Principal, surveyID, code string) error {
	sv, src, err := s.sources(ctx, p, surveyID)
	if err != nil {
		return err
	}
	row, err := s.row(ctx, sv.ID, code)
	if err != nil {
		return err
	}
	upd := map[string]any{"draft": false, "draft_script": "", "updated_at": s.now()}
	script := row.Script
	if row.DraftScript != "" {
		upd["script"] = row.DraftScript
		script = row.DraftScript
	} else if row.Script == "" {
		return models.Invalid("the language has no translated texts to publish")
	}
	if err := s.toCascade(ctx, p, sv, src, row.LanguageCode, decodeItems(script)); err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Model(&models.SurveyLanguage{}).Where("id = ?", row.ID).Updates(upd).Error
}
