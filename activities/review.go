package activities

import (
	"context"
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"

	"dwsurvey/services/review"
)

// ErrTypeAnswerGone is the error type of activities that found the answer deleted: the
// workflows do not retry it.
const ErrTypeAnswerGone = "AnswerGone"

func gone(err error) error {
	if errors.Is(err, review.ErrAnswerGone) {
		return temporal.NewNonRetryableApplicationError("the answer was deleted", ErrTypeAnswerGone, nil)
	}
	return err
}

// ReviewChain is the review chain an answer started with: the review workflow's input, decoded
// from the review.start outbox payload (review.Chain has the same JSON names; a test pins it).
type ReviewChain struct {
	AnswerID string `json:"answerId"`
	SurveyID string `json:"surveyId"`
	// Levels lists the assignee keys (u:<user>, d:<dept>, r:<role>) of each level.
	Levels    [][]string `json:"levels"`
	AdminStep bool       `json:"adminStep"`
	// AdminKeys decide the administrator step (also the target of escalations).
	AdminKeys []string `json:"adminKeys"`
	// RemindMinutes and EscalateMinutes: 0 means none.
	RemindMinutes   int `json:"remindMinutes,omitempty"`
	EscalateMinutes int `json:"escalateMinutes,omitempty"`
	Revision        int `json:"revision"`
}

func (c ReviewChain) service() review.Chain {
	return review.Chain{AnswerID: c.AnswerID, SurveyID: c.SurveyID, Levels: c.Levels, AdminStep: c.AdminStep, AdminKeys: c.AdminKeys,
		RemindMinutes: c.RemindMinutes, EscalateMinutes: c.EscalateMinutes, Revision: c.Revision}
}

// ReviewStepInput puts an answer at a step of its chain (At: workflow time, UTC).
type ReviewStepInput struct {
	Chain         ReviewChain
	Step          int
	Keys          []string
	At            time.Time
	DueAt         *time.Time `json:",omitempty"`
	EscalatedFrom int        `json:",omitempty"`
}

// EnterReviewStep writes the step's task and queue rows; it returns false when the answer
// was deleted (the chain ends). Idempotent (review.Service.EnterStep).
func (a *Activities) EnterReviewStep(ctx context.Context, in ReviewStepInput) (bool, error) {
	err := a.Review.EnterStep(ctx, review.StepEntry{AnswerID: in.Chain.AnswerID, SurveyID: in.Chain.SurveyID, Step: in.Step, Keys: in.Keys,
		Chain: in.Chain.service(), At: in.At, DueAt: in.DueAt, EscalatedFrom: in.EscalatedFrom})
	if errors.Is(err, review.ErrAnswerGone) {
		return false, nil
	}
	return err == nil, err
}

// ReviewDecisionInput is an accepted decision to store.
type ReviewDecisionInput struct {
	AnswerID string
	SurveyID string
	Step     int
	Final    bool
	UserID   string
	Value    int
	Note     string
	At       time.Time
}

// ReviewDecisionOutput is what the decision did.
type ReviewDecisionOutput struct {
	Finished bool
	State    string
}

// RecordReviewDecision stores a decision (idempotent per answer and step; an
// ErrTypeAnswerGone error when the answer was deleted).
func (a *Activities) RecordReviewDecision(ctx context.Context, in ReviewDecisionInput) (ReviewDecisionOutput, error) {
	out, err := a.Review.RecordDecision(ctx, review.DecisionRecord{AnswerID: in.AnswerID, SurveyID: in.SurveyID, Step: in.Step, Final: in.Final,
		UserID: in.UserID, Value: in.Value, Note: in.Note, At: in.At})
	if err != nil {
		return ReviewDecisionOutput{}, gone(err)
	}
	return ReviewDecisionOutput{Finished: out.Finished, State: out.State}, nil
}

// ReviewReminderInput is the N-th reminder of a waiting step.
type ReviewReminderInput struct {
	AnswerID string
	Step     int
	N        int
	At       time.Time
}

// RemindReviewStep records a reminder (idempotent).
func (a *Activities) RemindReviewStep(ctx context.Context, in ReviewReminderInput) error {
	return a.Review.Remind(ctx, in.AnswerID, in.Step, in.N, in.At)
}

// EndReviewInput ends the chain of a deleted answer.
type EndReviewInput struct {
	AnswerID string
	SurveyID string
}

// EndReview marks the chain ended and empties its queue (idempotent).
func (a *Activities) EndReview(ctx context.Context, in EndReviewInput) error {
	return a.Review.EndChain(ctx, in.AnswerID, in.SurveyID)
}
