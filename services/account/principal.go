package account

import (
	"context"
	"sort"

	"gorm.io/gorm"

	"dwsurvey/models"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	UserID    string
	LoginName string
	Name      string
	TokenHash string
	codes     map[string]bool
}

// Has reports whether the caller holds permission code (the super administrator holds all).
func (p *Principal) Has(code string) bool {
	if p == nil {
		return false
	}
	if code == models.PermAuthenticated {
		return true
	}
	return p.codes[models.RoleSuperAdmin] || p.codes[code]
}

// IsSuperAdmin reports the super administrator role.
func (p *Principal) IsSuperAdmin() bool { return p != nil && p.codes[models.RoleSuperAdmin] }

// NewPrincipalForTest builds a principal with the given codes.
func NewPrincipalForTest(userID string, codes ...string) *Principal {
	p := &Principal{UserID: userID, codes: map[string]bool{}}
	for _, c := range codes {
		p.codes[c] = true
	}
	return p
}

// Authority returns role codes then permission codes of a user (currentAuthority).
func Authority(ctx context.Context, db *gorm.DB, userID string) (roles []models.Role, perms []string, err error) {
	db = db.WithContext(ctx)
	if err = db.Joins("JOIN user_roles ur ON ur.role_id = roles.id").Where("ur.user_id = ?", userID).
		Order("roles.code").Find(&roles).Error; err != nil {
		return
	}
	ids := make([]string, len(roles))
	super := false
	for i, r := range roles {
		ids[i] = r.ID
		if r.Code == models.RoleSuperAdmin {
			super = true
		}
	}
	if super {
		for _, p := range models.PermissionCatalog {
			perms = append(perms, p.Code)
		}
	} else if len(ids) > 0 {
		if err = db.Model(&models.RolePermission{}).Where("role_id IN ?", ids).
			Distinct().Pluck("permission_code", &perms).Error; err != nil {
			return
		}
	}
	sort.Strings(perms)
	return
}

// AuthorityCodes is role codes followed by permission codes, deduplicated.
func AuthorityCodes(roles []models.Role, perms []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, r := range roles {
		if !seen[r.Code] {
			seen[r.Code] = true
			out = append(out, r.Code)
		}
	}
	for _, p := range perms {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// PrincipalOf builds the principal of an active user without a token (the open API acts
// as its application's user). An unknown or inactive user is ErrUnauthenticated.
func PrincipalOf(ctx context.Context, db *gorm.DB, userID string) (*Principal, error) {
	var u models.User
	if err := db.WithContext(ctx).Take(&u, "id = ?", userID).Error; err != nil || u.Status != models.UserActive {
		return nil, ErrUnauthenticated
	}
	roles, perms, err := Authority(ctx, db, u.ID)
	if err != nil {
		return nil, err
	}
	p := &Principal{UserID: u.ID, LoginName: u.LoginName, Name: u.Name, codes: map[string]bool{}}
	for _, c := range AuthorityCodes(roles, perms) {
		p.codes[c] = true
	}
	return p, nil
}
