package admin

import (
	"context"
	"errors"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
)

// RoleView is the API shape of a role.
type RoleView struct {
	ID              string   `json:"id"`
	Name            string   `json:"name"`
	Code            string   `json:"code"`
	Type            int      `json:"type"`
	Note            string   `json:"note"`
	PermissionCodes []string `json:"permissionCodes"`
	CreateTime      string   `json:"createTime"`
}

// RoleInput is the add/edit form.
type RoleInput struct {
	ID              string   `json:"id"`
	Name            string   `json:"name"`
	Code            string   `json:"code"`
	Note            string   `json:"note"`
	PermissionCodes []string `json:"permissionCodes"`
}

func (s *Service) roleViews(ctx context.Context, roles []models.Role) ([]RoleView, error) {
	out := make([]RoleView, 0, len(roles))
	for _, r := range roles {
		var codes []string
		if r.Code == models.RoleSuperAdmin {
			for _, p := range models.PermissionCatalog {
				codes = append(codes, p.Code)
			}
		} else if err := s.DB.WithContext(ctx).Model(&models.RolePermission{}).Where("role_id = ?", r.ID).
			Pluck("permission_code", &codes).Error; err != nil {
			return nil, err
		}
		if codes == nil {
			codes = []string{}
		}
		sort.Strings(codes)
		out = append(out, RoleView{ID: r.ID, Name: r.Name, Code: r.Code, Type: r.Type, Note: r.Note, PermissionCodes: codes,
			CreateTime: models.FormatTime(r.CreatedAt)})
	}
	return out, nil
}

// ListRoles returns one page of roles (system roles first).
func (s *Service) ListRoles(ctx context.Context, name string, page, size int) ([]RoleView, int64, error) {
	q := s.DB.WithContext(ctx).Model(&models.Role{})
	if name != "" {
		nq, nv := models.Contains("name", name)
		cq, cv := models.Contains("code", name)
		q = q.Where(nq+" OR "+cq, nv, cv)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var roles []models.Role
	if err := q.Order("type, created_at, id").Offset((page - 1) * size).Limit(size).Find(&roles).Error; err != nil {
		return nil, 0, err
	}
	views, err := s.roleViews(ctx, roles)
	return views, total, err
}

// AllRoles lists every role (for selects).
func (s *Service) AllRoles(ctx context.Context) ([]RoleView, error) {
	var roles []models.Role
	if err := s.DB.WithContext(ctx).Order("type, created_at, id").Find(&roles).Error; err != nil {
		return nil, err
	}
	return s.roleViews(ctx, roles)
}

func checkRoleInput(in *RoleInput) error {
	in.Name = strings.TrimSpace(in.Name)
	in.Code = strings.TrimSpace(in.Code)
	if in.Name == "" || utf8.RuneCountInString(in.Name) > 18 {
		return models.Invalid("The role name is required and at most 18 characters")
	}
	if in.Code == "" || utf8.RuneCountInString(in.Code) > 18 {
		return models.Invalid("The role code is required and at most 18 characters")
	}
	for _, r := range in.Code {
		if !(r == '_' || r == '-' || r == ':' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
			return models.Invalid("The role code may contain only letters, digits, _ - and :")
		}
	}
	if utf8.RuneCountInString(in.Note) > 255 {
		return models.Invalid("The notes are at most 255 characters")
	}
	in.PermissionCodes = dedupe(in.PermissionCodes)
	for _, c := range in.PermissionCodes {
		if !models.KnownPermission(c) {
			return models.Invalid("Unknown permission %q", c)
		}
	}
	return nil
}

func (s *Service) ensureRoleCodeFree(tx *gorm.DB, code, exceptID string) error {
	var n int64
	q := tx.Model(&models.Role{}).Where("code = ?", code)
	if exceptID != "" {
		q = q.Where("id <> ?", exceptID)
	}
	if err := q.Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return models.Invalid("The role code already exists")
	}
	return nil
}

func setRolePerms(tx *gorm.DB, roleID string, codes []string) error {
	if err := tx.Where("role_id = ?", roleID).Delete(&models.RolePermission{}).Error; err != nil {
		return err
	}
	for _, c := range codes {
		if err := tx.Create(&models.RolePermission{RoleID: roleID, PermissionCode: c}).Error; err != nil {
			return err
		}
	}
	return nil
}

// AddRole creates a user-defined role.
func (s *Service) AddRole(ctx context.Context, a Actor, in RoleInput) (*RoleView, error) {
	if err := checkRoleInput(&in); err != nil {
		return nil, err
	}
	r := models.Role{ID: uuid.NewString(), Name: in.Name, Code: in.Code, Note: in.Note, Type: models.RoleUserDefined}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.ensureRoleCodeFree(tx, r.Code, ""); err != nil {
			return err
		}
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		return setRolePerms(tx, r.ID, in.PermissionCodes)
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpCreate, "Add role", r.Code+": "+strings.Join(in.PermissionCodes, ","))
	v, err := s.roleViews(ctx, []models.Role{r})
	if err != nil {
		return nil, err
	}
	return &v[0], nil
}

func (s *Service) userDefinedRole(tx *gorm.DB, id string) (*models.Role, error) {
	var r models.Role
	if err := tx.Take(&r, "id = ?", id).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	if r.Type == models.RoleSystem {
		return nil, models.Invalid("System default roles cannot be modified")
	}
	return &r, nil
}

// EditRole changes a user-defined role and its permissions.
func (s *Service) EditRole(ctx context.Context, a Actor, in RoleInput) (*RoleView, error) {
	if err := checkRoleInput(&in); err != nil {
		return nil, err
	}
	var r *models.Role
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if r, err = s.userDefinedRole(tx, in.ID); err != nil {
			return err
		}
		if err := s.ensureRoleCodeFree(tx, in.Code, r.ID); err != nil {
			return err
		}
		r.Name, r.Code, r.Note = in.Name, in.Code, in.Note
		if err := tx.Model(&models.Role{}).Where("id = ?", r.ID).Updates(map[string]any{"name": r.Name, "code": r.Code, "note": r.Note}).Error; err != nil {
			return err
		}
		return setRolePerms(tx, r.ID, in.PermissionCodes)
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpUpdate, "Edit role", r.Code+": "+strings.Join(in.PermissionCodes, ","))
	v, err := s.roleViews(ctx, []models.Role{*r})
	if err != nil {
		return nil, err
	}
	return &v[0], nil
}

// DeleteRole removes a user-defined role and its links.
func (s *Service) DeleteRole(ctx context.Context, a Actor, id string) error {
	var code string
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r, err := s.userDefinedRole(tx, id)
		if err != nil {
			return err
		}
		code = r.Code
		if err := tx.Where("role_id = ?", id).Delete(&models.RolePermission{}).Error; err != nil {
			return err
		}
		if err := tx.Where("role_id = ?", id).Delete(&models.UserRole{}).Error; err != nil {
			return err
		}
		return tx.Delete(&models.Role{}, "id = ?", id).Error
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, audit.OpDelete, "Delete role", code)
	return nil
}

// PermissionView is the API shape of a permission.
type PermissionView struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Code  string `json:"code"`
	Group string `json:"group"`
}

// Permissions lists the catalogue.
func (s *Service) Permissions(ctx context.Context) ([]PermissionView, error) {
	var ps []models.Permission
	if err := s.DB.WithContext(ctx).Order("sort, code").Find(&ps).Error; err != nil {
		return nil, err
	}
	out := make([]PermissionView, len(ps))
	for i, p := range ps {
		out[i] = PermissionView{ID: p.ID, Name: p.Name, Code: p.Code, Group: p.Group}
	}
	return out, nil
}
