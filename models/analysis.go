package models

import (
	"time"

	"gorm.io/gorm"
)

// AnswerItem is one effective value of a submitted, non-test, non-deleted answer, written in
// the same transaction as the answer (services/answer/aggregate.go) and removed when the
// answer is deleted or edited. Kinds: "c" chosen option (OptDwID), "m" matrix cell
// (OptDwID = row, ColDwID = column), "n" numeric value (score, ranking, scale, slider;
// OptDwID = option or row dwId, the question dwId for a scale/slider/NPS), "t" text
// (fill-blank; OptDwID = blank dwId for multi-blank).
//
// The primary key clusters the rows of one question of one survey by answer; the narrower
// ix_item_cross (survey, question, answer, option) gives the same order index-only, so
// the two-way cross analysis is a merge of two small index ranges; ix_item_num serves MIN/MAX per
// option and ix_item_opt the "answers that chose X" filter, newest first.
type AnswerItem struct {
	SurveyID string   `gorm:"primaryKey;size:64;index:ix_item_num,priority:1;index:ix_item_opt,priority:1;index:ix_item_text,priority:1;index:ix_item_cross,priority:1"`
	QuDwID   string   `gorm:"column:qu_dw_id;primaryKey;size:64;index:ix_item_num,priority:3;index:ix_item_opt,priority:2;index:ix_item_text,priority:2;index:ix_item_cross,priority:2"`
	AnswerID string   `gorm:"primaryKey;size:64;index:ix_item_answer;index:ix_item_opt,priority:5;index:ix_item_cross,priority:3"`
	Seq      int      `gorm:"primaryKey;autoIncrement:false"`
	Kind     string   `gorm:"size:1;not null;index:ix_item_num,priority:2;index:ix_item_text,priority:3"`
	OptDwID  string   `gorm:"column:opt_dw_id;size:64;not null;default:'';index:ix_item_num,priority:4;index:ix_item_opt,priority:3;index:ix_item_cross,priority:4"`
	ColDwID  string   `gorm:"column:col_dw_id;size:64;not null;default:''"`
	NumValue *float64 `gorm:"index:ix_item_num,priority:5"`
	Text     string   `gorm:"size:500;not null;default:''"`
	// AnDate is the submit time of the answer (schema step 6), so the raw-data value filter
	// (ix_item_opt) and the fill-blank pages (ix_item_text) are ranges in list order
	// (newest first) without touching answers.
	AnDate *time.Time `gorm:"column:an_date;index:ix_item_text,priority:4;index:ix_item_opt,priority:4"`
}

// AnalysisMigration is schema step 5: answer items, the device class of an answer
// (answers.device: mobile, tablet, desktop or empty) and the raw-data list index.
var AnalysisMigration = Migration{Version: 5, Name: "answer items, answer device, raw data list index", Up: func(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&AnswerItem{}); err != nil {
		return err
	}
	if !tx.Migrator().HasColumn("answers", "device") {
		if err := tx.Exec("ALTER TABLE answers ADD COLUMN device VARCHAR(16) NOT NULL DEFAULT ''").Error; err != nil {
			return err
		}
	}
	if !tx.Migrator().HasIndex("answers", "ix_answer_list") {
		return tx.Exec("CREATE INDEX ix_answer_list ON answers (survey_id, save_status, is_test, deleted_at, end_an_date)").Error
	}
	return nil
}}
