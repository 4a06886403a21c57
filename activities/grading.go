package activities

import (
	"context"
	"time"

	"dwsurvey/services/review"
	lang "dwsurvey/survey"
)

// GradeItem is a hand-graded question of an answer with its maximum score.
type GradeItem struct {
	QuDwID string  `json:"quDwId"`
	Max    float64 `json:"max"`
}

// ItemScore is the hand score of one question.
type ItemScore struct {
	QuDwID string  `json:"quDwId"`
	Score  float64 `json:"score"`
}

// GradingStartInput is the grading workflow's input, decoded from the grading.start outbox
// payload (review.GradingStart has the same JSON names; a test pins it).
type GradingStartInput struct {
	AnswerID string `json:"answerId"`
	SurveyID string `json:"surveyId"`
	// Graders are the assignee keys that may grade besides survey staff.
	Graders []string    `json:"graders"`
	Items   []GradeItem `json:"items"`
}

// CheckGrading reports whether the answer still waits for grading (false: deleted or graded).
func (a *Activities) CheckGrading(ctx context.Context, answerID string) (bool, error) {
	return a.Review.CheckGrading(ctx, answerID)
}

// RecordGradeInput is an accepted grading to store.
type RecordGradeInput struct {
	AnswerID string
	UserID   string
	Items    []GradeItem
	Scores   []ItemScore
	At       time.Time
}

// RecordGrade stores the first grading of an answer (a retry changes nothing; an
// ErrTypeAnswerGone error when the answer was deleted).
func (a *Activities) RecordGrade(ctx context.Context, in RecordGradeInput) error {
	g := review.GradeRecord{AnswerID: in.AnswerID, UserID: in.UserID, At: in.At, First: true}
	for _, it := range in.Items {
		g.Items = append(g.Items, lang.ManualItem{QuDwID: it.QuDwID, Max: it.Max})
	}
	for _, s := range in.Scores {
		g.Scores = append(g.Scores, review.ItemScore{QuDwID: s.QuDwID, Score: s.Score})
	}
	_, err := a.Review.RecordGrade(ctx, g)
	return gone(err)
}
