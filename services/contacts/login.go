package contacts

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
)

// TokenPrefix starts every contact login token, so that the answer side can tell a contact's
// login from a user's without a lookup.
const TokenPrefix = "ct_"

// IsContactToken reports a raw token of a contact login.
func IsContactToken(raw string) bool { return strings.HasPrefix(raw, TokenPrefix) }

// Principal is a logged-in contact (answer side only: contacts never reach the console).
type Principal struct {
	ContactID string
	OwnerID   string
	Account   string
	Name      string
	TokenHash string
}

// LoginResult is a successful contact login.
type LoginResult struct {
	Token   string `json:"token"`
	Contact struct {
		ID      string `json:"id"`
		Account string `json:"account"`
		Name    string `json:"name"`
	} `json:"contact"`
}

// ErrNoContact means the account is not a contact of the survey's owner (the caller may
// try a user login with the same credentials).
var ErrNoContact = errors.New("no such contact")

var decoy struct {
	sync.Once
	hash string
}

func decoyHash() string {
	decoy.Do(func() { decoy.hash, _ = account.HashPassword(account.RandomToken(12)) })
	return decoy.hash
}

func (s *Service) ttl() time.Duration {
	if s.TokenTTL > 0 {
		return s.TokenTTL
	}
	return 12 * time.Hour
}

// Login checks a contact's account and password for the survey sidOrID (the contacts of the
// survey's owner), under the login failure limits (per owner and account, and per client
// address). ErrNoContact: no such account in that address book (nothing counted yet: the
// caller tries a user login, which counts its own failures).
func (s *Service) Login(ctx context.Context, sidOrID, acct, password, ip string) (*LoginResult, error) {
	acct = strings.TrimSpace(acct)
	if acct == "" {
		return nil, models.Invalid(account.MsgUserNameEmpty)
	}
	if password == "" {
		return nil, models.Invalid("Please enter the password")
	}
	var sv models.Survey
	err := s.DB.WithContext(ctx).Where("(id = ? OR sid = ?) AND deleted_at IS NULL", sidOrID, sidOrID).Take(&sv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNoContact
	}
	if err != nil {
		return nil, err
	}
	var c models.Contact
	err = s.DB.WithContext(ctx).Where("owner_id = ? AND account = ?", sv.OwnerID, acct).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNoContact
	}
	if err != nil {
		return nil, err
	}
	max, window := s.LoginMaxFailures, s.LoginWindow
	if max <= 0 {
		max = 5
	}
	if window <= 0 {
		window = 15 * time.Minute
	}
	acctKey := "ctlogin:" + c.ID
	ipKey := "login:ip:" + ip // the users' per-address counter: one budget per address
	for _, k := range []struct {
		key   string
		limit int
	}{{acctKey, max}, {ipKey, 4 * max}} {
		blocked, wait, err := s.Limiter.Blocked(ctx, k.key, k.limit, window)
		if err != nil {
			return nil, err
		}
		if blocked {
			return nil, models.Invalid("Too many attempts, try again in %d minutes", int(math.Ceil(wait.Minutes())))
		}
	}
	hash := c.PasswordHash
	usable := hash != ""
	if !usable {
		hash = decoyHash()
	}
	if !account.CheckPassword(hash, password) || !usable {
		for _, k := range []string{acctKey, ipKey} {
			if err := s.Limiter.Hit(ctx, k, window); err != nil {
				return nil, err
			}
		}
		s.audit(ctx, audit.Entry{Name: "Contact login failed", Notes: "contact " + c.Account, OperationType: audit.OpLogin, UserName: c.Account, IP: ip})
		return nil, models.Invalid(account.MsgBadCredentials)
	}
	_ = s.Limiter.Reset(ctx, acctKey)
	raw := TokenPrefix + account.RandomToken(32)
	now := s.now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&models.ContactToken{TokenHash: account.HashToken(raw), ContactID: c.ID, CreatedAt: now, ExpiresAt: now.Add(s.ttl())}).Error; err != nil {
			return err
		}
		// verified: the contact proved the account by logging in with it
		return tx.Model(&models.Contact{}).Where("id = ?", c.ID).Updates(map[string]any{"last_login_at": now, "verified": true}).Error
	})
	if err != nil {
		return nil, err
	}
	s.audit(ctx, audit.Entry{Name: "Contact login", OperationType: audit.OpLogin, Success: true, UserName: c.Account, IP: ip})
	r := &LoginResult{Token: raw}
	r.Contact.ID, r.Contact.Account, r.Contact.Name = c.ID, c.Account, c.Name
	return r, nil
}

// Authenticate resolves a contact token (account.ErrUnauthenticated when unknown, expired
// or revoked).
func (s *Service) Authenticate(ctx context.Context, raw string) (*Principal, error) {
	if !IsContactToken(raw) {
		return nil, account.ErrUnauthenticated
	}
	var t models.ContactToken
	err := s.DB.WithContext(ctx).Where("token_hash = ? AND revoked_at IS NULL AND expires_at > ?", account.HashToken(raw), s.now()).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, account.ErrUnauthenticated
	}
	if err != nil {
		return nil, err
	}
	var c models.Contact
	if err := s.DB.WithContext(ctx).Take(&c, "id = ?", t.ContactID).Error; err != nil {
		return nil, account.ErrUnauthenticated
	}
	return &Principal{ContactID: c.ID, OwnerID: c.OwnerID, Account: c.Account, Name: c.Name, TokenHash: t.TokenHash}, nil
}

// Logout revokes a contact token.
func (s *Service) Logout(ctx context.Context, raw string) error {
	if !IsContactToken(raw) {
		return nil
	}
	return s.DB.WithContext(ctx).Model(&models.ContactToken{}).Where("token_hash = ? AND revoked_at IS NULL", account.HashToken(raw)).
		Update("revoked_at", s.now()).Error
}

// ChangePassword lets a logged-in contact replace its password (6-18 characters); every
// other login of the contact ends.
func (s *Service) ChangePassword(ctx context.Context, cp *Principal, cur, next string) error {
	if cp == nil {
		return account.ErrUnauthenticated
	}
	if err := account.ValidatePassword(next); err != nil {
		return err
	}
	var c models.Contact
	if err := s.DB.WithContext(ctx).Take(&c, "id = ?", cp.ContactID).Error; err != nil {
		return notFound(err)
	}
	if c.PasswordHash == "" || !account.CheckPassword(c.PasswordHash, cur) {
		return models.Invalid(account.MsgWrongPassword)
	}
	hash, err := account.HashPassword(next)
	if err != nil {
		return err
	}
	now := s.now()
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&models.Contact{}).Where("id = ?", c.ID).Updates(map[string]any{"password_hash": hash, "updated_at": now}).Error; err != nil {
			return err
		}
		return tx.Model(&models.ContactToken{}).Where("contact_id = ? AND token_hash <> ? AND revoked_at IS NULL", c.ID, cp.TokenHash).
			Update("revoked_at", now).Error
	})
}
