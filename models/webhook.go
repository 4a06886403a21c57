package models

import (
	"time"

	"gorm.io/gorm"
)

// Webhook targets (surveyAttrs.webhookAttr of the spec names the same four).
const (
	HookWorkChat = "work-chat" // WeCom (企业微信) group bot
	HookFeishu   = "feishu"    // Feishu (飞书) custom bot
	HookDingTalk = "dingtalk"  // DingTalk (钉钉) robot
	HookCustom   = "custom"    // any HTTP endpoint, Standard Webhooks signatures
)

// Webhook events a hook can subscribe to.
const (
	HookAnswerSubmitted = "answer.submitted"
	HookAnswerReviewed  = "answer.reviewed"
	HookSurveyClosed    = "survey.closed"
	// HookTest is the event of the settings page's "send test" (never stored as a delivery).
	HookTest = "webhook.test"
)

// Delivery states.
const (
	DeliveryPending   = "pending"   // written, its workflow not yet past the first attempt
	DeliveryRetrying  = "retrying"  // an attempt failed; the workflow waits for the next
	DeliveryDelivered = "delivered" // the target accepted it
	DeliveryFailed    = "failed"    // refused (4xx), gone (410) or no success within the retry window
)

// Webhook is one target a survey's events are sent to. The secret is stored sealed
// (services/secretbox, bound to the hook id) and never leaves the server again; SecretHint
// holds its last characters for the masked display.
type Webhook struct {
	ID         string `gorm:"primaryKey;size:64"`
	SurveyID   string `gorm:"size:64;not null;index"`
	Name       string `gorm:"size:64;not null;default:''"`
	Target     string `gorm:"size:16;not null"`
	URL        string `gorm:"column:url;size:2048;not null"`
	SecretEnc  string `gorm:"type:text"`
	SecretHint string `gorm:"size:16;not null;default:''"`
	// Events is the comma-separated list of subscribed events (HookAnswerSubmitted, ...).
	Events string `gorm:"size:128;not null"`
	// Template is the bot message template as JSON (services/webhook.Template).
	Template string `gorm:"type:text"`
	Enabled  bool   `gorm:"not null"` // no default tag: GORM would write the default for false
	// DisabledReason says why the server disabled the hook (a 410 Gone); empty when the
	// owner switched it off or it is enabled.
	DisabledReason string `gorm:"size:255;not null;default:''"`
	// Failing counts the deliveries that failed in a row (a delivered one resets it); the
	// survey shows a warning from services/webhook.FailingWarnAt on.
	Failing       int        `gorm:"not null;default:0"`
	LastFailure   string     `gorm:"size:500;not null;default:''"`
	LastFailureAt *time.Time ``
	CreatedBy     string     `gorm:"size:64;not null;default:''"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// WebhookDelivery is one event sent to one hook: its workflow is `webhook:<ID>`, and ID is
// the `webhook-id` receivers deduplicate by (the same on every attempt and replay).
// (HookID, Event, Subject) is unique: an event reaches a hook once.
type WebhookDelivery struct {
	ID       string `gorm:"primaryKey;size:64"`
	HookID   string `gorm:"size:64;not null;uniqueIndex:ux_delivery_subject,priority:1;index:ix_delivery_state,priority:1"`
	SurveyID string `gorm:"size:64;not null;index"`
	Event    string `gorm:"size:32;not null;uniqueIndex:ux_delivery_subject,priority:2"`
	// Subject names what the event is about: the answer id, or the survey id and close time.
	Subject  string `gorm:"size:160;not null;uniqueIndex:ux_delivery_subject,priority:3"`
	AnswerID string `gorm:"size:64;not null;default:'';index"`
	State    string `gorm:"size:16;not null;index:ix_delivery_state,priority:2"`
	Attempts int    `gorm:"not null;default:0"`
	// Replays counts the owner's replays; RunID is the workflow run that owns the delivery now
	// (a replay starts a new run of the same workflow id).
	Replays int    `gorm:"not null;default:0"`
	RunID   string `gorm:"size:64;not null;default:''"`
	// RunBase is Attempts when the current run took the delivery (its attempt n is the
	// delivery's attempt RunBase+n).
	RunBase    int    `gorm:"not null;default:0"`
	LastStatus int    `gorm:"not null;default:0"`
	LastError  string `gorm:"size:500;not null;default:''"`
	// Body is the unsigned request body, built at the first attempt and sent unchanged on
	// every later attempt (signatures and timestamps are made per attempt).
	Body          string `gorm:"type:longtext"`
	NextAttemptAt *time.Time
	DeliveredAt   *time.Time
	CreatedAt     time.Time `gorm:"not null;index:ix_delivery_state,priority:3"`
	UpdatedAt     time.Time
}

// WebhookAttempt is one request of a delivery: when, the answer (status, latency, at most
// 2 KB of the body) or the error. (DeliveryID, No) is unique: a retried activity overwrites.
type WebhookAttempt struct {
	ID         uint64    `gorm:"primaryKey;autoIncrement"`
	DeliveryID string    `gorm:"size:64;not null;uniqueIndex:ux_attempt_no,priority:1"`
	No         int       `gorm:"not null;uniqueIndex:ux_attempt_no,priority:2"`
	At         time.Time `gorm:"not null"`
	Status     int       `gorm:"not null;default:0"`
	LatencyMs  int64     `gorm:"not null;default:0"`
	Response   string    `gorm:"type:text"`
	Error      string    `gorm:"size:500;not null;default:''"`
	// Outcome: delivered, retry, failed or gone.
	Outcome string `gorm:"size:16;not null"`
}

// WebhookMigration (version 14) creates the hooks, their deliveries and attempts.
var WebhookMigration = Migration{Version: 14, Name: "webhooks, deliveries, attempts", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&Webhook{}, &WebhookDelivery{}, &WebhookAttempt{})
}}
