// Package poster manages share-poster templates (resource/poster) and draws a survey's share
// poster as a PNG (render.go): the template's colours and cover image, the survey title, a
// subtitle, the QR code of the answer link and a footer line.
package poster

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/catalog"
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
	MsgStatus   = catalog.MsgStatus
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

func (s *Service) store() *catalog.Store[models.PosterTemplate, *models.PosterTemplate] {
	return &catalog.Store[models.PosterTemplate, *models.PosterTemplate]{DB: s.DB, Audit: s.Audit, Now: s.Now,
		Kind: "poster template", MaxName: MaxNameLen, MsgName: MsgName, Order: "is_default DESC, updated_at DESC"}
}

// Actor is who acts (the system log, cover ownership).
type Actor = catalog.Actor

// Row is a template as lists show it.
type Row struct {
	catalog.RowHead
	Layout    Layout `json:"layout"`
	IsDefault bool   `json:"isDefault"`
}

func toRow(t *models.PosterTemplate) Row {
	var l Layout
	_ = json.Unmarshal([]byte(t.Layout), &l)
	return Row{RowHead: catalog.HeadRow(t.Head()), Layout: l, IsDefault: t.IsDefault}
}

// Input is the body of save: without ID a new template, else the fields given change.
type Input struct {
	ID        string  `json:"id"`
	Name      *string `json:"name"`
	Layout    *Layout `json:"layout"`
	Status    *int    `json:"status"`
	IsDefault *bool   `json:"isDefault"`
}

// List pages through the templates, the default first; enabledOnly for authors choosing a poster.
func (s *Service) List(ctx context.Context, name string, status *int, enabledOnly bool, page, size int) ([]Row, int64, error) {
	ts, total, err := s.store().List(ctx, name, status, enabledOnly, page, size)
	return catalog.Rows(ts, toRow), total, err
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
	t, err := s.store().Save(ctx, a, catalog.Change{ID: in.ID, Name: in.Name, Status: in.Status}, catalog.Hooks[models.PosterTemplate, *models.PosterTemplate]{
		Apply: func(t *models.PosterTemplate, isNew bool) error {
			var cur Layout
			_ = json.Unmarshal([]byte(t.Layout), &cur)
			l := in.Layout
			if l == nil && isNew {
				l = &Layout{}
			}
			if l != nil {
				l := *l
				if err := s.checkLayout(ctx, a, &l, cur.CoverID); err != nil {
					return err
				}
				b, _ := json.Marshal(l)
				t.Layout = string(b)
			}
			if in.IsDefault != nil {
				t.IsDefault = *in.IsDefault
			}
			return nil
		},
		BeforeWrite: func(tx *gorm.DB, t *models.PosterTemplate) error {
			if !t.IsDefault {
				return nil
			}
			return tx.Model(&models.PosterTemplate{}).Where("id <> ? AND is_default = ?", t.ID, true).Update("is_default", false).Error
		},
	})
	if err != nil {
		return nil, err
	}
	r := toRow(t)
	return &r, nil
}

// Delete removes templates.
func (s *Service) Delete(ctx context.Context, a Actor, ids []string) (int64, error) {
	return s.store().Delete(ctx, a, ids)
}
