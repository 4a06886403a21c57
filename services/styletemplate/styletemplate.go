// Package styletemplate manages style templates (resource/style-template): saved surveyStyle
// sets that administrators curate and authors apply in the style designer. A template's style
// is checked like a survey's own style: known fields only, colours as #rgb/#rrggbb, image
// addresses http(s) or a path on this site.
package styletemplate

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/catalog"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/survey"
)

// Limits and messages of the template form (spec section 5: names at most 18 characters).
const (
	MaxNameLen    = 18
	MaxNoteLen    = 200
	MaxStyleBytes = 16 << 10

	MsgName   = "Please enter the style template name (at most 18 characters)"
	MsgNote   = "The note is at most 200 characters"
	MsgStyle  = "The style must be a surveyStyle object"
	MsgStatus = catalog.MsgStatus
)

var colorPattern = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$`)

// Service stores style templates.
type Service struct {
	DB    *gorm.DB
	Audit *audit.Recorder
	Now   func() time.Time
}

func (s *Service) store() *catalog.Store[models.StyleTemplate, *models.StyleTemplate] {
	return &catalog.Store[models.StyleTemplate, *models.StyleTemplate]{DB: s.DB, Audit: s.Audit, Now: s.Now,
		Kind: "style template", MaxName: MaxNameLen, MsgName: MsgName, Order: "updated_at DESC"}
}

// Actor is who acts (the system log).
type Actor = catalog.Actor

// Row is a template as lists show it; Style is the surveyStyle object.
type Row struct {
	catalog.RowHead
	Style json.RawMessage `json:"style"`
	Note  string          `json:"note"`
}

func toRow(t *models.StyleTemplate) Row {
	return Row{RowHead: catalog.HeadRow(t.Head()), Style: json.RawMessage(t.Style), Note: t.Note}
}

// Input is the body of save: a new template without ID, else the fields given change.
type Input struct {
	ID     string          `json:"id"`
	Name   *string         `json:"name"`
	Style  json.RawMessage `json:"style"`
	Status *int            `json:"status"`
	Note   *string         `json:"note"`
}

// CheckStyle parses a surveyStyle object strictly and returns its normal form.
func CheckStyle(raw json.RawMessage) (string, error) {
	if len(raw) > MaxStyleBytes {
		return "", models.Invalid("The style is larger than %d KB", MaxStyleBytes>>10)
	}
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '{' {
		return "", models.Invalid(MsgStyle)
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.DisallowUnknownFields()
	var st survey.SurveyStyle
	if err := dec.Decode(&st); err != nil {
		return "", models.Invalid("%s: %v", MsgStyle, err)
	}
	for name, c := range map[string]survey.Str{"themeColor": st.ThemeColor, "pageThemeColor": st.PageThemeColor, "pageThemeColor1": st.PageThemeColor1,
		"pageBgColor": st.PageBgColor, "logoBgColor": st.LogoBgColor, "progressColor": st.ProgressColor} {
		if v := strings.TrimSpace(string(c)); v != "" && !colorPattern.MatchString(v) {
			return "", models.Invalid("%s must be a colour such as #015AB4", name)
		}
	}
	for name, img := range map[string]*survey.StyleImg{"pageTopImg": st.PageTopImg, "pageBgImg": st.PageBgImg, "logoImg": st.LogoImg} {
		if img != nil && !surveysvc.SafeURL(string(img.Src)) {
			return "", models.Invalid("%s must be an http(s) address or a path on this site", name)
		}
	}
	for name, v := range map[string]survey.Str{"submitBtnText": st.SubmitBtnText, "nextBtnText": st.NextBtnText, "prevBtnText": st.PrevBtnText} {
		if utf8.RuneCountInString(string(v)) > 32 {
			return "", models.Invalid("%s is at most 32 characters", name)
		}
	}
	out, err := json.Marshal(st)
	return string(out), err
}

// List pages through the templates; enabledOnly for authors (the style designer).
func (s *Service) List(ctx context.Context, name string, status *int, enabledOnly bool, page, size int) ([]Row, int64, error) {
	ts, total, err := s.store().List(ctx, name, status, enabledOnly, page, size)
	return catalog.Rows(ts, toRow), total, err
}

// Save creates or updates a template; every check comes before the write.
func (s *Service) Save(ctx context.Context, a Actor, in Input) (*Row, error) {
	t, err := s.store().Save(ctx, a, catalog.Change{ID: in.ID, Name: in.Name, Status: in.Status}, catalog.Hooks[models.StyleTemplate, *models.StyleTemplate]{
		Apply: func(t *models.StyleTemplate, isNew bool) error {
			if isNew && in.Style == nil {
				return models.Invalid(MsgName)
			}
			if in.Note != nil {
				if utf8.RuneCountInString(*in.Note) > MaxNoteLen {
					return models.Invalid(MsgNote)
				}
				t.Note = strings.TrimSpace(*in.Note)
			}
			if in.Style != nil {
				st, err := CheckStyle(in.Style)
				if err != nil {
					return err
				}
				t.Style = st
			}
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	r := toRow(t)
	return &r, nil
}

// Delete removes templates (surveys keep the style they applied: it was copied).
func (s *Service) Delete(ctx context.Context, a Actor, ids []string) (int64, error) {
	return s.store().Delete(ctx, a, ids)
}
