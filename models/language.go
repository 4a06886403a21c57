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
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// LanguageMigration is schema step 7: survey content languages.
var LanguageMigration = Migration{Version: 7, Name: "survey content languages", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&SurveyLanguage{})
}}
