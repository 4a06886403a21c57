package models

import (
	"time"

	"gorm.io/gorm"
)

// Close reasons stored in CollectSetting.CloseReason (workflows.Reason* carry the same values:
// workflow code does not import this package; a test pins them).
const (
	CloseReasonEndTime      = "endTime"
	CloseReasonAnswerCap    = "answerCap"
	CloseReasonQuotasFull   = "quotasFull"
	CloseReasonEndNow       = "endNow"
	CloseReasonReturnToEdit = "returnToEdit"
)

// CollectSetting is the collection settings of one survey that live outside the survey
// document: the schedule override set by collect-schedule.do (the published surveyAttrs
// give the schedule until then), quota closure, the IP range rules of c/ip, the share
// settings and the bookkeeping of the collection workflow.
type CollectSetting struct {
	SurveyID string `gorm:"primaryKey;size:64"`
	// ScheduleSet: StartAt/EndAt/EndNum override the published surveyAttrs.
	ScheduleSet bool       `gorm:"not null;default:false"`
	StartAt     *time.Time ``
	EndAt       *time.Time ``
	EndNum      int        `gorm:"not null;default:0"`
	// CloseOnQuotasFull ends collection when every quota is full.
	CloseOnQuotasFull bool `gorm:"not null;default:false"`
	// IPMode is "allow" (only listed ranges may answer) or "deny"; IPRules one rule per line.
	IPMode  string `gorm:"size:8"`
	IPRules string `gorm:"type:text"`
	// HasPasswords: bulk answer passwords exist (the gate then asks for a password).
	HasPasswords bool   `gorm:"not null;default:false"`
	ShareTitle   string `gorm:"size:255"`
	ShareImage   string `gorm:"size:1000"`
	ShareDesc    string `gorm:"size:1000"`
	// EmbedEnabled lets other sites frame the answer pages (the c/comp site widget), but only
	// the origins in EmbedOrigins (one per line, e.g. https://shop.example.com); off, no site
	// may frame them (schema step 11).
	EmbedEnabled bool   `gorm:"not null;default:false"`
	EmbedOrigins string `gorm:"type:text"`
	// OpenedAt/ClosedAt/CloseReason are written by the collection workflow's activities.
	OpenedAt    *time.Time ``
	ClosedAt    *time.Time ``
	CloseReason string     `gorm:"size:32"`
	UpdatedAt   time.Time
}

// AnswerPassword is one bulk answer password of a survey (c/pwd). Codes are stored in
// plain text: authors export and hand them out, and each admits only AllowedCount answers
// of one survey. Uses are counted in the answer counters (key pwd:<sha256(code)[:16]>).
type AnswerPassword struct {
	ID           string    `gorm:"primaryKey;size:64"`
	SurveyID     string    `gorm:"size:64;not null;uniqueIndex:ux_answer_pwd,priority:1;index:ix_answer_pwd_tag,priority:1"`
	Code         string    `gorm:"size:32;not null;uniqueIndex:ux_answer_pwd,priority:2"`
	Tag          string    `gorm:"size:64;index:ix_answer_pwd_tag,priority:2"`
	AllowedCount int       `gorm:"not null;default:1"`
	Enabled      bool      `gorm:"not null;default:true"`
	CreatedAt    time.Time ``
}

// EmbedMigration is schema step 11: the site widget's embedding switch and allowed origins.
var EmbedMigration = Migration{Version: 11, Name: "collection settings: site widget embedding (switch, allowed origins)", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&CollectSetting{})
}}
