// Package activities holds the Temporal activities: thin, idempotent adapters over services.
package activities

import (
	"context"
	"time"

	"dwsurvey/services/admin"
	"dwsurvey/services/audit"
	"dwsurvey/services/collect"
	"dwsurvey/services/contacts"
	"dwsurvey/services/export"
	"dwsurvey/services/language"
	"dwsurvey/services/lottery"
	"dwsurvey/services/review"
	"dwsurvey/services/webhook"
)

// Activities is registered on the worker; workflows reference its methods.
type Activities struct {
	Audit *audit.Recorder
	// Admin archives the answer log.
	Admin *admin.Service
	// Collect changes survey states for the collection workflow.
	Collect *collect.Service
	// Export runs answer exports (RunExport, DiscardExport, ExpireExports).
	Export *export.Service
	// Webhook sends and records webhook deliveries.
	Webhook *webhook.Service
	// Contacts sends and records invitations and reminders.
	Contacts *contacts.Service
	// Review writes the review chains' and hand gradings' database changes.
	Review *review.Service
	// Lottery records entrants and draws winners of scheduled lotteries.
	Lottery *lottery.Service
	// Language runs AI translation jobs (workflows/translation.go).
	Language *language.Service
}

// ArchiveBatchInput asks for one batch of log rows older than Cutoff (UTC) to be archived.
type ArchiveBatchInput struct {
	Cutoff    time.Time
	BatchSize int
}

// ArchiveLogBatch moves one batch and returns how many rows moved (0 = nothing left).
// Idempotent: see audit.Recorder.ArchiveBatch.
func (a *Activities) ArchiveLogBatch(ctx context.Context, in ArchiveBatchInput) (int, error) {
	return a.Audit.ArchiveBatch(ctx, in.Cutoff, in.BatchSize)
}
