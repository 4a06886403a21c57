package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// InvitationWorkflowID is the workflow id of a distribution: `invitation:<distributionId>`.
func InvitationWorkflowID(distributionID string) string { return "invitation:" + distributionID }

// InvitationInput starts the invitations of one distribution (services/contacts): the
// reminder schedule the author chose and the send rate of the configuration (workflows
// never read the configuration: the starter puts it here).
type InvitationInput struct {
	DistributionID string
	// PerMinute bounds the messages sent per minute (config mail.per_minute).
	PerMinute int
	// Reminders rounds go to the people who have not answered, RemindEvery apart.
	Reminders   int
	RemindEvery time.Duration
	// Heartbeat is the activities' heartbeat timeout: how soon a batch of a dead worker moves
	// to another (1 minute when 0; tests shorten it).
	Heartbeat time.Duration `json:",omitempty"`
}

// InvitationResult is how a distribution ended.
type InvitationResult struct {
	State                                   string // finished or stopped
	Reason                                  string
	Rounds                                  int // rounds sent (1 = the invitation only)
	Sent, Failed, Bounced, Skipped, Unknown int
}

// StopSignal stops a distribution at once (the author's stop also works without it: every
// step reads the distribution's state).
const StopSignal = "stop"

// RemindSignal is the author's "remind now": the wait for the next reminder ends at once (a
// signal that arrives while a batch is being sent ends the next wait).
const RemindSignal = "remind"

// InvitationWorkflow is one distribution: send the invitation to everybody in batches of at
// most PerMinute messages a minute; then, Reminders times, wait RemindEvery and send a
// reminder to those who still have not answered. It ends early when the survey ends, the
// author stops it (state or StopSignal), or everybody answered. Each send is recorded per
// person by the activities, so a worker that dies mid-batch sends nobody twice.
func InvitationWorkflow(ctx workflow.Context, in InvitationInput) (InvitationResult, error) {
	heartbeat := in.Heartbeat
	if heartbeat <= 0 {
		heartbeat = time.Minute
	}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// a batch is at most PerMinute messages of up to 30 s each; heartbeats after every
		// message let a dead worker's batch move to another within HeartbeatTimeout
		StartToCloseTimeout: 30 * time.Minute,
		HeartbeatTimeout:    heartbeat,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: 5 * time.Second, BackoffCoefficient: 2, MaximumInterval: 5 * time.Minute},
	})
	var a *activities.Activities
	res := InvitationResult{}
	perMinute := max(1, in.PerMinute)
	stopped := false
	stopCh := workflow.GetSignalChannel(ctx, StopSignal)
	remindCh := workflow.GetSignalChannel(ctx, RemindSignal)
	finish := func(state, reason string) (InvitationResult, error) {
		res.State, res.Reason = state, reason
		err := workflow.ExecuteActivity(ctx, a.FinishDistribution, activities.FinishInput{
			DistributionID: in.DistributionID, State: state, Reason: reason}).Get(ctx, nil)
		return res, err
	}
	for round := 0; ; round++ {
		if round > 0 {
			var plan activities.PlanResult
			if err := workflow.ExecuteActivity(ctx, a.PlanInvitationRound, activities.RoundInput{
				DistributionID: in.DistributionID, Round: round}).Get(ctx, &plan); err != nil {
				return res, err
			}
			if plan.Stop != "" {
				return finish(activities.DistributionStopped, plan.Stop)
			}
			if plan.Planned == 0 {
				return finish(activities.DistributionFinished, "everybody answered")
			}
		}
		for {
			var b activities.BatchResult
			if err := workflow.ExecuteActivity(ctx, a.SendInvitationBatch, activities.BatchInput{
				DistributionID: in.DistributionID, Round: round, Limit: perMinute}).Get(ctx, &b); err != nil {
				return res, err
			}
			res.Sent += b.Sent
			res.Failed += b.Failed
			res.Bounced += b.Bounced
			res.Skipped += b.Skipped
			res.Unknown += b.Unknown
			if b.Stop != "" {
				return finish(activities.DistributionStopped, b.Stop)
			}
			if b.Remaining == 0 {
				break
			}
			// the rate: one batch of at most PerMinute messages a minute
			if stopped = sleepOrStop(ctx, stopCh, nil, time.Minute); stopped {
				return finish(activities.DistributionStopped, "stopped by the author")
			}
		}
		res.Rounds = round + 1
		if round >= in.Reminders {
			return finish(activities.DistributionFinished, "")
		}
		if stopped = sleepOrStop(ctx, stopCh, remindCh, max(in.RemindEvery, time.Minute)); stopped {
			return finish(activities.DistributionStopped, "stopped by the author")
		}
	}
}

// sleepOrStop waits d, or until a stop signal arrives (true), or a remind signal on
// remindCh (nil: not listened to) ends the wait early (false).
func sleepOrStop(ctx workflow.Context, stopCh, remindCh workflow.ReceiveChannel, d time.Duration) bool {
	stopped := false
	timerCtx, cancel := workflow.WithCancel(ctx)
	sel := workflow.NewSelector(ctx)
	sel.AddFuture(workflow.NewTimer(timerCtx, d), func(workflow.Future) {})
	sel.AddReceive(stopCh, func(c workflow.ReceiveChannel, _ bool) {
		c.Receive(ctx, nil)
		stopped = true
	})
	if remindCh != nil {
		sel.AddReceive(remindCh, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil) })
	}
	sel.Select(ctx)
	cancel()
	return stopped
}
