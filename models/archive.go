package models

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// MoveToArchive moves up to batch rows of the live table of L created before cutoff into the
// archive table of A, in order (which should follow an index on created_at or the id), in one
// transaction, and returns how many it moved (0 when none is left). archive makes a row's
// archive copy (stamped now) and returns its id. Idempotent: archive rows keep the original id
// and a copy that exists is not written again, so a batch interrupted after its insert and
// repeated copies nothing twice.
func MoveToArchive[L, A any](ctx context.Context, db *gorm.DB, cutoff time.Time, batch int, order string,
	archive func(row *L, now time.Time) (A, any)) (int, error) {
	moved := 0
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []L
		if err := tx.Where("created_at < ?", cutoff.UTC()).Order(order).Limit(batch).Find(&rows).Error; err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		now := time.Now().UTC()
		arch := make([]A, len(rows))
		ids := make([]any, len(rows))
		for i := range rows {
			arch[i], ids[i] = archive(&rows[i], now)
		}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&arch).Error; err != nil {
			return err
		}
		if err := tx.Where("id IN ?", ids).Delete(new(L)).Error; err != nil {
			return err
		}
		moved = len(rows)
		return nil
	})
	return moved, err
}
