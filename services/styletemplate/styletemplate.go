// Package styletemplate manages style templates (resource/style-template): saved surveyStyle
// sets that administrators curate and authors apply in the style designer. A template's style
// is checked like a survey's own style: known fields only, colours as #rgb/#rrggbb, image
// addresses http(s) or a path on this site.
package styletemplate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
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
	MsgStatus = "The status must be 0 (disabled) or 1 (enabled)"
)

var colorPattern = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$`)

// Service stores style templates.
type Service struct {
	DB    *gorm.DB
	Audit *audit.Recorder
	Now   func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Actor is who acts (the system log).
type Actor struct{ UserID, UserName, IP string }

// Row is a template as lists show it; Style is the surveyStyle object.
type Row struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	Style      json.RawMessage `json:"style"`
	Status     int             `json:"status"`
	Note       string          `json:"note"`
	CreateDate string          `json:"createDate"`
	UpdateDate string          `json:"updateDate"`
}

func toRow(t *models.StyleTemplate) Row {
	return Row{ID: t.ID, Name: t.Name, Style: json.RawMessage(t.Style), Status: t.Status, Note: t.Note,
		CreateDate: models.FormatTime(t.CreatedAt), UpdateDate: models.FormatTime(t.UpdatedAt)}
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

func (s *Service) byID(ctx context.Context, id string) (*models.StyleTemplate, error) {
	var t models.StyleTemplate
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, models.ErrNotFound
	}
	err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &t, err
}

// List pages through the templates; enabledOnly for authors (the style designer).
func (s *Service) List(ctx context.Context, name string, status *int, enabledOnly bool, page, size int) ([]Row, int64, error) {
	q := s.DB.WithContext(ctx).Model(&models.StyleTemplate{})
	if n := strings.TrimSpace(name); n != "" {
		q = q.Where(models.Contains("name", n))
	}
	if enabledOnly {
		q = q.Where("status = ?", models.StateEnabled)
	} else if status != nil {
		q = q.Where("status = ?", *status)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var ts []models.StyleTemplate
	if err := q.Order("updated_at DESC, id").Offset((page - 1) * size).Limit(size).Find(&ts).Error; err != nil {
		return nil, 0, err
	}
	out := make([]Row, len(ts))
	for i := range ts {
		out[i] = toRow(&ts[i])
	}
	return out, total, nil
}

// Save creates or updates a template; every check comes before the write.
func (s *Service) Save(ctx context.Context, a Actor, in Input) (*Row, error) {
	now := s.now()
	t := &models.StyleTemplate{ID: uuid.NewString(), Status: models.StateEnabled, CreatedBy: a.UserID, CreatedAt: now}
	isNew := strings.TrimSpace(in.ID) == ""
	if !isNew {
		var err error
		if t, err = s.byID(ctx, in.ID); err != nil {
			return nil, err
		}
	} else if in.Name == nil || in.Style == nil {
		return nil, models.Invalid(MsgName)
	}
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		if n == "" || utf8.RuneCountInString(n) > MaxNameLen {
			return nil, models.Invalid(MsgName)
		}
		t.Name = n
	}
	if in.Note != nil {
		if utf8.RuneCountInString(*in.Note) > MaxNoteLen {
			return nil, models.Invalid(MsgNote)
		}
		t.Note = strings.TrimSpace(*in.Note)
	}
	if in.Style != nil {
		st, err := CheckStyle(in.Style)
		if err != nil {
			return nil, err
		}
		t.Style = st
	}
	if in.Status != nil {
		if *in.Status != models.StateEnabled && *in.Status != models.StateDisabled {
			return nil, models.Invalid(MsgStatus)
		}
		t.Status = *in.Status
	}
	t.UpdatedAt = now
	var err error
	if isNew {
		err = s.DB.WithContext(ctx).Create(t).Error
	} else {
		err = s.DB.WithContext(ctx).Save(t).Error
	}
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpUpdate, fmt.Sprintf("Save style template %s (%s), status %d", t.Name, t.ID, t.Status))
	r := toRow(t)
	return &r, nil
}

// Delete removes templates (surveys keep the style they applied: it was copied).
func (s *Service) Delete(ctx context.Context, a Actor, ids []string) (int64, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("No style template chosen")
	}
	res := s.DB.WithContext(ctx).Where("id IN ?", ids).Delete(&models.StyleTemplate{})
	if res.Error != nil {
		return 0, res.Error
	}
	s.record(ctx, a, audit.OpDelete, fmt.Sprintf("Delete %d style template(s)", res.RowsAffected))
	return res.RowsAffected, nil
}

func (s *Service) record(ctx context.Context, a Actor, op, name string) {
	if s.Audit != nil {
		s.Audit.Record(ctx, audit.Entry{Name: name, OperationType: op, Success: true, UserID: a.UserID, UserName: a.UserName, IP: a.IP})
	}
}
