package workflows_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
	"dwsurvey/workflows"
)

var start = time.Date(2025, 3, 10, 3, 30, 0, 0, time.UTC)

func newEnv(t *testing.T) (*testsuite.TestWorkflowEnvironment, *activities.Activities) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.LogArchiveWorkflow)
	env.RegisterActivity(acts)
	return env, acts
}

func TestLogArchiveMovesBatchesUntilDone(t *testing.T) {
	env, acts := newEnv(t)
	var calls []activities.ArchiveBatchInput
	moves := []int{10, 10, 3}
	env.OnActivity(acts.ArchiveLogBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.ArchiveBatchInput) (int, error) {
			calls = append(calls, in)
			return moves[len(calls)-1], nil
		})
	env.ExecuteWorkflow(workflows.LogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 30, BatchSize: 10})
	if !env.IsWorkflowCompleted() || env.GetWorkflowError() != nil {
		t.Fatalf("workflow: completed=%v err=%v", env.IsWorkflowCompleted(), env.GetWorkflowError())
	}
	var res workflows.LogArchiveResult
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	wantCutoff := start.Add(-30 * 24 * time.Hour)
	if res.Moved != 23 || res.Batches != 3 || !res.Cutoff.Equal(wantCutoff) {
		t.Fatalf("result = %+v, want 23 rows in 3 batches, cutoff %v", res, wantCutoff)
	}
	if len(calls) != 3 {
		t.Fatalf("%d activity calls", len(calls))
	}
	for _, c := range calls {
		if !c.Cutoff.Equal(wantCutoff) || c.BatchSize != 10 {
			t.Fatalf("activity input %+v: the cutoff must come from workflow time and stay fixed", c)
		}
	}
}

func TestLogArchiveDefaults(t *testing.T) {
	env, acts := newEnv(t)
	var got activities.ArchiveBatchInput
	env.OnActivity(acts.ArchiveLogBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.ArchiveBatchInput) (int, error) { got = in; return 0, nil })
	env.ExecuteWorkflow(workflows.LogArchiveWorkflow, workflows.LogArchiveInput{})
	var res workflows.LogArchiveResult
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	if got.BatchSize != 500 || !got.Cutoff.Equal(start.Add(-180*24*time.Hour)) || res.Moved != 0 || res.Batches != 1 {
		t.Fatalf("defaults: input %+v result %+v", got, res)
	}
}

func TestLogArchiveRetriesFailedBatch(t *testing.T) {
	env, acts := newEnv(t)
	n := 0
	env.OnActivity(acts.ArchiveLogBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.ArchiveBatchInput) (int, error) {
			n++
			if n <= 2 {
				return 0, errors.New("database is restarting")
			}
			return 4, nil
		})
	env.ExecuteWorkflow(workflows.LogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 1, BatchSize: 5})
	var res workflows.LogArchiveResult
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatalf("a transient failure must be retried: %v", err)
	}
	if res.Moved != 4 || n != 3 {
		t.Fatalf("result %+v after %d calls", res, n)
	}
}

func TestLogArchiveContinuesAsNew(t *testing.T) {
	env, acts := newEnv(t)
	calls := 0
	env.OnActivity(acts.ArchiveLogBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.ArchiveBatchInput) (int, error) {
			calls++
			return in.BatchSize, nil
		})
	env.ExecuteWorkflow(workflows.LogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 7, BatchSize: 2, MovedSoFar: 5})
	if !env.IsWorkflowCompleted() {
		t.Fatal("not completed")
	}
	var can *workflow.ContinueAsNewError
	if !errors.As(env.GetWorkflowError(), &can) {
		t.Fatalf("want continue-as-new after a full run of batches, got %v", env.GetWorkflowError())
	}
	if calls != 500 {
		t.Fatalf("%d batches before continue-as-new, want 500", calls)
	}
	var next workflows.LogArchiveInput
	if err := converter.GetDefaultDataConverter().FromPayloads(can.Input, &next); err != nil {
		t.Fatal(err)
	}
	wantCutoff := start.Add(-7 * 24 * time.Hour)
	if !next.Cutoff.Equal(wantCutoff) || next.MovedSoFar != 5+1000 || next.BatchSize != 2 || next.OlderThanDays != 7 {
		t.Fatalf("continue-as-new input = %+v", next)
	}
}

func TestLogArchiveContinuedRunKeepsCutoff(t *testing.T) {
	env, acts := newEnv(t)
	fixed := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	var got activities.ArchiveBatchInput
	env.OnActivity(acts.ArchiveLogBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.ArchiveBatchInput) (int, error) { got = in; return 1, nil })
	// Time passes in the continued run: the cutoff must not move.
	env.RegisterDelayedCallback(func() {}, time.Hour)
	env.ExecuteWorkflow(workflows.LogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 7, BatchSize: 10, Cutoff: fixed, MovedSoFar: 1000})
	var res workflows.LogArchiveResult
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	if !got.Cutoff.Equal(fixed) || !res.Cutoff.Equal(fixed) || res.Moved != 1001 {
		t.Fatalf("continued run: input %+v result %+v", got, res)
	}
}
