package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	surveysvc "dwsurvey/services/survey"
)

// GroupFilter narrows Groups. Zero values mean any.
type GroupFilter struct {
	Name    string
	OwnerID string
	// Owner matches the owner's login name or name (contains).
	Owner  string
	Status *int
}

// GroupRow is a survey group of any author with its owner.
type GroupRow struct {
	surveysvc.Group
	UserID    string `json:"userId"`
	UserName  string `json:"userName"`
	OwnerName string `json:"ownerName"`
}

// GroupInput is the body of the admin group add/edit calls: the author's group fields and,
// on add, the owner (the caller when empty).
type GroupInput struct {
	surveysvc.GroupInput
	UserID string `json:"userId" form:"userId"`
}

// Groups pages the survey groups of every author, newest first, with their survey counts
// (recycle bin excluded).
func (s *Service) Groups(ctx context.Context, f GroupFilter, page, size int) ([]GroupRow, int64, error) {
	db := s.DB.WithContext(ctx)
	q := db.Model(&models.SurveyGroup{})
	if v := strings.TrimSpace(f.Name); v != "" {
		q = q.Where(models.Contains("name", v))
	}
	if f.OwnerID != "" {
		q = q.Where("owner_id = ?", f.OwnerID)
	}
	if v := strings.TrimSpace(f.Owner); v != "" {
		q = q.Where("owner_id IN (?)", db.Model(&models.User{}).Select("id").Where(db.Where(models.Contains("login_name", v)).Or(models.Contains("name", v))))
	}
	if f.Status != nil {
		q = q.Where("status = ?", *f.Status)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var gs []models.SurveyGroup
	if err := q.Order("created_at DESC, id").Offset((page - 1) * size).Limit(size).Find(&gs).Error; err != nil {
		return nil, 0, err
	}
	ids, uids := []string{}, []string{}
	for _, g := range gs {
		ids, uids = append(ids, g.ID), append(uids, g.OwnerID)
	}
	counts := map[string]int64{}
	users := map[string]models.User{}
	if len(ids) > 0 {
		var cs []struct {
			GroupID string
			N       int64
		}
		if err := db.Model(&models.Survey{}).Select("group_id, COUNT(*) AS n").Where("group_id IN ? AND deleted_at IS NULL", ids).
			Group("group_id").Scan(&cs).Error; err != nil {
			return nil, 0, err
		}
		for _, c := range cs {
			counts[c.GroupID] = c.N
		}
		var us []models.User
		if err := db.Select("id, login_name, name").Where("id IN ?", uids).Find(&us).Error; err != nil {
			return nil, 0, err
		}
		for _, u := range us {
			users[u.ID] = u
		}
	}
	out := make([]GroupRow, 0, len(gs))
	for _, g := range gs {
		u := users[g.OwnerID]
		out = append(out, GroupRow{Group: surveysvc.ToGroup(g, counts[g.ID]), UserID: g.OwnerID, UserName: u.LoginName, OwnerName: u.Name})
	}
	return out, total, nil
}

// AddGroup creates a survey group for an author (the caller when in.UserID is empty).
func (s *Service) AddGroup(ctx context.Context, a Actor, in GroupInput) (*GroupRow, error) {
	if err := surveysvc.CheckGroupInput(&in.GroupInput); err != nil {
		return nil, err
	}
	owner := strings.TrimSpace(in.UserID)
	if owner == "" {
		owner = a.UserID
	}
	var u models.User
	if err := s.DB.WithContext(ctx).Where("id = ?", owner).Take(&u).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.Invalid("The group's owner does not exist")
		}
		return nil, err
	}
	now := s.now()
	g := models.SurveyGroup{ID: uuid.NewString(), OwnerID: u.ID, Name: in.GroupName, Description: in.GroupDescription, Type: 1,
		Status: models.StateEnabled, CreatedAt: now, UpdatedAt: now}
	if in.GroupType != nil {
		g.Type = *in.GroupType
	}
	if in.Status != nil {
		g.Status = *in.Status
	}
	if err := s.DB.WithContext(ctx).Create(&g).Error; err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpCreate, "Add survey group", fmt.Sprintf("%s (%s) for %s", g.Name, g.ID, u.LoginName))
	return &GroupRow{Group: surveysvc.ToGroup(g, 0), UserID: u.ID, UserName: u.LoginName, OwnerName: u.Name}, nil
}

func (s *Service) group(ctx context.Context, db *gorm.DB, id string) (*models.SurveyGroup, error) {
	var g models.SurveyGroup
	err := db.WithContext(ctx).Where("id = ?", strings.TrimSpace(id)).Take(&g).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || strings.TrimSpace(id) == "" {
		return nil, models.ErrNotFound
	}
	return &g, err
}

// EditGroup changes any author's group (name, description, type, status; not its owner).
func (s *Service) EditGroup(ctx context.Context, a Actor, in GroupInput) error {
	if err := surveysvc.CheckGroupInput(&in.GroupInput); err != nil {
		return err
	}
	g, err := s.group(ctx, s.DB, in.ID)
	if err != nil {
		return err
	}
	g.Name, g.Description, g.UpdatedAt = in.GroupName, in.GroupDescription, s.now()
	if in.GroupType != nil {
		g.Type = *in.GroupType
	}
	if in.Status != nil {
		g.Status = *in.Status
	}
	if err := s.DB.WithContext(ctx).Save(g).Error; err != nil {
		return err
	}
	s.record(ctx, a, audit.OpUpdate, "Edit survey group", fmt.Sprintf("%s (%s)", g.Name, g.ID))
	return nil
}

// DeleteGroups removes empty groups (surveys in the recycle bin count); one group that still
// holds surveys refuses all ("Delete failed, associated data exists").
func (s *Service) DeleteGroups(ctx context.Context, a Actor, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the groups to delete")
	}
	var gone []*models.SurveyGroup
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, id := range ids {
			g, err := s.group(ctx, tx, id)
			if err != nil {
				return err
			}
			var n int64
			if err := tx.Model(&models.Survey{}).Where("group_id = ?", g.ID).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return models.Invalid("Delete failed, associated data exists: the group %s holds %d survey(s), release them first", g.Name, n)
			}
			if err := tx.Where("id = ?", g.ID).Delete(&models.SurveyGroup{}).Error; err != nil {
				return err
			}
			gone = append(gone, g)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, g := range gone {
		s.record(ctx, a, audit.OpDelete, "Delete survey group", fmt.Sprintf("%s (%s)", g.Name, g.ID))
	}
	return len(gone), nil
}
