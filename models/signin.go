package models

import (
	"time"

	"gorm.io/gorm"
)

// Sign-in flows kept in the database so every API replica sees them (ARCHITECTURE §1).

// SMS code purposes.
const (
	SMSPurposeLogin = "login" // log in (or register, when the site allows it) with a phone
	SMSPurposeBind  = "bind"  // bind or change the phone of the logged-in user
)

// SMSCode is one verification code sent by text message. Only a keyed hash of the code is
// stored; Attempts counts wrong guesses (at the limit the code is locked: LockedAt); UsedAt
// makes it single-use.
type SMSCode struct {
	ID        string `gorm:"primaryKey;size:64"`
	Phone     string `gorm:"size:32;not null;index:idx_sms_code_phone,priority:1"`
	Purpose   string `gorm:"size:16;not null;index:idx_sms_code_phone,priority:2"`
	UserID    string `gorm:"size:64;not null;default:''"`
	CodeHash  string `gorm:"size:64;not null"`
	Attempts  int    `gorm:"not null;default:0"`
	ClientIP  string `gorm:"size:64;not null;default:''"`
	CreatedAt time.Time
	ExpiresAt time.Time  `gorm:"index"`
	UsedAt    *time.Time ``
	LockedAt  *time.Time ``
}

// Sign-in state kinds.
const (
	AuthStateOIDC   = "oidc"   // an OpenID Connect authorization in progress
	AuthStateWeixin = "weixin" // a WeChat website QR login (or binding) in progress
	// AuthStateWeixinAnswer is an in-WeChat OAuth identification of a respondent (Nonce holds
	// the survey id the identity is for).
	AuthStateWeixinAnswer = "wxanswer"
)

// AuthState is a one-time value of a third-party sign-in: the OAuth state (with the OIDC
// nonce and PKCE verifier) or the ticket the console exchanges for a token. The primary key
// is the SHA-256 of the value handed out; UsedAt makes it single-use.
type AuthState struct {
	ID       string `gorm:"primaryKey;size:64"`
	Kind     string `gorm:"size:16;not null"`
	Nonce    string `gorm:"size:128;not null;default:''"`
	Verifier string `gorm:"size:128;not null;default:''"`
	// UserID: for a binding, the user who asked; for a ticket, the user logged in.
	UserID    string `gorm:"size:64;not null;default:''"`
	Token     string `gorm:"size:128;not null;default:''"` // ticket: the issued login token (sealed by single use and a 2-minute life)
	ClientIP  string `gorm:"size:64;not null;default:''"`
	CreatedAt time.Time
	ExpiresAt time.Time  `gorm:"index"`
	UsedAt    *time.Time ``
}

// Identity providers of UserIdentity.
const (
	IdentityOIDC   = "oidc"
	IdentityWeixin = "weixin"
)

// UserIdentity links a user to an account at a third party (the OIDC subject, the WeChat
// openid or unionid). One third-party account belongs to one user.
type UserIdentity struct {
	Provider  string `gorm:"primaryKey;size:16"`
	Subject   string `gorm:"primaryKey;size:191"`
	UserID    string `gorm:"size:64;not null;index"`
	Name      string `gorm:"size:128;not null;default:''"`
	CreatedAt time.Time
}

// CachedSecret is a short-lived credential fetched from an outside service and shared by
// every replica until it expires (the WeChat access token and JS-SDK ticket: WeChat
// invalidates older tokens when a new one is fetched, so replicas must not fetch their own).
type CachedSecret struct {
	Name      string `gorm:"primaryKey;size:64"`
	Value     string `gorm:"size:512;not null"`
	ExpiresAt time.Time
}

// SigninMigration is version 19: SMS codes, sign-in states and third-party identities.
var SigninMigration = Migration{Version: 19, Name: "sms codes, sign-in states, third-party identities, cached outside credentials", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&SMSCode{}, &AuthState{}, &UserIdentity{}, &CachedSecret{})
}}
