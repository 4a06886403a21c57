package analysis_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/analysis"
)

// TestPagerCountReadsOneIndex: an export's count of the matching answers is read from one
// index (EXPLAIN: "Using index"), not from every answer row — through ix_answer_list,
// which lacks is_eff, counting a million answers read every row (seconds of I/O before
// the first page).
func TestPagerCountReadsOneIndex(t *testing.T) {
	db := testenv.DB(t, "mysql")
	s := &analysis.Service{DB: db}
	sv := &models.Survey{ID: "count-survey"}
	for _, f := range []analysis.Filter{{}, {State: "all"}, {State: "unreviewed"}, {State: "screened"}} {
		pg, err := s.Pages(context.Background(), sv, f)
		if err != nil {
			t.Fatal(err)
		}
		q := db.ToSQL(func(tx *gorm.DB) *gorm.DB {
			var n int64
			return tx.Table("(?) t", pg.CountIDs()).Count(&n)
		})
		var plan []struct {
			Table string
			Key   *string
			Extra *string
		}
		if err := db.Raw("EXPLAIN " + q).Scan(&plan).Error; err != nil {
			t.Fatalf("EXPLAIN %s: %v", q, err)
		}
		found := false
		for _, p := range plan {
			if p.Table != "a" {
				continue
			}
			found = true
			// "Using index" (covering), not "Using index condition" (rows read after the index)
			if p.Extra == nil || !slices.Contains(strings.Split(*p.Extra, "; "), "Using index") {
				key, extra := "", ""
				if p.Key != nil {
					key = *p.Key
				}
				if p.Extra != nil {
					extra = *p.Extra
				}
				t.Errorf("filter %+v: the count reads answer rows (key %s, %q): %s", f, key, extra, q)
			}
		}
		if !found {
			t.Fatalf("filter %+v: no plan row for the answers table: %+v", f, plan)
		}
	}
}
