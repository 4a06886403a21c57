package models

import (
	"time"

	"gorm.io/gorm"
)

// PrintTemplate is a saved print template of a survey's PDF answer sheets (d/print,
// d/DwPrintMbData): which answer facts are shown, the header line, an optional logo (an
// image uploaded for the survey) and whether scores are printed. At most one per survey is
// the default, chosen first when printing.
type PrintTemplate struct {
	ID       string `gorm:"primaryKey;size:64"`
	SurveyID string `gorm:"size:64;not null;index:ix_print_template_survey,priority:1"`
	Name     string `gorm:"size:255;not null"`
	// Header is printed at the top of every page (plain text; empty: the survey title).
	Header string `gorm:"size:1000;not null;default:''"`
	// Fields are the facts shown under the title, comma-separated: time, duration, ip,
	// region, id.
	Fields    string `gorm:"size:128;not null;default:''"`
	ShowScore bool   `gorm:"not null;default:false"`
	// LogoID is an upload (models.UploadFile) of this survey, a PNG or JPEG image.
	LogoID    string    `gorm:"size:64;not null;default:''"`
	IsDefault bool      `gorm:"not null;default:false"`
	CreatedBy string    `gorm:"size:64;not null;default:''"`
	CreatedAt time.Time `gorm:"not null;index:ix_print_template_survey,priority:2"`
	UpdatedAt time.Time `gorm:"not null"`
}

// PrintTemplateMigration (version 22) creates the print template table.
var PrintTemplateMigration = Migration{Version: 22, Name: "print templates", Up: func(tx *gorm.DB) error {
	return tx.AutoMigrate(&PrintTemplate{})
}}
