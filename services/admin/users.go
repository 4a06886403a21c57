// Package admin implements the back-office rules: users, departments, roles and permissions.
package admin

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
)

type Service struct {
	DB    *gorm.DB
	Audit *audit.Recorder
	// Now is the clock of the survey, group and answer log calls (time.Now when nil).
	Now func() time.Time
	// Region maps an address of the answer log to province and city (nil: unknown).
	Region func(ip string) (province, city string)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Actor identifies who performs an admin action (for the audit log).
type Actor struct {
	UserID, UserName, IP string
}

func (s *Service) record(ctx context.Context, a Actor, op, name, notes string) {
	s.Audit.Record(ctx, audit.Entry{Name: name, Notes: notes, OperationType: op, Success: true, UserID: a.UserID, UserName: a.UserName, IP: a.IP})
}

// AdminUser is a user row of the admin list.
type AdminUser struct {
	account.SafeUser
	RoleIDs []string `json:"roleIds"`
	DeptIDs []string `json:"deptIds"`
}

// UserFilter narrows ListUsers.
type UserFilter struct {
	LoginName, Name, Email, Cellphone string
	Status                            *int
	DeptID, RoleID                    string
}

// ListUsers returns one page of users, newest first.
func (s *Service) ListUsers(ctx context.Context, f UserFilter, page, size int) ([]AdminUser, int64, error) {
	q := s.DB.WithContext(ctx).Model(&models.User{})
	if f.LoginName != "" {
		q = q.Where(models.Contains("login_name", f.LoginName))
	}
	if f.Name != "" {
		q = q.Where(models.Contains("name", f.Name))
	}
	if f.Email != "" {
		q = q.Where(models.Contains("email", f.Email))
	}
	if f.Cellphone != "" {
		q = q.Where(models.Contains("cellphone", f.Cellphone))
	}
	if f.Status != nil {
		q = q.Where("status = ?", *f.Status)
	}
	if f.DeptID != "" {
		q = q.Where("id IN (?)", s.DB.Model(&models.UserDepartment{}).Select("user_id").Where("dept_id = ?", f.DeptID))
	}
	if f.RoleID != "" {
		q = q.Where("id IN (?)", s.DB.Model(&models.UserRole{}).Select("user_id").Where("role_id = ?", f.RoleID))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var ids []string
	if err := q.Order("created_at DESC, id").Offset((page-1)*size).Limit(size).Pluck("id", &ids).Error; err != nil {
		return nil, 0, err
	}
	out := make([]AdminUser, 0, len(ids))
	for _, id := range ids {
		au, err := s.adminUser(ctx, id)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, *au)
	}
	return out, total, nil
}

func (s *Service) adminUser(ctx context.Context, id string) (*AdminUser, error) {
	su, err := account.LoadSafeUser(ctx, s.DB, id)
	if err != nil {
		return nil, err
	}
	au := &AdminUser{SafeUser: *su, RoleIDs: []string{}, DeptIDs: []string{}}
	for _, r := range su.Roles {
		au.RoleIDs = append(au.RoleIDs, r.ID)
	}
	for _, d := range su.Departments {
		au.DeptIDs = append(au.DeptIDs, d.ID)
	}
	return au, nil
}

// UserInput is the add/edit form. On edit an empty Password means unchanged.
type UserInput struct {
	ID        string   `json:"id"`
	LoginName string   `json:"loginName"`
	Name      string   `json:"name"`
	Email     string   `json:"email"`
	Cellphone string   `json:"cellphone"`
	Password  string   `json:"password"`
	Status    *int     `json:"status"`
	RoleIDs   []string `json:"roleIds"`
	DeptIDs   []string `json:"deptIds"`
	// sent records the optional profile keys a JSON body carried (userinput.go).
	sent map[string]bool
}

func (s *Service) checkUserInput(ctx context.Context, tx *gorm.DB, in *UserInput, creating bool) error {
	in.LoginName = strings.TrimSpace(in.LoginName)
	in.Email = strings.TrimSpace(in.Email)
	in.Name = strings.TrimSpace(in.Name)
	if err := account.ValidateLoginName(in.LoginName); err != nil && (creating || in.ID != models.SuperAdminID) {
		return err
	}
	if err := account.ValidateName(in.Name); err != nil {
		return err
	}
	if err := account.ValidateEmail(in.Email, true); err != nil {
		return err
	}
	if in.Cellphone != "" && !phonePattern(in.Cellphone) {
		return models.Invalid("Please enter a valid phone number")
	}
	if creating || in.Password != "" {
		if err := account.ValidatePassword(in.Password); err != nil {
			return err
		}
	}
	if in.Status != nil && (*in.Status < 0 || *in.Status > 2) {
		return models.Invalid("The status must be 0 (unavailable), 1 (not activated) or 2 (activated)")
	}
	if err := account.EnsureLoginNameFree(ctx, tx, in.LoginName, in.ID); err != nil {
		return err
	}
	if err := existAll(ctx, tx, &models.Role{}, in.RoleIDs, "Unknown role"); err != nil {
		return err
	}
	return existAll(ctx, tx, &models.Department{}, in.DeptIDs, "Unknown department")
}

func phonePattern(s string) bool {
	if len(s) < 5 || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9') && r != '-' && r != '+' && r != ' ' {
			return false
		}
	}
	return true
}

func existAll(ctx context.Context, tx *gorm.DB, model any, ids []string, msg string) error {
	if len(ids) == 0 {
		return nil
	}
	uniq := dedupe(ids)
	var n int64
	if err := tx.WithContext(ctx).Model(model).Where("id IN ?", uniq).Count(&n).Error; err != nil {
		return err
	}
	if int(n) != len(uniq) {
		return models.Invalid("%s", msg)
	}
	return nil
}

func dedupe(ids []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// AddUser creates a user with roles and departments. Without roleIds the user gets the
// "Survey author" role (models.RoleUser), the role registration gives; an explicit empty
// list creates a user without roles.
func (s *Service) AddUser(ctx context.Context, a Actor, in UserInput) (*AdminUser, error) {
	in.ID = ""
	if in.Status == nil {
		st := models.UserActive
		in.Status = &st
	}
	u := models.User{}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if in.RoleIDs == nil {
			var role models.Role
			if err := tx.Take(&role, "code = ?", models.RoleUser).Error; err != nil {
				return err
			}
			in.RoleIDs = []string{role.ID}
		}
		if err := s.checkUserInput(ctx, tx, &in, true); err != nil {
			return err
		}
		hash, err := account.HashPassword(in.Password)
		if err != nil {
			return err
		}
		u = models.User{ID: uuid.NewString(), LoginName: in.LoginName, Name: in.Name, Email: in.Email, Cellphone: in.Cellphone,
			PasswordHash: hash, Status: *in.Status}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		return setLinks(tx, u.ID, in.RoleIDs, in.DeptIDs)
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpCreate, "Add user", "user "+u.LoginName)
	return s.adminUser(ctx, u.ID)
}

func setLinks(tx *gorm.DB, userID string, roleIDs, deptIDs []string) error {
	if roleIDs != nil {
		if err := tx.Where("user_id = ?", userID).Delete(&models.UserRole{}).Error; err != nil {
			return err
		}
		for _, id := range dedupe(roleIDs) {
			if err := tx.Create(&models.UserRole{UserID: userID, RoleID: id}).Error; err != nil {
				return err
			}
		}
	}
	if deptIDs != nil {
		if err := tx.Where("user_id = ?", userID).Delete(&models.UserDepartment{}).Error; err != nil {
			return err
		}
		for _, id := range dedupe(deptIDs) {
			if err := tx.Create(&models.UserDepartment{UserID: userID, DeptID: id}).Error; err != nil {
				return err
			}
		}
	}
	return nil
}

// EditUser updates a user. Disabling a user or changing its password ends its sessions.
// The super administrator keeps its role and cannot be disabled.
func (s *Service) EditUser(ctx context.Context, a Actor, in UserInput) (*AdminUser, error) {
	var u models.User
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&u, "id = ?", in.ID).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return models.ErrNotFound
			}
			return err
		}
		in.keepUnsent(u.Name, u.Email, u.Cellphone)
		if err := s.checkUserInput(ctx, tx, &in, false); err != nil {
			return err
		}
		if u.ID == models.SuperAdminID {
			if in.Status != nil && *in.Status != models.UserActive {
				return models.Invalid("The super administrator cannot be disabled")
			}
			in.RoleIDs = nil // its role is fixed
			in.LoginName = u.LoginName
		}
		upd := map[string]any{"login_name": in.LoginName, "name": in.Name, "email": in.Email, "cellphone": in.Cellphone}
		revoke := false
		if in.Status != nil {
			upd["status"] = *in.Status
			revoke = *in.Status != models.UserActive
		}
		if in.Password != "" {
			hash, err := account.HashPassword(in.Password)
			if err != nil {
				return err
			}
			upd["password_hash"] = hash
			revoke = true
		}
		if err := tx.Model(&models.User{}).Where("id = ?", u.ID).Updates(upd).Error; err != nil {
			return err
		}
		if revoke {
			if err := account.RevokeAll(ctx, tx, u.ID, time.Now().UTC()); err != nil {
				return err
			}
		}
		return setLinks(tx, u.ID, in.RoleIDs, in.DeptIDs)
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpUpdate, "Edit user", "user "+u.LoginName)
	return s.adminUser(ctx, u.ID)
}

// DeleteUsers removes users (never the super administrator) with their links and sessions.
func (s *Service) DeleteUsers(ctx context.Context, a Actor, ids []string) (int, error) {
	ids = dedupe(ids)
	if len(ids) == 0 {
		return 0, models.Invalid("Choose at least one user")
	}
	for _, id := range ids {
		if id == models.SuperAdminID {
			return 0, models.Invalid("The super administrator cannot be deleted")
		}
		if id == a.UserID {
			return 0, models.Invalid("You cannot delete your own account")
		}
	}
	var n int64
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := existAll(ctx, tx, &models.User{}, ids, "Unknown user"); err != nil {
			return err
		}
		for _, m := range []any{&models.UserRole{}, &models.UserDepartment{}, &models.AuthToken{}} {
			if err := tx.Where("user_id IN ?", ids).Delete(m).Error; err != nil {
				return err
			}
		}
		res := tx.Where("id IN ?", ids).Delete(&models.User{})
		n = res.RowsAffected
		return res.Error
	})
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, models.ErrNotFound
	}
	s.record(ctx, a, audit.OpDelete, "Delete users", strings.Join(ids, ","))
	return int(n), nil
}

// ResetResult reports a batch password reset.
type ResetResult struct {
	Updated int      `json:"updated"`
	Skipped []string `json:"skipped"`
}

// ResetPasswords sets password on every listed user except the super administrator
// (always skipped) and ends their sessions.
func (s *Service) ResetPasswords(ctx context.Context, a Actor, ids []string, password string) (*ResetResult, error) {
	ids = dedupe(ids)
	if len(ids) == 0 {
		return nil, models.Invalid("Choose at least one user")
	}
	if err := account.ValidatePassword(password); err != nil {
		return nil, err
	}
	res := &ResetResult{Skipped: []string{}}
	targets := []string{}
	for _, id := range ids {
		if id == models.SuperAdminID {
			res.Skipped = append(res.Skipped, id)
		} else {
			targets = append(targets, id)
		}
	}
	if len(targets) == 0 {
		return res, nil
	}
	hash, err := account.HashPassword(password)
	if err != nil {
		return nil, err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := existAll(ctx, tx, &models.User{}, targets, "Unknown user"); err != nil {
			return err
		}
		r := tx.Model(&models.User{}).Where("id IN ?", targets).Update("password_hash", hash)
		if r.Error != nil {
			return r.Error
		}
		res.Updated = int(r.RowsAffected)
		now := time.Now().UTC()
		for _, id := range targets {
			if err := account.RevokeAll(ctx, tx, id, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpPassword, "Reset passwords", strings.Join(targets, ","))
	return res, nil
}

// ResetLoginCount sets the login count of the listed users to zero.
func (s *Service) ResetLoginCount(ctx context.Context, a Actor, ids []string) (int, error) {
	ids = dedupe(ids)
	if len(ids) == 0 {
		return 0, models.Invalid("Choose at least one user")
	}
	var n int64
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := existAll(ctx, tx, &models.User{}, ids, "Unknown user"); err != nil {
			return err
		}
		r := tx.Model(&models.User{}).Where("id IN ?", ids).Update("login_count", 0)
		n = r.RowsAffected
		return r.Error
	})
	if err != nil {
		return 0, err
	}
	s.record(ctx, a, audit.OpUpdate, "Reset login count", strings.Join(ids, ","))
	return int(n), nil
}
