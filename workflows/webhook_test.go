package workflows_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"dwsurvey/activities"
	"dwsurvey/workflows"
)

// deliveryRun drives DeliveryWorkflow with scripted attempt outcomes in skipped time.
type deliveryRun struct {
	t        *testing.T
	env      *testsuite.TestWorkflowEnvironment
	script   []activities.DeliveryAttemptResult // outcomes in order; the last repeats
	attempts []time.Time
	inputs   []activities.DeliveryAttemptInput
	waits    []time.Time
	gaveUp   []activities.DeliveryGiveUpInput
}

func newDelivery(t *testing.T, script ...activities.DeliveryAttemptResult) *deliveryRun {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.DeliveryWorkflow)
	env.RegisterActivity(acts)
	r := &deliveryRun{t: t, env: env, script: script}
	env.OnActivity(acts.AttemptDelivery, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.DeliveryAttemptInput) (activities.DeliveryAttemptResult, error) {
			r.attempts = append(r.attempts, env.Now().UTC())
			r.inputs = append(r.inputs, in)
			out := r.script[min(len(r.attempts), len(r.script))-1]
			out.No = in.RunAttempt
			return out, nil
		})
	env.OnActivity(acts.DeliveryWaiting, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.DeliveryWaitInput) error {
		r.waits = append(r.waits, in.NextAt)
		return nil
	})
	env.OnActivity(acts.GiveUpDelivery, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.DeliveryGiveUpInput) error {
		r.gaveUp = append(r.gaveUp, in)
		return nil
	})
	return r
}

func (r *deliveryRun) run(in workflows.DeliveryInput) (workflows.DeliveryResult, error) {
	r.t.Helper()
	r.env.ExecuteWorkflow(workflows.DeliveryWorkflow, in)
	if !r.env.IsWorkflowCompleted() {
		r.t.Fatal("workflow did not complete")
	}
	var res workflows.DeliveryResult
	err := r.env.GetWorkflowError()
	if err == nil {
		if e := r.env.GetWorkflowResult(&res); e != nil {
			r.t.Fatal(e)
		}
	}
	return res, err
}

var (
	retry     = activities.DeliveryAttemptResult{Outcome: activities.OutcomeRetry, Status: 503, Error: "HTTP 503"}
	delivered = activities.DeliveryAttemptResult{Outcome: activities.OutcomeDelivered, Status: 200}
	policy    = workflows.RetryPolicy{Initial: 30 * time.Second, Max: time.Hour, For: 24 * time.Hour}
)

// A target that fails 3 times then succeeds gets exactly 4 attempts, spaced by the
// doubling backoff with its jitter (30 s, 60 s, 120 s nominal, ±20 %).
func TestDeliveryRetriesWithBackoffThenDelivers(t *testing.T) {
	r := newDelivery(t, retry, retry, retry, delivered)
	res, err := r.run(workflows.DeliveryInput{DeliveryID: "d1", Retry: policy})
	if err != nil || res.State != workflows.DeliveryDelivered || res.Attempts != 4 || res.LastStatus != 200 {
		t.Fatalf("result %+v %v", res, err)
	}
	if len(r.attempts) != 4 || len(r.waits) != 3 || len(r.gaveUp) != 0 {
		t.Fatalf("%d attempts, %d waits, %d give-ups", len(r.attempts), len(r.waits), len(r.gaveUp))
	}
	at := start
	for n := 1; n <= 3; n++ {
		d := workflows.RetryDelay(policy, "d1", n)
		nominal := 30 * time.Second << (n - 1)
		if d < nominal*8/10 || d > nominal*12/10 {
			t.Fatalf("wait %d = %v, nominal %v", n, d, nominal)
		}
		at = at.Add(d)
		if !r.attempts[n].Equal(at) || !r.waits[n-1].Equal(at) {
			t.Fatalf("attempt %d at %v (announced %v), want %v", n+1, r.attempts[n], r.waits[n-1], at)
		}
	}
	for i, in := range r.inputs {
		if in.RunAttempt != i+1 || in.DeliveryID != "d1" || in.Replay != 0 || in.RunID == "" || in.RunID != r.inputs[0].RunID {
			t.Fatalf("attempt input %d: %+v", i, in)
		}
	}
}

func TestDeliveryHonoursRetryAfter(t *testing.T) {
	limited := activities.DeliveryAttemptResult{Outcome: activities.OutcomeRetry, Status: 429, RetryAfterSeconds: 120}
	r := newDelivery(t, limited, limited, delivered)
	res, err := r.run(workflows.DeliveryInput{DeliveryID: "d2", Retry: policy})
	if err != nil || res.State != workflows.DeliveryDelivered || len(r.attempts) != 3 {
		t.Fatalf("%+v %v %d", res, err, len(r.attempts))
	}
	if !r.attempts[1].Equal(start.Add(2*time.Minute)) || !r.attempts[2].Equal(start.Add(4*time.Minute)) {
		t.Fatalf("attempts at %v", r.attempts)
	}
}

// A refusal ends at once (one attempt, the workflow fails); 410 Gone too.
func TestDeliveryFailsAtOnceOnRefusal(t *testing.T) {
	for _, out := range []activities.DeliveryAttemptResult{
		{Outcome: activities.OutcomeFailed, Status: 400, Error: "HTTP 400"},
		{Outcome: activities.OutcomeGone, Status: 410, Error: "410 Gone"},
	} {
		r := newDelivery(t, out)
		_, err := r.run(workflows.DeliveryInput{DeliveryID: "d3", Retry: policy})
		var app *temporal.ApplicationError
		if !errors.As(err, &app) || app.Type() != "DeliveryFailed" || len(r.attempts) != 1 || len(r.waits) != 0 {
			t.Fatalf("%s: %v after %d attempts", out.Outcome, err, len(r.attempts))
		}
	}
	r := newDelivery(t, activities.DeliveryAttemptResult{Outcome: activities.OutcomeSkipped})
	if res, err := r.run(workflows.DeliveryInput{DeliveryID: "d4", Replay: 2, Retry: policy}); err != nil || res.State != workflows.DeliverySkipped {
		t.Fatalf("skipped: %+v %v", res, err)
	}
	if r.inputs[0].Replay != 2 {
		t.Fatalf("replay not passed: %+v", r.inputs[0])
	}
}

// A target that never answers is tried until 24 h after the first attempt, then the
// delivery fails (and stays replayable).
func TestDeliveryGivesUpAfterTheRetryWindow(t *testing.T) {
	r := newDelivery(t, retry)
	_, err := r.run(workflows.DeliveryInput{DeliveryID: "d5", Retry: policy})
	if err == nil || len(r.gaveUp) != 1 {
		t.Fatalf("err %v, give-ups %d", err, len(r.gaveUp))
	}
	last := r.attempts[len(r.attempts)-1]
	next := last.Add(workflows.RetryDelay(policy, "d5", len(r.attempts)))
	if last.Sub(start) > 24*time.Hour || next.Sub(start) <= 24*time.Hour {
		t.Fatalf("last attempt %v after the start, the next would be %v", last.Sub(start), next.Sub(start))
	}
	// 30 s doubling to 1 h: 8 growing waits (≈ 2.1 h), then hourly: about 30 attempts in 24 h
	if n := len(r.attempts); n < 26 || n > 34 {
		t.Fatalf("%d attempts in 24 h", n)
	}
	t.Logf("%d attempts, the last %v after the first", len(r.attempts), last.Sub(start))
}

func TestRetryDelayIsBoundedAndSpread(t *testing.T) {
	seen := map[time.Duration]bool{}
	for i := 0; i < 50; i++ {
		id := "delivery-" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		d := workflows.RetryDelay(policy, id, 20)
		if d < 48*time.Minute || d > 72*time.Minute {
			t.Fatalf("capped wait %v", d)
		}
		if d != workflows.RetryDelay(policy, id, 20) {
			t.Fatal("the jitter is not deterministic")
		}
		seen[d] = true
	}
	if len(seen) < 40 {
		t.Fatalf("only %d distinct waits for 50 deliveries", len(seen))
	}
	if workflows.DeliveryWorkflowID("x", 0) != "webhook:x" || workflows.DeliveryWorkflowID("x", 2) != "webhook:x:replay-2" {
		t.Fatal("workflow ids")
	}
}
