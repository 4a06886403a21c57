package models

import (
	"time"

	"gorm.io/gorm"
)

// Export states (Export.State). queued: waiting for a worker slot; running: a worker reads
// and writes; done: the file is in the blob store until ExpiresAt; failed: Error says why;
// cancelled: the author cancelled, no file is kept; expired: the file was deleted by the
// daily expiry.
const (
	ExportQueued    = "queued"
	ExportRunning   = "running"
	ExportDone      = "done"
	ExportFailed    = "failed"
	ExportCancelled = "cancelled"
	ExportExpired   = "expired"
)

// Export is one export request of a survey's answers (or a report). It is created by the
// request together with the outbox event that starts its workflow (export:<id>), and only
// its owner (the user who asked) sees it.
type Export struct {
	ID       string `gorm:"primaryKey;size:64"`
	SurveyID string `gorm:"size:64;not null;index:ix_export_survey,priority:1"`
	OwnerID  string `gorm:"size:64;not null;index:ix_export_owner,priority:1"`
	// Format: xlsx, csv or sav; WithFiles adds uploaded files (a ZIP holding the sheet).
	Format    string `gorm:"size:16;not null"`
	WithFiles bool   `gorm:"not null;default:false"`
	// Options is the request as JSON (filters, value mode, BOM), fixed at request time.
	Options string `gorm:"type:text"`
	State   string `gorm:"size:16;not null;index:ix_export_state,priority:1"`
	// Phase is the step a running export is in: reading, writing, files, storing.
	Phase     string `gorm:"size:16;not null;default:''"`
	RowsDone  int64  `gorm:"not null;default:0"`
	RowsTotal int64  `gorm:"not null;default:0"`
	// Parts is how many pages are stored as parts in the blob store (deleted when done), or,
	// for an export written straight into its file, how many pages the file holds.
	Parts int `gorm:"not null;default:0"`
	// Position is where a running export goes on (export.Progress as JSON: pages, rows,
	// keyset cursor, bytes of the file written straight into the store), recorded with Parts.
	Position string `gorm:"type:text"`
	FileName string `gorm:"size:255;not null;default:''"`
	BlobKey  string `gorm:"size:255;not null;default:''"`
	Size     int64  `gorm:"not null;default:0"`
	Error    string `gorm:"size:500;not null;default:''"`
	// CreatedAt orders the queue; times are UTC.
	CreatedAt  time.Time `gorm:"not null;index:ix_export_owner,priority:2;index:ix_export_survey,priority:2;index:ix_export_state,priority:2"`
	StartedAt  *time.Time
	FinishedAt *time.Time
	// ExpiresAt: the daily expiry deletes the file after this instant (set when done).
	ExpiresAt *time.Time `gorm:"index"`
}

// ExportMigration (version 13) creates the export table.
var ExportMigration = Migration{Version: 13, Name: "exports", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&Export{})
}}

// ExportCopyMigration adds the answers' export copy (Answer.ExportCopy). Older answers keep
// NULL there: exports read their documents.
var ExportCopyMigration = Migration{Version: 23, Name: "answer export copies", Up: func(tx *gorm.DB) error {
	if tx.Migrator().HasColumn("answers", "export_copy") {
		return nil
	}
	return tx.Exec("ALTER TABLE answers ADD COLUMN export_copy MEDIUMBLOB NULL").Error
}}

// ExportPositionMigration adds the running export's durable position (Export.Position).
var ExportPositionMigration = Migration{Version: 24, Name: "export positions", Up: func(tx *gorm.DB) error {
	if tx.Migrator().HasColumn(&Export{}, "Position") {
		return nil
	}
	return tx.Migrator().AddColumn(&Export{}, "Position")
}}
