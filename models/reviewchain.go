package models

import (
	"time"

	"gorm.io/gorm"
)

// Review chain steps (ReviewTask.Step, ReviewQueueEntry.Step, review events): levels 1-3,
// then the administrator.
const (
	ReviewStepAdmin = 4
)

// Review chain states (ReviewTask.State).
const (
	ReviewWaiting = "waiting" // a step waits for its decision
	ReviewPassed  = "passed"  // the last step passed: the answer is reviewed
	ReviewFailed  = "failed"  // a step failed: the answer is screened out
	ReviewEnded   = "ended"   // the answer was deleted while in review
)

// ReviewSetting is a survey's review chain and graders (answer settings, c/attr). A change
// applies to answers submitted afterwards: an answer's chain is copied into its workflow's
// input when it is submitted. Assignee lists are JSON arrays of {"kind","id"} with kind
// user, dept or role.
type ReviewSetting struct {
	SurveyID string `gorm:"primaryKey;size:64"`
	// Enabled: answers submitted from now on enter the review chain.
	Enabled bool `gorm:"not null;default:false"`
	// Levels is the number of reviewer levels (1-3).
	Levels int `gorm:"not null;default:1"`
	// AdminStep: the administrator decides after the last level.
	AdminStep bool `gorm:"not null;default:false"`
	// Reviewers is a JSON array (one per level) of assignee arrays.
	Reviewers string `gorm:"type:text"`
	// Admins decide the administrator step besides the survey owner (JSON assignee array).
	Admins string `gorm:"type:text"`
	// Graders grade hand-scored questions besides the survey owner (JSON assignee array).
	Graders string `gorm:"type:text"`
	// RemindMinutes: a waiting step is reminded every so often (0: never).
	RemindMinutes int `gorm:"not null;default:0"`
	// EscalateMinutes: a level undecided this long goes to the administrator (0: never).
	EscalateMinutes int `gorm:"not null;default:0"`
	// Revision counts the saves (recorded in each chain's input).
	Revision  int    `gorm:"not null;default:0"`
	UpdatedBy string `gorm:"size:64"`
	UpdatedAt time.Time
}

// ReviewTask is the state of one answer's review chain as its workflow last wrote it (the
// queue and the raw data read it; the workflow is the authority).
type ReviewTask struct {
	AnswerID string `gorm:"primaryKey;size:64"`
	SurveyID string `gorm:"size:64;not null;index"`
	// Step is the current (or the last) step: 1-3 levels, ReviewStepAdmin.
	Step  int    `gorm:"not null;default:0"`
	State string `gorm:"size:16;not null"`
	// Chain is the chain the answer started with (JSON: levels, admin step, assignees).
	Chain string `gorm:"type:text"`
	// EnteredAt is when the current step began (queue order, UTC).
	EnteredAt time.Time
	// DueAt is the escalation deadline of the current step (nil: none).
	DueAt *time.Time
	// EscalatedFrom is the level escalated to the administrator (0: none).
	EscalatedFrom int `gorm:"not null;default:0"`
	Reminders     int `gorm:"not null;default:0"`
	FinishedAt    *time.Time
	UpdatedAt     time.Time
}

// ReviewQueueEntry says that Assignee (u:<userId>, d:<deptId>, r:<roleId>) may decide
// the current step of an answer. Rows exist only while the step waits; the queue of a
// user is the entries of its keys, oldest first.
type ReviewQueueEntry struct {
	AnswerID string `gorm:"primaryKey;size:64"`
	Assignee string `gorm:"primaryKey;size:80;index:ix_review_queue_time,priority:1;index:ix_review_queue_survey,priority:1"`
	SurveyID string `gorm:"size:64;not null;index:ix_review_queue_survey,priority:2"`
	// EnteredAt is when the step began (UTC): the queue is oldest first.
	EnteredAt time.Time `gorm:"not null;index:ix_review_queue_time,priority:2;index:ix_review_queue_survey,priority:3"`
	Step      int       `gorm:"not null"`
}

// ReviewEvent is one event of a chain other than a decision (decisions are AnswerReview
// rows): a step entered, a reminder, an escalation, the end by deletion.
type ReviewEvent struct {
	ID        string    `gorm:"primaryKey;size:96"` // <answerId>:<kind>:<step>[:n], so activities write it once
	AnswerID  string    `gorm:"size:64;not null;index:ix_review_event,priority:1"`
	Kind      string    `gorm:"size:16;not null"` // entered | reminded | escalated | ended
	Step      int       `gorm:"not null"`
	Note      string    `gorm:"size:255;not null;default:''"`
	CreatedAt time.Time `gorm:"index:ix_review_event,priority:2"`
}

// AnswerGrading is the hand grading of one answer (answer-custom-score.do): the items and
// their scores as last saved. Answers waiting for grading are answers.score_pending = 1.
type AnswerGrading struct {
	AnswerID string `gorm:"primaryKey;size:64"`
	SurveyID string `gorm:"size:64;not null;index"`
	// Scores is the JSON array of {quDwId, max, score}.
	Scores      string  `gorm:"type:text"`
	ManualScore float64 `gorm:"not null;default:0"`
	SumScore    float64 `gorm:"not null;default:0"`
	GradedBy    string  `gorm:"size:64"`
	GradedAt    time.Time
	// Regrades counts later changes (each one a GradeAudit row).
	Regrades int `gorm:"not null;default:0"`
}

// GradeAudit records every grading of an answer: who, when, the total and item scores
// before and after (a first grading has OldSum = the provisional total).
type GradeAudit struct {
	ID        string    `gorm:"primaryKey;size:64"`
	AnswerID  string    `gorm:"size:64;not null;index:ix_grade_audit,priority:1"`
	SurveyID  string    `gorm:"size:64;not null"`
	UserID    string    `gorm:"size:64;not null"`
	OldSum    float64   `gorm:"not null"`
	NewSum    float64   `gorm:"not null"`
	OldScores string    `gorm:"type:text"`
	NewScores string    `gorm:"type:text"`
	CreatedAt time.Time `gorm:"index:ix_grade_audit,priority:2"`
}

// ReviewChainMigration is schema step 12: review settings, chain tasks, the reviewer queue,
// chain events, hand grading with its audit, and answers.score_pending (a total that waits
// for hand grading) with the grading queue index.
var ReviewChainMigration = Migration{Version: 12, Name: "review chains, reviewer queue, hand grading", Up: func(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&ReviewSetting{}, &ReviewTask{}, &ReviewQueueEntry{}, &ReviewEvent{}, &AnswerGrading{}, &GradeAudit{}); err != nil {
		return err
	}
	if !tx.Migrator().HasColumn(&Answer{}, "score_pending") {
		if err := tx.Exec("ALTER TABLE answers ADD COLUMN score_pending SMALLINT NOT NULL DEFAULT 0").Error; err != nil {
			return err
		}
	}
	if !tx.Migrator().HasIndex("answers", "ix_answer_grading") {
		return tx.Exec("CREATE INDEX ix_answer_grading ON answers (survey_id, score_pending, end_an_date)").Error
	}
	return nil
}}
