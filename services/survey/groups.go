package survey

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
)

// Group is a row of survey-group-list.do.
type Group struct {
	ID               string `json:"id"`
	GroupName        string `json:"groupName"`
	GroupDescription string `json:"groupDescription"`
	GroupType        int    `json:"groupType"`
	Status           int    `json:"status"`
	SurveyCount      int64  `json:"surveyCount"`
	CreateDate       string `json:"createDate"`
}

// GroupInput is the body of the group add/edit calls.
type GroupInput struct {
	ID               string `json:"id" form:"id"`
	GroupName        string `json:"groupName" form:"groupName"`
	GroupDescription string `json:"groupDescription" form:"groupDescription"`
	GroupType        *int   `json:"groupType" form:"groupType"`
	Status           *int   `json:"status" form:"status"`
}

// Groups lists the caller's survey groups (groupType filters when not nil).
func (s *Service) Groups(ctx context.Context, p *account.Principal, groupType *int) ([]Group, error) {
	q := s.DB.WithContext(ctx).Where("owner_id = ?", p.UserID)
	if groupType != nil {
		q = q.Where("type = ?", *groupType)
	}
	var gs []models.SurveyGroup
	if err := q.Order("created_at, id").Find(&gs).Error; err != nil {
		return nil, err
	}
	out := make([]Group, 0, len(gs))
	for _, g := range gs {
		var n int64
		if err := s.DB.WithContext(ctx).Model(&models.Survey{}).Where("group_id = ? AND deleted_at IS NULL", g.ID).Count(&n).Error; err != nil {
			return nil, err
		}
		out = append(out, ToGroup(g, n))
	}
	return out, nil
}

// ToGroup is the row of group g holding n surveys.
func ToGroup(g models.SurveyGroup, n int64) Group {
	return Group{ID: g.ID, GroupName: g.Name, GroupDescription: g.Description, GroupType: g.Type, Status: g.Status,
		SurveyCount: n, CreateDate: models.FormatTime(g.CreatedAt)}
}

// CheckGroupInput applies the group rules (name required, at most 18 characters; description at
// most 255; status 0 or 1) to in, trimming the name. Shared with the admin group pages.
func CheckGroupInput(in *GroupInput) error {
	in.GroupName = strings.TrimSpace(in.GroupName)
	if in.GroupName == "" {
		return models.Invalid("Please enter the group name")
	}
	if utf8.RuneCountInString(in.GroupName) > 18 {
		return models.Invalid("The group name must be at most 18 characters")
	}
	if utf8.RuneCountInString(in.GroupDescription) > 255 {
		return models.Invalid("The group description must be at most 255 characters")
	}
	if in.Status != nil && *in.Status != 0 && *in.Status != 1 {
		return models.Invalid("Group status must be 1 (enabled) or 0 (disabled)")
	}
	return nil
}

// AddGroup creates a group of the caller.
func (s *Service) AddGroup(ctx context.Context, p *account.Principal, in GroupInput) (*Group, error) {
	if err := CheckGroupInput(&in); err != nil {
		return nil, err
	}
	g := models.SurveyGroup{ID: newID(), OwnerID: p.UserID, Name: in.GroupName, Description: in.GroupDescription, Type: 1, Status: 1,
		CreatedAt: s.now(), UpdatedAt: s.now()}
	if in.GroupType != nil {
		g.Type = *in.GroupType
	}
	if in.Status != nil {
		g.Status = *in.Status
	}
	if err := s.DB.WithContext(ctx).Create(&g).Error; err != nil {
		return nil, err
	}
	r := ToGroup(g, 0)
	return &r, nil
}

func (s *Service) ownGroup(ctx context.Context, p *account.Principal, id string) (*models.SurveyGroup, error) {
	var g models.SurveyGroup
	err := s.DB.WithContext(ctx).Where("id = ? AND owner_id = ?", id, p.UserID).Take(&g).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || id == "" {
		return nil, models.ErrNotFound
	}
	return &g, err
}

// EditGroup changes a group of the caller.
func (s *Service) EditGroup(ctx context.Context, p *account.Principal, in GroupInput) (*Group, error) {
	if err := CheckGroupInput(&in); err != nil {
		return nil, err
	}
	g, err := s.ownGroup(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	g.Name, g.Description, g.UpdatedAt = in.GroupName, in.GroupDescription, s.now()
	if in.GroupType != nil {
		g.Type = *in.GroupType
	}
	if in.Status != nil {
		g.Status = *in.Status
	}
	if err := s.DB.WithContext(ctx).Save(g).Error; err != nil {
		return nil, err
	}
	r := ToGroup(*g, 0)
	return &r, nil
}

// DeleteGroup removes an empty group (surveys in the recycle bin count too).
func (s *Service) DeleteGroup(ctx context.Context, p *account.Principal, id string) error {
	g, err := s.ownGroup(ctx, p, id)
	if err != nil {
		return err
	}
	var n int64
	if err := s.DB.WithContext(ctx).Model(&models.Survey{}).Where("group_id = ?", g.ID).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return models.Invalid("Delete failed, associated data exists: move the group's %d surveys out first", n)
	}
	return s.DB.WithContext(ctx).Where("id = ?", g.ID).Delete(&models.SurveyGroup{}).Error
}
