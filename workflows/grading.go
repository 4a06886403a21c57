package workflows

import (
	"errors"
	"math"
	"strconv"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// UpdateGrade carries a grader's scores (Grade).
const UpdateGrade = "grade"

// Refusals of the grade validator.
const (
	MsgGraded     = "This answer is already graded"
	MsgNotGrader  = "You are not a grader of this survey"
	MsgScoreItems = "Please score every hand-graded question, and only those"
)

// Grading results (GradingResult.State).
const (
	GradingGraded = "graded"
	GradingEnded  = "ended" // deleted, or graded before the run started
)

// GradingWorkflowID is the id of an answer's grading workflow.
func GradingWorkflowID(answerID string) string { return "grading:" + answerID }

// GradingInput is the grading.start payload: the answer's hand-graded items and who may
// grade them besides survey staff.
type GradingInput = activities.GradingStartInput

// Grade is the input of the grade update.
type Grade struct {
	UserID string
	Keys   []string
	// Staff: the survey's owner or a data collaborator.
	Staff  bool
	Scores []activities.ItemScore
}

// GradingResult is the end of a grading run.
type GradingResult struct {
	State string
}

// validateGrade: a grader (or survey staff) scores every item exactly once, each from 0 to
// its maximum in steps of 0.5, while the answer waits for grading.
func validateGrade(in GradingInput, graded, busy bool, g Grade) error {
	if graded {
		return errors.New(MsgGraded)
	}
	if busy {
		return errors.New(MsgBusy)
	}
	if !g.Staff && !anyOf(g.Keys, in.Graders) {
		return errors.New(MsgNotGrader)
	}
	if len(g.Scores) != len(in.Items) {
		return errors.New(MsgScoreItems)
	}
	for i, it := range in.Items {
		s := g.Scores[i]
		if s.QuDwID != it.QuDwID {
			return errors.New(MsgScoreItems)
		}
		steps := s.Score * 2
		if math.IsNaN(s.Score) || s.Score < 0 || s.Score > it.Max || math.Abs(steps-math.Round(steps)) > 1e-9 {
			return errors.New("The score of question " + it.QuDwID + " must be between 0 and " +
				strconv.FormatFloat(it.Max, 'f', -1, 64) + " in steps of 0.5")
		}
	}
	return nil
}

// GradingWorkflow is one answer's hand grading: it waits for a grader's scores (the grade
// update), which recompute the answer's total, and ends; the answer's deletion ends it too.
func GradingWorkflow(ctx workflow.Context, in GradingInput) (GradingResult, error) {
	var a *activities.Activities
	actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute},
	})
	lctx := workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		StartToCloseTimeout: 20 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: 200 * time.Millisecond, BackoffCoefficient: 2, MaximumAttempts: 3,
			NonRetryableErrorTypes: []string{activities.ErrTypeAnswerGone}},
	})
	graded, busy, deleted := false, false, false
	workflow.Go(ctx, func(ctx workflow.Context) {
		workflow.GetSignalChannel(ctx, SignalAnswerDeleted).Receive(ctx, nil)
		deleted = true
	})
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateGrade,
		func(ctx workflow.Context, g Grade) (float64, error) {
			if err := validateGrade(in, graded, busy, g); err != nil {
				return 0, err
			}
			busy = true
			defer func() { busy = false }()
			err := workflow.ExecuteLocalActivity(lctx, a.RecordGrade, activities.RecordGradeInput{AnswerID: in.AnswerID, UserID: g.UserID,
				Items: in.Items, Scores: g.Scores, At: workflow.Now(ctx).UTC()}).Get(ctx, nil)
			var app *temporal.ApplicationError
			if errors.As(err, &app) && app.Type() == activities.ErrTypeAnswerGone {
				return 0, errors.New(MsgAnswerGone)
			}
			if err != nil {
				return 0, err
			}
			graded = true
			return 0, nil
		},
		workflow.UpdateHandlerOptions{Validator: func(ctx workflow.Context, g Grade) error { return validateGrade(in, graded, busy, g) }}); err != nil {
		return GradingResult{}, err
	}
	var waiting bool
	if err := workflow.ExecuteActivity(actx, a.CheckGrading, in.AnswerID).Get(ctx, &waiting); err != nil {
		return GradingResult{}, err
	}
	res := GradingResult{State: GradingEnded}
	if waiting || graded || busy { // a grade may have come before the check
		if waiting {
			_ = workflow.UpsertMemo(ctx, map[string]any{MemoStep: "grading"})
		}
		if err := workflow.Await(ctx, func() bool { return !busy && (graded || deleted) }); err != nil {
			return res, err
		}
		if graded {
			res.State = GradingGraded
		}
	} else {
		graded = true // nothing to grade: refuse updates
	}
	_ = workflow.UpsertMemo(ctx, map[string]any{MemoStep: res.State})
	if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
		return res, err
	}
	return res, nil
}
