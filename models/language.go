package models

import (
	"time"

	"gorm.io/gorm"
)

// SurveyLanguage is one content language of a survey: the translated texts of the survey
// (title, note, question titles and notes, option titles) as a JSON script of items
// {lanCode, lanType, lanValue} (services/language). One row per survey and language code.
type SurveyLanguage struct {
	ID           string `gorm:"primaryKey;size:64"`
	SurveyID     string `gorm:"size:64;not null;uniqueIndex:ux_survey_language,priority:1"`
	LanguageCode string `gorm:"size:16;not null;uniqueIndex:ux_survey_language,priority:2"`
	LanguageName string `gorm:"size:64;not null;default:''"`
	Script       string `gorm:"type:longtext"`
	CreatedBy    string `gorm:"size:64;not null;default:''"`
	Draft        bool   `gorm:"not null;default:false"`
	DraftScript  string `gorm:"type:longtext"`
	Sources      string `gorm:"type:longtext"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// LanguageMigration is schema step 7: survey content languages.
var LanguageMigration = Migration{Version: 7, Name: "survey content languages", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&SurveyLanguage{})
}}

// Draft says respondents do not see a language yet. An AI translation is written to
// DraftScript (the author reviews and publishes it: DraftScript becomes Script); a language
// that has no published Script yet is a Draft.
//
// Sources holds, per translated text ("<lanType>\x00<lanCode>" as a JSON object key), a hash
// of the original text it was translated from (services/language: outdated translations).

// Translation job states.
const (
	TranslationQueued    = "queued"
	TranslationRunning   = "running"
	TranslationDone      = "done"
	TranslationFailed    = "failed"
	TranslationCancelled = "cancelled"
)

// TranslationJob is one AI translation of a survey into a language (TranslationWorkflow
// `translation:<id>`): its progress in chunks, the texts left untranslated and why it ended.
type TranslationJob struct {
	ID           string `gorm:"primaryKey;size:64"`
	SurveyID     string `gorm:"size:64;not null;index:ix_translation_job_survey,priority:1"`
	LanguageCode string `gorm:"size:16;not null;index:ix_translation_job_survey,priority:2"`
	LanguageName string `gorm:"size:64;not null;default:''"`
	SourceCode   string `gorm:"size:16;not null;default:''"`
	State        string `gorm:"size:16;not null;default:'queued'"`
	Chunks       int    `gorm:"not null;default:0"`
	DoneChunks   int    `gorm:"not null;default:0"`
	FailedChunks int    `gorm:"not null;default:0"`
	Texts        int    `gorm:"not null;default:0"`
	// Untranslated is a JSON array of {lanCode, lanType, reason} left as the original.
	Untranslated string `gorm:"type:text"`
	Message      string `gorm:"size:1000;not null;default:''"`
	CreatedBy    string `gorm:"size:64;not null;default:''"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
	FinishedAt   *time.Time
}

// Translation chunk states.
const (
	ChunkPending = "pending"
	ChunkDone    = "done"
	ChunkFailed  = "failed"
)

// TranslationChunk is one request's worth of texts of a job: Source and Result are JSON
// objects {"<n>": text}; a done chunk is never sent to the provider again.
type TranslationChunk struct {
	JobID   string `gorm:"primaryKey;size:64"`
	Seq     int    `gorm:"primaryKey;autoIncrement:false"`
	Source  string `gorm:"type:longtext"`
	Keys    string `gorm:"type:longtext"`
	Chars   int    `gorm:"not null;default:0"`
	Result  string `gorm:"type:longtext"`
	State   string `gorm:"size:16;not null;default:'pending'"`
	Charged bool   `gorm:"not null;default:false"`
	Message string `gorm:"size:1000;not null;default:''"`
	// Calls counts the provider requests made for the chunk (retries included).
	Calls     int `gorm:"not null;default:0"`
	UpdatedAt time.Time
}

// TranslationUsage counts the characters sent to the AI provider per UTC day (cost guard).
type TranslationUsage struct {
	Day   string `gorm:"primaryKey;size:10"`
	Chars int64  `gorm:"not null;default:0"`
}

// TranslationMigration is schema step 17: draft and published content languages with the
// sources of their texts, AI translation jobs, chunks and daily usage.
var TranslationMigration = Migration{Version: 17, Name: "content language drafts, AI translation jobs, chunks, usage", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&SurveyLanguage{}, &TranslationJob{}, &TranslationChunk{}, &TranslationUsage{})
}}
