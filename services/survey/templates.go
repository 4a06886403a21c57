package survey

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// MaxCoverBytes is the largest template cover (JPG or PNG, checked by content on upload).
const MaxCoverBytes = 2 << 20

// Template is a row of the template centre.
type Template struct {
	ID         string `json:"id"`
	Scope      string `json:"scope"`
	Name       string `json:"templateName"`
	CreatorID  string `json:"creatorId"`
	Creator    string `json:"creator"`
	SurveyType string `json:"surveyType"`
	UsedCount  int    `json:"usedCount"`
	State      int    `json:"templateState"`
	CoverID    string `json:"coverId"`
	CoverURL   string `json:"coverUrl"`
	Notes      string `json:"notes"`
	Industry   string `json:"industry"`
	Scene      string `json:"scene"`
	CreateDate string `json:"createDate"`
	// SurveyJSONText is only filled by the single-template call.
	SurveyJSONText string `json:"surveyJsonText,omitempty"`
}

// TemplateFilter narrows the template list.
type TemplateFilter struct {
	Name, Industry, Scene string
	State                 *int
	Scope                 string // "" every visible, "site", "user"
}

// TemplateInput is the body of the template add/edit calls.
type TemplateInput struct {
	ID             string          `json:"id"`
	Name           string          `json:"templateName"`
	Notes          string          `json:"notes"`
	Industry       string          `json:"industry"`
	Scene          string          `json:"scene"`
	State          *int            `json:"templateState"`
	CoverID        string          `json:"coverId"`
	SurveyType     string          `json:"surveyType"`
	SurveyID       string          `json:"surveyId"`       // take the document of this survey (design rights)
	SurveyJSONText json.RawMessage `json:"surveyJsonText"` // or this document
	// RemoveCover (edit only) drops the cover when no new coverId is sent.
	RemoveCover bool `json:"removeCover"`
}

func (s *Service) visibleTemplates(ctx context.Context, p *account.Principal) *gorm.DB {
	q := s.DB.WithContext(ctx).Model(&models.SurveyTemplate{})
	if p.Has(models.PermAdminTemplate) {
		return q.Where("scope = ? OR (scope = ? AND creator_id = ?)", models.TemplateSite, models.TemplateUser, p.UserID)
	}
	return q.Where("(scope = ? AND state = ?) OR (scope = ? AND creator_id = ?)", models.TemplateSite, models.TemplatePublished,
		models.TemplateUser, p.UserID)
}

// Templates lists the templates p may use: published site templates (every site template for
// holders of admin:template) and p's own templates.
func (s *Service) Templates(ctx context.Context, p *account.Principal, f TemplateFilter, page, size int) ([]Template, int64, error) {
	q := s.visibleTemplates(ctx, p)
	if f.Name != "" {
		q = q.Where(models.Contains("name", f.Name))
	}
	if f.Industry != "" {
		q = q.Where("industry = ?", f.Industry)
	}
	if f.Scene != "" {
		q = q.Where("scene = ?", f.Scene)
	}
	if f.State != nil {
		q = q.Where("state = ?", *f.State)
	}
	if f.Scope != "" {
		q = q.Where("scope = ?", f.Scope)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var ts []models.SurveyTemplate
	if err := q.Omit("document").Order("used_count DESC, created_at DESC, id").Offset((page - 1) * size).Limit(size).Find(&ts).Error; err != nil {
		return nil, 0, err
	}
	out := make([]Template, 0, len(ts))
	names := s.userNames(ctx, ts)
	for _, t := range ts {
		out = append(out, toTemplate(t, names[t.CreatorID], false))
	}
	return out, total, nil
}

func (s *Service) userNames(ctx context.Context, ts []models.SurveyTemplate) map[string]string {
	ids := []string{}
	for _, t := range ts {
		ids = append(ids, t.CreatorID)
	}
	out := map[string]string{}
	if len(ids) == 0 {
		return out
	}
	var us []models.User
	s.DB.WithContext(ctx).Select("id", "login_name", "name").Where("id IN ?", ids).Find(&us)
	for _, u := range us {
		out[u.ID] = u.LoginName
	}
	return out
}

func toTemplate(t models.SurveyTemplate, creator string, withDoc bool) Template {
	r := Template{ID: t.ID, Scope: t.Scope, Name: t.Name, CreatorID: t.CreatorID, Creator: creator, SurveyType: t.SurveyType,
		UsedCount: t.UsedCount, State: t.State, CoverID: t.CoverUploadID, Notes: t.Notes, Industry: t.Industry, Scene: t.Scene,
		CreateDate: models.FormatTime(t.CreatedAt)}
	if t.CoverUploadID != "" {
		r.CoverURL = "/api/dwsurvey/app/survey-template/cover.do?id=" + t.ID
	}
	if withDoc {
		r.SurveyJSONText = CleanDocumentText(t.Document)
	}
	return r
}

func (s *Service) visibleTemplate(ctx context.Context, p *account.Principal, id string) (*models.SurveyTemplate, error) {
	var t models.SurveyTemplate
	err := s.visibleTemplates(ctx, p).Where("id = ?", id).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || id == "" {
		return nil, models.ErrNotFound
	}
	return &t, err
}

// TemplateInfo returns one visible template with its document.
func (s *Service) TemplateInfo(ctx context.Context, p *account.Principal, id string) (*Template, error) {
	t, err := s.visibleTemplate(ctx, p, id)
	if err != nil {
		return nil, err
	}
	r := toTemplate(*t, s.userNames(ctx, []models.SurveyTemplate{*t})[t.CreatorID], true)
	return &r, nil
}

func (s *Service) checkTemplateInput(ctx context.Context, p *account.Principal, in *TemplateInput) error {
	return s.checkTemplateInputKeep(ctx, p, in, "")
}

// checkTemplateInputKeep validates a template input; keepCover is the template's current cover,
// which stays acceptable even when another administrator uploaded it.
func (s *Service) checkTemplateInputKeep(ctx context.Context, p *account.Principal, in *TemplateInput, keepCover string) error {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" {
		return models.Invalid("Please enter the template name")
	}
	if utf8.RuneCountInString(in.Name) > 18 {
		return models.Invalid("The template name must be at most 18 characters")
	}
	if utf8.RuneCountInString(in.Notes) > 500 {
		return models.Invalid("The template notes must be at most 500 characters")
	}
	if err := checkShort("industry", in.Industry, 64); err != nil {
		return err
	}
	if err := checkShort("scene", in.Scene, 64); err != nil {
		return err
	}
	if in.State != nil && *in.State != models.TemplateUnpublished && *in.State != models.TemplatePublished {
		return models.Invalid("Template state must be 0 (to be published) or 1 (published)")
	}
	if in.CoverID != "" && in.CoverID != keepCover {
		var f models.UploadFile
		err := s.DB.WithContext(ctx).Where("id = ?", in.CoverID).Take(&f).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && f.OwnerUserID != p.UserID) {
			return models.Invalid("The cover image does not exist, upload it again")
		}
		if err != nil {
			return err
		}
		if f.ContentType != "image/jpeg" && f.ContentType != "image/png" {
			return models.Invalid("The cover must be a JPG or PNG image")
		}
		if f.Size > MaxCoverBytes {
			return models.Invalid("The cover image must be at most 2MB")
		}
	}
	return nil
}

// templateDoc resolves the document of a template input: a survey's draft, a given document,
// or an empty one.
func (s *Service) templateDoc(ctx context.Context, p *account.Principal, in *TemplateInput) (*lang.Survey, string, error) {
	if in.SurveyID != "" {
		a, err := s.access(ctx, nil, p, in.SurveyID, NeedDesign)
		if err != nil {
			return nil, "", err
		}
		d, err := loadDoc(a.Survey.Draft)
		return d, a.Survey.SurveyType, err
	}
	if len(in.SurveyJSONText) > 0 && string(in.SurveyJSONText) != "null" && string(in.SurveyJSONText) != `""` {
		_, d, _, err := prepareDocument(in.SurveyJSONText)
		if err != nil {
			return nil, "", err
		}
		return d, string(d.SurveyType), nil
	}
	d := &lang.Survey{SurveyName: lang.Str(in.Name), Questions: []*lang.Question{}}
	d.ApplyDefaults()
	return d, "", nil
}

func templateText(d *lang.Survey, name, surveyType string) (string, error) {
	d.ID, d.Sid, d.SurveyState = "", "", 0
	d.SurveyType = lang.Str(surveyType)
	if docTitle(d) == "" {
		setDocTitle(d, name)
	}
	return marshalDoc(d)
}

// AddTemplate creates a site template (admin:template).
func (s *Service) AddTemplate(ctx context.Context, p *account.Principal, in TemplateInput) (*Template, error) {
	if !p.Has(models.PermAdminTemplate) {
		return nil, models.ErrForbidden
	}
	if err := s.checkTemplateInput(ctx, p, &in); err != nil {
		return nil, err
	}
	d, st, err := s.templateDoc(ctx, p, &in)
	if err != nil {
		return nil, err
	}
	if in.SurveyType != "" {
		st = in.SurveyType
	}
	if st == "" {
		st = "survey"
	}
	if !validType(st) {
		return nil, models.Invalid("Unknown survey type %q", st)
	}
	text, err := templateText(d, in.Name, st)
	if err != nil {
		return nil, err
	}
	t := models.SurveyTemplate{ID: newID(), Scope: models.TemplateSite, Name: in.Name, CreatorID: p.UserID, SurveyType: st,
		State: models.TemplateUnpublished, CoverUploadID: in.CoverID, Notes: in.Notes, Industry: in.Industry, Scene: in.Scene,
		Document: text, CreatedAt: s.now(), UpdatedAt: s.now()}
	if in.State != nil {
		t.State = *in.State
	}
	if err := s.DB.WithContext(ctx).Create(&t).Error; err != nil {
		return nil, err
	}
	r := toTemplate(t, p.LoginName, false)
	return &r, nil
}

// editableTemplate: site templates need admin:template; user templates only their creator.
func (s *Service) editableTemplate(ctx context.Context, p *account.Principal, id string) (*models.SurveyTemplate, error) {
	t, err := s.visibleTemplate(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if t.Scope == models.TemplateSite && !p.Has(models.PermAdminTemplate) {
		return nil, models.ErrForbidden
	}
	if t.Scope == models.TemplateUser && t.CreatorID != p.UserID {
		return nil, models.ErrNotFound
	}
	return t, nil
}

// EditTemplate changes a template's fields (and its document when surveyId or surveyJsonText is sent).
func (s *Service) EditTemplate(ctx context.Context, p *account.Principal, in TemplateInput) (*Template, error) {
	t, err := s.editableTemplate(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	if err := s.checkTemplateInputKeep(ctx, p, &in, t.CoverUploadID); err != nil {
		return nil, err
	}
	if in.SurveyID != "" || len(in.SurveyJSONText) > 0 {
		d, st, err := s.templateDoc(ctx, p, &in)
		if err != nil {
			return nil, err
		}
		if st != "" && validType(st) {
			t.SurveyType = st
		}
		if t.Document, err = templateText(d, in.Name, t.SurveyType); err != nil {
			return nil, err
		}
	}
	t.Name, t.Notes, t.Industry, t.Scene, t.UpdatedAt = in.Name, in.Notes, in.Industry, in.Scene, s.now()
	if in.CoverID != "" {
		t.CoverUploadID = in.CoverID
	}
	if in.RemoveCover && in.CoverID == "" {
		t.CoverUploadID = ""
	}
	if in.State != nil {
		t.State = *in.State
	}
	if err := s.DB.WithContext(ctx).Save(t).Error; err != nil {
		return nil, err
	}
	r := toTemplate(*t, "", false)
	return &r, nil
}

// DeleteTemplates removes templates (all-or-nothing).
func (s *Service) DeleteTemplates(ctx context.Context, p *account.Principal, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the templates to delete")
	}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, id := range ids {
			t, err := s.editableTemplate(ctx, p, id)
			if err != nil {
				return err
			}
			if err := tx.Where("id = ?", t.ID).Delete(&models.SurveyTemplate{}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(ids), nil
}

// SurveyToTemplateInput is the body of survey-2-template.do.
type SurveyToTemplateInput struct {
	SurveyID string `json:"surveyId"`
	Name     string `json:"templateName"`
	Notes    string `json:"notes"`
	Industry string `json:"industry"`
	Scene    string `json:"scene"`
	// Site: with admin:template, create a site template (state to be published) instead of a personal one.
	Site bool `json:"site"`
}

// SurveyToTemplate saves a survey's draft as a template: a personal template (published,
// visible to the caller only), or with Site and admin:template a site template to be published.
func (s *Service) SurveyToTemplate(ctx context.Context, p *account.Principal, in SurveyToTemplateInput) (*Template, error) {
	a, err := s.access(ctx, nil, p, in.SurveyID, NeedDesign)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Name) == "" {
		in.Name = string([]rune(a.Survey.Title)[:min(18, utf8.RuneCountInString(a.Survey.Title))])
	}
	ti := TemplateInput{Name: in.Name, Notes: in.Notes, Industry: in.Industry, Scene: in.Scene}
	if err := s.checkTemplateInput(ctx, p, &ti); err != nil {
		return nil, err
	}
	if in.Site && !p.Has(models.PermAdminTemplate) {
		return nil, models.ErrForbidden
	}
	d, err := loadDoc(a.Survey.Draft)
	if err != nil {
		return nil, err
	}
	text, err := templateText(d, ti.Name, a.Survey.SurveyType)
	if err != nil {
		return nil, err
	}
	t := models.SurveyTemplate{ID: newID(), Scope: models.TemplateUser, Name: ti.Name, CreatorID: p.UserID, SurveyType: a.Survey.SurveyType,
		State: models.TemplatePublished, Notes: ti.Notes, Industry: firstNonEmpty(ti.Industry, a.Survey.Industry),
		Scene: firstNonEmpty(ti.Scene, a.Survey.Scene), Document: text, CreatedAt: s.now(), UpdatedAt: s.now()}
	if in.Site {
		t.Scope, t.State = models.TemplateSite, models.TemplateUnpublished
	}
	if err := s.DB.WithContext(ctx).Create(&t).Error; err != nil {
		return nil, err
	}
	r := toTemplate(t, p.LoginName, false)
	return &r, nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// FromTemplateInput is the body of the create-survey-from-template call.
type FromTemplateInput struct {
	TemplateID string `json:"templateId"`
	SurveyName string `json:"surveyName"`
	GroupID    string `json:"groupId"`
}

// CreateFromTemplate creates a survey from a visible template and increments its used count.
func (s *Service) CreateFromTemplate(ctx context.Context, p *account.Principal, in FromTemplateInput) (*Info, error) {
	t, err := s.visibleTemplate(ctx, p, in.TemplateID)
	if err != nil {
		return nil, err
	}
	title := in.SurveyName
	if strings.TrimSpace(title) == "" {
		title = t.Name
	}
	if title, err = checkTitle(title); err != nil {
		return nil, err
	}
	if err := s.checkGroup(ctx, p, in.GroupID); err != nil {
		return nil, err
	}
	d, err := loadDoc(t.Document)
	if err != nil {
		return nil, err
	}
	return s.create(ctx, p, createSpec{title: title, surveyType: t.SurveyType, groupID: in.GroupID, industry: t.Industry, scene: t.Scene,
		doc: d, after: func(tx *gorm.DB, _ *models.Survey) error {
			return tx.Model(&models.SurveyTemplate{}).Where("id = ?", t.ID).UpdateColumn("used_count", gorm.Expr("used_count + 1")).Error
		}})
}

// TemplateCover returns the stored cover file of a template the caller may see (the template
// centre shows covers of site templates uploaded by an administrator to every author).
// A template without a cover, or whose cover is not a JPG or PNG, is "not found".
func (s *Service) TemplateCover(ctx context.Context, p *account.Principal, id string) (*models.UploadFile, error) {
	t, err := s.visibleTemplate(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if t.CoverUploadID == "" {
		return nil, models.ErrNotFound
	}
	var f models.UploadFile
	err = s.DB.WithContext(ctx).Where("id = ?", t.CoverUploadID).Take(&f).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if f.ContentType != "image/jpeg" && f.ContentType != "image/png" {
		return nil, models.ErrNotFound
	}
	return &f, nil
}

// TemplateFacets are the industries and scenes in use by the templates the caller may see
// (the filter choices of the template centre).
type TemplateFacets struct {
	Industries []string `json:"industries"`
	Scenes     []string `json:"scenes"`
}

// Facets lists the distinct non-empty industries and scenes of the visible templates.
func (s *Service) Facets(ctx context.Context, p *account.Principal) (*TemplateFacets, error) {
	out := &TemplateFacets{Industries: []string{}, Scenes: []string{}}
	for _, f := range []struct {
		col string
		dst *[]string
	}{{"industry", &out.Industries}, {"scene", &out.Scenes}} {
		var vals []string
		if err := s.visibleTemplates(ctx, p).Where(f.col+" <> ''").Distinct(f.col).Order(f.col).Pluck(f.col, &vals).Error; err != nil {
			return nil, err
		}
		*f.dst = append(*f.dst, vals...)
	}
	return out, nil
}
