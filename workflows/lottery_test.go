package workflows_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/testsuite"

	"dwsurvey/activities"
	"dwsurvey/workflows"
)

// lotteryRun drives LotteryWorkflow in skipped time with recording activities.
type lotteryRun struct {
	env               *testsuite.TestWorkflowEnvironment
	entrantsAt, drawn []time.Time
}

func newLotteryRun() *lotteryRun {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.LotteryWorkflow)
	env.RegisterActivity(acts)
	r := &lotteryRun{env: env}
	env.OnActivity(acts.RecordLotteryEntrants, mock.Anything, mock.Anything).Return(
		func(_ context.Context, id string) (*activities.LotteryEntrants, error) {
			r.entrantsAt = append(r.entrantsAt, env.Now().UTC())
			return &activities.LotteryEntrants{LotteryID: id, Seed: "ab", Count: 20}, nil
		})
	env.OnActivity(acts.DrawLotteryWinners, mock.Anything, mock.Anything).Return(
		func(_ context.Context, id string) (*activities.LotteryDrawn, error) {
			r.drawn = append(r.drawn, env.Now().UTC())
			return &activities.LotteryDrawn{LotteryID: id, Winners: 4, Entrants: 20}, nil
		})
	return r
}

func (r *lotteryRun) result(t *testing.T) workflows.LotteryResult {
	t.Helper()
	if !r.env.IsWorkflowCompleted() {
		t.Fatal("workflow did not complete")
	}
	var res workflows.LotteryResult
	if err := r.env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	return res
}

// The draw happens at the draw time, not before: entrants are frozen then, winners drawn
// right after, each once.
func TestLotteryWorkflowDrawsAtTheDrawTime(t *testing.T) {
	r := newLotteryRun()
	drawAt := start.Add(36 * time.Hour)
	r.env.ExecuteWorkflow(workflows.LotteryWorkflow, workflows.LotteryInput{LotteryID: "L1", DrawAt: drawAt})
	res := r.result(t)
	if len(r.entrantsAt) != 1 || len(r.drawn) != 1 || r.entrantsAt[0].Before(drawAt) || r.drawn[0].Sub(drawAt) > time.Minute {
		t.Fatalf("entrants at %v, drawn at %v, want once at %v", r.entrantsAt, r.drawn, drawAt)
	}
	if res.Entrants != 20 || res.Winners != 4 || res.Seed != "ab" {
		t.Fatalf("result %+v", res)
	}
}

// A reschedule moves the draw (later, then earlier); draw-now draws at once.
func TestLotteryWorkflowRescheduleAndDrawNow(t *testing.T) {
	r := newLotteryRun()
	first := start.Add(10 * time.Hour)
	later := start.Add(30 * time.Hour)
	r.env.RegisterDelayedCallback(func() { r.env.SignalWorkflow(workflows.SignalLotteryReschedule, later) }, time.Hour)
	r.env.ExecuteWorkflow(workflows.LotteryWorkflow, workflows.LotteryInput{LotteryID: "L2", DrawAt: first})
	r.result(t)
	if len(r.drawn) != 1 || r.drawn[0].Before(later) {
		t.Fatalf("drawn at %v, want after the new time %v", r.drawn, later)
	}

	r = newLotteryRun()
	r.env.RegisterDelayedCallback(func() { r.env.SignalWorkflow(workflows.SignalLotteryDrawNow, nil) }, 2*time.Hour)
	r.env.ExecuteWorkflow(workflows.LotteryWorkflow, workflows.LotteryInput{LotteryID: "L3", DrawAt: start.Add(72 * time.Hour)})
	r.result(t)
	if len(r.drawn) != 1 || r.drawn[0].Sub(start) > 3*time.Hour {
		t.Fatalf("draw-now drew at %v", r.drawn)
	}
}

// A draw time in the past draws at once; a deleted lottery (skipped) ends without drawing.
func TestLotteryWorkflowPastAndSkipped(t *testing.T) {
	r := newLotteryRun()
	r.env.ExecuteWorkflow(workflows.LotteryWorkflow, workflows.LotteryInput{LotteryID: "L4", DrawAt: start.Add(-time.Hour)})
	r.result(t)
	if len(r.drawn) != 1 || !r.drawn[0].Equal(start) {
		t.Fatalf("past draw time: drawn at %v", r.drawn)
	}
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.LotteryWorkflow)
	env.RegisterActivity(acts)
	env.OnActivity(acts.RecordLotteryEntrants, mock.Anything, mock.Anything).Return(&activities.LotteryEntrants{Skipped: true}, nil)
	env.ExecuteWorkflow(workflows.LotteryWorkflow, workflows.LotteryInput{LotteryID: "gone", DrawAt: time.Now()})
	var res workflows.LotteryResult
	if err := env.GetWorkflowResult(&res); err != nil || !res.Skipped {
		t.Fatalf("skipped: %+v %v", res, err)
	}
	env.AssertNotCalled(t, "DrawLotteryWinners", mock.Anything, mock.Anything)
}
