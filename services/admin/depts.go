package admin

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
)

// DeptNode is a department in the tree.
type DeptNode struct {
	ID        string      `json:"id"`
	Name      string      `json:"name"`
	Code      string      `json:"code"`
	ParentID  string      `json:"parentId"`
	UserCount int64       `json:"userCount"`
	Children  []*DeptNode `json:"children"`
}

// DeptTree returns every department as a forest ordered by sort then name.
func (s *Service) DeptTree(ctx context.Context) ([]*DeptNode, error) {
	var ds []models.Department
	if err := s.DB.WithContext(ctx).Order("sort, name, id").Find(&ds).Error; err != nil {
		return nil, err
	}
	type cnt struct {
		DeptID string
		N      int64
	}
	var counts []cnt
	if err := s.DB.WithContext(ctx).Model(&models.UserDepartment{}).Select("dept_id, COUNT(*) AS n").Group("dept_id").Scan(&counts).Error; err != nil {
		return nil, err
	}
	byDept := map[string]int64{}
	for _, c := range counts {
		byDept[c.DeptID] = c.N
	}
	nodes := map[string]*DeptNode{}
	for _, d := range ds {
		nodes[d.ID] = &DeptNode{ID: d.ID, Name: d.Name, Code: d.Code, ParentID: d.ParentID, UserCount: byDept[d.ID], Children: []*DeptNode{}}
	}
	roots := []*DeptNode{}
	for _, d := range ds {
		n := nodes[d.ID]
		if p, ok := nodes[d.ParentID]; ok && d.ParentID != "" {
			p.Children = append(p.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	return roots, nil
}

// DeptInput is the add/edit form.
type DeptInput struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Code     string `json:"code"`
	ParentID string `json:"parentId"`
}

func (s *Service) checkDept(tx *gorm.DB, in *DeptInput) error {
	in.Name = strings.TrimSpace(in.Name)
	in.Code = strings.TrimSpace(in.Code)
	if in.Name == "" || utf8.RuneCountInString(in.Name) > 18 {
		return models.Invalid("The department name is required and at most 18 characters")
	}
	if in.Code == "" || utf8.RuneCountInString(in.Code) > 18 {
		return models.Invalid("The department code is required and at most 18 characters")
	}
	var n int64
	q := tx.Model(&models.Department{}).Where("code = ?", in.Code)
	if in.ID != "" {
		q = q.Where("id <> ?", in.ID)
	}
	if err := q.Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return models.Invalid("The department code already exists")
	}
	if in.ParentID == "" {
		return nil
	}
	// The parent must exist and must not be the department itself or one of its descendants.
	for cur, hops := in.ParentID, 0; cur != ""; hops++ {
		if cur == in.ID || hops > 64 {
			return models.Invalid("A department cannot be moved under itself")
		}
		var p models.Department
		if err := tx.Take(&p, "id = ?", cur).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return models.Invalid("Unknown parent department")
			}
			return err
		}
		cur = p.ParentID
	}
	return nil
}

// AddDept creates a department.
func (s *Service) AddDept(ctx context.Context, a Actor, in DeptInput) (*models.Department, error) {
	in.ID = ""
	var d models.Department
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.checkDept(tx, &in); err != nil {
			return err
		}
		d = models.Department{ID: uuid.NewString(), Name: in.Name, Code: in.Code, ParentID: in.ParentID}
		return tx.Create(&d).Error
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpCreate, "Add department", d.Name)
	return &d, nil
}

// EditDept changes a department.
func (s *Service) EditDept(ctx context.Context, a Actor, in DeptInput) error {
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var d models.Department
		if err := tx.Take(&d, "id = ?", in.ID).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return models.ErrNotFound
			}
			return err
		}
		if err := s.checkDept(tx, &in); err != nil {
			return err
		}
		return tx.Model(&models.Department{}).Where("id = ?", in.ID).
			Updates(map[string]any{"name": in.Name, "code": in.Code, "parent_id": in.ParentID}).Error
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, audit.OpUpdate, "Edit department", in.Name)
	return nil
}

// DeleteDept removes an empty department (no children, no members).
func (s *Service) DeleteDept(ctx context.Context, a Actor, id string) error {
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var d models.Department
		if err := tx.Take(&d, "id = ?", id).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return models.ErrNotFound
			}
			return err
		}
		var kids, members int64
		if err := tx.Model(&models.Department{}).Where("parent_id = ?", id).Count(&kids).Error; err != nil {
			return err
		}
		if err := tx.Model(&models.UserDepartment{}).Where("dept_id = ?", id).Count(&members).Error; err != nil {
			return err
		}
		if kids > 0 || members > 0 {
			return models.Invalid("Delete failed, associated data exists (release it first)")
		}
		return tx.Delete(&models.Department{}, "id = ?", id).Error
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, audit.OpDelete, "Delete department", id)
	return nil
}

// AddDeptUsers puts users into a department (already-members are kept once).
func (s *Service) AddDeptUsers(ctx context.Context, a Actor, deptID string, userIDs []string) error {
	if deptID == "" {
		return models.Invalid("Please choose a department")
	}
	userIDs = dedupe(userIDs)
	if len(userIDs) == 0 {
		return models.Invalid("Choose at least one user")
	}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := existAll(ctx, tx, &models.Department{}, []string{deptID}, "Unknown department"); err != nil {
			return err
		}
		if err := existAll(ctx, tx, &models.User{}, userIDs, "Unknown user"); err != nil {
			return err
		}
		if err := tx.Where("dept_id = ? AND user_id IN ?", deptID, userIDs).Delete(&models.UserDepartment{}).Error; err != nil {
			return err
		}
		for _, u := range userIDs {
			if err := tx.Create(&models.UserDepartment{UserID: u, DeptID: deptID}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, audit.OpUpdate, "Add department members", deptID+": "+strings.Join(userIDs, ","))
	return nil
}

// RemoveDeptUsers takes users out of a department.
func (s *Service) RemoveDeptUsers(ctx context.Context, a Actor, deptID string, userIDs []string) error {
	if deptID == "" {
		return models.Invalid("Please choose a department")
	}
	userIDs = dedupe(userIDs)
	if len(userIDs) == 0 {
		return models.Invalid("Choose at least one user")
	}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := existAll(ctx, tx, &models.Department{}, []string{deptID}, "Unknown department"); err != nil {
			return err
		}
		if err := existAll(ctx, tx, &models.User{}, userIDs, "Unknown user"); err != nil {
			return err
		}
		return tx.Where("dept_id = ? AND user_id IN ?", deptID, userIDs).Delete(&models.UserDepartment{}).Error
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, audit.OpUpdate, "Remove department members", deptID+": "+strings.Join(userIDs, ","))
	return nil
}
