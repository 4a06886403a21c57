package starter

import (
	"context"

	"go.temporal.io/sdk/client"

	"dwsurvey/models"
	"dwsurvey/services/export"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows"
)

// Exports implements export.Canceller with a Temporal client.
type Exports struct {
	Client client.Client
}

var _ export.Canceller = (*Exports)(nil)

// CancelExport asks export:<id> to cancel; a workflow that has not started yet (its event
// still in the outbox) or has ended is fine: its row already says cancelled.
func (e *Exports) CancelExport(ctx context.Context, exportID string) error {
	err := e.Client.CancelWorkflow(ctx, workflows.ExportWorkflowID(exportID), "")
	if notRunning(err) {
		return nil
	}
	return err
}

// exportStart is the handler of export.start: it starts export:<id> once.
func exportStart(s Starter) outbox.Handler {
	return func(ctx context.Context, ev models.OutboxEvent) error {
		var p export.StartPayload
		if err := outbox.Decode(ev, &p); err != nil {
			return err
		}
		return s.StartOnce(ctx, workflows.ExportWorkflowID(p.ExportID), workflows.ExportWorkflow,
			workflows.ExportInput{ExportID: p.ExportID, TaskQueue: workflows.ExportTaskQueue(s.TaskQueue)})
	}
}

// EnsureExportExpirySchedule creates (or updates) the daily expiry of export files.
func EnsureExportExpirySchedule(ctx context.Context, c client.Client, cron, timeZone, taskQueue string) error {
	spec := client.ScheduleSpec{CronExpressions: []string{cron}, TimeZoneName: timeZone}
	action := &client.ScheduleWorkflowAction{ID: "export-expiry", Workflow: workflows.ExportExpiryWorkflow, Args: []any{500}, TaskQueue: taskQueue}
	return ensureSchedule(ctx, c, workflows.ExportExpiryScheduleID, spec, action)
}
