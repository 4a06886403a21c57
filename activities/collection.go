package activities

import "context"

// OpenCollectionInput opens collection of a survey.
type OpenCollectionInput struct{ SurveyID string }

// CloseCollectionInput closes collection of a survey for Reason (returnToEdit: back to designing).
type CloseCollectionInput struct {
	SurveyID string
	Reason   string
}

// OpenCollection makes the survey collect. Idempotent (see collect.Service.Open).
func (a *Activities) OpenCollection(ctx context.Context, in OpenCollectionInput) error {
	return a.Collect.Open(ctx, in.SurveyID)
}

// CloseCollection ends collection. Idempotent: closing a closed survey changes nothing.
func (a *Activities) CloseCollection(ctx context.Context, in CloseCollectionInput) error {
	return a.Collect.Close(ctx, in.SurveyID, in.Reason)
}
