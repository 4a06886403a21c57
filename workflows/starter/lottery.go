package starter

import (
	"context"
	"errors"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"dwsurvey/models"
	"dwsurvey/services/lottery"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows"
)

// registerLottery: a saved schedule starts lottery:<lotteryId> or moves its draw time; a
// draw-now command signals it. A lottery whose workflow has ended (drawn) starts nothing new.
func registerLottery(d *outbox.Dispatcher, st Starter) {
	d.Register(lottery.KindSchedule, lotterySignal(st, workflows.SignalLotteryReschedule))
	d.Register(lottery.KindDrawNow, lotterySignal(st, workflows.SignalLotteryDrawNow))
}

func lotterySignal(st Starter, signal string) outbox.Handler {
	return func(ctx context.Context, ev models.OutboxEvent) error {
		var p lottery.Schedule
		if err := outbox.Decode(ev, &p); err != nil {
			return err
		}
		var arg any = p.DrawAt
		if signal == workflows.SignalLotteryDrawNow {
			arg = nil
		}
		_, err := st.Client.SignalWithStartWorkflow(ctx, workflows.LotteryWorkflowID(p.LotteryID), signal, arg,
			client.StartWorkflowOptions{ID: workflows.LotteryWorkflowID(p.LotteryID), TaskQueue: st.TaskQueue,
				WorkflowTaskTimeout:   st.WorkflowTaskTimeout,
				WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE},
			workflows.LotteryWorkflow, workflows.LotteryInput{LotteryID: p.LotteryID, DrawAt: p.DrawAt})
		var started *serviceerror.WorkflowExecutionAlreadyStarted
		if errors.As(err, &started) { // the draw has run: nothing to start again
			return nil
		}
		return err
	}
}
