package survey

import (
	"context"
	"errors"
	"strings"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
)

// Collaborator is a row of the collaborator list.
type Collaborator struct {
	ID         string `json:"id"`
	SurveyID   string `json:"surveyId"`
	UserID     string `json:"userId"`
	LoginName  string `json:"loginName"`
	Name       string `json:"name"`
	Rights     string `json:"rights"`
	CreateDate string `json:"createDate"`
}

// CollaboratorInput is the body of the collaborator add/edit calls.
type CollaboratorInput struct {
	ID        string `json:"id"`
	SurveyID  string `json:"surveyId"`
	LoginName string `json:"loginName"`
	Rights    string `json:"rights"`
}

func checkRights(r string) (string, error) {
	r = strings.TrimSpace(r)
	switch r {
	case models.RightDesign, models.RightData, models.RightBoth:
		return r, nil
	case "":
		return "", models.Invalid("Please choose the rights: design, data or both")
	}
	return "", models.Invalid("Unknown rights %q: use design, data or both", r)
}

// Collaborators lists a survey's collaborators (owner only).
func (s *Service) Collaborators(ctx context.Context, p *account.Principal, surveyID string) ([]Collaborator, error) {
	a, err := s.access(ctx, nil, p, surveyID, NeedOwner)
	if err != nil {
		return nil, err
	}
	var cs []models.SurveyCollaborator
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", a.Survey.ID).Order("created_at, id").Find(&cs).Error; err != nil {
		return nil, err
	}
	out := make([]Collaborator, 0, len(cs))
	for _, c := range cs {
		var u models.User
		s.DB.WithContext(ctx).Select("id", "login_name", "name").Where("id = ?", c.UserID).Take(&u)
		out = append(out, Collaborator{ID: c.ID, SurveyID: c.SurveyID, UserID: c.UserID, LoginName: u.LoginName, Name: u.Name,
			Rights: c.Rights, CreateDate: models.FormatTime(c.CreatedAt)})
	}
	return out, nil
}

// AddCollaborator invites a user by login name.
func (s *Service) AddCollaborator(ctx context.Context, p *account.Principal, in CollaboratorInput) (*Collaborator, error) {
	a, err := s.access(ctx, nil, p, in.SurveyID, NeedOwner)
	if err != nil {
		return nil, err
	}
	rights, err := checkRights(in.Rights)
	if err != nil {
		return nil, err
	}
	ln := strings.TrimSpace(in.LoginName)
	if ln == "" {
		return nil, models.Invalid("Please enter the collaborator's login account")
	}
	var u models.User
	err = s.DB.WithContext(ctx).Where("login_name = ?", ln).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.Invalid("No account with the login name %q", ln)
	}
	if err != nil {
		return nil, err
	}
	if u.ID == a.Survey.OwnerID {
		return nil, models.Invalid("The owner of the survey cannot be a collaborator")
	}
	if u.Status != models.UserActive {
		return nil, models.Invalid("The account %q is not active", ln)
	}
	var n int64
	if err := s.DB.WithContext(ctx).Model(&models.SurveyCollaborator{}).Where("survey_id = ? AND user_id = ?", a.Survey.ID, u.ID).Count(&n).Error; err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, models.Invalid("%q is already a collaborator of this survey", ln)
	}
	c := models.SurveyCollaborator{ID: newID(), SurveyID: a.Survey.ID, UserID: u.ID, Rights: rights, CreatedAt: s.now()}
	if err := s.DB.WithContext(ctx).Create(&c).Error; err != nil {
		return nil, err
	}
	return &Collaborator{ID: c.ID, SurveyID: c.SurveyID, UserID: u.ID, LoginName: u.LoginName, Name: u.Name, Rights: rights,
		CreateDate: models.FormatTime(c.CreatedAt)}, nil
}

func (s *Service) ownCollab(ctx context.Context, p *account.Principal, id string) (*models.SurveyCollaborator, error) {
	var c models.SurveyCollaborator
	err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || id == "" {
		return nil, models.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.access(ctx, nil, p, c.SurveyID, NeedOwner); err != nil {
		if errors.Is(err, models.ErrForbidden) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	return &c, nil
}

// EditCollaborator changes a collaborator's rights.
func (s *Service) EditCollaborator(ctx context.Context, p *account.Principal, in CollaboratorInput) error {
	rights, err := checkRights(in.Rights)
	if err != nil {
		return err
	}
	c, err := s.ownCollab(ctx, p, in.ID)
	if err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Model(&models.SurveyCollaborator{}).Where("id = ?", c.ID).Update("rights", rights).Error
}

// DeleteCollaborator removes a collaborator.
func (s *Service) DeleteCollaborator(ctx context.Context, p *account.Principal, id string) error {
	c, err := s.ownCollab(ctx, p, id)
	if err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Where("id = ?", c.ID).Delete(&models.SurveyCollaborator{}).Error
}
