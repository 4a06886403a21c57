package review

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/outbox"
	lang "dwsurvey/survey"
)

// Chain is the review chain an answer starts with (the review.start payload and the
// workflow's input): it is never re-read from the settings later.
type Chain struct {
	AnswerID string `json:"answerId"`
	SurveyID string `json:"surveyId"`
	// Levels lists the assignee keys of each level (1..3).
	Levels    [][]string `json:"levels"`
	AdminStep bool       `json:"adminStep"`
	// AdminKeys decide the administrator step (the owner first, then the assigned ones);
	// an escalated level goes there even when AdminStep is off.
	AdminKeys       []string `json:"adminKeys"`
	RemindMinutes   int      `json:"remindMinutes,omitempty"`
	EscalateMinutes int      `json:"escalateMinutes,omitempty"`
	Revision        int      `json:"revision"`
}

// GradingStart is the grading.start payload and the grading workflow's input.
type GradingStart struct {
	AnswerID string `json:"answerId"`
	SurveyID string `json:"surveyId"`
	// Graders are the assignee keys allowed to grade besides survey staff (owner first).
	Graders []string          `json:"graders"`
	Items   []lang.ManualItem `json:"items"`
}

// Deleted is the review.deleted payload.
type Deleted struct {
	AnswerID string `json:"answerId"`
	SurveyID string `json:"surveyId"`
}

// Reviewed is the answer.reviewed payload (the final decision of a chain).
type Reviewed struct {
	AnswerID string `json:"answerId"`
	SurveyID string `json:"surveyId"`
	// Verdict is "pass" (the answer is reviewed) or "fail" (screened out).
	Verdict   string `json:"verdict"`
	Step      int    `json:"step"`
	DecidedBy string `json:"decidedBy"`
	Note      string `json:"verifyNote"`
	// DecidedAt is RFC 3339 UTC.
	DecidedAt string `json:"decidedAt"`
}

var _ answersvc.SubmitEvents = (*Service)(nil)

// SubmitEvents writes, with a submitted answer, the start of its review chain (when the
// survey's verification is on) and of its hand grading (when it answered hand-graded
// questions). It reads the settings through a short-lived cache (no Temporal call).
func (s *Service) SubmitEvents(ctx context.Context, a answersvc.Submitted) ([]outbox.Event, error) {
	var out []outbox.Event
	row, err := s.cachedSetting(ctx, a.Survey.ID)
	if err != nil {
		return nil, err
	}
	owner := keyUser + a.Survey.OwnerID
	if row != nil && row.Enabled && row.Levels > 0 {
		out = append(out, outbox.Event{Kind: KindReviewStart, Key: a.Answer.ID, Payload: chainOf(row, a.Answer, owner)})
	}
	if a.Answer.ScorePending == 1 {
		items := lang.ManualItemsOf(lang.ManualItems(a.Doc), storedAnswers(a.Answer.Document))
		graders := []string{owner}
		if row != nil {
			graders = appendNew(graders, keysOf(decodeAssignees(row.Graders))...)
		}
		out = append(out, outbox.Event{Kind: KindGradingStart, Key: a.Answer.ID,
			Payload: GradingStart{AnswerID: a.Answer.ID, SurveyID: a.Survey.ID, Graders: graders, Items: items}})
	}
	return out, nil
}

func chainOf(row *models.ReviewSetting, a *models.Answer, owner string) Chain {
	levels := decodeLevels(row.Reviewers)
	c := Chain{AnswerID: a.ID, SurveyID: a.SurveyID, AdminStep: row.AdminStep, AdminKeys: []string{owner},
		RemindMinutes: row.RemindMinutes, EscalateMinutes: row.EscalateMinutes, Revision: row.Revision}
	for i := 0; i < row.Levels && i < MaxLevels; i++ {
		var l []Assignee
		if i < len(levels) {
			l = levels[i]
		}
		c.Levels = append(c.Levels, keysOf(l))
	}
	c.AdminKeys = appendNew(c.AdminKeys, keysOf(decodeAssignees(row.Admins))...)
	return c
}

func appendNew(list []string, more ...string) []string {
	for _, m := range more {
		dup := false
		for _, l := range list {
			dup = dup || l == m
		}
		if !dup {
			list = append(list, m)
		}
	}
	return list
}

func storedAnswers(document string) []*lang.AnQuestion {
	var doc struct {
		AnQuestions []*lang.AnQuestion `json:"anQuestions"`
	}
	_ = json.Unmarshal([]byte(document), &doc)
	return doc.AnQuestions
}

// AnswersDeleted runs in the transaction that soft-deletes answers of a survey: answers in a
// review chain leave every queue at once and their chain is marked ended; for those and for
// answers waiting for hand grading a review.deleted event ends their workflows after
// commit (the caller nudges the outbox). It reports whether it wrote events.
func (s *Service) AnswersDeleted(tx *gorm.DB, now time.Time, surveyID string, rows []models.Answer) (bool, error) {
	if len(rows) == 0 {
		return false, nil
	}
	ids := make([]string, len(rows))
	pending := map[string]bool{}
	for i, r := range rows {
		ids[i] = r.ID
		pending[r.ID] = r.ScorePending == 1
	}
	var inChain []string
	if err := tx.Model(&models.ReviewTask{}).Where("answer_id IN ? AND state = ?", ids, models.ReviewWaiting).
		Order("answer_id").Pluck("answer_id", &inChain).Error; err != nil {
		return false, err
	}
	if len(inChain) > 0 {
		if err := tx.Where("answer_id IN ?", inChain).Delete(&models.ReviewQueueEntry{}).Error; err != nil {
			return false, err
		}
		if err := tx.Model(&models.ReviewTask{}).Where("answer_id IN ? AND state = ?", inChain, models.ReviewWaiting).
			Updates(map[string]any{"state": models.ReviewEnded, "finished_at": now, "updated_at": now}).Error; err != nil {
			return false, err
		}
	}
	var evs []outbox.Event
	chain := map[string]bool{}
	for _, id := range inChain {
		chain[id] = true
	}
	for _, id := range ids {
		if chain[id] || pending[id] {
			evs = append(evs, outbox.Event{Kind: KindAnswerDeleted, Key: id, Payload: Deleted{AnswerID: id, SurveyID: surveyID}})
		}
	}
	// an answer whose chain has not started yet (its review.start still waits in the
	// outbox) ends when its workflow starts and finds the answer deleted
	return len(evs) > 0, outbox.Add(tx, now, evs...)
}
