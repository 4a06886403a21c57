package activities

import (
	"context"

	"go.temporal.io/sdk/activity"

	"dwsurvey/models"
	"dwsurvey/services/contacts"
)

// Invitation activities (workflows/invitation.go). Each is idempotent: sends are claimed
// and recorded per person (services/contacts.SendBatch), rounds are planned once.

// End states of a distribution (FinishInput.State).
const (
	DistributionFinished = models.DistributionFinished
	DistributionStopped  = models.DistributionStopped
)

// RoundInput names a round of a distribution.
type RoundInput = contacts.RoundInput

// PlanResult is a planned reminder round.
type PlanResult = contacts.PlanResult

// BatchInput asks for the next messages of a round.
type BatchInput = contacts.BatchInput

// BatchResult counts one batch.
type BatchResult = contacts.BatchResult

// FinishInput ends a distribution.
type FinishInput = contacts.FinishInput

// PlanInvitationRound plans a reminder round for those who have not answered.
func (a *Activities) PlanInvitationRound(ctx context.Context, in RoundInput) (PlanResult, error) {
	return a.Contacts.PlanRound(ctx, in)
}

// SendInvitationBatch sends and records the next messages of a round, heartbeating after each.
func (a *Activities) SendInvitationBatch(ctx context.Context, in BatchInput) (BatchResult, error) {
	return a.Contacts.SendBatch(ctx, in, func() { activity.RecordHeartbeat(ctx) })
}

// FinishDistribution records the end of a distribution.
func (a *Activities) FinishDistribution(ctx context.Context, in FinishInput) error {
	return a.Contacts.FinishDistribution(ctx, in)
}
