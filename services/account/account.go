// Package account handles login, logout, registration, tokens, the current user and
// password changes.
package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/ratelimit"
	"dwsurvey/services/site"
)

type Service struct {
	DB      *gorm.DB
	Limiter *ratelimit.Limiter
	Audit   *audit.Recorder
	Site    *site.Service
	// TokenTTL is the sliding token lifetime.
	TokenTTL time.Duration
	// MaxFailures failed logins per account (and 4x per client address) in Window block further tries.
	MaxFailures int
	Window      time.Duration
	Now         func() time.Time
	// PasswordCheck compares a password with a stored hash (CheckPassword when nil; tests
	// wrap it to see the work a login does).
	PasswordCheck func(hash, pw string) bool
	// LoginKey decrypts the reference client's RSA password form (nil: plain text only).
	LoginKey *LoginKey
}

func (s *Service) checkPassword(hash, pw string) bool {
	if s.PasswordCheck != nil {
		return s.PasswordCheck(hash, pw)
	}
	return CheckPassword(hash, pw)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// SafeUser is the user as the API shows it: never a hash or secret.
type SafeUser struct {
	ID               string    `json:"id"`
	LoginName        string    `json:"loginName"`
	Name             string    `json:"name"`
	Email            string    `json:"email"`
	Cellphone        string    `json:"cellphone"`
	Avatar           string    `json:"avatar"`
	Status           int       `json:"status"`
	LoginCount       int       `json:"loginCount"`
	Roles            []RoleRef `json:"roles"`
	Permissions      []string  `json:"permissions"`
	Departments      []DeptRef `json:"departments"`
	CurrentAuthority []string  `json:"currentAuthority"`
	LastLoginTime    string    `json:"lastLoginTime"`
	CreateTime       string    `json:"createTime"`
}

type RoleRef struct {
	ID   string `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

type DeptRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// LoadSafeUser builds the SafeUser of userID.
func LoadSafeUser(ctx context.Context, db *gorm.DB, userID string) (*SafeUser, error) {
	var u models.User
	if err := db.WithContext(ctx).Take(&u, "id = ?", userID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	roles, perms, err := Authority(ctx, db, u.ID)
	if err != nil {
		return nil, err
	}
	var depts []models.Department
	if err := db.WithContext(ctx).Joins("JOIN user_departments ud ON ud.dept_id = departments.id").
		Where("ud.user_id = ?", u.ID).Order("departments.name").Find(&depts).Error; err != nil {
		return nil, err
	}
	su := &SafeUser{ID: u.ID, LoginName: u.LoginName, Name: u.Name, Email: u.Email, Cellphone: u.Cellphone,
		Avatar: u.Avatar, Status: u.Status, LoginCount: u.LoginCount, Roles: []RoleRef{}, Permissions: perms,
		Departments: []DeptRef{}, CurrentAuthority: AuthorityCodes(roles, perms),
		LastLoginTime: models.FormatTimePtr(u.LastLoginTime), CreateTime: models.FormatTime(u.CreatedAt)}
	if su.Permissions == nil {
		su.Permissions = []string{}
	}
	for _, r := range roles {
		su.Roles = append(su.Roles, RoleRef{ID: r.ID, Code: r.Code, Name: r.Name})
	}
	for _, d := range depts {
		su.Departments = append(su.Departments, DeptRef{ID: d.ID, Name: d.Name})
	}
	return su, nil
}

// LoginInput is a login attempt.
type LoginInput struct {
	Type     string // "account" (default), "sms", "messaging-app"
	UserName string // login name or e-mail
	Password string
	ClientIP string
}

// LoginResult is a successful login.
type LoginResult struct {
	Token string
	User  *SafeUser
}

// Login checks the credentials under per-account and per-address failure limits.
func (s *Service) Login(ctx context.Context, in LoginInput) (*LoginResult, error) {
	switch in.Type {
	case "", "account":
	case "sms", "mobile", "phone":
		return nil, models.Invalid("SMS login is not configured")
	case "messaging-app", "weixin", "wx":
		return nil, models.Invalid("Messaging-app login is not configured")
	default:
		return nil, models.Invalid("Unknown login type %q", in.Type)
	}
	name := strings.TrimSpace(in.UserName)
	if name == "" {
		return nil, models.Invalid(MsgUserNameEmpty)
	}
	if in.Password == "" {
		return nil, models.Invalid("Please enter the password")
	}
	acctKey := "login:acct:" + strings.ToLower(name)
	ipKey := "login:ip:" + in.ClientIP
	for _, k := range []struct {
		key   string
		limit int
	}{{acctKey, s.MaxFailures}, {ipKey, 4 * s.MaxFailures}} {
		blocked, wait, err := s.Limiter.Blocked(ctx, k.key, k.limit, s.Window)
		if err != nil {
			return nil, err
		}
		if blocked {
			s.Audit.Record(ctx, audit.Entry{Name: "Login refused: too many attempts", Notes: "account " + name,
				OperationType: audit.OpLogin, UserName: name, IP: in.ClientIP})
			return nil, models.Invalid("Too many attempts, try again in %d minutes", int(math.Ceil(wait.Minutes())))
		}
	}
	var u models.User
	err := s.DB.WithContext(ctx).Where("login_name = ? OR (email = ? AND email <> '')", name, name).Order("id").Take(&u).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	// Equal work for every refusal: an unknown account (or one without a usable hash) is
	// compared with a decoy hash of the current cost, so the answer time does not tell
	// which accounts exist.
	known := err == nil
	hash := u.PasswordHash
	if !known || !usableHash(hash) {
		known, hash = false, decoyHash()
	}
	if !s.checkPassword(hash, in.Password) || !known {
		for _, k := range []string{acctKey, ipKey} {
			if herr := s.Limiter.Hit(ctx, k, s.Window); herr != nil {
				return nil, herr
			}
		}
		s.Audit.Record(ctx, audit.Entry{Name: "Login failed", Notes: "wrong account or password", OperationType: audit.OpLogin,
			UserID: u.ID, UserName: name, IP: in.ClientIP})
		return nil, models.Invalid(MsgBadCredentials)
	}
	switch u.Status {
	case models.UserActive:
	case models.UserNotActivated:
		return nil, models.Invalid("The account is not activated")
	default:
		return nil, models.Invalid("The account is disabled")
	}
	_ = s.Limiter.Reset(ctx, acctKey)
	now := s.now()
	if err := s.DB.WithContext(ctx).Model(&models.User{}).Where("id = ?", u.ID).
		Updates(map[string]any{"login_count": gorm.Expr("login_count + 1"), "last_login_time": now}).Error; err != nil {
		return nil, err
	}
	token, err := s.issueToken(ctx, s.DB, u.ID, in.ClientIP)
	if err != nil {
		return nil, err
	}
	su, err := LoadSafeUser(ctx, s.DB, u.ID)
	if err != nil {
		return nil, err
	}
	s.Audit.Record(ctx, audit.Entry{Name: "Login", OperationType: audit.OpLogin, Success: true, UserID: u.ID, UserName: u.LoginName, IP: in.ClientIP})
	return &LoginResult{Token: token, User: su}, nil
}

// HashToken is the stored form of a raw token.
func HashToken(raw string) string {
	sum := sha256.Sum256([]byte(raw))
	return hex.EncodeToString(sum[:])
}

// RandomToken returns n random bytes as hex.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return hex.EncodeToString(b)
}

func (s *Service) issueToken(ctx context.Context, db *gorm.DB, userID, ip string) (string, error) {
	raw := RandomToken(32)
	now := s.now()
	t := models.AuthToken{TokenHash: HashToken(raw), UserID: userID, ClientIP: ip, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.TokenTTL)}
	if err := db.WithContext(ctx).Create(&t).Error; err != nil {
		return "", err
	}
	return raw, nil
}

// ErrUnauthenticated means the token is missing, unknown, expired or revoked.
var ErrUnauthenticated = errors.New("not logged in")

// slideEvery bounds how often a token's expiry is pushed forward (one write per minute at most).
const slideEvery = time.Minute

// Authenticate resolves a raw token to its principal and slides its expiry.
func (s *Service) Authenticate(ctx context.Context, raw string) (*Principal, error) {
	if raw == "" {
		return nil, ErrUnauthenticated
	}
	now := s.now()
	var t models.AuthToken
	err := s.DB.WithContext(ctx).Where("token_hash = ? AND revoked_at IS NULL AND expires_at > ?", HashToken(raw), now).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, err
	}
	var u models.User
	if err := s.DB.WithContext(ctx).Take(&u, "id = ?", t.UserID).Error; err != nil || u.Status != models.UserActive {
		return nil, ErrUnauthenticated
	}
	if now.Sub(t.LastSeenAt) >= slideEvery {
		s.DB.WithContext(ctx).Model(&models.AuthToken{}).Where("token_hash = ?", t.TokenHash).
			Updates(map[string]any{"last_seen_at": now, "expires_at": now.Add(s.TokenTTL)})
	}
	roles, perms, err := Authority(ctx, s.DB, u.ID)
	if err != nil {
		return nil, err
	}
	p := &Principal{UserID: u.ID, LoginName: u.LoginName, Name: u.Name, TokenHash: t.TokenHash, codes: map[string]bool{}}
	for _, c := range AuthorityCodes(roles, perms) {
		p.codes[c] = true
	}
	return p, nil
}

// Logout revokes the given token (unknown tokens are ignored).
func (s *Service) Logout(ctx context.Context, raw, ip string) error {
	if raw == "" {
		return nil
	}
	var t models.AuthToken
	if err := s.DB.WithContext(ctx).Where("token_hash = ? AND revoked_at IS NULL", HashToken(raw)).Take(&t).Error; err != nil {
		return nil
	}
	now := s.now()
	if err := s.DB.WithContext(ctx).Model(&t).Update("revoked_at", now).Error; err != nil {
		return err
	}
	var u models.User
	s.DB.WithContext(ctx).Select("login_name").Take(&u, "id = ?", t.UserID)
	s.Audit.Record(ctx, audit.Entry{Name: "Logout", OperationType: audit.OpLogout, Success: true, UserID: t.UserID, UserName: u.LoginName, IP: ip})
	return nil
}

// RevokeAll ends every session of userID (password change, disable, reset).
func RevokeAll(ctx context.Context, db *gorm.DB, userID string, now time.Time) error {
	return db.WithContext(ctx).Model(&models.AuthToken{}).Where("user_id = ? AND revoked_at IS NULL", userID).
		Update("revoked_at", now).Error
}

// RegisterInput is a self-registration.
type RegisterInput struct {
	LoginName  string
	Email      string
	Name       string
	Password   string
	PwdConfirm string
	ClientIP   string
}

// Register creates an active user with the default author role, when the site allows it.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*SafeUser, error) {
	open, err := s.Site.RegistrationOpen(ctx)
	if err != nil {
		return nil, err
	}
	if !open {
		return nil, models.Invalid("Registration is closed")
	}
	in.LoginName = strings.TrimSpace(in.LoginName)
	in.Email = strings.TrimSpace(in.Email)
	if err := ValidateLoginName(in.LoginName); err != nil {
		return nil, err
	}
	if err := ValidateEmail(in.Email, false); err != nil {
		return nil, err
	}
	if err := ValidateName(in.Name); err != nil {
		return nil, err
	}
	if err := ValidatePassword(in.Password); err != nil {
		return nil, err
	}
	if in.Password != in.PwdConfirm {
		return nil, models.Invalid(MsgPasswordMatch)
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	u := models.User{ID: uuid.NewString(), LoginName: in.LoginName, Name: in.Name, Email: in.Email, PasswordHash: hash, Status: models.UserActive}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := EnsureLoginNameFree(ctx, tx, u.LoginName, ""); err != nil {
			return err
		}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		var role models.Role
		if err := tx.Take(&role, "code = ?", models.RoleUser).Error; err != nil {
			return err
		}
		return tx.Create(&models.UserRole{UserID: u.ID, RoleID: role.ID}).Error
	})
	if err != nil {
		return nil, err
	}
	s.Audit.Record(ctx, audit.Entry{Name: "Register", OperationType: audit.OpRegister, Success: true, UserID: u.ID, UserName: u.LoginName, IP: in.ClientIP})
	return LoadSafeUser(ctx, s.DB, u.ID)
}

// EnsureLoginNameFree refuses a login name used by another user than exceptID.
func EnsureLoginNameFree(ctx context.Context, db *gorm.DB, loginName, exceptID string) error {
	var n int64
	q := db.WithContext(ctx).Model(&models.User{}).Where("login_name = ?", loginName)
	if exceptID != "" {
		q = q.Where("id <> ?", exceptID)
	}
	if err := q.Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return models.Invalid(MsgLoginNameTaken)
	}
	return nil
}

// ChangePassword checks the current password, stores the new one, revokes every session
// of the user and returns a fresh token for the caller's session.
func (s *Service) ChangePassword(ctx context.Context, p *Principal, cur, next, ip string) (string, error) {
	if cur == "" || next == "" {
		return "", models.Invalid("Please fill in the old password and the new password")
	}
	for _, pw := range []string{cur, next} {
		if err := ValidatePassword(pw); err != nil {
			return "", err
		}
	}
	var u models.User
	if err := s.DB.WithContext(ctx).Take(&u, "id = ?", p.UserID).Error; err != nil {
		return "", models.ErrNotFound
	}
	if !CheckPassword(u.PasswordHash, cur) {
		key := "pwd:acct:" + u.ID
		if blocked, _, _ := s.Limiter.Blocked(ctx, key, s.MaxFailures, s.Window); blocked {
			return "", models.Invalid("Too many attempts, try again later")
		}
		_ = s.Limiter.Hit(ctx, key, s.Window)
		s.Audit.Record(ctx, audit.Entry{Name: "Password change failed", Notes: "wrong current password", OperationType: audit.OpPassword, UserID: u.ID, UserName: u.LoginName, IP: ip})
		return "", models.Invalid(MsgWrongPassword)
	}
	hash, err := HashPassword(next)
	if err != nil {
		return "", err
	}
	var token string
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&models.User{}).Where("id = ?", u.ID).Update("password_hash", hash).Error; err != nil {
			return err
		}
		if err := RevokeAll(ctx, tx, u.ID, s.now()); err != nil {
			return err
		}
		var err error
		token, err = s.issueToken(ctx, tx, u.ID, ip)
		return err
	})
	if err != nil {
		return "", err
	}
	s.Audit.Record(ctx, audit.Entry{Name: "Password changed", OperationType: audit.OpPassword, Success: true, UserID: u.ID, UserName: u.LoginName, IP: ip})
	return token, nil
}

// EnsureSuperAdmin creates user "1" (login name admin) with the super administrator role
// when it does not exist. It returns the password it set, or "" when the user existed.
// password "" means a random one.
func EnsureSuperAdmin(ctx context.Context, db *gorm.DB, password string) (string, error) {
	var n int64
	if err := db.WithContext(ctx).Model(&models.User{}).Where("id = ?", models.SuperAdminID).Count(&n).Error; err != nil {
		return "", err
	}
	if n > 0 {
		return "", nil
	}
	if password == "" {
		password = RandomToken(6)
	} else if err := ValidatePassword(password); err != nil {
		return "", fmt.Errorf("DWS_ADMIN_PASSWORD: %w", err)
	}
	hash, err := HashPassword(password)
	if err != nil {
		return "", err
	}
	err = db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		u := models.User{ID: models.SuperAdminID, LoginName: "admin", Name: "Administrator", PasswordHash: hash, Status: models.UserActive}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		var role models.Role
		if err := tx.Take(&role, "code = ?", models.RoleSuperAdmin).Error; err != nil {
			return err
		}
		return tx.Create(&models.UserRole{UserID: u.ID, RoleID: role.ID}).Error
	})
	return password, err
}

// LoginUser logs in userID after another service checked the credentials (SMS code, OpenID
// Connect, WeChat): the account must be active; the login is counted, audited with how,
// and a token issued.
func (s *Service) LoginUser(ctx context.Context, userID, ip, how string) (*LoginResult, error) {
	var u models.User
	if err := s.DB.WithContext(ctx).Take(&u, "id = ?", userID).Error; err != nil {
		return nil, models.ErrNotFound
	}
	switch u.Status {
	case models.UserActive:
	case models.UserNotActivated:
		return nil, models.Invalid("The account is not activated")
	default:
		return nil, models.Invalid("The account is disabled")
	}
	now := s.now()
	if err := s.DB.WithContext(ctx).Model(&models.User{}).Where("id = ?", u.ID).
		Updates(map[string]any{"login_count": gorm.Expr("login_count + 1"), "last_login_time": now}).Error; err != nil {
		return nil, err
	}
	token, err := s.issueToken(ctx, s.DB, u.ID, ip)
	if err != nil {
		return nil, err
	}
	su, err := LoadSafeUser(ctx, s.DB, u.ID)
	if err != nil {
		return nil, err
	}
	s.Audit.Record(ctx, audit.Entry{Name: "Login", Notes: how, OperationType: audit.OpLogin, Success: true, UserID: u.ID, UserName: u.LoginName, IP: ip})
	return &LoginResult{Token: token, User: su}, nil
}

// CreateExternalUser creates an active user with the default author role for a third-party
// sign-in (phone, OpenID Connect, WeChat). loginName is made unique by a suffix when taken.
func (s *Service) CreateExternalUser(ctx context.Context, tx *gorm.DB, loginName, name, email, phone string) (*models.User, error) {
	base := strings.TrimSpace(loginName)
	if len(base) > 50 {
		base = base[:50]
	}
	if base == "" {
		base = "user"
	}
	u := models.User{ID: uuid.NewString(), Name: name, Email: email, Cellphone: phone, PasswordHash: "!", Status: models.UserActive}
	if len(u.Name) > 64 {
		u.Name = u.Name[:64]
	}
	for i := 0; ; i++ {
		u.LoginName = base
		if i > 0 {
			u.LoginName = fmt.Sprintf("%s-%s", base, RandomToken(3))
		}
		var n int64
		if err := tx.WithContext(ctx).Model(&models.User{}).Where("login_name = ?", u.LoginName).Count(&n).Error; err != nil {
			return nil, err
		}
		if n == 0 {
			break
		}
		if i > 5 {
			return nil, fmt.Errorf("no free login name for %q", base)
		}
	}
	if err := tx.WithContext(ctx).Create(&u).Error; err != nil {
		return nil, err
	}
	var role models.Role
	if err := tx.WithContext(ctx).Take(&role, "code = ?", models.RoleUser).Error; err != nil {
		return nil, err
	}
	if err := tx.WithContext(ctx).Create(&models.UserRole{UserID: u.ID, RoleID: role.ID}).Error; err != nil {
		return nil, err
	}
	return &u, nil
}
