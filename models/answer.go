package models

import "time"

// Answer save statuses.
const (
	AnswerSubmitted = 0
	AnswerDraft     = 1
)

// Answer is one respondent's answer sheet. The document holds the EFFECTIVE answers
// computed by the survey engine (logic-hidden answers dropped, scores set), as canonical
// JSON. (SurveyID, AnswerDwID) is unique: the client's answer id makes saving idempotent.
type Answer struct {
	ID            string `gorm:"primaryKey;size:64"`
	SurveyID      string `gorm:"size:64;not null;uniqueIndex:ux_answer_dw,priority:1;index:ix_answer_ip,priority:1;index:ix_answer_browser,priority:1;index:ix_answer_score,priority:1"`
	SurveyVersion int    `gorm:"not null"`
	AnswerDwID    string `gorm:"column:answer_dw_id;size:64;not null;uniqueIndex:ux_answer_dw,priority:2"`
	// SaveStatus: 0 submitted, 1 draft.
	SaveStatus int `gorm:"not null;default:0;index:ix_answer_score,priority:2"`
	// IsEff: 1 valid, 0 invalid (set by review later).
	IsEff       int    `gorm:"not null;default:1"`
	HandleState int    `gorm:"not null;default:0"`
	Verify1     int    `gorm:"column:verify1;not null;default:0"`
	Verify1Note string `gorm:"column:verify1_note;size:500"`
	Verify2     int    `gorm:"column:verify2;not null;default:0"`
	Verify2Note string `gorm:"column:verify2_note;size:500"`
	Verify3     int    `gorm:"column:verify3;not null;default:0"`
	Verify3Note string `gorm:"column:verify3_note;size:500"`
	VerifyAdmin int    `gorm:"not null;default:0"`
	AdminNote   string `gorm:"size:500"`
	IsTest      int    `gorm:"not null;default:0"`
	ClientIP    string `gorm:"column:client_ip;size:64;index:ix_answer_ip,priority:2"`
	// BrowserID is the dwBrowserId cookie (or request field) used by the per-browser limit.
	BrowserID string `gorm:"size:64;index:ix_answer_browser,priority:2"`
	Province  string `gorm:"size:64"`
	City      string `gorm:"size:64"`
	UserID    string `gorm:"size:64;index"`
	ContactID string `gorm:"size:64"`
	// PasswordHash is sha256 of the answer password used (hex), empty when none.
	PasswordHash string `gorm:"size:64"`
	SourceCode   string `gorm:"size:64"`
	SourceName   string `gorm:"size:128"`
	// Device is the class of the client (mobile, tablet, desktop; empty when unknown), from
	// the user agent at save time (schema step 5 adds the column to older databases).
	Device     string `gorm:"size:16;not null;default:''"`
	BgAnDate   time.Time
	EndAnDate  time.Time
	DurationMs int64   `gorm:"not null;default:0"`
	QuNum      int     `gorm:"not null;default:0"`
	SumScore   float64 `gorm:"not null;default:0;index:ix_answer_score,priority:3"`
	// ScorePending is 1 while hand-graded questions wait for a grader (SumScore is then the
	// provisional automatic total; schema step 12, index ix_answer_grading).
	ScorePending int    `gorm:"not null;default:0"`
	SwitchEvents string `gorm:"type:text"`
	ConfirmName  string `gorm:"size:64"`
	ConfirmPhone string `gorm:"size:32"`
	Document     string `gorm:"type:longtext"`
	// ExportCopy is the document's answers in the form exports read
	// (survey.AppendExportCopy), written whenever the document is; NULL for answers saved
	// before schema step 23, which exports read from the document.
	ExportCopy []byte `gorm:"type:mediumblob" json:"-"`
	// RequestHash identifies the submitted content (idempotency: a retry must match it).
	RequestHash string `gorm:"size:64"`
	// ResumeTokenHash is sha256 of the resume token returned at save time.
	ResumeTokenHash string `gorm:"size:64"`
	// CountedSlot and CountedKeys record which counters this answer incremented, so that
	// deleting it (test data, later soft deletes) can subtract exactly those.
	CountedSlot int       `gorm:"not null;default:0"`
	CountedKeys string    `gorm:"type:text"`
	CreatedAt   time.Time `gorm:"index"`
	UpdatedAt   time.Time
	DeletedAt   *time.Time `gorm:"index"`
}

// AnswerCounter is one slot of a per-survey counter. The value of a key is the SUM over
// its slots. Keys: total, qu:<quDwId>, opt:<optionDwId>, mr:<row>:<col>, mc:<row>:<col>,
// quota:<quota key>, pwd:<hash>. Only submitted answers are counted.
type AnswerCounter struct {
	SurveyID string `gorm:"primaryKey;size:64"`
	CKey     string `gorm:"column:ckey;primaryKey;size:160"`
	Slot     int    `gorm:"primaryKey;autoIncrement:false"`
	Cnt      int64  `gorm:"not null;default:0"`
}

// AnswerCaptcha is a captcha challenge: Code is sha256 of the lower-case code.
type AnswerCaptcha struct {
	SessionCode string    `gorm:"primaryKey;size:64"`
	SurveyID    string    `gorm:"size:64;not null"`
	CodeHash    string    `gorm:"size:64"`
	ExpiresAt   time.Time `gorm:"index"`
	Used        bool      `gorm:"not null;default:false"`
	CreatedAt   time.Time
}

// AnswerLog is a visit log row of the answer page.
type AnswerLog struct {
	ID        string    `gorm:"primaryKey;size:64"`
	SurveyID  string    `gorm:"size:64;not null;index"`
	Event     string    `gorm:"size:32;not null"`
	IP        string    `gorm:"column:ip;size:64"`
	CreatedAt time.Time `gorm:"index"`
	UpdatedAt time.Time
}
