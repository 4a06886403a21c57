package workflows

import (
	"errors"
	"strconv"
	"time"
	"unicode/utf8"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// Review workflow names: the decision update, the deletion signal, the state query.
const (
	// UpdateDecide carries one reviewer's decision (Decision); its validator refuses
	// anything that must not change the chain.
	UpdateDecide = "decide"
	// SignalAnswerDeleted: the answer was deleted (ends the review and grading workflows).
	SignalAnswerDeleted = "answerDeleted"
	// QueryReviewState returns ReviewState.
	QueryReviewState = "state"
	// MemoStep is the memo field with the current step, shown by the workflow monitor.
	MemoStep = "step"
)

// StepAdmin is the administrator step (levels are 1-3).
const StepAdmin = 4

// Chain states (ReviewState.State, ReviewResult.State).
const (
	ChainWaiting = "waiting"
	ChainPassed  = "passed"
	ChainFailed  = "failed"
	ChainEnded   = "ended"
)

// Refusals of the decide validator. services/review checks value, note and a finished
// chain first with the same words (a test pins them).
const (
	MsgBadValue      = "verifyValue must be 1 (pass) or 2 (fail)"
	MsgNoteTooLong   = "verifyNote is limited to 500 characters"
	MsgChainFinished = "The review of this answer is already finished"
	MsgStepDecided   = "That step of this answer's review has already been decided"
	MsgEscalated     = "This answer's review passed its deadline and went to the administrator"
	MsgNotCurrent    = "This answer is not at that step of its review yet"
	MsgNotAssigned   = "You are not assigned to the current step of this answer's review"
	MsgBusy          = "Another decision on this answer is being recorded; try again in a moment"
	MsgMoving        = "This answer is moving to its next step; try again in a moment"
	MsgAnswerGone    = "This answer was deleted"
)

// Verdicts (Decision.Value).
const (
	VerdictPass = 1
	VerdictFail = 2
)

// ReviewWorkflowID is the id of an answer's review workflow.
func ReviewWorkflowID(answerID string) string { return "review:" + answerID }

// ReviewInput is the chain the answer started with (the review.start payload): the workflow
// never reads the survey's settings again.
type ReviewInput = activities.ReviewChain

// Decision is the input of the decide update.
type Decision struct {
	// Step the reviewer decides; 0 means the current one.
	Step   int
	UserID string
	// Keys are the reviewer's assignee keys (account, departments, roles).
	Keys  []string
	Value int
	Note  string
}

// DecisionOutcome is the result of the decide update.
type DecisionOutcome struct {
	Step     int
	Value    int
	Finished bool
	State    string
}

// ReviewState is what the state query returns.
type ReviewState struct {
	Step          int
	State         string
	EscalatedFrom int `json:",omitempty"`
	Reminders     int `json:",omitempty"`
}

// ReviewResult is the end of a chain.
type ReviewResult struct {
	State string
	Step  int
}

// StepLabel names a step for people (memo, monitor).
func StepLabel(step int) string {
	if step == StepAdmin {
		return "administrator"
	}
	return "level " + strconv.Itoa(step)
}

// chainSteps are the steps of a chain in order: its levels, then the administrator.
func chainSteps(in ReviewInput) []int {
	var steps []int
	for i := range in.Levels {
		steps = append(steps, i+1)
	}
	if in.AdminStep || len(steps) == 0 {
		steps = append(steps, StepAdmin)
	}
	return steps
}

func stepKeys(in ReviewInput, step int) []string {
	if step == StepAdmin {
		return in.AdminKeys
	}
	if step >= 1 && step <= len(in.Levels) {
		return in.Levels[step-1]
	}
	return nil
}

func anyOf(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// chain is the state the decide validator looks at.
type chain struct {
	in    ReviewInput
	state ReviewState
	ready bool // the current step's queue rows are written
	busy  bool // a decision is being recorded
}

// ValidateDecision is the decide validator: a decision must have a valid value and note,
// come while the chain waits at the step it names (or at the current step when it names
// none), from a user assigned to that step, and not while another decision is recorded.
func (c *chain) validate(d Decision) error {
	if d.Value != VerdictPass && d.Value != VerdictFail {
		return errors.New(MsgBadValue)
	}
	if !utf8.ValidString(d.Note) || utf8.RuneCountInString(d.Note) > 500 {
		return errors.New(MsgNoteTooLong)
	}
	if c.state.State != ChainWaiting {
		return errors.New(MsgChainFinished)
	}
	if c.busy {
		return errors.New(MsgBusy)
	}
	if d.Step != 0 && d.Step != c.state.Step {
		if c.state.EscalatedFrom > 0 && d.Step < StepAdmin {
			return errors.New(MsgEscalated)
		}
		if d.Step < c.state.Step {
			return errors.New(MsgStepDecided)
		}
		return errors.New(MsgNotCurrent)
	}
	if !c.ready {
		return errors.New(MsgMoving)
	}
	if !anyOf(d.Keys, stepKeys(c.in, c.state.Step)) {
		return errors.New(MsgNotAssigned)
	}
	return nil
}

// ReviewWorkflow is one answer's review chain: level 1, 2, 3 and the administrator as
// configured when the answer was submitted. At each step it records that the answer waits
// there (the assignees' queues), then waits for a decision (the decide update), reminding
// every RemindMinutes, and after EscalateMinutes escalates an undecided level to the
// administrator step. A pass moves on, a fail ends the chain (the answer is screened out),
// the last pass ends it reviewed. The answer's deletion ends it at once.
func ReviewWorkflow(ctx workflow.Context, in ReviewInput) (ReviewResult, error) {
	var a *activities.Activities
	actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute,
			NonRetryableErrorTypes: []string{activities.ErrTypeAnswerGone}},
	})
	// decisions are recorded by a local activity: the reviewer waits for it
	lctx := workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		StartToCloseTimeout: 20 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: 200 * time.Millisecond, BackoffCoefficient: 2, MaximumAttempts: 3,
			NonRetryableErrorTypes: []string{activities.ErrTypeAnswerGone}},
	})
	// entering a step is one short transaction: a local activity, run within the workflow
	// task (a normal activity costs two more trips through the server per step, and the
	// server's task throughput bounds how fast new answers reach the queues: 301 answers
	// reached the queue in 37-44 s instead of 65-84 s, docs/benchmarks.md)
	ectx := workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		StartToCloseTimeout: 30 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute,
			NonRetryableErrorTypes: []string{activities.ErrTypeAnswerGone}},
	})
	c := &chain{in: in, state: ReviewState{State: ChainWaiting}}
	steps := chainSteps(in)
	at := 0 // index of the current step in steps
	var decided *DecisionOutcome
	deleted := false

	if err := workflow.SetQueryHandler(ctx, QueryReviewState, func() (ReviewState, error) { return c.state, nil }); err != nil {
		return ReviewResult{}, err
	}
	workflow.Go(ctx, func(ctx workflow.Context) {
		workflow.GetSignalChannel(ctx, SignalAnswerDeleted).Receive(ctx, nil)
		deleted = true
	})
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateDecide,
		func(ctx workflow.Context, d Decision) (DecisionOutcome, error) {
			if err := c.validate(d); err != nil {
				return DecisionOutcome{}, err
			}
			c.busy = true
			defer func() { c.busy = false }()
			step := c.state.Step
			final := d.Value == VerdictPass && at == len(steps)-1
			var out activities.ReviewDecisionOutput
			err := workflow.ExecuteLocalActivity(lctx, a.RecordReviewDecision, activities.ReviewDecisionInput{AnswerID: in.AnswerID,
				SurveyID: in.SurveyID, Step: step, Final: final, UserID: d.UserID, Value: d.Value, Note: d.Note, At: workflow.Now(ctx).UTC()}).Get(ctx, &out)
			var app *temporal.ApplicationError
			if errors.As(err, &app) && app.Type() == activities.ErrTypeAnswerGone {
				return DecisionOutcome{}, errors.New(MsgAnswerGone)
			}
			if err != nil {
				return DecisionOutcome{}, err
			}
			decided = &DecisionOutcome{Step: step, Value: d.Value, Finished: out.Finished, State: out.State}
			return *decided, nil
		},
		workflow.UpdateHandlerOptions{Validator: func(ctx workflow.Context, d Decision) error { return c.validate(d) }}); err != nil {
		return ReviewResult{}, err
	}

	// runs started before version 1 enter their steps through a normal activity
	localEnter := workflow.GetVersion(ctx, "enter-step-local", workflow.DefaultVersion, 1) == 1
	escalatedFrom := 0
	result := ReviewResult{}
	for result.State == "" {
		step := steps[at]
		c.state.Step, c.ready, decided = step, false, nil
		enteredAt := workflow.Now(ctx).UTC()
		var due *time.Time
		if in.EscalateMinutes > 0 && step != StepAdmin {
			t := enteredAt.Add(time.Duration(in.EscalateMinutes) * time.Minute)
			due = &t
		}
		var present bool
		enter := activities.ReviewStepInput{Chain: in, Step: step, Keys: stepKeys(in, step), At: enteredAt, DueAt: due, EscalatedFrom: escalatedFrom}
		var f workflow.Future
		if localEnter {
			f = workflow.ExecuteLocalActivity(ectx, a.EnterReviewStep, enter)
		} else {
			f = workflow.ExecuteActivity(actx, a.EnterReviewStep, enter)
		}
		if err := f.Get(ctx, &present); err != nil {
			return result, err
		}
		if !present {
			c.state.State, result = ChainEnded, ReviewResult{State: ChainEnded, Step: step}
			break
		}
		c.ready = true
		_ = workflow.UpsertMemo(ctx, map[string]any{MemoStep: StepLabel(step)})

		switch waitForDecision(ctx, actx, a, in, c, due, enteredAt, &decided, &deleted) {
		case "decided":
			c.state.State = decided.State
			if decided.Finished {
				result = ReviewResult{State: decided.State, Step: step}
			} else {
				at++
			}
		case "escalate":
			escalatedFrom, c.state.EscalatedFrom = step, step
			steps, at = []int{StepAdmin}, 0
		case "deleted":
			if err := workflow.ExecuteActivity(actx, a.EndReview, activities.EndReviewInput{AnswerID: in.AnswerID, SurveyID: in.SurveyID}).Get(ctx, nil); err != nil {
				return result, err
			}
			c.state.State, result = ChainEnded, ReviewResult{State: ChainEnded, Step: step}
		}
	}
	_ = workflow.UpsertMemo(ctx, map[string]any{MemoStep: result.State})
	// a decision still being answered finishes before the run ends
	if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
		return result, err
	}
	return result, nil
}

// waitForDecision waits at a step until a decision is recorded ("decided"), the answer is
// deleted ("deleted") or the escalation deadline passes ("escalate"), recording a reminder
// every RemindMinutes meanwhile. A decision being recorded is never interrupted.
func waitForDecision(ctx, actx workflow.Context, a *activities.Activities, in ReviewInput, c *chain, due *time.Time, enteredAt time.Time,
	decided **DecisionOutcome, deleted *bool) string {
	var every time.Duration
	var nextRemind time.Time
	if in.RemindMinutes > 0 {
		every = time.Duration(in.RemindMinutes) * time.Minute
		nextRemind = enteredAt.Add(every)
	}
	done := func() bool { return !c.busy && (*decided != nil || *deleted) }
	outcome := func() string {
		if *decided != nil {
			return "decided"
		}
		return "deleted"
	}
	for {
		var next time.Time
		if due != nil {
			next = *due
		}
		if !nextRemind.IsZero() && (next.IsZero() || nextRemind.Before(next)) {
			next = nextRemind
		}
		if next.IsZero() {
			_ = workflow.Await(ctx, done)
			return outcome()
		}
		if wait := next.Sub(workflow.Now(ctx)); wait > 0 {
			if ok, _ := workflow.AwaitWithTimeout(ctx, wait, done); ok {
				return outcome()
			}
		}
		if done() {
			return outcome()
		}
		if c.busy {
			_ = workflow.Await(ctx, func() bool { return !c.busy })
			continue
		}
		now := workflow.Now(ctx)
		if due != nil && !now.Before(*due) {
			c.ready = false // no decision on the old step from here on
			return "escalate"
		}
		if !nextRemind.IsZero() && !now.Before(nextRemind) {
			c.state.Reminders++
			_ = workflow.ExecuteActivity(actx, a.RemindReviewStep, activities.ReviewReminderInput{AnswerID: in.AnswerID, Step: c.state.Step,
				N: c.state.Reminders, At: now.UTC()}).Get(ctx, nil)
			nextRemind = nextRemind.Add(every)
		}
	}
}
