package answer

import (
	"context"
	"encoding/json"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/outbox"
	lang "dwsurvey/survey"
)

// Submitted is an answer about to be stored as submitted (a new answer or a draft turned
// into one), with the survey row and the document of the version it was given on.
type Submitted struct {
	Answer *models.Answer
	Survey *models.Survey
	Doc    *lang.Survey
	// Common is the client's answerCommon as sent (features read their own keys from it, e.g.
	// evalRater; never trusted beyond what the feature checks).
	Common json.RawMessage
}

// SubmitEvents is a feature that reacts to submitted answers through the outbox (a review
// chain, webhook deliveries, manual grading). Its events are written in the answer's own
// transaction, so they exist exactly when the answer does; a retried submission (a replay)
// writes nothing again.
type SubmitEvents interface {
	// SubmitEvents runs before the answer's transaction, on the submit path: keep it fast
	// (no Temporal call; cache what it reads from the database).
	SubmitEvents(ctx context.Context, a Submitted) ([]outbox.Event, error)
}

// submitEvents asks every registered feature for the events of a submitted answer.
func (s *Service) submitEvents(ctx context.Context, a Submitted) ([]outbox.Event, error) {
	var out []outbox.Event
	for _, f := range s.Events {
		evs, err := f.SubmitEvents(ctx, a)
		if err != nil {
			return nil, err
		}
		out = append(out, evs...)
	}
	return out, nil
}

// SubmitRows is a feature that stores rows of its own with each submitted answer (an
// eval360 rating): they are created in the answer's transaction (a row that exists already
// is kept), so they exist exactly when the answer does.
type SubmitRows interface {
	// SubmitRows runs before the answer's transaction, on the submit path: keep it fast.
	SubmitRows(ctx context.Context, a Submitted) ([]any, error)
}

// submitRows asks every registered row feature for the rows of a submitted answer.
func (s *Service) submitRows(ctx context.Context, a Submitted) ([]any, error) {
	var out []any
	for _, f := range s.RowFeatures {
		rows, err := f.SubmitRows(ctx, a)
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}

// createRows stores the rows of SubmitRows features in tx, keeping rows that exist already.
func createRows(tx *gorm.DB, rows []any) error {
	for _, r := range rows {
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(r).Error; err != nil {
			return err
		}
	}
	return nil
}
