// Package openapp manages the applications of the open API (system/app-secret) and checks
// their signed requests (signature.go). An application has a public key (appKey) and a
// secret that signs requests with HMAC-SHA256; the secret is shown once when the app is
// created or its secret renewed, and stored sealed with the server's secret key
// (webhook.secret_key; services/secretbox, bound to the app id). Each app acts as one
// account (UserID) and sees exactly what that account may see.
package openapp

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/ratelimit"
	"dwsurvey/services/secretbox"
)

// Limits and messages of the app form (spec: secret key names up to 18 characters).
const (
	MaxNameLen        = 18
	MaxDescriptionLen = 200
	DefaultRateLimit  = 600  // requests per minute
	MaxRateLimit      = 6000 // requests per minute

	MsgName        = "The application name is required and at most 18 characters"
	MsgDescription = "The description is at most 200 characters"
	MsgStatus      = "The status must be 0 (disabled) or 1 (enabled)"
	MsgRateLimit   = "The rate limit must be between 1 and 6000 requests per minute"
	MsgUser        = "Choose an active user the application acts as"
	MsgNoKey       = "No secret key is configured on the server (webhook.secret_key / DWS_WEBHOOK_SECRET_KEY): applications cannot be created"
)

// Service manages apps and verifies requests.
type Service struct {
	DB *gorm.DB
	// Box seals the secrets (the server's secret key).
	Box     *secretbox.Box
	Limiter *ratelimit.Limiter
	Now     func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// App is an application as the admin list shows it (never the secret).
type App struct {
	ID           string `json:"id"`
	AppName      string `json:"appName"`
	AppKey       string `json:"appKey"`
	SecretMasked string `json:"secretMasked"`
	Status       int    `json:"status"`
	Description  string `json:"description"`
	UserID       string `json:"userId"`
	UserName     string `json:"userName"`
	RateLimit    int    `json:"rateLimit"`
	CreateTime   string `json:"createTime"`
	UpdateTime   string `json:"updateTime"`
	LastUsedTime string `json:"lastUsedTime"`
}

// Created is an app with its secret: answered once, by Create and RenewSecret.
type Created struct {
	App
	AppSecret string `json:"appSecret"`
}

// Input is the add / edit form. Nil fields keep their value on edit.
type Input struct {
	ID          string  `json:"id"`
	AppName     *string `json:"appName"`
	Status      *int    `json:"status"`
	Description *string `json:"description"`
	UserID      *string `json:"userId"`
	RateLimit   *int    `json:"rateLimit"`
}

// Filter narrows the list.
type Filter struct {
	AppName string
	Status  *int
}

func newAppKey() string { return "dwk_" + randomHex(12) }

// newSecret is 32 random bytes in hex (256 bits), prefixed so that a leaked one is recognisable.
func newSecret() string { return "dws_" + randomHex(32) }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func hint(secret string) string {
	if len(secret) < 4 {
		return ""
	}
	return secret[len(secret)-4:]
}

// check validates the form against row (the stored values for an edit) and applies it.
func (s *Service) check(ctx context.Context, row *models.OpenApp, in Input) error {
	if in.AppName != nil {
		name := strings.TrimSpace(*in.AppName)
		if name == "" || utf8.RuneCountInString(name) > MaxNameLen {
			return models.Invalid(MsgName)
		}
		row.Name = name
	}
	if row.Name == "" {
		return models.Invalid(MsgName)
	}
	if in.Description != nil {
		d := strings.TrimSpace(*in.Description)
		if utf8.RuneCountInString(d) > MaxDescriptionLen {
			return models.Invalid(MsgDescription)
		}
		row.Description = d
	}
	if in.Status != nil {
		if *in.Status != models.AppEnabled && *in.Status != models.AppDisabled {
			return models.Invalid(MsgStatus)
		}
		row.Status = *in.Status
	}
	if in.RateLimit != nil {
		if *in.RateLimit < 1 || *in.RateLimit > MaxRateLimit {
			return models.Invalid(MsgRateLimit)
		}
		row.RateLimit = *in.RateLimit
	}
	if in.UserID != nil {
		row.UserID = strings.TrimSpace(*in.UserID)
	}
	var u models.User
	if err := s.DB.WithContext(ctx).Select("id", "status").Take(&u, "id = ?", row.UserID).Error; err != nil || u.Status != models.UserActive {
		return models.Invalid(MsgUser)
	}
	return nil
}

// Create adds an app acting as in.UserID (the creating admin when empty) and returns it with
// its secret, the only time the secret is shown.
func (s *Service) Create(ctx context.Context, actorID string, in Input) (*Created, error) {
	if !s.Box.Ready() {
		return nil, models.Invalid(MsgNoKey)
	}
	row := models.OpenApp{ID: uuid.NewString(), AppKey: newAppKey(), Status: models.AppEnabled, RateLimit: DefaultRateLimit,
		UserID: actorID, CreatedBy: actorID}
	if in.UserID != nil && strings.TrimSpace(*in.UserID) == "" {
		in.UserID = nil
	}
	if in.AppName == nil {
		return nil, models.Invalid(MsgName)
	}
	if err := s.check(ctx, &row, in); err != nil {
		return nil, err
	}
	secret := newSecret()
	enc, err := s.Box.Seal(secret, row.ID)
	if err != nil {
		return nil, err
	}
	row.SecretEnc, row.SecretHint = enc, hint(secret)
	now := s.now()
	row.CreatedAt, row.UpdatedAt = now, now
	if err := s.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return nil, err
	}
	v, err := s.view(ctx, &row)
	if err != nil {
		return nil, err
	}
	return &Created{App: *v, AppSecret: secret}, nil
}

func (s *Service) get(ctx context.Context, id string) (*models.OpenApp, error) {
	var row models.OpenApp
	err := s.DB.WithContext(ctx).Take(&row, "id = ?", strings.TrimSpace(id)).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &row, err
}

// Edit changes name, description, status, acting user or rate limit (never the key or secret).
func (s *Service) Edit(ctx context.Context, in Input) (*App, error) {
	row, err := s.get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if err := s.check(ctx, row, in); err != nil {
		return nil, err
	}
	row.UpdatedAt = s.now()
	if err := s.DB.WithContext(ctx).Model(&models.OpenApp{}).Where("id = ?", row.ID).Updates(map[string]any{
		"name": row.Name, "description": row.Description, "status": row.Status, "user_id": row.UserID,
		"rate_limit": row.RateLimit, "updated_at": row.UpdatedAt}).Error; err != nil {
		return nil, err
	}
	return s.view(ctx, row)
}

// RenewSecret replaces the secret (the old one stops working at once) and returns the new one.
func (s *Service) RenewSecret(ctx context.Context, id string) (*Created, error) {
	if !s.Box.Ready() {
		return nil, models.Invalid(MsgNoKey)
	}
	row, err := s.get(ctx, id)
	if err != nil {
		return nil, err
	}
	secret := newSecret()
	enc, err := s.Box.Seal(secret, row.ID)
	if err != nil {
		return nil, err
	}
	row.SecretEnc, row.SecretHint, row.UpdatedAt = enc, hint(secret), s.now()
	if err := s.DB.WithContext(ctx).Model(&models.OpenApp{}).Where("id = ?", row.ID).
		Updates(map[string]any{"secret_enc": row.SecretEnc, "secret_hint": row.SecretHint, "updated_at": row.UpdatedAt}).Error; err != nil {
		return nil, err
	}
	v, err := s.view(ctx, row)
	if err != nil {
		return nil, err
	}
	return &Created{App: *v, AppSecret: secret}, nil
}

// Delete removes apps (and their nonces); unknown ids are ignored. It returns how many went.
func (s *Service) Delete(ctx context.Context, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Choose the applications to delete")
	}
	n := 0
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("id IN ?", ids).Delete(&models.OpenApp{})
		if res.Error != nil {
			return res.Error
		}
		n = int(res.RowsAffected)
		return tx.Where("app_id IN ?", ids).Delete(&models.OpenAPINonce{}).Error
	})
	return n, err
}

// List returns one page of apps, newest first.
func (s *Service) List(ctx context.Context, f Filter, page, size int) ([]App, int64, error) {
	q := s.DB.WithContext(ctx).Model(&models.OpenApp{})
	if v := strings.TrimSpace(f.AppName); v != "" {
		q = q.Where(models.Contains("name", v))
	}
	if f.Status != nil {
		q = q.Where("status = ?", *f.Status)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []models.OpenApp
	if err := q.Order("created_at DESC, id DESC").Offset((page - 1) * size).Limit(size).Find(&rows).Error; err != nil {
		return nil, 0, err
	}
	out := make([]App, 0, len(rows))
	names, err := s.userNames(ctx, rows)
	if err != nil {
		return nil, 0, err
	}
	for i := range rows {
		out = append(out, toApp(&rows[i], names[rows[i].UserID]))
	}
	return out, total, nil
}

func (s *Service) userNames(ctx context.Context, rows []models.OpenApp) (map[string]string, error) {
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.UserID)
	}
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var us []models.User
	if err := s.DB.WithContext(ctx).Select("id", "login_name").Where("id IN ?", ids).Find(&us).Error; err != nil {
		return nil, err
	}
	for _, u := range us {
		out[u.ID] = u.LoginName
	}
	return out, nil
}

func (s *Service) view(ctx context.Context, row *models.OpenApp) (*App, error) {
	names, err := s.userNames(ctx, []models.OpenApp{*row})
	if err != nil {
		return nil, err
	}
	v := toApp(row, names[row.UserID])
	return &v, nil
}

func toApp(r *models.OpenApp, userName string) App {
	return App{ID: r.ID, AppName: r.Name, AppKey: r.AppKey, SecretMasked: "••••••••" + r.SecretHint, Status: r.Status,
		Description: r.Description, UserID: r.UserID, UserName: userName, RateLimit: r.RateLimit,
		CreateTime: models.FormatTime(r.CreatedAt), UpdateTime: models.FormatTime(r.UpdatedAt), LastUsedTime: models.FormatTimePtr(r.LastUsedAt)}
}
