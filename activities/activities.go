// Package activities holds the Temporal activities: thin, idempotent adapters over services.
package activities

import (
	"context"
	"time"

	"dwsurvey/services/audit"
	"dwsurvey/services/collect"
)

// Activities is registered on the worker; workflows reference its methods.
type Activities struct {
	Audit *audit.Recorder
	// Collect changes survey states for the collection workflow.
	Collect *collect.Service
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
