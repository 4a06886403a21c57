package starter

import (
	"context"

	"go.temporal.io/sdk/client"

	"dwsurvey/models"
	"dwsurvey/services/language"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows"
)

// Translations implements language.Canceller with a Temporal client.
type Translations struct {
	Client client.Client
}

var _ language.Canceller = (*Translations)(nil)

// CancelTranslation asks translation:<jobId> to cancel; a workflow that has not started yet
// or has ended is fine: the job's row already says cancelled.
func (t *Translations) CancelTranslation(ctx context.Context, jobID string) error {
	err := t.Client.CancelWorkflow(ctx, workflows.TranslationWorkflowID(jobID), "")
	if notRunning(err) {
		return nil
	}
	return err
}

// translationStart is the handler of translation.start: it starts translation:<jobId> once,
// with the chunk settings of opts.
func translationStart(s Starter, opts workflows.TranslationInput) outbox.Handler {
	return func(ctx context.Context, ev models.OutboxEvent) error {
		var p language.StartPayload
		if err := outbox.Decode(ev, &p); err != nil {
			return err
		}
		in := opts
		in.JobID = p.JobID
		return s.StartOnce(ctx, workflows.TranslationWorkflowID(p.JobID), workflows.TranslationWorkflow, in)
	}
}
