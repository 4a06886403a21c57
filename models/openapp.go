package models

import (
	"time"

	"gorm.io/gorm"
)

// App states (spec: secret key state enabled or disabled).
const (
	AppDisabled = 0
	AppEnabled  = 1
)

// OpenApp is an application of the open API (system/app-secret): it signs its requests with
// AppKey and a secret. The secret is stored sealed (services/secretbox with the server's
// secret key, bound to the app id): the server needs it to check HMAC signatures, so it
// cannot be a one-way hash; it is shown once, when created or renewed. UserID is the account
// the app acts as: it sees exactly the surveys that user may see (owner or collaborator).
type OpenApp struct {
	ID          string `gorm:"primaryKey;size:64"`
	Name        string `gorm:"size:64;not null"`
	AppKey      string `gorm:"size:64;not null;uniqueIndex"`
	SecretEnc   string `gorm:"type:text;not null"`
	SecretHint  string `gorm:"size:16;not null;default:''"`
	Status      int    `gorm:"not null"`
	Description string `gorm:"size:512;not null;default:''"`
	UserID      string `gorm:"size:64;not null;index"`
	// RateLimit is the number of requests the app may make per minute.
	RateLimit  int    `gorm:"not null"`
	CreatedBy  string `gorm:"size:64;not null;default:''"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
	LastUsedAt *time.Time
}

// OpenAPINonce is a nonce an app has used: a second request with the same nonce inside the
// replay window is refused. Rows older than the window are deleted (they can no longer be
// replayed: their timestamp is refused).
type OpenAPINonce struct {
	AppID  string    `gorm:"primaryKey;size:64"`
	Nonce  string    `gorm:"primaryKey;size:64"`
	SeenAt time.Time `gorm:"not null;index"`
}

// StyleTemplate is a saved surveyStyle set (resource/style-template) that authors apply in
// the style designer. Style is the surveyStyle JSON object.
type StyleTemplate struct {
	CatalogHead
	Style string `gorm:"type:text;not null"`
	Note  string `gorm:"size:512;not null;default:''"`
}

// PosterTemplate is a share-poster layout (resource/poster): colours, texts and the cover
// image a survey's poster PNG is drawn with (services/poster). Layout is its JSON.
type PosterTemplate struct {
	CatalogHead
	Layout    string `gorm:"type:text;not null"`
	IsDefault bool   `gorm:"not null"`
}

// CatalogHead is what the administrators' template catalogues share (services/catalog):
// id, name, enabled/disabled state, who created it and when.
type CatalogHead struct {
	ID        string `gorm:"primaryKey;size:64"`
	Name      string `gorm:"size:64;not null"`
	Status    int    `gorm:"not null"`
	CreatedBy string `gorm:"size:64;not null;default:''"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Head gives services/catalog the shared fields of an entry.
func (h *CatalogHead) Head() *CatalogHead { return h }

// SiteHost holds the site settings of one hostname (ent/site-domain): one installation
// serves several branded domains; a hostname without a row uses the site-wide settings.
type SiteHost struct {
	Hostname  string `gorm:"primaryKey;size:253"`
	Settings  string `gorm:"type:text;not null"`
	UpdatedAt time.Time
}

// DashProvinceSnapshot is the system-wide answer count of one province (the sum of the
// answer counters' prov: keys) at a minute: the monitor map's "last hour" figure is the
// newest sum minus the one of an hour before. Taken at most once a minute.
type DashProvinceSnapshot struct {
	TakenAt  time.Time `gorm:"primaryKey"`
	Province string    `gorm:"primaryKey;size:128"`
	Count    int64     `gorm:"not null"`
}

// AdminResourcesMigration is schema step 21: open API apps and nonces, style and poster
// templates, per-hostname site settings, the monitor's province snapshots, and an index on
// the answer counters' key (system-wide dashboard sums read one key prefix across surveys).
var AdminResourcesMigration = Migration{Version: 21, Name: "open API apps, style and poster templates, site hosts, dashboard snapshots",
	Up: func(tx *gorm.DB) error {
		if err := tx.AutoMigrate(&OpenApp{}, &OpenAPINonce{}, &StyleTemplate{}, &PosterTemplate{}, &SiteHost{}, &DashProvinceSnapshot{}); err != nil {
			return err
		}
		if !tx.Migrator().HasIndex(&AnswerCounter{}, "ix_answer_counters_ckey") {
			return tx.Exec("CREATE INDEX ix_answer_counters_ckey ON answer_counters (ckey)").Error
		}
		return nil
	}}
