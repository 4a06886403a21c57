package models

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Answer review verdicts (answers.handle_state and answer_reviews.verify_value).
const (
	VerifyPass = 1
	VerifyFail = 2
)

// AnswerReview is one verification of an answer by survey staff (answer-verified.do). Every
// verdict is its own row, so several reviewers and the administrator each keep their note.
type AnswerReview struct {
	ID          string    `gorm:"primaryKey;size:64"`
	AnswerID    string    `gorm:"size:64;not null;index:ix_review_answer,priority:1"`
	SurveyID    string    `gorm:"size:64;not null;index"`
	UserID      string    `gorm:"size:64;not null"`
	Role        string    `gorm:"size:16;not null;default:''"` // owner or collaborator
	VerifyValue int       `gorm:"not null"`
	Note        string    `gorm:"size:500;not null;default:''"`
	CreatedAt   time.Time `gorm:"index:ix_review_answer,priority:2"`
}

// Overview counter keys of a counted answer (docs/api-results.md). They are +1 keys
// recorded in answers.counted_keys like the statistics keys, so removing the answer
// subtracts exactly what was added (even if the server time zone changes later).
const (
	MetaKeyDay  = "day:"  // day:<yyyy-mm-dd>, submit day in the server time zone
	MetaKeySrc  = "src:"  // src:<source code> ("" allowed)
	MetaKeyDev  = "dev:"  // dev:<mobile|tablet|desktop|"">
	MetaKeyProv = "prov:" // prov:<province> ("" allowed)
	// MetaKeyDur is the SUM of durations (ms) of counted answers: derived from the answer
	// row (like the ns: sums), not in counted_keys.
	MetaKeyDur = "dur"
)

// IsMetaKey reports whether a counter key is an overview (per day / source / device /
// province) key.
func IsMetaKey(k string) bool {
	for _, p := range []string{MetaKeyDay, MetaKeySrc, MetaKeyDev, MetaKeyProv} {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// AnswerMetaKeys are the overview keys of a counted answer: submit day in loc, source,
// device and province.
func AnswerMetaKeys(a *Answer, device string, loc *time.Location) []string {
	if loc == nil {
		loc = time.UTC
	}
	clip := func(s string) string {
		if len(s) > 150 {
			return s[:150]
		}
		return s
	}
	return []string{MetaKeyDay + a.EndAnDate.In(loc).Format("2006-01-02"), clip(MetaKeyDev + device),
		clip(MetaKeyProv + a.Province), clip(MetaKeySrc + a.SourceCode)}
}

// ReviewMigration is schema step 6: answer reviews, the submit time on answer items
// (ix_item_text, ix_item_opt rebuilt with it), the cross-analysis index ix_item_cross,
// the review index of answers, and the overview keys of answers counted before this
// step (server time zone of the process).
var ReviewMigration = Migration{Version: 6, Name: "answer reviews, item time, overview counters", Up: func(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&AnswerReview{}, &AnswerItem{}); err != nil {
		return err
	}
	if !tx.Migrator().HasIndex("answers", "ix_answer_review") {
		if err := tx.Exec("CREATE INDEX ix_answer_review ON answers (survey_id, handle_state, is_eff, save_status, is_test, deleted_at, end_an_date)").Error; err != nil {
			return err
		}
	}
	if err := tx.Exec(`UPDATE answer_items SET an_date = (SELECT a.end_an_date FROM answers a WHERE a.id = answer_items.answer_id)
WHERE an_date IS NULL`).Error; err != nil {
		return err
	}
	// ix_item_opt of step 5 was (survey, question, option, answer): now with an_date
	if err := tx.Migrator().DropIndex(&AnswerItem{}, "ix_item_opt"); err != nil {
		return err
	}
	if err := tx.Migrator().CreateIndex(&AnswerItem{}, "ix_item_opt"); err != nil {
		return err
	}
	return backfillMeta(tx)
}}

// backfillMeta adds the overview keys of counted answers that do not have them yet.
func backfillMeta(tx *gorm.DB) error {
	mysql := tx.Dialector.Name() == "mysql"
	last := ""
	for {
		var rows []struct {
			Answer
			Device string
		}
		if err := tx.Table("answers").Select("id, survey_id, end_an_date, source_code, device, province, duration_ms, counted_slot, counted_keys").
			Where("id > ? AND save_status = 0 AND is_test = 0 AND is_eff = 1 AND deleted_at IS NULL", last).
			Order("id").Limit(500).Scan(&rows).Error; err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		for i := range rows {
			a := &rows[i].Answer
			last = a.ID
			if strings.Contains(a.CountedKeys, "|"+MetaKeyDay) {
				continue
			}
			dev := rows[i].Device
			var ks []string
			_ = json.Unmarshal([]byte(a.CountedKeys), &ks)
			keys := AnswerMetaKeys(a, dev, time.Local)
			inc := map[string]int64{MetaKeyDur: a.DurationMs}
			for _, k := range keys {
				ks = append(ks, strconv.Itoa(a.CountedSlot)+"|"+k)
				inc[k]++
			}
			for k, v := range inc {
				q := "INSERT INTO answer_counters (survey_id, ckey, slot, cnt) VALUES (?,?,?,?) ON CONFLICT(survey_id, ckey, slot) DO UPDATE SET cnt = cnt + excluded.cnt"
				if mysql {
					q = "INSERT INTO answer_counters (survey_id, ckey, slot, cnt) VALUES (?,?,?,?) ON DUPLICATE KEY UPDATE cnt = cnt + VALUES(cnt)"
				}
				if err := tx.Exec(q, a.SurveyID, k, a.CountedSlot, v).Error; err != nil {
					return err
				}
			}
			b, _ := json.Marshal(ks)
			if err := tx.Exec("UPDATE answers SET counted_keys = ? WHERE id = ?", string(b), a.ID).Error; err != nil {
				return err
			}
		}
	}
}
