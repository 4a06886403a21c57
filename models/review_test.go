package models_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// Schema step 6 adds the overview keys of answers counted before it, once.
func TestReviewMigrationBackfillsOverviewKeys(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			ctx := context.Background()
			db, _ := testenv.RawDB(t, driver)
			if err := models.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			end := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
			rows := []models.Answer{
				{ID: "old-1", SurveyID: "s1", AnswerDwID: "d1", IsEff: 1, SourceCode: "wx", Province: "广东", DurationMs: 1000, EndAnDate: end, CountedSlot: 3, CountedKeys: `["0|total","3|sub"]`},
				{ID: "old-2", SurveyID: "s1", AnswerDwID: "d2", IsEff: 1, DurationMs: 3000, EndAnDate: end, CountedSlot: 1, CountedKeys: `["0|total","1|sub"]`},
				{ID: "screened", SurveyID: "s1", AnswerDwID: "d3", IsEff: 0, HandleState: 2, DurationMs: 5000, EndAnDate: end, CountedKeys: `["0|total"]`},
				{ID: "draft", SurveyID: "s1", AnswerDwID: "d4", IsEff: 1, SaveStatus: models.AnswerDraft, EndAnDate: end},
			}
			if err := db.Create(&rows).Error; err != nil {
				t.Fatal(err)
			}
			// is_eff has a default of 1: zero values are not inserted
			db.Model(&models.Answer{}).Where("id = ?", "screened").Update("is_eff", 0)
			for range 2 { // idempotent
				if err := db.Transaction(models.ReviewMigration.Up); err != nil {
					t.Fatal(err)
				}
			}
			sum := func(key string) int64 {
				var n int64
				db.Raw("SELECT COALESCE(SUM(cnt),0) FROM answer_counters WHERE survey_id = 's1' AND ckey LIKE ?", key).Scan(&n)
				return n
			}
			day := "day:" + end.In(time.Local).Format("2006-01-02")
			if sum(day) != 2 || sum("day:%") != 2 || sum("src:wx") != 1 || sum("src:") != 1 || sum("prov:广东") != 1 || sum("dur") != 4000 || sum("dev:") != 2 {
				t.Fatalf("backfilled counters: day %d/%d src:wx %d dur %d", sum(day), sum("day:%"), sum("src:wx"), sum("dur"))
			}
			var a models.Answer
			db.Where("id = ?", "old-1").Take(&a)
			if !strings.Contains(a.CountedKeys, `"3|`+day+`"`) || !strings.Contains(a.CountedKeys, `"3|src:wx"`) {
				t.Fatalf("counted_keys %s", a.CountedKeys)
			}
		})
	}
}
