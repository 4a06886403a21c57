package models

import "time"

// Survey states (spec section 4).
const (
	SurveyDesigning  = 0
	SurveyCollecting = 1
	SurveyEnded      = 2
)

// SurveyTypes lists the accepted surveyType values.
var SurveyTypes = []string{"survey", "exam", "vote", "satisfaction", "eval", "eval360", "other"}

// Collaborator rights.
const (
	RightDesign = "design"
	RightData   = "data"
	RightBoth   = "both"
)

// Survey is one survey, exam or vote. Its design is the JSON document in Draft; publishing
// freezes a copy into SurveyVersion. DeletedAt set means "in the recycle bin".
type Survey struct {
	ID               string     `gorm:"primaryKey;size:64"`
	Sid              string     `gorm:"size:16;not null;uniqueIndex"`
	OwnerID          string     `gorm:"size:64;not null;index"`
	Title            string     `gorm:"size:255;not null"`
	SurveyType       string     `gorm:"size:16;not null"`
	State            int        `gorm:"not null;default:0"`
	GroupID          string     `gorm:"size:64;index"`
	Industry         string     `gorm:"size:64"`
	Scene            string     `gorm:"size:64"`
	Draft            string     `gorm:"type:longtext"`
	Revision         int        `gorm:"not null;default:0"`
	PublishedVersion int        `gorm:"not null;default:0"`
	PublishedAt      *time.Time ``
	AnswerNum        int        `gorm:"not null;default:0"`
	DeletedAt        *time.Time `gorm:"index"`
	CreatedAt        time.Time  `gorm:"index"`
	UpdatedAt        time.Time
}

// SurveyVersion is a frozen published document.
type SurveyVersion struct {
	ID          string    `gorm:"primaryKey;size:64"`
	SurveyID    string    `gorm:"size:64;not null;uniqueIndex:ux_survey_version"`
	Version     int       `gorm:"not null;uniqueIndex:ux_survey_version"`
	Document    string    `gorm:"type:longtext"`
	PublishedAt time.Time ``
	PublishedBy string    `gorm:"size:64"`
}

// SurveyGroup groups an owner's surveys. Status 1 enabled, 0 disabled.
type SurveyGroup struct {
	ID          string `gorm:"primaryKey;size:64"`
	OwnerID     string `gorm:"size:64;not null;index"`
	Name        string `gorm:"size:64;not null"`
	Description string `gorm:"size:255"`
	Type        int    `gorm:"not null"`
	Status      int    `gorm:"not null"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// SurveyCollaborator gives another user design and/or data rights on a survey.
type SurveyCollaborator struct {
	ID        string `gorm:"primaryKey;size:64"`
	SurveyID  string `gorm:"size:64;not null;uniqueIndex:ux_survey_collab"`
	UserID    string `gorm:"size:64;not null;uniqueIndex:ux_survey_collab;index"`
	Rights    string `gorm:"size:8;not null"`
	CreatedAt time.Time
}

// Template scopes and states.
const (
	TemplateSite        = "site" // managed by admin:template, visible to everyone once published
	TemplateUser        = "user" // saved by an author from a survey, visible to that author only
	TemplateUnpublished = 0
	TemplatePublished   = 1
)

// SurveyTemplate is a survey document offered in the template centre.
type SurveyTemplate struct {
	ID            string `gorm:"primaryKey;size:64"`
	Scope         string `gorm:"size:8;not null;index"`
	Name          string `gorm:"size:64;not null"`
	CreatorID     string `gorm:"size:64;not null;index"`
	SurveyType    string `gorm:"size:16;not null"`
	UsedCount     int    `gorm:"not null;default:0"`
	State         int    `gorm:"not null;default:0"`
	CoverUploadID string `gorm:"size:64"`
	Notes         string `gorm:"size:500"`
	Industry      string `gorm:"size:64;index"`
	Scene         string `gorm:"size:64;index"`
	Document      string `gorm:"type:longtext"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// QuBank is a user's question bank.
type QuBank struct {
	ID        string `gorm:"primaryKey;size:64"`
	OwnerID   string `gorm:"size:64;not null;index"`
	Name      string `gorm:"size:64;not null"`
	Note      string `gorm:"size:255"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// QuBankQuestion is one question (its JSON in the survey language) of a bank.
type QuBankQuestion struct {
	ID        string `gorm:"primaryKey;size:64"`
	BankID    string `gorm:"size:64;not null;index"`
	QuType    string `gorm:"size:32;not null"`
	Title     string `gorm:"size:500"`
	Question  string `gorm:"type:longtext"`
	Sort      int    `gorm:"not null;default:0"`
	CreatedAt time.Time
}
