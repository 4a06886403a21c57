package openapp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
)

// The signing scheme (docs/open-api.md, and the OpenAPI document's security scheme):
//
//	string to sign = METHOD "\n" TARGET "\n" TIMESTAMP "\n" NONCE "\n" hex(SHA-256(body))
//	X-Dw-Signature = hex(HMAC-SHA256(app secret, string to sign))
//
// METHOD is upper case; TARGET is the path and query exactly as sent on the request line
// (e.g. /api/dwsurvey/open/v1/surveys?pageSize=20); TIMESTAMP is Unix seconds and must be
// within Window of the server's clock; NONCE is 16 to 64 characters of [A-Za-z0-9_-],
// never used twice by an app; the body hash of a request without a body is the SHA-256
// of nothing (e3b0c442...b855).
const (
	HeaderAppKey    = "X-Dw-App-Key"
	HeaderTimestamp = "X-Dw-Timestamp"
	HeaderNonce     = "X-Dw-Nonce"
	HeaderSignature = "X-Dw-Signature"

	// Window is how far a request's timestamp may be from the server's clock.
	Window = 5 * time.Minute
	// MaxBody is the largest request body the open API reads.
	MaxBody = 1 << 20
)

// StringToSign is the canonical text an app signs.
func StringToSign(method, target, timestamp, nonce string, body []byte) string {
	sum := sha256.Sum256(body)
	return strings.ToUpper(method) + "\n" + target + "\n" + timestamp + "\n" + nonce + "\n" + hex.EncodeToString(sum[:])
}

// Sign is the signature of a request with secret.
func Sign(secret, method, target, timestamp, nonce string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(StringToSign(method, target, timestamp, nonce, body)))
	return hex.EncodeToString(m.Sum(nil))
}

// Refusal is a refused request: Status is the HTTP status to answer (401, 403, 429) and
// Msg says why; Wait is the time until the rate window ends (429 only).
type Refusal struct {
	Status int
	Msg    string
	Wait   time.Duration
}

func (r *Refusal) Error() string { return r.Msg }

// Refusal messages.
const (
	MsgMissing   = "Missing signature headers: X-Dw-App-Key, X-Dw-Timestamp, X-Dw-Nonce and X-Dw-Signature are required"
	MsgTimestamp = "The timestamp is not within 5 minutes of the server time (Unix seconds expected)"
	MsgNonce     = "The nonce must be 16 to 64 characters of A-Z, a-z, 0-9, _ and -"
	MsgSignature = "Unknown app key or wrong signature"
	MsgReplay    = "The nonce was already used: a request is accepted once"
	MsgDisabled  = "The application is disabled"
	MsgUserGone  = "The account the application acts as is not active"
	MsgRate      = "Too many requests: the application's rate limit is reached"
)

var noncePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)

// Signed is what a request carries.
type Signed struct {
	Method, Target                      string
	AppKey, Timestamp, Nonce, Signature string
	Body                                []byte
}

// Verify checks a signed request and returns its app. Checks, in order: headers present,
// timestamp within Window, nonce form, app key and signature (one message for both, the
// comparison in constant time), app enabled, rate limit (counted per app per minute in the
// database, shared by every API replica), nonce unused (stored in the database with the
// app, so a replay to another replica is refused too). A refused request stores nothing
// but the rate count of an authenticated app.
func (s *Service) Verify(ctx context.Context, r Signed) (*models.OpenApp, error) {
	if r.AppKey == "" || r.Timestamp == "" || r.Nonce == "" || r.Signature == "" {
		return nil, &Refusal{Status: 401, Msg: MsgMissing}
	}
	now := s.now()
	ts, err := strconv.ParseInt(r.Timestamp, 10, 64)
	if err != nil || ts < now.Add(-Window).Unix() || ts > now.Add(Window).Unix() {
		return nil, &Refusal{Status: 401, Msg: MsgTimestamp}
	}
	if !noncePattern.MatchString(r.Nonce) {
		return nil, &Refusal{Status: 401, Msg: MsgNonce}
	}
	var app models.OpenApp
	err = s.DB.WithContext(ctx).Take(&app, "app_key = ?", r.AppKey).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, &Refusal{Status: 401, Msg: MsgSignature}
	}
	if err != nil {
		return nil, err
	}
	secret, err := s.Box.Open(app.SecretEnc, app.ID)
	if err != nil {
		return nil, fmt.Errorf("open API app %s: %w", app.ID, err)
	}
	want := Sign(secret, r.Method, r.Target, r.Timestamp, r.Nonce, r.Body)
	if !hmac.Equal([]byte(want), []byte(strings.ToLower(r.Signature))) {
		return nil, &Refusal{Status: 401, Msg: MsgSignature}
	}
	if app.Status != models.AppEnabled {
		return nil, &Refusal{Status: 403, Msg: MsgDisabled}
	}
	if s.Limiter != nil {
		key := "openapi:" + app.ID
		blocked, wait, err := s.Limiter.Blocked(ctx, key, max(1, app.RateLimit), time.Minute)
		if err != nil {
			return nil, err
		}
		if blocked {
			return nil, &Refusal{Status: 429, Msg: MsgRate, Wait: wait}
		}
		if err := s.Limiter.Hit(ctx, key, time.Minute); err != nil {
			return nil, err
		}
	}
	if err := s.useNonce(ctx, app.ID, r.Nonce, now); err != nil {
		return nil, err
	}
	if app.LastUsedAt == nil || now.Sub(*app.LastUsedAt) >= time.Minute {
		s.DB.WithContext(ctx).Model(&models.OpenApp{}).Where("id = ?", app.ID).Update("last_used_at", now)
	}
	return &app, nil
}

// useNonce stores (app, nonce); an existing row is a replay. Rows older than twice the
// window are deleted now and then (their requests fail the timestamp check anyway).
func (s *Service) useNonce(ctx context.Context, appID, nonce string, now time.Time) error {
	db := s.DB.WithContext(ctx)
	res := db.Exec("INSERT INTO open_api_nonces (app_id, nonce, seen_at) SELECT ?, ?, ? WHERE NOT EXISTS "+
		"(SELECT 1 FROM open_api_nonces WHERE app_id = ? AND nonce = ?)", appID, nonce, now, appID, nonce)
	if res.Error != nil {
		if isDuplicate(res.Error) {
			return &Refusal{Status: 401, Msg: MsgReplay}
		}
		return res.Error
	}
	if res.RowsAffected == 0 {
		return &Refusal{Status: 401, Msg: MsgReplay}
	}
	if sum := sha256.Sum256([]byte(nonce)); sum[0] == 0 { // about one request in 256
		db.Where("seen_at < ?", now.Add(-2*Window)).Delete(&models.OpenAPINonce{})
	}
	return nil
}

// isDuplicate recognises a primary-key conflict (two replicas storing the same nonce at once).
func isDuplicate(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "duplicate") || strings.Contains(m, "unique constraint")
}
