package workflows

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// Collection workflow names: signals, the update and the query of CollectionWorkflow.
const (
	// SignalAnswerCapReached: the answer service committed the answer that filled the cap.
	SignalAnswerCapReached = "answerCapReached"
	// SignalQuotasFull: every quota is full (sent only when the author chose closure).
	SignalQuotasFull = "quotasFull"
	// SignalEndNow: the author ended collection.
	SignalEndNow = "endNow"
	// SignalReturnToEdit: the author took the survey back to designing.
	SignalReturnToEdit = "returnToEdit"
	// UpdateReschedule moves the start and/or end time (validated).
	UpdateReschedule = "reschedule"
	// QueryCollectionStatus returns CollectionStatus.
	QueryCollectionStatus = "status"
)

// Close reasons (CollectionResult.Reason and CloseCollection's input).
const (
	ReasonEndTime      = "endTime"
	ReasonAnswerCap    = "answerCap"
	ReasonQuotasFull   = "quotasFull"
	ReasonEndNow       = "endNow"
	ReasonReturnToEdit = "returnToEdit"
)

// Refusal messages of the reschedule validator (also used by the service before calling).
const (
	MsgEndInPast      = "The end time is in the past"
	MsgStartAfterEnd  = "The start time must be before the end time"
	MsgNegativeEndNum = "The answer count limit cannot be negative"
)

// CollectionWorkflowID is the id of the collection workflow of a survey.
func CollectionWorkflowID(surveyID string) string { return "collection:" + surveyID }

// CollectionInput is the schedule of one survey. Times are absolute UTC instants.
type CollectionInput struct {
	SurveyID          string
	StartAt           *time.Time `json:",omitempty"`
	EndAt             *time.Time `json:",omitempty"`
	EndNum            int        `json:",omitempty"`
	CloseOnQuotasFull bool       `json:",omitempty"`
}

// Reschedule is the input of the reschedule update: the complete new schedule
// (nil StartAt / EndAt = no start / no end time).
type Reschedule struct {
	StartAt *time.Time `json:",omitempty"`
	EndAt   *time.Time `json:",omitempty"`
	EndNum  int        `json:",omitempty"`
}

// CollectionStatus is what the status query and the reschedule update return.
type CollectionStatus struct {
	Phase   string     // waiting | collecting | closing | closed
	StartAt *time.Time `json:",omitempty"`
	EndAt   *time.Time `json:",omitempty"`
	EndNum  int        `json:",omitempty"`
	Reason  string     `json:",omitempty"`
}

// CollectionResult is the end of a run.
type CollectionResult struct {
	Opened   bool
	Reason   string
	ClosedAt time.Time
}

// ValidateReschedule is the rule of the reschedule update at instant now.
func ValidateReschedule(now time.Time, r Reschedule) error {
	if r.EndNum < 0 {
		return errors.New(MsgNegativeEndNum)
	}
	if r.StartAt != nil && r.EndAt != nil && !r.StartAt.Before(*r.EndAt) {
		return errors.New(MsgStartAfterEnd)
	}
	if r.EndAt != nil && !r.EndAt.After(now) {
		return errors.New(MsgEndInPast)
	}
	return nil
}

// CollectionWorkflow owns the timeline of one survey's collection: wait for the start,
// open, wait for the first reason to close (end time, answer cap, quotas full, the
// author's end now or return to edit), close. The database enforces counts at submit;
// this workflow only changes the survey state.
func CollectionWorkflow(ctx workflow.Context, in CollectionInput) (CollectionResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute},
	})
	var a *activities.Activities
	st := CollectionStatus{Phase: "waiting", StartAt: in.StartAt, EndAt: in.EndAt, EndNum: in.EndNum}
	changed := workflow.NewBufferedChannel(ctx, 64)
	reason := ""

	if err := workflow.SetQueryHandler(ctx, QueryCollectionStatus, func() (CollectionStatus, error) { return st, nil }); err != nil {
		return CollectionResult{}, err
	}
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateReschedule,
		func(ctx workflow.Context, r Reschedule) (CollectionStatus, error) {
			st.StartAt, st.EndAt, st.EndNum = r.StartAt, r.EndAt, r.EndNum
			changed.SendAsync(true)
			return st, nil
		},
		workflow.UpdateHandlerOptions{Validator: func(ctx workflow.Context, r Reschedule) error {
			if st.Phase == "closing" || st.Phase == "closed" {
				return errors.New("Collection has already ended")
			}
			return ValidateReschedule(workflow.Now(ctx), r)
		}}); err != nil {
		return CollectionResult{}, err
	}

	capCh := workflow.GetSignalChannel(ctx, SignalAnswerCapReached)
	quotaCh := workflow.GetSignalChannel(ctx, SignalQuotasFull)
	endCh := workflow.GetSignalChannel(ctx, SignalEndNow)
	editCh := workflow.GetSignalChannel(ctx, SignalReturnToEdit)
	addSignals := func(sel workflow.Selector) {
		sel.AddReceive(endCh, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil); reason = ReasonEndNow })
		sel.AddReceive(editCh, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil); reason = ReasonReturnToEdit })
		sel.AddReceive(capCh, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil); reason = ReasonAnswerCap })
		// the answer service sends quotasFull only when the author chose quota closure
		sel.AddReceive(quotaCh, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil); reason = ReasonQuotasFull })
		sel.AddReceive(changed, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil) })
	}
	// waitUntil blocks until at (nil: forever) or a signal / schedule change; it reports
	// whether the instant was reached.
	waitUntil := func(at *time.Time) bool {
		if at != nil && !at.After(workflow.Now(ctx)) {
			return true
		}
		tctx, cancel := workflow.WithCancel(ctx)
		defer cancel()
		sel := workflow.NewSelector(ctx)
		fired := false
		if at != nil {
			sel.AddFuture(workflow.NewTimer(tctx, at.Sub(workflow.Now(ctx))), func(f workflow.Future) { fired = f.Get(ctx, nil) == nil })
		}
		addSignals(sel)
		sel.Select(ctx)
		return fired
	}

	// 1. wait for the start time
	for reason == "" && st.StartAt != nil && st.StartAt.After(workflow.Now(ctx)) {
		waitUntil(st.StartAt)
	}
	res := CollectionResult{}
	// 2. open
	if reason == "" {
		if err := workflow.ExecuteActivity(ctx, a.OpenCollection, activities.OpenCollectionInput{SurveyID: in.SurveyID}).Get(ctx, nil); err != nil {
			return res, err
		}
		res.Opened = true
		st.Phase = "collecting"
		// 3. collect until the first reason to close
		for reason == "" {
			if waitUntil(st.EndAt) && st.EndAt != nil && !st.EndAt.After(workflow.Now(ctx)) {
				reason = ReasonEndTime
			}
		}
	}
	// 4. close
	st.Phase, st.Reason = "closing", reason
	if err := workflow.ExecuteActivity(ctx, a.CloseCollection, activities.CloseCollectionInput{SurveyID: in.SurveyID, Reason: reason}).Get(ctx, nil); err != nil {
		return res, err
	}
	st.Phase = "closed"
	res.Reason, res.ClosedAt = reason, workflow.Now(ctx).UTC()
	return res, nil
}
