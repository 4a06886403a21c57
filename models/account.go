package models

import "time"

// Account status values (spec: 0 unavailable, 1 not activated, 2 activated).
const (
	UserDisabled     = 0
	UserNotActivated = 1
	UserActive       = 2
)

// SuperAdminID is the fixed id of the super administrator.
const SuperAdminID = "1"

// Role types: system default roles cannot be modified.
const (
	RoleSystem      = 1
	RoleUserDefined = 2
)

type User struct {
	ID            string     `gorm:"primaryKey;size:64"`
	LoginName     string     `gorm:"size:64;not null;uniqueIndex"`
	Name          string     `gorm:"size:64"`
	Email         string     `gorm:"size:128;index"`
	Cellphone     string     `gorm:"size:32"`
	Avatar        string     `gorm:"size:255"`
	PasswordHash  string     `gorm:"size:255;not null"`
	Status        int        `gorm:"not null"`
	LoginCount    int        `gorm:"not null;default:0"`
	LastLoginTime *time.Time ``
	CreatedAt     time.Time  `gorm:"index"`
	UpdatedAt     time.Time
}

type Role struct {
	ID        string `gorm:"primaryKey;size:64"`
	Name      string `gorm:"size:64;not null"`
	Code      string `gorm:"size:64;not null;uniqueIndex"`
	Type      int    `gorm:"not null"`
	Note      string `gorm:"size:255"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

type Permission struct {
	ID    string `gorm:"primaryKey;size:64"`
	Name  string `gorm:"size:64;not null"`
	Code  string `gorm:"size:64;not null;uniqueIndex"`
	Group string `gorm:"column:perm_group;size:32;not null"`
	Sort  int
}

type RolePermission struct {
	RoleID         string `gorm:"primaryKey;size:64"`
	PermissionCode string `gorm:"primaryKey;size:64"`
}

type UserRole struct {
	UserID string `gorm:"primaryKey;size:64"`
	RoleID string `gorm:"primaryKey;size:64;index"`
}

type Department struct {
	ID        string `gorm:"primaryKey;size:64"`
	Name      string `gorm:"size:64;not null"`
	Code      string `gorm:"size:64;not null;uniqueIndex"`
	ParentID  string `gorm:"size:64;index"`
	Sort      int
	CreatedAt time.Time
	UpdatedAt time.Time
}

type UserDepartment struct {
	UserID string `gorm:"primaryKey;size:64"`
	DeptID string `gorm:"primaryKey;size:64;index"`
}

// AuthToken is a login session. Only the SHA-256 of the raw token is stored.
// ExpiresAt slides forward on use; RevokedAt ends it early (logout, password change, disable).
type AuthToken struct {
	TokenHash  string `gorm:"primaryKey;size:64"`
	UserID     string `gorm:"size:64;not null;index"`
	ClientIP   string `gorm:"size:64"`
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time `gorm:"index"`
	RevokedAt  *time.Time
}

// RateCounter counts events per key inside a fixed window (login failures, answer
// passwords, captcha). It lives in the database so every API replica shares it.
type RateCounter struct {
	Key         string    `gorm:"primaryKey;size:191"`
	Hits        int       `gorm:"not null"`
	WindowStart time.Time `gorm:"not null"`
}
