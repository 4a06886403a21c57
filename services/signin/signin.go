// Package signin holds the sign-in channels besides passwords: SMS codes (login, registration
// by phone, phone binding), OpenID Connect single sign-on, WeChat website QR login and
// in-WeChat OAuth, the WeChat JS-SDK signature, and the one-time tickets with which the
// console collects a login finished by a browser redirect.
package signin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"sync"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/ratelimit"
	"dwsurvey/services/site"
	"dwsurvey/services/sms"
)

// Messages of the spec (first document §8) and of the code checks.
const (
	MsgSendFailed   = "Send verification code failed"
	MsgCodeWrong    = "The verification code is wrong"
	MsgCodeExpired  = "The verification code has expired, please request a new one"
	MsgCodeLocked   = "Too many wrong codes, please request a new one"
	MsgResendWait   = "Please wait %d seconds before requesting another code"
	MsgTooManyCodes = "Too many verification codes requested, try again later"
	MsgSMSOff       = "SMS login is not configured"
	MsgStateInvalid = "The sign-in link has expired or was already used, please start again"
)

// Service is the sign-in channels.
type Service struct {
	DB      *gorm.DB
	Account *account.Service
	Limiter *ratelimit.Limiter
	Audit   *audit.Recorder
	Site    *site.Service
	SMS     *sms.Gateway // nil or unconfigured: SMS refused
	SMSRule SMSRules
	OIDC    *OIDC   // nil: single sign-on is off
	Weixin  *Weixin // nil: WeChat is off
	// PublicURL is the server's external base URL (redirect addresses).
	PublicURL string
	Now       func() time.Time

	keyMu sync.Mutex
	idKey []byte // HMAC key of in-WeChat respondent identities (weixin_answer.go)
}

// SMSRules are the code limits (config sms.*).
type SMSRules struct {
	TTL, ResendAfter       time.Duration
	PhonePerDay, IPPerHour int
	MaxGuesses             int
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func hashValue(v string) string {
	h := sha256.Sum256([]byte(v))
	return hex.EncodeToString(h[:])
}

// newState stores a one-time value of kind and returns it.
func (s *Service) newState(ctx context.Context, st models.AuthState, ttl time.Duration) (string, error) {
	raw := account.RandomToken(24)
	st.ID = hashValue(raw)
	st.CreatedAt = s.now()
	st.ExpiresAt = st.CreatedAt.Add(ttl)
	if err := s.DB.WithContext(ctx).Create(&st).Error; err != nil {
		return "", err
	}
	return raw, nil
}

// takeState consumes a one-time value of kind: unknown, expired or used ones are refused
// (a replayed OAuth state or ticket changes nothing).
func (s *Service) takeState(ctx context.Context, raw, kind string) (*models.AuthState, error) {
	if raw == "" || len(raw) > 200 {
		return nil, models.Invalid(MsgStateInvalid)
	}
	var st models.AuthState
	err := s.DB.WithContext(ctx).Take(&st, "id = ? AND kind = ?", hashValue(raw), kind).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.Invalid(MsgStateInvalid)
	}
	if err != nil {
		return nil, err
	}
	now := s.now()
	res := s.DB.WithContext(ctx).Model(&models.AuthState{}).Where("id = ? AND used_at IS NULL AND expires_at > ?", st.ID, now).Update("used_at", now)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected != 1 {
		return nil, models.Invalid(MsgStateInvalid)
	}
	return &st, nil
}

// Options is what the login page offers.
type Options struct {
	Password   bool   `json:"password"`
	SMS        bool   `json:"sms"`
	Weixin     bool   `json:"weixin"`
	OIDC       bool   `json:"oidc"`
	OIDCButton string `json:"oidcButton"`
	// ResendSeconds is the countdown between two codes to one phone.
	ResendSeconds int `json:"resendSeconds"`
}

// LoginOptions lists the configured channels.
func (s *Service) LoginOptions() Options {
	o := Options{Password: true, SMS: s.SMS.Configured(), Weixin: s.Weixin != nil, OIDC: s.OIDC != nil,
		ResendSeconds: int(s.SMSRule.ResendAfter / time.Second)}
	if s.OIDC != nil {
		o.OIDCButton = s.OIDC.ButtonText
	}
	return o
}

func secondsDur(n int64) time.Duration { return time.Duration(n) * time.Second }
