package models

import (
	"context"
	"time"

	"gorm.io/gorm"
)

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
	// AnswerNum is not maintained in this column (a per-answer update of the survey row would
	// serialise every submission of a survey): the count lives in the answer counters
	// (CounterSubmitted), and the services fill this field from AnswerCounts when they
	// answer with it.
	AnswerNum int        `gorm:"not null;default:0"`
	DeletedAt *time.Time `gorm:"index"`
	CreatedAt time.Time  `gorm:"index"`
	UpdatedAt time.Time
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

// CounterSubmitted is the answer counter key (answer_counters.ckey) of the valid, submitted,
// non-test answers of a survey, kept exact in the transaction of every change that moves it:
// a submission +1, an answer delete or a fail verdict -1, a pass verdict on a screened answer +1
// (services/answer, services/analysis). It is spread over slots; the count is the sum.
const CounterSubmitted = "sub"

// AnswerCounts returns the number of valid submitted non-test answers of each survey id
// (surveys without any are absent, i.e. 0): one indexed read of the counters' primary key.
func AnswerCounts(ctx context.Context, db *gorm.DB, surveyIDs []string) (map[string]int, error) {
	out := make(map[string]int, len(surveyIDs))
	if len(surveyIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		SurveyID string
		N        int64
	}
	if err := db.WithContext(ctx).Model(&AnswerCounter{}).Select("survey_id, COALESCE(SUM(cnt),0) AS n").
		Where("survey_id IN ? AND ckey = ?", surveyIDs, CounterSubmitted).Group("survey_id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.SurveyID] = int(r.N)
	}
	return out, nil
}

// FillAnswerCounts sets AnswerNum of each survey from AnswerCounts.
func FillAnswerCounts(ctx context.Context, db *gorm.DB, surveys ...*Survey) error {
	ids := make([]string, 0, len(surveys))
	for _, sv := range surveys {
		ids = append(ids, sv.ID)
	}
	n, err := AnswerCounts(ctx, db, ids)
	if err != nil {
		return err
	}
	for _, sv := range surveys {
		sv.AnswerNum = n[sv.ID]
	}
	return nil
}
