package activities

import (
	"context"
	"errors"

	"go.temporal.io/sdk/temporal"

	"dwsurvey/services/language"
)

// AI translation activities (workflows/translation.go). Each records its result once in the
// job's rows: a retried or re-run activity does not translate a finished chunk again.

// Error types of TranslateChunk that the workflow treats specially.
const (
	// ErrTypeTranslationEnd ends the job at once (cancelled, provider refusal, daily budget).
	ErrTypeTranslationEnd = "TranslationEnd"
	// ErrTypeTranslationCancelled is a job the author cancelled.
	ErrTypeTranslationCancelled = "TranslationCancelled"
)

// ChunkInput names one chunk of a job.
type ChunkInput struct {
	JobID string
	Seq   int
	// Reason is why the chunk is given up (FailTranslationChunk).
	Reason string `json:",omitempty"`
}

// PrepareTranslation splits the survey's texts into chunks (once) and returns their number.
func (a *Activities) PrepareTranslation(ctx context.Context, jobID string) (int, error) {
	return a.Language.PrepareJob(ctx, jobID)
}

// TranslateChunk translates one chunk (once). Refusals that retrying cannot change are
// non-retryable; broken tags or placeholders and provider failures are retried.
func (a *Activities) TranslateChunk(ctx context.Context, in ChunkInput) error {
	err := a.Language.TranslateChunk(ctx, in.JobID, in.Seq)
	var refused *language.RefusedError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, language.ErrCancelled):
		return temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeTranslationCancelled, nil)
	case errors.Is(err, language.ErrDailyLimit), errors.As(err, &refused):
		return temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeTranslationEnd, nil)
	}
	return err
}

// FailTranslationChunk leaves a chunk untranslated with its last error (once).
func (a *Activities) FailTranslationChunk(ctx context.Context, in ChunkInput) error {
	return a.Language.FailChunk(ctx, in.JobID, in.Seq, in.Reason)
}

// TranslationOutcome is how a job ended.
type TranslationOutcome = language.Job

// FinishTranslation saves the translated texts as the language's draft and ends the job (once).
func (a *Activities) FinishTranslation(ctx context.Context, jobID string) (*TranslationOutcome, error) {
	return a.Language.FinishJob(ctx, jobID)
}

// EndTranslationInput ends a job that will not finish.
type EndTranslationInput struct {
	JobID     string
	Cancelled bool
	Message   string
}

// EndTranslation records a cancelled or failed job; nothing is saved (once).
func (a *Activities) EndTranslation(ctx context.Context, in EndTranslationInput) error {
	return a.Language.EndJob(ctx, in.JobID, in.Cancelled, in.Message)
}
