package survey

import (
	"context"
	"log/slog"
)

// CollectionHook is told, after the commit, that a survey was published or changed state
// (up-survey-status.do), so that its collection workflow is started or signalled.
// services/collect implements it; errors are logged (the database change stands).
type CollectionHook interface {
	Published(ctx context.Context, surveyID string) error
	StateChanged(ctx context.Context, surveyID string, from, to int) error
}

func (s *Service) published(ctx context.Context, surveyID string) {
	if s.Collection == nil {
		return
	}
	if err := s.Collection.Published(context.WithoutCancel(ctx), surveyID); err != nil {
		slog.Error("collection workflow after publish", "survey", surveyID, "err", err)
	}
}

func (s *Service) stateChanged(ctx context.Context, surveyID string, from, to int) {
	if s.Collection == nil || from == to {
		return
	}
	if err := s.Collection.StateChanged(context.WithoutCancel(ctx), surveyID, from, to); err != nil {
		slog.Error("collection workflow after a state change", "survey", surveyID, "from", from, "to", to, "err", err)
	}
}
