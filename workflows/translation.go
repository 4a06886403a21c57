package workflows

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// TranslationWorkflowID is the id of the workflow of an AI translation job.
func TranslationWorkflowID(jobID string) string { return "translation:" + jobID }

// TranslationInput is one AI translation job (services/language: a survey and a language).
type TranslationInput struct {
	JobID string
	// ChunkTimeout bounds one provider call (90 s when 0); ChunkAttempts is how often a chunk
	// is tried before it is left untranslated (3 when 0).
	ChunkTimeout  time.Duration `json:",omitempty"`
	ChunkAttempts int32         `json:",omitempty"`
	// RetryInterval is the first wait between attempts (2 s when 0).
	RetryInterval time.Duration `json:",omitempty"`
}

// TranslationResult is how the job ended.
type TranslationResult struct {
	State        string
	DoneChunks   int
	FailedChunks int
}

// TranslationWorkflow is the story of an AI translation: split the survey's texts into
// chunks that fit one request; translate them one after the other, each chunk an activity
// with a time-out and retries (a chunk whose tags or placeholders do not survive is retried,
// then left untranslated and listed); save what was translated as the language's draft for
// the author to review. A refusal by the provider, the daily budget or the author's cancel
// ends the job with nothing saved. Chunks are recorded when done, so a worker that dies
// between chunks resumes with the next one.
func TranslationWorkflow(ctx workflow.Context, in TranslationInput) (TranslationResult, error) {
	var a *activities.Activities
	short := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	timeout, attempts, interval := in.ChunkTimeout, in.ChunkAttempts, in.RetryInterval
	if timeout <= 0 {
		timeout = 90 * time.Second
	}
	if attempts <= 0 {
		attempts = 3
	}
	if interval <= 0 {
		interval = 2 * time.Second
	}
	chunkCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: timeout,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: interval, BackoffCoefficient: 2, MaximumInterval: time.Minute,
			MaximumAttempts: attempts, NonRetryableErrorTypes: []string{activities.ErrTypeTranslationEnd, activities.ErrTypeTranslationCancelled}},
	})
	end := func(cause error, cancelled bool, msg string) (TranslationResult, error) {
		dctx, _ := workflow.NewDisconnectedContext(ctx)
		dctx = workflow.WithActivityOptions(dctx, workflow.ActivityOptions{
			StartToCloseTimeout: time.Minute,
			RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
		})
		if err := workflow.ExecuteActivity(dctx, a.EndTranslation, activities.EndTranslationInput{JobID: in.JobID, Cancelled: cancelled, Message: msg}).Get(dctx, nil); err != nil {
			return TranslationResult{}, errors.Join(cause, err)
		}
		if cancelled {
			return TranslationResult{State: "cancelled"}, nil
		}
		return TranslationResult{State: "failed"}, nil
	}
	var n int
	if err := workflow.ExecuteActivity(short, a.PrepareTranslation, in.JobID).Get(ctx, &n); err != nil {
		if temporal.IsCanceledError(err) {
			return end(err, true, "")
		}
		return end(err, false, translationMessage(err))
	}
	res := TranslationResult{}
	for seq := 0; seq < n; seq++ {
		err := workflow.ExecuteActivity(chunkCtx, a.TranslateChunk, activities.ChunkInput{JobID: in.JobID, Seq: seq}).Get(ctx, nil)
		if err == nil {
			res.DoneChunks++
			continue
		}
		var app *temporal.ApplicationError
		switch {
		case temporal.IsCanceledError(err) || (errors.As(err, &app) && app.Type() == activities.ErrTypeTranslationCancelled):
			return end(err, true, "")
		case errors.As(err, &app) && app.Type() == activities.ErrTypeTranslationEnd:
			return end(err, false, app.Message())
		}
		if ferr := workflow.ExecuteActivity(short, a.FailTranslationChunk, activities.ChunkInput{JobID: in.JobID, Seq: seq, Reason: translationMessage(err)}).Get(ctx, nil); ferr != nil {
			if temporal.IsCanceledError(ferr) {
				return end(ferr, true, "")
			}
			return TranslationResult{}, ferr
		}
		res.FailedChunks++
	}
	if err := workflow.ExecuteActivity(short, a.FinishTranslation, in.JobID).Get(ctx, nil); err != nil {
		if temporal.IsCanceledError(err) {
			return end(err, true, "")
		}
		return TranslationResult{}, err
	}
	res.State = "done"
	return res, nil
}

// translationMessage is the innermost application error's message of an activity failure.
func translationMessage(err error) string {
	var app *temporal.ApplicationError
	if errors.As(err, &app) && app.Message() != "" {
		return app.Message()
	}
	var to *temporal.TimeoutError
	if errors.As(err, &to) {
		return "the AI provider did not answer in time"
	}
	return err.Error()
}
