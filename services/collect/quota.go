package collect

import (
	"context"
	"errors"

	"dwsurvey/models"
)

// QuotaRow is one quota of anon/survey-answer-quota/list.do.
type QuotaRow struct {
	Key   string `json:"key"`
	Text  string `json:"text"`
	Cap   int    `json:"cap"`
	Count int    `json:"count"`
	Full  bool   `json:"full"`
}

// Quotas lists the quotas of the published document with their counts (anonymous: the
// counts are what the respondent's quota-full warning shows anyway).
func (s *Service) Quotas(ctx context.Context, sidOrID string) ([]QuotaRow, error) {
	sv, hits, err := s.Answers.QuotaStates(ctx, sidOrID)
	if err != nil {
		return nil, err
	}
	if sv.DeletedAt != nil {
		return nil, models.ErrNotFound
	}
	out := make([]QuotaRow, 0, len(hits))
	for _, h := range hits {
		out = append(out, QuotaRow{Key: h.Key, Text: h.Quota, Cap: h.Cap, Count: h.Count, Full: h.Full})
	}
	return out, nil
}

var _ = errors.New
