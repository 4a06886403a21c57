package workflows

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// DeliveryWorkflowID is the workflow id of a webhook delivery: `webhook:<deliveryId>` for
// its first run, `webhook:<deliveryId>:replay-<n>` for the owner's n-th replay (each id is
// started at most once, so a second dispatch of the same event starts nothing).
func DeliveryWorkflowID(deliveryID string, replay int) string {
	if replay <= 0 {
		return "webhook:" + deliveryID
	}
	return "webhook:" + deliveryID + ":replay-" + strconv.Itoa(replay)
}

// RetryPolicy is the delivery retry schedule (config webhook.retry_*; workflows never read
// the configuration: the starter puts it in the input).
type RetryPolicy struct {
	// Initial is the wait after the first failed attempt; each further wait doubles, up to Max.
	Initial time.Duration
	Max     time.Duration
	// For bounds the whole delivery: no attempt starts later than For after the first.
	For time.Duration
}

// DefaultRetry is the schedule when the input carries none: 30 s doubling to 1 h, for 24 h.
var DefaultRetry = RetryPolicy{Initial: 30 * time.Second, Max: time.Hour, For: 24 * time.Hour}

// DeliveryInput starts the delivery of one event to one hook.
type DeliveryInput struct {
	DeliveryID string
	// Replay is the owner's replay this run serves (0: the first run).
	Replay int `json:",omitempty"`
	Retry  RetryPolicy
}

// DeliveryResult is how a run ended: delivered, failed (also the workflow's error) or
// skipped (the delivery was deleted, or another run owns it).
type DeliveryResult struct {
	State      string
	Attempts   int
	LastStatus int
}

// Delivery end states (DeliveryResult.State).
const (
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
	DeliverySkipped   = "skipped"
)

// RetryDelay is the wait after the n-th failed attempt of a run (n >= 1): Initial * 2^(n-1),
// at most Max, then spread by a jitter of ±20 % drawn from the delivery id and n - the same
// every time the history is replayed, and different between deliveries so that a burst of
// failures does not come back at once.
func RetryDelay(p RetryPolicy, deliveryID string, n int) time.Duration {
	p = p.orDefault()
	d := p.Initial
	for i := 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	d = min(d, p.Max)
	h := fnv.New32a()
	_, _ = h.Write([]byte(deliveryID + ":" + strconv.Itoa(n)))
	frac := float64(h.Sum32()%10001) / 10000 // 0..1
	return time.Duration(float64(d) * (0.8 + 0.4*frac)).Round(time.Millisecond)
}

func (p RetryPolicy) orDefault() RetryPolicy {
	if p.Initial <= 0 {
		p.Initial = DefaultRetry.Initial
	}
	if p.Max < p.Initial {
		p.Max = max(DefaultRetry.Max, p.Initial)
	}
	if p.For <= 0 {
		p.For = DefaultRetry.For
	}
	return p
}

// DeliveryWorkflow delivers one event to one hook: attempt; on success, done; on a refusal
// (4xx other than 408/429, a bot's error code, a blocked address) or 410 Gone (which also
// disables the hook), failed at once; otherwise wait - the target's Retry-After, or the
// doubling backoff with jitter - and attempt again, until RetryPolicy.For has passed since
// the first attempt. Every attempt is recorded by the activity; a failed delivery ends the
// workflow with an error (the monitor shows it) and stays replayable from the log.
func DeliveryWorkflow(ctx workflow.Context, in DeliveryInput) (DeliveryResult, error) {
	// The steps are local activities: each is short (one POST bounded to 5 s, a few rows),
	// and running them inside the workflow task (a marker in the history instead of an
	// activity task's round trips) roughly halves what every delivery costs the Temporal
	// server - deliveries come in bursts. A step that fails is retried (local backoff, then
	// a new workflow task); an attempt whose result was not recorded runs again (the
	// receiver deduplicates by webhook-id).
	ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		StartToCloseTimeout: 30 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute},
	})
	var a *activities.Activities
	policy := in.Retry.orDefault()
	runID := workflow.GetInfo(ctx).WorkflowExecution.RunID
	first := workflow.Now(ctx)
	res := DeliveryResult{}
	for n := 1; ; n++ {
		var out activities.DeliveryAttemptResult
		ai := activities.DeliveryAttemptInput{DeliveryID: in.DeliveryID, RunID: runID, Replay: in.Replay, RunAttempt: n}
		if err := workflow.ExecuteLocalActivity(ctx, a.AttemptDelivery, ai).Get(ctx, &out); err != nil {
			return res, err
		}
		if out.Outcome == activities.OutcomeSkipped {
			res.State = DeliverySkipped
			return res, nil
		}
		res.Attempts, res.LastStatus = n, out.Status
		switch out.Outcome {
		case activities.OutcomeDelivered:
			res.State = DeliveryDelivered
			return res, nil
		case activities.OutcomeFailed, activities.OutcomeGone:
			res.State = DeliveryFailed
			return res, temporal.NewNonRetryableApplicationError(out.Error, "DeliveryFailed", nil)
		}
		wait := RetryDelay(policy, in.DeliveryID, n)
		if out.RetryAfterSeconds > 0 {
			wait = time.Duration(out.RetryAfterSeconds) * time.Second
		}
		next := workflow.Now(ctx).Add(wait)
		if next.Sub(first) > policy.For {
			reason := fmt.Sprintf("No success within %s (%d attempts); last error: %s", policy.For, n, out.Error)
			if err := workflow.ExecuteLocalActivity(ctx, a.GiveUpDelivery, activities.DeliveryGiveUpInput{
				DeliveryID: in.DeliveryID, RunID: runID, Reason: reason}).Get(ctx, nil); err != nil {
				return res, err
			}
			res.State = DeliveryFailed
			return res, temporal.NewNonRetryableApplicationError(reason, "DeliveryFailed", nil)
		}
		if err := workflow.ExecuteLocalActivity(ctx, a.DeliveryWaiting, activities.DeliveryWaitInput{
			DeliveryID: in.DeliveryID, RunID: runID, NextAt: next}).Get(ctx, nil); err != nil {
			return res, err
		}
		if err := workflow.Sleep(ctx, wait); err != nil {
			return res, err
		}
	}
}
