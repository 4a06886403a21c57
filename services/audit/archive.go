package audit

import (
	"context"
	"time"

	"dwsurvey/models"
)

// ArchiveBatch moves up to batch log rows created before cutoff into the archive table,
// oldest first, in one transaction, and returns how many it moved (0 when done).
// Idempotent: a row copied by an earlier, interrupted call is not copied twice because
// archive rows keep their original id and duplicates are ignored.
func (r *Recorder) ArchiveBatch(ctx context.Context, cutoff time.Time, batch int) (int, error) {
	return models.MoveToArchive(ctx, r.DB, cutoff, batch, "id", func(l *models.SysLog, now time.Time) (models.SysLogArchive, any) {
		return models.SysLogArchive{ID: l.ID, Name: l.Name, Notes: l.Notes, OperationType: l.OperationType,
			Success: l.Success, UserID: l.UserID, UserName: l.UserName, IP: l.IP, CreatedAt: l.CreatedAt, ArchivedAt: now}, l.ID
	})
}
