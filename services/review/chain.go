package review

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/outbox"
)

// The database side of a review chain: each method is an idempotent step that the review
// workflow's activities run (a retry after a commit changes nothing more).

// StepEntry puts an answer at a step of its chain.
type StepEntry struct {
	AnswerID string
	SurveyID string
	Step     int
	// Keys may decide the step (the queue's assignees).
	Keys []string
	// Chain is the answer's chain (stored with the task for read access and display).
	Chain Chain
	// At is when the step begins (workflow time, UTC); DueAt its escalation deadline.
	At    time.Time
	DueAt *time.Time
	// EscalatedFrom is the level that was escalated to this (administrator) step.
	EscalatedFrom int
}

// ErrAnswerGone: the answer was deleted (the chain ends).
var ErrAnswerGone = errors.New("the answer was deleted")

// EnterStep records that an answer waits at a step: the task row, the queue rows of the
// step's assignees and an "entered" (or "escalated") event. It returns ErrAnswerGone when
// the answer was deleted (the task is then marked ended), and does nothing on a chain that
// already finished.
func (s *Service) EnterStep(ctx context.Context, e StepEntry) error {
	chain, _ := json.Marshal(e.Chain)
	now := s.now()
	gone := false
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var a models.Answer
		err := s.lock(tx).Select("id", "deleted_at").Where("id = ?", e.AnswerID).Take(&a).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && a.DeletedAt != nil) {
			gone = true
			return s.endTask(tx, e.AnswerID, e.SurveyID, now)
		}
		if err != nil {
			return err
		}
		var cur models.ReviewTask
		err = tx.Where("answer_id = ?", e.AnswerID).Take(&cur).Error
		switch {
		case err == nil && cur.State != models.ReviewWaiting:
			return nil // finished: a late retry
		case err != nil && !errors.Is(err, gorm.ErrRecordNotFound):
			return err
		}
		task := models.ReviewTask{AnswerID: e.AnswerID, SurveyID: e.SurveyID, Step: e.Step, State: models.ReviewWaiting,
			Chain: string(chain), EnteredAt: e.At, DueAt: e.DueAt, EscalatedFrom: e.EscalatedFrom, UpdatedAt: now}
		if err := tx.Save(&task).Error; err != nil {
			return err
		}
		if err := tx.Where("answer_id = ?", e.AnswerID).Delete(&models.ReviewQueueEntry{}).Error; err != nil {
			return err
		}
		rows := make([]models.ReviewQueueEntry, 0, len(e.Keys))
		for _, k := range e.Keys {
			rows = append(rows, models.ReviewQueueEntry{Assignee: k, SurveyID: e.SurveyID, EnteredAt: e.At, AnswerID: e.AnswerID, Step: e.Step})
		}
		if len(rows) > 0 {
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error; err != nil {
				return err
			}
		}
		ev := models.ReviewEvent{ID: e.AnswerID + ":entered:" + strconv.Itoa(e.Step), AnswerID: e.AnswerID, Kind: "entered", Step: e.Step, CreatedAt: e.At}
		if e.EscalatedFrom > 0 {
			ev.ID, ev.Kind, ev.Note = e.AnswerID+":escalated:"+strconv.Itoa(e.EscalatedFrom), "escalated", "from level "+strconv.Itoa(e.EscalatedFrom)
		}
		return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ev).Error
	})
	if err == nil && gone {
		return ErrAnswerGone
	}
	return err
}

func (s *Service) lock(tx *gorm.DB) *gorm.DB {
	if s.mysql() {
		return tx.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return tx
}

// endTask marks a waiting chain ended and empties its queue rows (in tx).
func (s *Service) endTask(tx *gorm.DB, answerID, surveyID string, now time.Time) error {
	if err := tx.Where("answer_id = ?", answerID).Delete(&models.ReviewQueueEntry{}).Error; err != nil {
		return err
	}
	res := tx.Model(&models.ReviewTask{}).Where("answer_id = ? AND state = ?", answerID, models.ReviewWaiting).
		Updates(map[string]any{"state": models.ReviewEnded, "finished_at": now, "updated_at": now})
	if res.Error != nil {
		return res.Error
	}
	ev := models.ReviewEvent{ID: answerID + ":ended", AnswerID: answerID, Kind: "ended", Note: "answer deleted", CreatedAt: now}
	return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ev).Error
}

// EndChain ends the chain of a deleted answer (idempotent).
func (s *Service) EndChain(ctx context.Context, answerID, surveyID string) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return s.endTask(tx, answerID, surveyID, s.now())
	})
}

// Remind records the n-th reminder of a waiting step (shown in the queue and the timeline).
func (s *Service) Remind(ctx context.Context, answerID string, step, n int, at time.Time) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&models.ReviewTask{}).Where("answer_id = ? AND step = ? AND state = ? AND reminders < ?",
			answerID, step, models.ReviewWaiting, n).Update("reminders", n).Error; err != nil {
			return err
		}
		ev := models.ReviewEvent{ID: answerID + ":reminded:" + strconv.Itoa(step) + ":" + strconv.Itoa(n), AnswerID: answerID,
			Kind: "reminded", Step: step, Note: "reminder " + strconv.Itoa(n), CreatedAt: at}
		return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ev).Error
	})
}

// DecisionRecord is a decision accepted by the workflow, to store.
type DecisionRecord struct {
	AnswerID string
	SurveyID string
	Step     int
	// Final: a pass at this step ends the chain (the answer is reviewed).
	Final  bool
	UserID string
	Value  int
	Note   string
	At     time.Time
}

// RoleOfStep is the answer_reviews.role of a chain step.
func RoleOfStep(step int) string {
	if step == models.ReviewStepAdmin {
		return "admin"
	}
	return "level" + strconv.Itoa(step)
}

// RecordDecision stores a decision in one transaction: its own answer_reviews row, the
// step's verdict and note on the answer (verify1..3 / verifyAdmin), and the chain's state.
// A fail screens the answer out (statistics subtracted, as a flat verdict does) and ends
// the chain; the last pass marks the answer reviewed; either writes the answer.reviewed
// outbox event. The step's queue rows go. Recording the same step again returns the first
// outcome. ErrAnswerGone when the answer was deleted.
func (s *Service) RecordDecision(ctx context.Context, d DecisionRecord) (*Outcome, error) {
	out := &Outcome{Step: d.Step, Value: d.Value, State: models.ReviewWaiting}
	if d.Value == models.VerifyFail {
		out.Finished, out.State = true, models.ReviewFailed
	} else if d.Final {
		out.Finished, out.State = true, models.ReviewPassed
	}
	reviewID := d.AnswerID + ":" + strconv.Itoa(d.Step)
	var head models.Answer
	err := s.DB.WithContext(ctx).Select("id", "survey_id", "survey_version").Where("id = ?", d.AnswerID).Take(&head).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrAnswerGone
	}
	if err != nil {
		return nil, err
	}
	var qt map[string]string
	if out.Finished {
		if qt, _, err = s.Answers.QuestionTypes(ctx, &models.Survey{ID: head.SurveyID}, head.SurveyVersion); err != nil {
			return nil, err
		}
	}
	wrote := false
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur struct {
			models.Answer
			Device string
		}
		err := s.lock(tx.Table("answers")).Where("id = ?", d.AnswerID).Take(&cur).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && (cur.DeletedAt != nil || cur.SaveStatus != models.AnswerSubmitted)) {
			return ErrAnswerGone
		}
		if err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&models.AnswerReview{}).Where("id = ?", reviewID).Count(&n).Error; err != nil || n > 0 {
			return err // recorded before: a retry
		}
		a := &cur.Answer
		if err := tx.Create(&models.AnswerReview{ID: reviewID, AnswerID: a.ID, SurveyID: a.SurveyID, UserID: d.UserID,
			Role: RoleOfStep(d.Step), VerifyValue: d.Value, Note: d.Note, CreatedAt: d.At}).Error; err != nil {
			return err
		}
		upd := map[string]any{"updated_at": d.At}
		switch d.Step {
		case 1, 2, 3:
			col := "verify" + strconv.Itoa(d.Step)
			upd[col], upd[col+"_note"] = d.Value, d.Note
		default:
			upd["verify_admin"], upd["admin_note"] = d.Value, d.Note
		}
		if out.Finished {
			vu, _, err := s.Answers.Verdict(tx, a, cur.Device, qt, d.Value)
			if err != nil {
				return err
			}
			for k, v := range vu {
				upd[k] = v
			}
			upd["handle_state"] = d.Value
		}
		if err := tx.Model(&models.Answer{}).Where("id = ?", a.ID).Updates(upd).Error; err != nil {
			return err
		}
		if err := tx.Where("answer_id = ?", a.ID).Delete(&models.ReviewQueueEntry{}).Error; err != nil {
			return err
		}
		task := map[string]any{"step": d.Step, "updated_at": d.At}
		if out.Finished {
			task["state"], task["finished_at"] = out.State, d.At
		}
		if err := tx.Model(&models.ReviewTask{}).Where("answer_id = ?", a.ID).Updates(task).Error; err != nil {
			return err
		}
		if !out.Finished {
			return nil
		}
		verdict := "pass"
		if d.Value == models.VerifyFail {
			verdict = "fail"
		}
		wrote = true
		return outbox.Add(tx, d.At, outbox.Event{Kind: KindAnswerReviewed, Key: a.ID, Payload: Reviewed{AnswerID: a.ID,
			SurveyID: a.SurveyID, Verdict: verdict, Step: d.Step, DecidedBy: d.UserID, Note: d.Note, DecidedAt: d.At.UTC().Format(time.RFC3339)}})
	})
	if err != nil {
		return nil, err
	}
	if wrote {
		outbox.Nudge(s.Outbox)
	}
	return out, nil
}
