// Package workflows holds the Temporal workflow definitions. Workflow code is
// deterministic: time comes from workflow.Now, work is done by activities.
package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// LogArchiveScheduleID is the id of the daily Temporal Schedule that starts LogArchiveWorkflow.
const LogArchiveScheduleID = "log-archive-daily"

// LogArchiveInput configures one archive run.
type LogArchiveInput struct {
	// OlderThanDays: rows created more than this many days before the run start are archived.
	OlderThanDays int
	// BatchSize rows are moved per activity call.
	BatchSize int
	// Cutoff, when set (continue-as-new), overrides the computed cutoff so that a long run
	// keeps one consistent boundary.
	Cutoff time.Time
	// MovedSoFar carries the count across continue-as-new.
	MovedSoFar int
	// BatchTimeout bounds one batch (activity start-to-close); 0 means 2 minutes. A batch
	// handed to a worker that stops is retried elsewhere after this long.
	BatchTimeout time.Duration
}

// LogArchiveResult reports a finished run.
type LogArchiveResult struct {
	Cutoff  time.Time
	Moved   int
	Batches int
}

// batchesPerRun bounds the history length; the run continues as new after that many batches.
const batchesPerRun = 500

// LogArchiveWorkflow moves system log rows older than the cutoff to the archive table,
// batch by batch, until none is left.
func LogArchiveWorkflow(ctx workflow.Context, in LogArchiveInput) (LogArchiveResult, error) {
	var a *activities.Activities
	return archiveInBatches(ctx, in, a.ArchiveLogBatch, LogArchiveWorkflow)
}

// archiveInBatches is the story of the archive workflows: with a cutoff fixed at the first
// run's start, move one batch (activity batch, idempotent) after another until a batch comes
// back short; after batchesPerRun batches continue as new (self) with the same cutoff.
func archiveInBatches(ctx workflow.Context, in LogArchiveInput, batch, self any) (LogArchiveResult, error) {
	if in.OlderThanDays < 1 {
		in.OlderThanDays = 180
	}
	if in.BatchSize < 1 {
		in.BatchSize = 500
	}
	cutoff := in.Cutoff
	if cutoff.IsZero() {
		cutoff = workflow.Now(ctx).UTC().Add(-time.Duration(in.OlderThanDays) * 24 * time.Hour)
	}
	if in.BatchTimeout <= 0 {
		in.BatchTimeout = 2 * time.Minute
	}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: in.BatchTimeout,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	res := LogArchiveResult{Cutoff: cutoff, Moved: in.MovedSoFar}
	for res.Batches < batchesPerRun {
		var moved int
		if err := workflow.ExecuteActivity(ctx, batch, activities.ArchiveBatchInput{Cutoff: cutoff, BatchSize: in.BatchSize}).Get(ctx, &moved); err != nil {
			return res, err
		}
		res.Batches++
		res.Moved += moved
		if moved < in.BatchSize {
			return res, nil
		}
	}
	next := in
	next.Cutoff, next.MovedSoFar = cutoff, res.Moved
	return res, workflow.NewContinueAsNewError(ctx, self, next)
}
