// Package poster manages share-poster templates (resource/poster) and draws a survey's share
// poster as a PNG (render.go): the template's colours and cover image, the survey title, a
// subtitle, the QR code of the answer link and a footer line.
package poster

import (
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
	"dwsurvey/services/report"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/storage"
)

// Limits and messages of the poster template form (spec section 5: names at most 18).
const (
	MaxNameLen     = 18
	MaxTextLen     = 40
	MaxCoverBytes  = 2 << 20
	MaxCoverPixels = 4096 * 4096

	MsgName     = "Please enter the poster name (at most 18 characters)"
	MsgColor    = "Colours must be like #015AB4"
	MsgContrast = "The text colour needs a contrast of at least 4.5:1 with the background (it is %.2f:1)"
	MsgText     = "The subtitle and the footer are at most 40 characters each"
	MsgCover    = "The cover image does not exist, upload it again"
	MsgCoverFmt = "The cover must be a JPG or PNG image of at most 2 MB"
	MsgStatus   = "The status must be 0 (disabled) or 1 (enabled)"
)

var colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// Layout is what a poster template holds (PosterTemplate.Layout as JSON).
type Layout struct {
	BgColor   string `json:"bgColor"`
	TextColor string `json:"textColor"`
	Subtitle  string `json:"subtitle"`
	Footer    string `json:"footer"`
	// CoverID is an uploaded JPG or PNG (upload file id) drawn across the top; empty: none.
	CoverID string `json:"coverId"`
}

// DefaultLayout is used when no template is enabled: the console's theme colour.
var DefaultLayout = Layout{BgColor: "#015AB4", TextColor: "#FFFFFF", Footer: "Scan the QR code to answer"}

// Service stores poster templates and draws posters.
type Service struct {
	DB     *gorm.DB
	Blob   storage.BlobStore
	Fonts  *report.Fonts
	Survey *surveysvc.Service
	Audit  *audit.Recorder
	// AnswerURL is the respondent link of a sid on base (collect.Service.AnswerURL).
	AnswerURL func(base, sid string) string
	Now       func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Actor is who acts (the system log, cover ownership).
type Actor struct{ UserID, UserName, IP string }

// Row is a template as lists show it.
type Row struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Layout     Layout `json:"layout"`
	Status     int    `json:"status"`
	IsDefault  bool   `json:"isDefault"`
	CreateDate string `json:"createDate"`
	UpdateDate string `json:"updateDate"`
}

func toRow(t *models.PosterTemplate) Row {
	var l Layout
	_ = json.Unmarshal([]byte(t.Layout), &l)
	return Row{ID: t.ID, Name: t.Name, Layout: l, Status: t.Status, IsDefault: t.IsDefault,
		CreateDate: models.FormatTime(t.CreatedAt), UpdateDate: models.FormatTime(t.UpdatedAt)}
}

// Input is the body of save: without ID a new template, else the fields given change.
type Input struct {
	ID        string  `json:"id"`
	Name      *string `json:"name"`
	Layout    *Layout `json:"layout"`
	Status    *int    `json:"status"`
	IsDefault *bool   `json:"isDefault"`
}

func (s *Service) byID(ctx context.Context, id string) (*models.PosterTemplate, error) {
	var t models.PosterTemplate
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

// List pages through the templates; enabledOnly for authors choosing a poster.
func (s *Service) List(ctx context.Context, name string, status *int, enabledOnly bool, page, size int) ([]Row, int64, error) {
	q := s.DB.WithContext(ctx).Model(&models.PosterTemplate{})
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
	var ts []models.PosterTemplate
	if err := q.Order("is_default DESC, updated_at DESC, id").Offset((page - 1) * size).Limit(size).Find(&ts).Error; err != nil {
		return nil, 0, err
	}
	out := make([]Row, len(ts))
	for i := range ts {
		out[i] = toRow(&ts[i])
	}
	return out, total, nil
}

// checkLayout validates and normalises a layout; keepCover stays acceptable (an earlier
// administrator's upload), any other cover must be the actor's own JPG/PNG upload.
func (s *Service) checkLayout(ctx context.Context, a Actor, l *Layout, keepCover string) error {
	l.BgColor, l.TextColor = strings.TrimSpace(l.BgColor), strings.TrimSpace(l.TextColor)
	if l.BgColor == "" {
		l.BgColor = DefaultLayout.BgColor
	}
	if l.TextColor == "" {
		l.TextColor = DefaultLayout.TextColor
	}
	if !colorPattern.MatchString(l.BgColor) || !colorPattern.MatchString(l.TextColor) {
		return models.Invalid(MsgColor)
	}
	if r := contrast(hexColor(l.BgColor), hexColor(l.TextColor)); r < 4.5 {
		return models.Invalid(MsgContrast, r)
	}
	l.Subtitle, l.Footer = strings.TrimSpace(l.Subtitle), strings.TrimSpace(l.Footer)
	if utf8.RuneCountInString(l.Subtitle) > MaxTextLen || utf8.RuneCountInString(l.Footer) > MaxTextLen {
		return models.Invalid(MsgText)
	}
	l.CoverID = strings.TrimSpace(l.CoverID)
	if l.CoverID == "" || l.CoverID == keepCover {
		return nil
	}
	var f models.UploadFile
	err := s.DB.WithContext(ctx).Where("id = ?", l.CoverID).Take(&f).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && f.OwnerUserID != a.UserID) {
		return models.Invalid(MsgCover)
	}
	if err != nil {
		return err
	}
	if (f.ContentType != "image/jpeg" && f.ContentType != "image/png") || f.Size > MaxCoverBytes {
		return models.Invalid(MsgCoverFmt)
	}
	return nil
}

// Save creates or updates a template; every check comes before the write. Making one the
// default clears the flag on the others in the same transaction.
func (s *Service) Save(ctx context.Context, a Actor, in Input) (*Row, error) {
	now := s.now()
	t := &models.PosterTemplate{ID: uuid.NewString(), Status: models.StateEnabled, CreatedBy: a.UserID, CreatedAt: now}
	isNew := strings.TrimSpace(in.ID) == ""
	var cur Layout
	if !isNew {
		var err error
		if t, err = s.byID(ctx, in.ID); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(t.Layout), &cur)
	} else if in.Name == nil {
		return nil, models.Invalid(MsgName)
	} else if in.Layout == nil {
		in.Layout = &Layout{}
	}
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		if n == "" || utf8.RuneCountInString(n) > MaxNameLen {
			return nil, models.Invalid(MsgName)
		}
		t.Name = n
	}
	if in.Layout != nil {
		l := *in.Layout
		if err := s.checkLayout(ctx, a, &l, cur.CoverID); err != nil {
			return nil, err
		}
		b, _ := json.Marshal(l)
		t.Layout = string(b)
	}
	if in.Status != nil {
		if *in.Status != models.StateEnabled && *in.Status != models.StateDisabled {
			return nil, models.Invalid(MsgStatus)
		}
		t.Status = *in.Status
	}
	if in.IsDefault != nil {
		t.IsDefault = *in.IsDefault
	}
	t.UpdatedAt = now
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if t.IsDefault {
			if err := tx.Model(&models.PosterTemplate{}).Where("id <> ? AND is_default = ?", t.ID, true).Update("is_default", false).Error; err != nil {
				return err
			}
		}
		if isNew {
			return tx.Create(t).Error
		}
		return tx.Save(t).Error
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpUpdate, fmt.Sprintf("Save poster template %s (%s), status %d", t.Name, t.ID, t.Status))
	r := toRow(t)
	return &r, nil
}

// Delete removes templates.
func (s *Service) Delete(ctx context.Context, a Actor, ids []string) (int64, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("No poster template chosen")
	}
	res := s.DB.WithContext(ctx).Where("id IN ?", ids).Delete(&models.PosterTemplate{})
	if res.Error != nil {
		return 0, res.Error
	}
	s.record(ctx, a, audit.OpDelete, fmt.Sprintf("Delete %d poster template(s)", res.RowsAffected))
	return res.RowsAffected, nil
}

func (s *Service) record(ctx context.Context, a Actor, op, name string) {
	if s.Audit != nil {
		s.Audit.Record(ctx, audit.Entry{Name: name, OperationType: op, Success: true, UserID: a.UserID, UserName: a.UserName, IP: a.IP})
	}
}
