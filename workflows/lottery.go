package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// LotteryWorkflowID is the workflow id of a scheduled lottery: `lottery:<lotteryId>`.
func LotteryWorkflowID(lotteryID string) string { return "lottery:" + lotteryID }

// Signals of LotteryWorkflow.
const (
	// SignalLotteryReschedule carries a new draw time (time.Time, UTC).
	SignalLotteryReschedule = "reschedule"
	// SignalLotteryDrawNow draws at once (the author's command).
	SignalLotteryDrawNow = "draw-now"
)

// LotteryInput starts the draw of one scheduled lottery at DrawAt.
type LotteryInput struct {
	LotteryID string
	DrawAt    time.Time
}

// LotteryResult is how the draw ended.
type LotteryResult struct {
	Entrants int
	Winners  int
	Seed     string
	// Skipped: the lottery was deleted or is not scheduled any more.
	Skipped bool
}

// LotteryWorkflow is the story of a scheduled draw: wait until the draw time (the author may
// move it, or draw now); freeze the entrants - the eligible answers at that moment - and
// record a random seed with them; draw the winners from the seed (HMAC-SHA256 order, so
// anyone can re-run it from the published record) and give each a redemption code. Both
// steps are idempotent activities that record their result once, so a worker that dies
// between or inside them changes nothing.
func LotteryWorkflow(ctx workflow.Context, in LotteryInput) (LotteryResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute},
	})
	drawAt := in.DrawAt
	reschedule := workflow.GetSignalChannel(ctx, SignalLotteryReschedule)
	drawNow := workflow.GetSignalChannel(ctx, SignalLotteryDrawNow)
	for {
		wait := drawAt.Sub(workflow.Now(ctx))
		if wait <= 0 {
			break
		}
		timerCtx, cancel := workflow.WithCancel(ctx)
		timer := workflow.NewTimer(timerCtx, wait)
		sel := workflow.NewSelector(ctx)
		sel.AddFuture(timer, func(workflow.Future) {})
		sel.AddReceive(reschedule, func(c workflow.ReceiveChannel, _ bool) {
			var t time.Time
			c.Receive(ctx, &t)
			drawAt = t
		})
		sel.AddReceive(drawNow, func(c workflow.ReceiveChannel, _ bool) {
			c.Receive(ctx, nil)
			drawAt = workflow.Now(ctx)
		})
		sel.Select(ctx)
		cancel()
	}
	var a *activities.Activities
	var ent activities.LotteryEntrants
	if err := workflow.ExecuteActivity(ctx, a.RecordLotteryEntrants, in.LotteryID).Get(ctx, &ent); err != nil {
		return LotteryResult{}, err
	}
	if ent.Skipped {
		return LotteryResult{Skipped: true}, nil
	}
	var drawn activities.LotteryDrawn
	if err := workflow.ExecuteActivity(ctx, a.DrawLotteryWinners, in.LotteryID).Get(ctx, &drawn); err != nil {
		return LotteryResult{}, err
	}
	return LotteryResult{Entrants: ent.Count, Winners: drawn.Winners, Seed: ent.Seed, Skipped: drawn.Skipped}, nil
}
