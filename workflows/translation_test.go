package workflows_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"dwsurvey/activities"
	"dwsurvey/workflows"
)

// translationRun drives TranslationWorkflow in skipped time; chunk decides each call of
// TranslateChunk (seq, attempt from 1).
type translationRun struct {
	env    *testsuite.TestWorkflowEnvironment
	mu     sync.Mutex
	calls  map[int]int
	failed map[int]string
	ended  []activities.EndTranslationInput
	done   bool
}

func newTranslationRun(chunks int, chunk func(seq, attempt int) error) *translationRun {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.TranslationWorkflow)
	env.RegisterActivity(acts)
	r := &translationRun{env: env, calls: map[int]int{}, failed: map[int]string{}}
	env.OnActivity(acts.PrepareTranslation, mock.Anything, mock.Anything).Return(chunks, nil)
	env.OnActivity(acts.TranslateChunk, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.ChunkInput) error {
		r.mu.Lock()
		r.calls[in.Seq]++
		n := r.calls[in.Seq]
		r.mu.Unlock()
		return chunk(in.Seq, n)
	})
	env.OnActivity(acts.FailTranslationChunk, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.ChunkInput) error {
		r.mu.Lock()
		r.failed[in.Seq] = in.Reason
		r.mu.Unlock()
		return nil
	})
	env.OnActivity(acts.FinishTranslation, mock.Anything, mock.Anything).Return(func(context.Context, string) (*activities.TranslationOutcome, error) {
		r.done = true
		return &activities.TranslationOutcome{State: "done"}, nil
	})
	env.OnActivity(acts.EndTranslation, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.EndTranslationInput) error {
		r.ended = append(r.ended, in)
		return nil
	})
	return r
}

func (r *translationRun) result(t *testing.T) workflows.TranslationResult {
	t.Helper()
	if !r.env.IsWorkflowCompleted() {
		t.Fatal("workflow did not complete")
	}
	var res workflows.TranslationResult
	if err := r.env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	return res
}

// A chunk that fails twice (a time-out, then broken tags) succeeds on its third attempt; the
// others are called once each; the draft is saved.
func TestTranslationWorkflowRetriesAChunk(t *testing.T) {
	r := newTranslationRun(3, func(seq, attempt int) error {
		if seq == 1 && attempt == 1 {
			return errors.New("the AI provider did not answer within 1m30s")
		}
		if seq == 1 && attempt == 2 {
			return temporal.NewApplicationError("the translation was refused: text 2: HTML tags changed", "InvalidChunkError")
		}
		return nil
	})
	r.env.ExecuteWorkflow(workflows.TranslationWorkflow, workflows.TranslationInput{JobID: "j1"})
	res := r.result(t)
	if res.State != "done" || res.DoneChunks != 3 || res.FailedChunks != 0 || !r.done {
		t.Fatalf("result %+v done=%v", res, r.done)
	}
	if r.calls[0] != 1 || r.calls[1] != 3 || r.calls[2] != 1 || len(r.failed) != 0 {
		t.Fatalf("calls %v failed %v", r.calls, r.failed)
	}
}

// Partial failure: a chunk whose placeholders never survive is tried ChunkAttempts times,
// then left untranslated with its last reason; the rest is translated and saved.
func TestTranslationWorkflowLeavesABrokenChunkUntranslated(t *testing.T) {
	r := newTranslationRun(4, func(seq, attempt int) error {
		if seq == 2 {
			return temporal.NewApplicationError("the translation was refused: text 1: placeholders changed ({Q1} became )", "InvalidChunkError")
		}
		return nil
	})
	r.env.ExecuteWorkflow(workflows.TranslationWorkflow, workflows.TranslationInput{JobID: "j2", ChunkAttempts: 4})
	res := r.result(t)
	if res.State != "done" || res.DoneChunks != 3 || res.FailedChunks != 1 || !r.done {
		t.Fatalf("result %+v", res)
	}
	if r.calls[2] != 4 || r.failed[2] != "the translation was refused: text 1: placeholders changed ({Q1} became )" {
		t.Fatalf("calls %v failed %v", r.calls, r.failed)
	}
}

// A provider refusal ends the job at once: no retry, no later chunk, nothing saved, the
// reason recorded.
func TestTranslationWorkflowStopsWhenTheProviderRefuses(t *testing.T) {
	r := newTranslationRun(3, func(seq, attempt int) error {
		if seq == 1 {
			return temporal.NewNonRetryableApplicationError("the AI provider refused the request (HTTP 401): Incorrect API key provided.", activities.ErrTypeTranslationEnd, nil)
		}
		return nil
	})
	r.env.ExecuteWorkflow(workflows.TranslationWorkflow, workflows.TranslationInput{JobID: "j3"})
	res := r.result(t)
	if res.State != "failed" || r.done || r.calls[1] != 1 || r.calls[2] != 0 {
		t.Fatalf("result %+v done=%v calls %v", res, r.done, r.calls)
	}
	if len(r.ended) != 1 || r.ended[0].Cancelled || r.ended[0].Message != "the AI provider refused the request (HTTP 401): Incorrect API key provided." {
		t.Fatalf("ended %+v", r.ended)
	}
}

// The author cancels while a chunk waits for its retry: the job ends cancelled, nothing saved.
func TestTranslationWorkflowCancel(t *testing.T) {
	r := newTranslationRun(5, func(seq, attempt int) error {
		if seq == 1 {
			return errors.New("the AI provider is busy (HTTP 429)")
		}
		return nil
	})
	r.env.RegisterDelayedCallback(func() { r.env.CancelWorkflow() }, 30*time.Second)
	r.env.ExecuteWorkflow(workflows.TranslationWorkflow, workflows.TranslationInput{JobID: "j4", ChunkAttempts: 10, RetryInterval: 20 * time.Second})
	res := r.result(t)
	if res.State != "cancelled" || r.done || r.calls[2] != 0 {
		t.Fatalf("result %+v done=%v calls %v", res, r.done, r.calls)
	}
	if len(r.ended) != 1 || !r.ended[0].Cancelled {
		t.Fatalf("ended %+v", r.ended)
	}
}
