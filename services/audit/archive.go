package audit

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
)

// ArchiveBatch moves up to batch log rows created before cutoff into the archive table,
// oldest first, in one transaction, and returns how many it moved (0 when done).
// Idempotent: a row copied by an earlier, interrupted call is not copied twice because
// archive rows keep their original id and duplicates are ignored.
func (r *Recorder) ArchiveBatch(ctx context.Context, cutoff time.Time, batch int) (int, error) {
	moved := 0
	err := r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []models.SysLog
		if err := tx.Where("created_at < ?", cutoff.UTC()).Order("id").Limit(batch).Find(&rows).Error; err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		now := time.Now().UTC()
		arch := make([]models.SysLogArchive, len(rows))
		ids := make([]int64, len(rows))
		for i, l := range rows {
			arch[i] = models.SysLogArchive{ID: l.ID, Name: l.Name, Notes: l.Notes, OperationType: l.OperationType,
				Success: l.Success, UserID: l.UserID, UserName: l.UserName, IP: l.IP, CreatedAt: l.CreatedAt, ArchivedAt: now}
			ids[i] = l.ID
		}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&arch).Error; err != nil {
			return err
		}
		if err := tx.Where("id IN ?", ids).Delete(&models.SysLog{}).Error; err != nil {
			return err
		}
		moved = len(rows)
		return nil
	})
	return moved, err
}
