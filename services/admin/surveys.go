package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
)

// SurveyFilter narrows Surveys. Zero values mean any.
type SurveyFilter struct {
	Title   string
	OwnerID string
	// Owner matches the owner's login name or name (contains).
	Owner   string
	State   *int
	Type    string
	GroupID string
	// Deleted lists the recycle bin instead of the live surveys.
	Deleted bool
}

// SurveyRow is a row of the admin survey list.
type SurveyRow struct {
	ID          string `json:"id"`
	Sid         string `json:"sid"`
	SurveyName  string `json:"surveyName"`
	SurveyType  string `json:"surveyType"`
	SurveyState int    `json:"surveyState"`
	AnswerNum   int    `json:"answerNum"`
	GroupID     string `json:"groupId"`
	GroupName   string `json:"groupName"`
	UserID      string `json:"userId"`
	UserName    string `json:"userName"`
	OwnerName   string `json:"ownerName"`
	CreateDate  string `json:"createDate"`
	UpdateDate  string `json:"updateDate"`
	DeleteDate  string `json:"deleteDate,omitempty"`
}

// Surveys pages every survey of the system (or of the recycle bin), newest first.
func (s *Service) Surveys(ctx context.Context, f SurveyFilter, page, size int) ([]SurveyRow, int64, error) {
	db := s.DB.WithContext(ctx)
	q := db.Model(&models.Survey{})
	if f.Deleted {
		q = q.Where("deleted_at IS NOT NULL")
	} else {
		q = q.Where("deleted_at IS NULL")
	}
	if v := strings.TrimSpace(f.Title); v != "" {
		q = q.Where(db.Where(models.Contains("title", v)).Or("sid = ?", v).Or("id = ?", v))
	}
	if f.OwnerID != "" {
		q = q.Where("owner_id = ?", f.OwnerID)
	}
	if v := strings.TrimSpace(f.Owner); v != "" {
		users := db.Model(&models.User{}).Select("id").Where(db.Where(models.Contains("login_name", v)).Or(models.Contains("name", v)))
		q = q.Where("owner_id IN (?)", users)
	}
	if f.State != nil {
		q = q.Where("state = ?", *f.State)
	}
	if f.Type != "" {
		q = q.Where("survey_type = ?", f.Type)
	}
	if f.GroupID != "" {
		q = q.Where("group_id = ?", f.GroupID)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var svs []*models.Survey
	order := "created_at DESC, id DESC"
	if f.Deleted {
		order = "deleted_at DESC, id DESC"
	}
	if err := q.Omit("draft").Order(order).Offset((page - 1) * size).Limit(size).Find(&svs).Error; err != nil {
		return nil, 0, err
	}
	if err := models.FillAnswerCounts(ctx, db, svs...); err != nil {
		return nil, 0, err
	}
	owners, groups := map[string]models.User{}, map[string]string{}
	var uids, gids []string
	for _, sv := range svs {
		uids = append(uids, sv.OwnerID)
		if sv.GroupID != "" {
			gids = append(gids, sv.GroupID)
		}
	}
	if len(uids) > 0 {
		var us []models.User
		if err := db.Select("id, login_name, name").Where("id IN ?", uids).Find(&us).Error; err != nil {
			return nil, 0, err
		}
		for _, u := range us {
			owners[u.ID] = u
		}
	}
	if len(gids) > 0 {
		var gs []models.SurveyGroup
		if err := db.Select("id, name").Where("id IN ?", gids).Find(&gs).Error; err != nil {
			return nil, 0, err
		}
		for _, g := range gs {
			groups[g.ID] = g.Name
		}
	}
	out := make([]SurveyRow, 0, len(svs))
	for _, sv := range svs {
		o := owners[sv.OwnerID]
		out = append(out, SurveyRow{ID: sv.ID, Sid: sv.Sid, SurveyName: sv.Title, SurveyType: sv.SurveyType, SurveyState: sv.State,
			AnswerNum: sv.AnswerNum, GroupID: sv.GroupID, GroupName: groups[sv.GroupID], UserID: sv.OwnerID, UserName: o.LoginName,
			OwnerName: o.Name, CreateDate: models.FormatTime(sv.CreatedAt), UpdateDate: models.FormatTime(sv.UpdatedAt),
			DeleteDate: models.FormatTimePtr(sv.DeletedAt)})
	}
	return out, total, nil
}

// Where a survey must be for eachSurvey.
const (
	liveSurveys = iota
	binSurveys
	anySurveys
)

// eachSurvey runs fn in one transaction for every survey of ids (live, in the recycle bin, or
// either); an unknown id refuses all ("not found") and nothing changes.
func (s *Service) eachSurvey(ctx context.Context, ids []string, where int, fn func(tx *gorm.DB, sv *models.Survey) error) ([]*models.Survey, error) {
	var done []*models.Survey
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		seen := map[string]bool{}
		for _, id := range ids {
			id = strings.TrimSpace(id)
			if seen[id] {
				continue
			}
			seen[id] = true
			var sv models.Survey
			q := tx.Omit("draft").Where("id = ?", id)
			switch where {
			case liveSurveys:
				q = q.Where("deleted_at IS NULL")
			case binSurveys:
				q = q.Where("deleted_at IS NOT NULL")
			}
			if err := q.Take(&sv).Error; err != nil {
				if errors.Is(err, gorm.ErrRecordNotFound) {
					return models.ErrNotFound
				}
				return err
			}
			if err := fn(tx, &sv); err != nil {
				return err
			}
			done = append(done, &sv)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return done, nil
}

// DeleteSurveys moves surveys of any owner to the recycle bin (the owner can restore them).
func (s *Service) DeleteSurveys(ctx context.Context, a Actor, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the surveys to delete")
	}
	now := s.now()
	done, err := s.eachSurvey(ctx, ids, liveSurveys, func(tx *gorm.DB, sv *models.Survey) error {
		return tx.Model(&models.Survey{}).Where("id = ?", sv.ID).Updates(map[string]any{"deleted_at": now, "updated_at": now}).Error
	})
	for _, sv := range done {
		s.record(ctx, a, audit.OpDelete, "Move survey to the recycle bin", fmt.Sprintf("%s (%s), owner %s", sv.Title, sv.ID, sv.OwnerID))
	}
	return len(done), err
}

// RestoreSurveys takes surveys of any owner out of the recycle bin.
func (s *Service) RestoreSurveys(ctx context.Context, a Actor, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the surveys to restore")
	}
	now := s.now()
	done, err := s.eachSurvey(ctx, ids, binSurveys, func(tx *gorm.DB, sv *models.Survey) error {
		return tx.Model(&models.Survey{}).Where("id = ?", sv.ID).Updates(map[string]any{"deleted_at": nil, "updated_at": now}).Error
	})
	for _, sv := range done {
		s.record(ctx, a, audit.OpUpdate, "Restore survey from the recycle bin", fmt.Sprintf("%s (%s)", sv.Title, sv.ID))
	}
	return len(done), err
}

// TransferSurveys gives surveys (live or in the recycle bin) to another user: the new owner
// loses any collaborator entry on them (owners need none), the survey leaves the old owner's
// group, and its private cascade sources follow it. The new owner must be a user whose account
// is not unavailable (status 0).
func (s *Service) TransferSurveys(ctx context.Context, a Actor, ids []string, toUserID string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the surveys to transfer")
	}
	toUserID = strings.TrimSpace(toUserID)
	if toUserID == "" {
		return 0, models.Invalid("Please choose the new owner")
	}
	var to models.User
	if err := s.DB.WithContext(ctx).Where("id = ?", toUserID).Take(&to).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return 0, models.Invalid("The new owner does not exist")
		}
		return 0, err
	}
	if to.Status == 0 {
		return 0, models.Invalid("The new owner's account is unavailable")
	}
	now := s.now()
	done, err := s.eachSurvey(ctx, ids, anySurveys, func(tx *gorm.DB, sv *models.Survey) error {
		if sv.OwnerID == to.ID {
			return models.Invalid("%s already belongs to %s", sv.Title, to.LoginName)
		}
		if err := tx.Model(&models.Survey{}).Where("id = ?", sv.ID).
			Updates(map[string]any{"owner_id": to.ID, "group_id": "", "updated_at": now}).Error; err != nil {
			return err
		}
		if err := tx.Where("survey_id = ? AND user_id = ?", sv.ID, to.ID).Delete(&models.SurveyCollaborator{}).Error; err != nil {
			return err
		}
		return tx.Model(&models.CascadeSource{}).Where("scope = ? AND survey_id = ?", models.CascadePrivate, sv.ID).
			Update("owner_id", to.ID).Error
	})
	if err != nil {
		return 0, err
	}
	for _, sv := range done {
		s.record(ctx, a, audit.OpUpdate, "Transfer survey", fmt.Sprintf("%s (%s) from %s to %s", sv.Title, sv.ID, sv.OwnerID, to.ID))
	}
	return len(done), nil
}

// PickedUser is a user offered as a new owner.
type PickedUser struct {
	ID        string `json:"id"`
	LoginName string `json:"loginName"`
	Name      string `json:"name"`
}

// PickUsers lists at most limit users whose login name or name contains keyword (accounts that
// are unavailable are left out: they cannot receive surveys).
func (s *Service) PickUsers(ctx context.Context, keyword string, limit int) ([]PickedUser, error) {
	db := s.DB.WithContext(ctx)
	q := db.Model(&models.User{}).Where("status <> 0")
	if v := strings.TrimSpace(keyword); v != "" {
		q = q.Where(db.Where(models.Contains("login_name", v)).Or(models.Contains("name", v)))
	}
	out := []PickedUser{}
	err := q.Select("id, login_name, name").Order("login_name").Limit(limit).Scan(&out).Error
	return out, err
}
