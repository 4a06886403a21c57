package models

import (
	"time"

	"gorm.io/gorm"
)

// Lottery modes.
const (
	// LotteryInstant: a respondent draws right after submitting (lottery/{lotteryId}/{surveyId}).
	LotteryInstant = "instant"
	// LotteryScheduled: a LotteryWorkflow draws among the eligible answers at DrawAt.
	LotteryScheduled = "scheduled"
)

// Lottery states.
const (
	LotteryOpen  = "open"  // instant: draws accepted in the window; scheduled: waiting for DrawAt
	LotteryDrawn = "drawn" // scheduled: winners drawn (seed and entrants recorded)
)

// Who one draw belongs to (Lottery.PerKind).
const (
	LotteryPerAnswer  = "answer"
	LotteryPerContact = "contact"
	LotteryPerUser    = "user"
)

// Which answers take part (Lottery.Eligible).
const (
	LotteryEligibleComplete = "complete" // submitted (not a draft) and valid
	LotteryEligiblePassed   = "passed"   // submitted, valid and passed review
)

// Lottery is a prize draw of a survey's respondents.
type Lottery struct {
	ID       string `gorm:"primaryKey;size:64"`
	SurveyID string `gorm:"size:64;not null;index"`
	Name     string `gorm:"size:64;not null"`
	Mode     string `gorm:"size:16;not null"`
	State    string `gorm:"size:16;not null"`
	PerKind  string `gorm:"size:16;not null"`
	Eligible string `gorm:"size:16;not null"`
	// StartAt/EndAt bound the answers that take part (their submit time) and, for instant
	// lotteries, the time a draw may happen; nil: unbounded.
	StartAt *time.Time
	EndAt   *time.Time
	// DrawAt is when a scheduled lottery draws (UTC).
	DrawAt *time.Time
	// Seed (hex, 32 random bytes) and EntrantsHash (sha256 hex of the newline-joined sorted
	// entrant keys) are recorded by the scheduled draw; with the entrant list (the rows of
	// lottery_draws) anyone can re-run services/lottery.DrawOrder and get the same winners.
	Seed         string `gorm:"size:64;not null;default:''"`
	EntrantsHash string `gorm:"size:64;not null;default:''"`
	Entrants     int    `gorm:"not null;default:0"`
	DrawnAt      *time.Time
	Note         string `gorm:"size:500;not null;default:''"`
	CreatedBy    string `gorm:"size:64;not null;default:''"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// LotteryPrize is one prize of a lottery. Instant lotteries win it with Probability percent
// while Stock (the prizes left) is above 0; scheduled lotteries give it to Total entrants.
// Stock only ever decreases by a conditional UPDATE (stock > 0) in the draw's transaction.
type LotteryPrize struct {
	ID          string  `gorm:"primaryKey;size:64"`
	LotteryID   string  `gorm:"size:64;not null;index"`
	Name        string  `gorm:"size:64;not null"`
	Image       string  `gorm:"size:1024;not null;default:''"`
	Total       int     `gorm:"not null"`
	Stock       int     `gorm:"not null"`
	Probability float64 `gorm:"not null;default:0"`
	Sort        int     `gorm:"not null;default:0"`
}

// LotteryDraw is one entrant's draw (instant) or one entrant of a scheduled draw: EntrantKey
// (answer:<id>, contact:<id> or user:<id>) is unique per lottery, so an entrant draws once.
// PrizeID is empty for no prize; Code is the unguessable redemption code of a win.
type LotteryDraw struct {
	ID          string     `gorm:"primaryKey;size:64"`
	LotteryID   string     `gorm:"size:64;not null;uniqueIndex:ux_lottery_entrant,priority:1;index:ix_lottery_rank,priority:1"`
	EntrantKey  string     `gorm:"size:80;not null;uniqueIndex:ux_lottery_entrant,priority:2"`
	AnswerID    string     `gorm:"size:64;not null;index"`
	UserID      string     `gorm:"size:64;not null;default:'';index"`
	ContactID   string     `gorm:"size:64;not null;default:''"`
	PrizeID     string     `gorm:"size:64;not null;default:''"`
	Code        *string    `gorm:"size:32;uniqueIndex"`
	Rank        int        `gorm:"column:draw_rank;not null;default:0;index:ix_lottery_rank,priority:2"`
	DeliveredAt *time.Time ``
	CreatedAt   time.Time
}

// SurveySolution is the rich text of one solution id that SOLUTION rules choose
// (design/solution); Content is sanitised by the one server sanitiser.
type SurveySolution struct {
	SurveyID   string `gorm:"primaryKey;size:64"`
	SolutionID string `gorm:"primaryKey;size:64"`
	Title      string `gorm:"size:128;not null;default:''"`
	Content    string `gorm:"type:text"`
	Sort       int    `gorm:"not null;default:0"`
	UpdatedAt  time.Time
}

// EvalDimensionGroup groups dimensions of an eval/eval360 survey (design/dimension-group).
type EvalDimensionGroup struct {
	ID       string `gorm:"primaryKey;size:64"`
	SurveyID string `gorm:"size:64;not null;index"`
	Name     string `gorm:"size:64;not null"`
	Note     string `gorm:"size:500;not null;default:''"`
	Sort     int    `gorm:"not null;default:0"`
}

// EvalDimension maps questions with weights (Items, JSON) to a score shown with the
// interpretation of its score band (Bands, JSON); see services/eval.
type EvalDimension struct {
	ID       string `gorm:"primaryKey;size:64"`
	GroupID  string `gorm:"size:64;not null;index"`
	SurveyID string `gorm:"size:64;not null;index"`
	Name     string `gorm:"size:64;not null"`
	Items    string `gorm:"type:text"`
	Bands    string `gorm:"type:text"`
	Sort     int    `gorm:"not null;default:0"`
}

// EvalSubject is a person evaluated by an eval360 survey; AnonMin is the anonymity threshold
// (a rater role's breakdown is shown only from AnonMin raters on).
type EvalSubject struct {
	ID        string `gorm:"primaryKey;size:64"`
	SurveyID  string `gorm:"size:64;not null;index"`
	Name      string `gorm:"size:64;not null"`
	AnonMin   int    `gorm:"not null;default:3"`
	CreatedAt time.Time
}

// EvalRater is one rater of a subject with a role (self, manager, peer, subordinate, other);
// Token (unguessable, 96 bits) is the rater's answer link (an/{sid}?rater=<token>).
type EvalRater struct {
	ID        string `gorm:"primaryKey;size:64"`
	SubjectID string `gorm:"size:64;not null;index"`
	SurveyID  string `gorm:"size:64;not null;index"`
	Role      string `gorm:"size:16;not null"`
	Name      string `gorm:"size:64;not null;default:''"`
	Token     string `gorm:"size:32;not null;uniqueIndex"`
	CreatedAt time.Time
}

// EvalRating binds a submitted answer to the rater whose link it came through (written in
// the answer's own transaction; the latest answer of a rater counts).
type EvalRating struct {
	AnswerID  string `gorm:"primaryKey;size:64"`
	RaterID   string `gorm:"size:64;not null;index"`
	SubjectID string `gorm:"size:64;not null;index"`
	SurveyID  string `gorm:"size:64;not null;index"`
	Role      string `gorm:"size:16;not null"`
	CreatedAt time.Time
}

// LotteryMigration is schema step 18: lotteries, prizes, draws; solutions; eval dimensions,
// eval360 subjects, raters and ratings.
var LotteryMigration = Migration{Version: 18, Name: "lotteries, prizes, draws, solutions, eval dimensions, eval360 raters",
	Up: func(tx *gorm.DB) error {
		return tx.AutoMigrate(&Lottery{}, &LotteryPrize{}, &LotteryDraw{}, &SurveySolution{}, &EvalDimensionGroup{},
			&EvalDimension{}, &EvalSubject{}, &EvalRater{}, &EvalRating{})
	}}
