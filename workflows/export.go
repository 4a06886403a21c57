package workflows

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// ExportWorkflowID is the id of the workflow of an export.
func ExportWorkflowID(exportID string) string { return "export:" + exportID }

// ExportTaskQueue is the task queue of export activities: a worker polls it with its own
// concurrency limit (export.concurrency), so exports beyond the limit wait there, visibly
// queued, without holding back the product's other activities.
func ExportTaskQueue(base string) string { return base + "-export" }

// ExportInput is one export request.
type ExportInput struct {
	ExportID string
	// TaskQueue runs RunExport (ExportTaskQueue of the product's queue).
	TaskQueue string
	// HeartbeatTimeout: a worker silent this long is taken as dead and the export resumes
	// on another (0: 30 s).
	HeartbeatTimeout time.Duration `json:",omitempty"`
}

// ExportWorkflow is one export: run it (resumable from its heartbeat, retried when a
// worker dies), and when it cannot finish — cancelled by the author or failed for good —
// discard its parts and file and record why.
func ExportWorkflow(ctx workflow.Context, in ExportInput) error {
	hb := in.HeartbeatTimeout
	if hb <= 0 {
		hb = 30 * time.Second
	}
	var a *activities.Activities
	run := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		TaskQueue:           in.TaskQueue,
		StartToCloseTimeout: 12 * time.Hour,
		HeartbeatTimeout:    hb,
		WaitForCancellation: true,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute,
			MaximumAttempts: 5, NonRetryableErrorTypes: []string{activities.ErrTypeExportCancelled}},
	})
	err := workflow.ExecuteActivity(run, a.RunExport, activities.ExportInput{ExportID: in.ExportID}).Get(ctx, nil)
	if err == nil {
		return nil
	}
	var app *temporal.ApplicationError
	cancelled := temporal.IsCanceledError(err) || (errors.As(err, &app) && app.Type() == activities.ErrTypeExportCancelled)
	msg := "The export failed; try again or contact the administrator"
	if !cancelled && errors.As(err, &app) && app.Message() != "" {
		msg = app.Message()
	}
	dctx, _ := workflow.NewDisconnectedContext(ctx)
	dctx = workflow.WithActivityOptions(dctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	if derr := workflow.ExecuteActivity(dctx, a.DiscardExport, activities.DiscardInput{ExportID: in.ExportID, Cancelled: cancelled, Message: msg}).Get(dctx, nil); derr != nil {
		return errors.Join(err, derr)
	}
	if cancelled && !temporal.IsCanceledError(err) {
		return nil // cancelled through its row before it ran: nothing more to report
	}
	return err
}

// ExportExpiryScheduleID is the id of the daily Temporal Schedule of ExportExpiryWorkflow.
const ExportExpiryScheduleID = "export-expiry-daily"

// ExportExpiryWorkflow deletes every expired export file, batch by batch.
func ExportExpiryWorkflow(ctx workflow.Context, batch int) (int, error) {
	if batch < 1 {
		batch = 500
	}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	var a *activities.Activities
	total := 0
	for i := 0; i < 200; i++ {
		var n int
		if err := workflow.ExecuteActivity(ctx, a.ExpireExports, batch).Get(ctx, &n); err != nil {
			return total, err
		}
		total += n
		if n < batch {
			break
		}
	}
	return total, nil
}
