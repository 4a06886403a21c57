package export

import (
	"bytes"
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/report"
	"dwsurvey/services/upload"
)

// MaxPrintTemplates bounds the print templates of one survey.
const MaxPrintTemplates = 50

// PrintTemplateView is a saved print template as the console shows it.
type PrintTemplateView struct {
	ID        string   `json:"id"`
	SurveyID  string   `json:"surveyId"`
	Name      string   `json:"name"`
	Header    string   `json:"header"`
	Fields    []string `json:"fields"`
	ShowScore bool     `json:"showScore"`
	LogoID    string   `json:"logoId"`
	LogoName  string   `json:"logoName"`
	IsDefault bool     `json:"isDefault"`
	UpdatedAt string   `json:"updatedAt"`
}

// PrintTemplateInput creates (ID empty) or changes a print template.
type PrintTemplateInput struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Header    string   `json:"header"`
	Fields    []string `json:"fields"`
	ShowScore bool     `json:"showScore"`
	LogoID    string   `json:"logoId"`
	IsDefault bool     `json:"isDefault"`
}

func splitFields(s string) []string {
	out := []string{}
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func (s *Service) templateView(ctx context.Context, t *models.PrintTemplate) PrintTemplateView {
	v := PrintTemplateView{ID: t.ID, SurveyID: t.SurveyID, Name: t.Name, Header: t.Header, Fields: splitFields(t.Fields), ShowScore: t.ShowScore,
		LogoID: t.LogoID, IsDefault: t.IsDefault, UpdatedAt: models.FormatTime(t.UpdatedAt)}
	if t.LogoID != "" {
		var f models.UploadFile
		if s.DB.WithContext(ctx).Select("file_name").Take(&f, "id = ? AND survey_id = ?", t.LogoID, t.SurveyID).Error == nil {
			v.LogoName = f.FileName
		}
	}
	return v
}

// PrintTemplates lists a survey's print templates, the default first, then by creation
// (results access rule: anybody else gets not found).
func (s *Service) PrintTemplates(ctx context.Context, p *account.Principal, surveyID string) ([]PrintTemplateView, error) {
	sv, err := s.Analysis.Access(ctx, p, strings.TrimSpace(surveyID))
	if err != nil {
		return nil, err
	}
	var rows []models.PrintTemplate
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", sv.ID).Order("is_default DESC, created_at, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]PrintTemplateView, len(rows))
	for i := range rows {
		out[i] = s.templateView(ctx, &rows[i])
	}
	return out, nil
}

// checkLogo: a logo is an upload of this survey whose stored content is a PNG or JPEG
// image of at most 2 MB.
func (s *Service) checkLogo(ctx context.Context, surveyID, id string) error {
	var f models.UploadFile
	if err := s.DB.WithContext(ctx).Take(&f, "id = ? AND survey_id = ?", id, surveyID).Error; err != nil {
		return models.Invalid("The logo is not an image uploaded for this survey")
	}
	if f.ContentType != "image/png" && f.ContentType != "image/jpeg" {
		return models.Invalid("The logo must be a PNG or JPEG image")
	}
	if f.Size > 2<<20 {
		return models.Invalid("The logo is at most 2 MB")
	}
	return nil
}

// SavePrintTemplate creates or changes a print template of a survey. Making one the
// default takes the mark from the others.
func (s *Service) SavePrintTemplate(ctx context.Context, p *account.Principal, surveyID string, in PrintTemplateInput) (*PrintTemplateView, error) {
	sv, err := s.Analysis.Access(ctx, p, strings.TrimSpace(surveyID))
	if err != nil {
		return nil, err
	}
	in.Name, in.Header, in.LogoID = strings.TrimSpace(in.Name), strings.TrimSpace(in.Header), strings.TrimSpace(in.LogoID)
	if in.Name == "" {
		return nil, models.Invalid("Enter a name for the print template")
	}
	if len([]rune(in.Name)) > 60 {
		return nil, models.Invalid("The template name is at most 60 characters")
	}
	var fields []string
	seen := map[string]bool{}
	for _, f := range in.Fields {
		if f = strings.TrimSpace(f); f != "" && !seen[f] {
			seen[f] = true
			fields = append(fields, f)
		}
	}
	po := PrintOptions{Header: in.Header, Fields: fields}
	if err := po.check(); err != nil {
		return nil, err
	}
	if in.LogoID != "" {
		if err := s.checkLogo(ctx, sv.ID, in.LogoID); err != nil {
			return nil, err
		}
	}
	now := s.now()
	var out models.PrintTemplate
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var t models.PrintTemplate
		if in.ID != "" {
			if err := tx.Take(&t, "id = ? AND survey_id = ?", strings.TrimSpace(in.ID), sv.ID).Error; err != nil {
				if errors.Is(err, gorm.ErrRecordNotFound) {
					return models.ErrNotFound
				}
				return err
			}
		} else {
			var n int64
			if err := tx.Model(&models.PrintTemplate{}).Where("survey_id = ?", sv.ID).Count(&n).Error; err != nil {
				return err
			}
			if n >= MaxPrintTemplates {
				return models.Invalid("A survey has at most %d print templates", MaxPrintTemplates)
			}
			t = models.PrintTemplate{ID: uuid.NewString(), SurveyID: sv.ID, CreatedBy: p.UserID, CreatedAt: now}
		}
		t.Name, t.Header, t.Fields, t.ShowScore, t.LogoID, t.IsDefault, t.UpdatedAt = in.Name, in.Header, strings.Join(fields, ","), in.ShowScore, in.LogoID, in.IsDefault, now
		if in.IsDefault {
			if err := tx.Model(&models.PrintTemplate{}).Where("survey_id = ? AND id <> ?", sv.ID, t.ID).Update("is_default", false).Error; err != nil {
				return err
			}
		}
		if err := tx.Save(&t).Error; err != nil {
			return err
		}
		out = t
		return nil
	})
	if err != nil {
		return nil, err
	}
	v := s.templateView(ctx, &out)
	return &v, nil
}

// DeletePrintTemplate deletes a print template (its logo upload stays: answers or other
// templates may show it).
func (s *Service) DeletePrintTemplate(ctx context.Context, p *account.Principal, id string) error {
	var t models.PrintTemplate
	if err := s.DB.WithContext(ctx).Take(&t, "id = ?", strings.TrimSpace(id)).Error; err != nil {
		return models.ErrNotFound
	}
	if _, err := s.Analysis.Access(ctx, p, t.SurveyID); err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Delete(&models.PrintTemplate{}, "id = ? AND survey_id = ?", t.ID, t.SurveyID).Error
}

// resolvePrint applies o.Template (a template of surveyID) to the options: its header,
// fields, score and logo replace what the request gave.
func (s *Service) resolvePrint(ctx context.Context, surveyID string, o PrintOptions) (PrintOptions, error) {
	if o.Template == "" {
		return o, o.check()
	}
	var t models.PrintTemplate
	if err := s.DB.WithContext(ctx).Take(&t, "id = ? AND survey_id = ?", strings.TrimSpace(o.Template), surveyID).Error; err != nil {
		return o, models.Invalid("The print template does not exist (it may have been deleted)")
	}
	return PrintOptions{Template: t.ID, Header: t.Header, ShowScore: t.ShowScore, Fields: splitFields(t.Fields), Logo: t.LogoID}, nil
}

// reportPrint is the renderer's options: the logo read (a PNG or JPEG by content) from the
// blob store; a logo that is gone or not an image is left out.
func (s *Service) reportPrint(ctx context.Context, surveyID string, o PrintOptions, lng string) report.PrintOptions {
	ro := report.PrintOptions{Header: o.Header, ShowScore: o.ShowScore, Fields: o.Fields, Lang: lng}
	if o.Logo != "" {
		b := s.uploadImage(ctx, surveyID, upload.DownloadPrefix+o.Logo)
		if bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) || bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}) {
			ro.Logo = b
		}
	}
	return ro
}
