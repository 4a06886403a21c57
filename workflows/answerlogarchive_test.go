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

func newAnswerLogEnv() (*testsuite.TestWorkflowEnvironment, *activities.Activities) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.AnswerLogArchiveWorkflow)
	env.RegisterActivity(acts)
	return env, acts
}

func TestAnswerLogArchiveMovesBatchesUntilDone(t *testing.T) {
	env, acts := newAnswerLogEnv()
	var calls []activities.ArchiveBatchInput
	moves := []int{4, 4, 1}
	env.OnActivity(acts.ArchiveAnswerLogBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.ArchiveBatchInput) (int, error) {
			calls = append(calls, in)
			return moves[len(calls)-1], nil
		})
	// the system log's activity is never called by the answer log's workflow
	env.OnActivity(acts.ArchiveLogBatch, mock.Anything, mock.Anything).Return(0, errors.New("wrong table"))
	env.ExecuteWorkflow(workflows.AnswerLogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 90, BatchSize: 4})
	var res workflows.LogArchiveResult
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	want := start.Add(-90 * 24 * time.Hour)
	if res.Moved != 9 || res.Batches != 3 || !res.Cutoff.Equal(want) || len(calls) != 3 {
		t.Fatalf("result %+v after %d calls", res, len(calls))
	}
	for _, c := range calls {
		if !c.Cutoff.Equal(want) || c.BatchSize != 4 {
			t.Fatalf("batch input %+v: cutoff from workflow time, fixed for the run", c)
		}
	}
}

func TestAnswerLogArchiveRetriesThenContinuesAsNew(t *testing.T) {
	env, acts := newAnswerLogEnv()
	calls := 0
	env.OnActivity(acts.ArchiveAnswerLogBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.ArchiveBatchInput) (int, error) {
			calls++
			if calls == 1 {
				return 0, errors.New("database restarting")
			}
			return in.BatchSize, nil
		})
	env.ExecuteWorkflow(workflows.AnswerLogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 7, BatchSize: 3})
	var can *workflow.ContinueAsNewError
	if !errors.As(env.GetWorkflowError(), &can) {
		t.Fatalf("want continue-as-new after a full run, got %v", env.GetWorkflowError())
	}
	if calls != 501 { // one failed attempt retried, then 500 full batches
		t.Fatalf("%d activity calls", calls)
	}
	if can.WorkflowType.Name != "AnswerLogArchiveWorkflow" {
		t.Fatalf("continues as %s", can.WorkflowType.Name)
	}
	var next workflows.LogArchiveInput
	if err := converter.GetDefaultDataConverter().FromPayloads(can.Input, &next); err != nil {
		t.Fatal(err)
	}
	if next.MovedSoFar != 1500 || !next.Cutoff.Equal(start.Add(-7*24*time.Hour)) {
		t.Fatalf("next input %+v", next)
	}
}
