package activities

import (
	"context"

	"dwsurvey/services/webhook"
)

// Webhook delivery activities (workflows/webhook.go). Each is idempotent: an attempt is
// recorded under its number, so a retried activity overwrites its own row.

// DeliveryAttemptInput asks for one attempt of a delivery by the run RunID (of replay
// Replay, 0 for the first run); RunAttempt counts from 1 within the run.
type DeliveryAttemptInput = webhook.AttemptInput

// DeliveryAttemptResult is the outcome of one attempt.
type DeliveryAttemptResult = webhook.AttemptResult

// Attempt outcomes (DeliveryAttemptResult.Outcome).
const (
	OutcomeDelivered = webhook.OutcomeDelivered
	OutcomeRetry     = webhook.OutcomeRetry
	OutcomeFailed    = webhook.OutcomeFailed
	OutcomeGone      = webhook.OutcomeGone
	OutcomeSkipped   = webhook.OutcomeSkipped
)

// DeliveryWaitInput records the time of the next attempt.
type DeliveryWaitInput = webhook.WaitInput

// DeliveryGiveUpInput ends a delivery after the retry window.
type DeliveryGiveUpInput = webhook.GiveUpInput

// AttemptDelivery sends one attempt and records it (see webhook.Service.Attempt).
func (a *Activities) AttemptDelivery(ctx context.Context, in DeliveryAttemptInput) (DeliveryAttemptResult, error) {
	return a.Webhook.Attempt(ctx, in)
}

// DeliveryWaiting records when the next attempt is due.
func (a *Activities) DeliveryWaiting(ctx context.Context, in DeliveryWaitInput) error {
	return a.Webhook.Waiting(ctx, in)
}

// GiveUpDelivery marks a delivery failed after its retry window (replayable).
func (a *Activities) GiveUpDelivery(ctx context.Context, in DeliveryGiveUpInput) error {
	return a.Webhook.GiveUp(ctx, in)
}
