package activities

import (
	"context"
	"errors"
	"sync"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"dwsurvey/models"
	"dwsurvey/services/export"
)

// ExportInput names the export a workflow runs.
type ExportInput struct {
	ExportID string
}

// ErrTypeExportCancelled is the (non-retryable) error type of an export whose row was cancelled.
const ErrTypeExportCancelled = "ExportCancelled"

// RunExport runs an export from the position of the last heartbeat (a retry after a worker
// crash replays the stored parts and reads on, re-reading at most the page in flight). It
// heartbeats after every page and, between pages and while the file is finished, every
// third of the heartbeat timeout (at most 5 s), so a slow page on a busy machine does not
// make the attempt look dead. Idempotent: a finished export returns at once.
func (a *Activities) RunExport(ctx context.Context, in ExportInput) error {
	var from export.Progress
	if activity.HasHeartbeatDetails(ctx) {
		if err := activity.GetHeartbeatDetails(ctx, &from); err != nil {
			from = export.Progress{}
		}
	}
	var mu sync.Mutex
	last := from
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		every := 5 * time.Second
		if hb := activity.GetInfo(ctx).HeartbeatTimeout; hb > 0 {
			every = max(100*time.Millisecond, min(every, hb/3))
		}
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				mu.Lock()
				p := last
				mu.Unlock()
				activity.RecordHeartbeat(ctx, p)
			}
		}
	}()
	err := a.Export.Run(ctx, in.ExportID, from, func(p export.Progress) {
		mu.Lock()
		last = p
		mu.Unlock()
		activity.RecordHeartbeat(ctx, p)
	})
	if errors.Is(err, export.ErrCancelled) {
		return temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeExportCancelled, err)
	}
	return err
}

// DiscardInput ends an export that will not finish.
type DiscardInput struct {
	ExportID string
	// Cancelled: the author cancelled (else it failed with Message).
	Cancelled bool
	Message   string
}

// DiscardExport deletes an unfinished export's parts and file and records why. Idempotent.
func (a *Activities) DiscardExport(ctx context.Context, in DiscardInput) error {
	if in.Cancelled {
		return a.Export.Discard(ctx, in.ExportID, models.ExportCancelled, "")
	}
	return a.Export.Discard(ctx, in.ExportID, models.ExportFailed, in.Message)
}

// ExpireExports deletes up to batch expired export files; it returns how many.
func (a *Activities) ExpireExports(ctx context.Context, batch int) (int, error) {
	return a.Export.Expire(ctx, batch)
}
