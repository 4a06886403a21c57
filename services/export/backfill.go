package export

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	lang "dwsurvey/survey"
)

// backfillBatch is how many answers one backfill transaction reads and writes.
const backfillBatch = 500

// BackfillResult counts what BackfillCopies did.
type BackfillResult struct {
	Written int64 // answers given their export copy
	// Unreadable: answers whose stored document could not be decoded (left without a copy:
	// exports go on reading, and reporting, their documents).
	Unreadable int64
}

// BackfillCopies gives every answer saved before export copies existed (export_copy NULL)
// the copy of its stored document, in id order, backfillBatch answers per transaction;
// progress, when set, is called after each batch with the answers looked at so far.
//
// Idempotent and safe beside live traffic: it only fills copies that are still NULL, so an
// answer edited or graded meanwhile (whose copy was written with its new document) keeps
// that copy, and a run that stops part way is continued by the next run. Exports give the
// same bytes with or without the copies (TestExportCSVGolden); this makes old answers read
// as fast as new ones.
func BackfillCopies(ctx context.Context, db *gorm.DB, progress func(seen int64)) (BackfillResult, error) {
	var res BackfillResult
	var r docReader
	var seen int64
	after := ""
	for {
		var rows []struct {
			ID       string
			Document string
		}
		if err := db.WithContext(ctx).Table("answers").Select("id, document").
			Where("export_copy IS NULL AND id > ?", after).Order("id").Limit(backfillBatch).Scan(&rows).Error; err != nil {
			return res, err
		}
		if len(rows) == 0 {
			return res, nil
		}
		err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			for _, a := range rows {
				var qs []*lang.AnQuestion
				if a.Document != "" {
					var err error
					if qs, err = r.read([]byte(a.Document)); err != nil {
						res.Unreadable++
						continue
					}
				}
				q := tx.Exec("UPDATE answers SET export_copy = ? WHERE id = ? AND export_copy IS NULL", lang.AppendExportCopy(nil, qs), a.ID)
				if q.Error != nil {
					return fmt.Errorf("answer %s: %w", a.ID, q.Error)
				}
				res.Written += q.RowsAffected
			}
			return nil
		})
		if err != nil {
			return res, err
		}
		after = rows[len(rows)-1].ID
		seen += int64(len(rows))
		if progress != nil {
			progress(seen)
		}
	}
}
