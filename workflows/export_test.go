package workflows_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"dwsurvey/activities"
	"dwsurvey/workflows"
)

func newExportEnv(t *testing.T) (*testsuite.TestWorkflowEnvironment, *activities.Activities, *[]activities.DiscardInput) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.ExportWorkflow)
	env.RegisterActivity(acts)
	var discards []activities.DiscardInput
	env.OnActivity(acts.DiscardExport, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.DiscardInput) error {
		discards = append(discards, in)
		return nil
	}).Maybe()
	return env, acts, &discards
}

var exportIn = workflows.ExportInput{ExportID: "ex1", TaskQueue: "q-export"}

func TestExportWorkflowRunsOnce(t *testing.T) {
	env, acts, discards := newExportEnv(t)
	runs := 0
	env.OnActivity(acts.RunExport, mock.Anything, activities.ExportInput{ExportID: "ex1"}).Return(func(context.Context, activities.ExportInput) error {
		runs++
		return nil
	})
	env.ExecuteWorkflow(workflows.ExportWorkflow, exportIn)
	if !env.IsWorkflowCompleted() || env.GetWorkflowError() != nil || runs != 1 || len(*discards) != 0 {
		t.Fatalf("completed=%v err=%v runs=%d discards=%v", env.IsWorkflowCompleted(), env.GetWorkflowError(), runs, *discards)
	}
}

// A worker that dies is retried (the activity resumes from its heartbeat); an export that
// keeps failing is discarded as failed with the reason, and the workflow fails.
func TestExportWorkflowRetriesThenDiscardsAsFailed(t *testing.T) {
	env, acts, discards := newExportEnv(t)
	runs := 0
	env.OnActivity(acts.RunExport, mock.Anything, mock.Anything).Return(func(context.Context, activities.ExportInput) error {
		runs++
		return errors.New("disk full")
	})
	env.ExecuteWorkflow(workflows.ExportWorkflow, exportIn)
	if !env.IsWorkflowCompleted() || env.GetWorkflowError() == nil {
		t.Fatalf("completed=%v err=%v", env.IsWorkflowCompleted(), env.GetWorkflowError())
	}
	if runs != 5 || len(*discards) != 1 || (*discards)[0].Cancelled || (*discards)[0].Message != "disk full" {
		t.Fatalf("runs=%d discards=%+v", runs, *discards)
	}
}

// An export cancelled through its row (before or while the worker ran it) is not retried:
// its parts and file are discarded as cancelled and the workflow ends quietly.
func TestExportWorkflowCancelledRow(t *testing.T) {
	env, acts, discards := newExportEnv(t)
	runs := 0
	env.OnActivity(acts.RunExport, mock.Anything, mock.Anything).Return(func(context.Context, activities.ExportInput) error {
		runs++
		return temporal.NewNonRetryableApplicationError("the export was cancelled", activities.ErrTypeExportCancelled, nil)
	})
	env.ExecuteWorkflow(workflows.ExportWorkflow, exportIn)
	if !env.IsWorkflowCompleted() || env.GetWorkflowError() != nil || runs != 1 || len(*discards) != 1 || !(*discards)[0].Cancelled {
		t.Fatalf("err=%v runs=%d discards=%+v", env.GetWorkflowError(), runs, *discards)
	}
}

// Cancelling the workflow cancels the running activity and discards the export.
func TestExportWorkflowCancelled(t *testing.T) {
	env, acts, discards := newExportEnv(t)
	env.SetTestTimeout(20 * time.Second)
	env.OnActivity(acts.RunExport, mock.Anything, mock.Anything).Return(func(ctx context.Context, _ activities.ExportInput) error {
		for ctx.Err() == nil { // a running export heartbeats after every page
			activity.RecordHeartbeat(ctx, 1)
			time.Sleep(20 * time.Millisecond)
		}
		return ctx.Err()
	})
	env.RegisterDelayedCallback(env.CancelWorkflow, time.Second)
	env.ExecuteWorkflow(workflows.ExportWorkflow, exportIn)
	if !env.IsWorkflowCompleted() || !temporal.IsCanceledError(env.GetWorkflowError()) {
		t.Fatalf("completed=%v err=%v", env.IsWorkflowCompleted(), env.GetWorkflowError())
	}
	if len(*discards) != 1 || !(*discards)[0].Cancelled {
		t.Fatalf("discards=%+v", *discards)
	}
}

func TestExportExpiryWorkflowLoopsUntilDone(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.ExportExpiryWorkflow)
	env.RegisterActivity(acts)
	left := []int{10, 10, 4}
	env.OnActivity(acts.ExpireExports, mock.Anything, 10).Return(func(context.Context, int) (int, error) {
		n := left[0]
		left = left[1:]
		return n, nil
	})
	env.ExecuteWorkflow(workflows.ExportExpiryWorkflow, 10)
	var n int
	if err := env.GetWorkflowResult(&n); err != nil || n != 24 || len(left) != 0 {
		t.Fatalf("n=%d err=%v left=%v", n, err, left)
	}
}
