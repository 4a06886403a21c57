package starter

import (
	"context"
	"errors"
	"strings"
	"time"

	"go.temporal.io/sdk/client"

	"dwsurvey/activities"
	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/services/review"
	"dwsurvey/workflows"
)

// Review implements review.Engine with a Temporal client: decisions and gradings are
// Updates of the answers' workflows.
type Review struct {
	Client client.Client
}

var _ review.Engine = (*Review)(nil)

// updateErr maps an Update's error: a validator's (or handler's) refusal becomes a
// models.Invalid with its message, a closed or missing run review.ErrNoWorkflow.
func updateErr(err error) error {
	if err == nil {
		return nil
	}
	if notRunning(err) {
		return review.ErrNoWorkflow
	}
	var app interface{ Message() string }
	if errors.As(err, &app) && !strings.Contains(err.Error(), "context deadline") {
		return models.Invalid("%s", app.Message())
	}
	return err
}

// transient refusals: the chain is between two steps, or another decision is being
// recorded; Decide asks again for up to about two seconds before reporting them.
func transient(err error) bool {
	ie, ok := models.AsInvalid(err)
	return ok && (ie.Msg == workflows.MsgMoving || ie.Msg == workflows.MsgBusy)
}

// Decide runs the decide update of review:<answerId> and waits for its outcome.
func (r *Review) Decide(ctx context.Context, answerID string, d review.Decision) (*review.Outcome, error) {
	for attempt := 0; ; attempt++ {
		out, err := r.decide(ctx, answerID, d)
		if !transient(err) || attempt >= 20 {
			return out, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// decide waits for the Update to complete, not only to be accepted: the handler writes the
// decision in a local activity of the same workflow task, and the SDK sends the acceptance only
// with that task's completion, so Accepted comes no sooner; writing it later instead (a normal
// activity) was slower and let the caller's next queue row be the answer just decided
// (docs/benchmarks.md, "Answering at Accepted").
func (r *Review) decide(ctx context.Context, answerID string, d review.Decision) (*review.Outcome, error) {
	h, err := r.Client.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: workflows.ReviewWorkflowID(answerID), UpdateName: workflows.UpdateDecide,
		WaitForStage: client.WorkflowUpdateStageCompleted,
		Args:         []any{workflows.Decision{Step: d.Step, UserID: d.UserID, Keys: d.Keys, Value: d.Value, Note: d.Note}},
	})
	if err != nil {
		return nil, updateErr(err)
	}
	var out workflows.DecisionOutcome
	if err := h.Get(ctx, &out); err != nil {
		return nil, updateErr(err)
	}
	return &review.Outcome{Step: out.Step, Value: out.Value, Finished: out.Finished, State: out.State}, nil
}

// Grade runs the grade update of grading:<answerId> and waits for its end.
func (r *Review) Grade(ctx context.Context, answerID string, g review.Grade) error {
	in := workflows.Grade{UserID: g.UserID, Keys: g.Keys, Staff: g.Staff}
	for _, s := range g.Scores {
		in.Scores = append(in.Scores, activities.ItemScore{QuDwID: s.QuDwID, Score: s.Score})
	}
	h, err := r.Client.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: workflows.GradingWorkflowID(answerID), UpdateName: workflows.UpdateGrade,
		WaitForStage: client.WorkflowUpdateStageCompleted, Args: []any{in},
	})
	if err != nil {
		return updateErr(err)
	}
	return updateErr(h.Get(ctx, nil))
}

// reviewHandlers registers the outbox handlers of review chains and hand grading.
func reviewHandlers(d *outbox.Dispatcher, s Starter) {
	d.Register(review.KindReviewStart, func(ctx context.Context, ev models.OutboxEvent) error {
		var in workflows.ReviewInput
		if err := outbox.Decode(ev, &in); err != nil {
			return err
		}
		return s.StartOnce(ctx, workflows.ReviewWorkflowID(ev.Key), workflows.ReviewWorkflow, in)
	})
	d.Register(review.KindGradingStart, func(ctx context.Context, ev models.OutboxEvent) error {
		var in workflows.GradingInput
		if err := outbox.Decode(ev, &in); err != nil {
			return err
		}
		return s.StartOnce(ctx, workflows.GradingWorkflowID(ev.Key), workflows.GradingWorkflow, in)
	})
	d.Register(review.KindAnswerDeleted, func(ctx context.Context, ev models.OutboxEvent) error {
		// a run that is not open (never started, or finished) needs nothing: a chain that
		// starts later finds the answer deleted and ends itself
		for _, id := range []string{workflows.ReviewWorkflowID(ev.Key), workflows.GradingWorkflowID(ev.Key)} {
			if err := s.Client.SignalWorkflow(ctx, id, "", workflows.SignalAnswerDeleted, nil); err != nil && !notRunning(err) {
				return err
			}
		}
		return nil
	})
}
