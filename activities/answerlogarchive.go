package activities

import "context"

// ArchiveAnswerLogBatch moves one batch of answer log rows older than in.Cutoff to the archive
// and returns how many moved (0 = nothing left). Idempotent: see admin.Service.ArchiveAnswerLogBatch.
func (a *Activities) ArchiveAnswerLogBatch(ctx context.Context, in ArchiveBatchInput) (int, error) {
	return a.Admin.ArchiveAnswerLogBatch(ctx, in.Cutoff, in.BatchSize)
}
