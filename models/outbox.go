package models

import (
	"time"

	"gorm.io/gorm"
)

// OutboxEvent is one event that must start or signal a Temporal workflow, written in the SAME
// transaction as the change that causes it (an answer entering a review chain, a webhook
// delivery, an invitation batch). services/outbox dispatches it after commit, so a crash
// between commit and start loses nothing, and no request waits on Temporal.
//
// (Kind, Key) is unique: writing the same event twice stores it once. Handlers start
// workflows whose IDs derive from the entity, so dispatching an event twice is harmless.
type OutboxEvent struct {
	ID   uint64 `gorm:"primaryKey;autoIncrement"`
	Kind string `gorm:"size:32;not null;uniqueIndex:ux_outbox_key,priority:1"`
	// Key names the entity the event is about (an answer id, a delivery id); unique per kind.
	Key string `gorm:"column:entity_key;size:160;not null;uniqueIndex:ux_outbox_key,priority:2"`
	// Payload is the handler's input as JSON (what the workflow must not re-read later:
	// e.g. the review chain an answer started with).
	Payload string `gorm:"type:text"`
	// Done: dispatched (the handler succeeded). Rows not done are due at DueAt (UTC): the
	// write time, then the end of a dispatcher's lease while it works on the row, then the
	// next retry after a failure.
	Done         bool      `gorm:"not null;default:false;index:ix_outbox_due,priority:1"`
	DueAt        time.Time `gorm:"not null;index:ix_outbox_due,priority:2"`
	ClaimedBy    string    `gorm:"size:64;not null;default:''"`
	Attempts     int       `gorm:"not null;default:0"`
	LastError    string    `gorm:"size:500;not null;default:''"`
	CreatedAt    time.Time `gorm:"not null"`
	DispatchedAt *time.Time
}

// OutboxMigration (version 8) creates the outbox.
var OutboxMigration = Migration{Version: 8, Name: "outbox of workflow events", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&OutboxEvent{})
}}
