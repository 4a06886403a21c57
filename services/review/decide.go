package review

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
)

// MaxNote is the longest verification note (characters).
const MaxNote = 500

// Refusals of decisions the service gives before asking the workflow (whose validator has
// the same words: workflows.Msg*, pinned by a test).
const (
	MsgBadValue      = "verifyValue must be 1 (pass) or 2 (fail)"
	MsgNoteTooLong   = "verifyNote is limited to 500 characters"
	MsgBadLevel      = "verifyLevel must be 1, 2 or 3 (a reviewer level) or 4 (the administrator step)"
	MsgChainFinished = "The review of this answer is already finished"
	MsgChainStarting = "The review of this answer is starting; try again in a moment"
	MsgNoEngine      = "The review workflows are not available; try again later"
)

// DecideInput is answer-verified.do on an answer in a review chain.
type DecideInput struct {
	AnswerID string
	Value    int
	Note     string
	// Level is the step the reviewer decides (verifyLevel: 1-3, 4 administrator); 0 means
	// the current step. Our console always sends it, so a second click on a step already
	// decided is refused instead of deciding the next one.
	Level int
}

// InChain reports whether an answer has a review chain (answer-verified.do then decides
// through the workflow; otherwise the flat verdict of services/analysis applies).
func (s *Service) InChain(ctx context.Context, answerID string) (bool, error) {
	var n int64
	err := s.DB.WithContext(ctx).Model(&models.ReviewTask{}).Where("answer_id = ?", strings.TrimSpace(answerID)).Count(&n).Error
	return n > 0, err
}

// ValidateDecision checks a decision's value, note and level (the same rules as the
// workflow's validator, checked first so that bad input never reaches Temporal).
func ValidateDecision(value int, note string, level int) error {
	if value != models.VerifyPass && value != models.VerifyFail {
		return models.Invalid(MsgBadValue)
	}
	if !utf8.ValidString(note) || utf8.RuneCountInString(note) > MaxNote {
		return models.Invalid(MsgNoteTooLong)
	}
	if level < 0 || level > models.ReviewStepAdmin {
		return models.Invalid(MsgBadLevel)
	}
	return nil
}

// Decide records a reviewer's verdict on an answer in its chain through the answer's
// workflow (a Temporal Update whose validator refuses a user not assigned to the current
// step, a step that is not current or already decided, a finished chain, a bad value or
// note; a refusal changes nothing). It returns the next answer of the caller's queue in the
// same survey (oldest first), or nil.
func (s *Service) Decide(ctx context.Context, p *account.Principal, in DecideInput, e audit.Entry) (*QueueRow, error) {
	in.Note = strings.TrimSpace(in.Note)
	if err := ValidateDecision(in.Value, in.Note, in.Level); err != nil {
		return nil, err
	}
	a, err := s.answerHead(ctx, in.AnswerID)
	if err != nil {
		return nil, err
	}
	task, _, keys, err := s.chainAccess(ctx, p, a)
	if err != nil {
		return nil, err
	}
	if task == nil {
		return nil, models.ErrNotFound
	}
	if task.State != models.ReviewWaiting {
		return nil, models.Invalid(MsgChainFinished)
	}
	if s.Engine == nil {
		return nil, models.Invalid(MsgNoEngine)
	}
	out, err := s.Engine.Decide(ctx, a.ID, Decision{Step: in.Level, UserID: p.UserID, Keys: keys, Value: in.Value, Note: in.Note})
	if errors.Is(err, ErrNoWorkflow) {
		if t, e2 := s.task(ctx, a.ID); e2 == nil && t.State != models.ReviewWaiting {
			return nil, models.Invalid(MsgChainFinished)
		}
		return nil, models.Invalid(MsgChainStarting)
	}
	if err != nil {
		return nil, err
	}
	verdict := "pass"
	if out.Value == models.VerifyFail {
		verdict = "fail"
	}
	notes := "answer " + a.ID + ": " + RoleOfStep(out.Step) + " " + verdict
	if out.Finished {
		notes += " (chain " + out.State + ")"
	}
	s.record(ctx, e, "Review decision", notes)
	next, _, err := s.queueEntries(ctx, keys, a.SurveyID, 0, 2)
	if err != nil {
		return nil, err
	}
	for _, n := range next {
		if n.AnswerID != a.ID {
			rows, err := s.queueRows(ctx, []queueEntry{n})
			if err != nil || len(rows) == 0 {
				return nil, err
			}
			return &rows[0], nil
		}
	}
	return nil, nil
}

func (s *Service) task(ctx context.Context, answerID string) (*models.ReviewTask, error) {
	var t models.ReviewTask
	err := s.DB.WithContext(ctx).Where("answer_id = ?", answerID).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &t, err
}

// StepName names a chain step for messages ("level 2", "administrator").
func StepName(step int) string {
	if step == models.ReviewStepAdmin {
		return "administrator"
	}
	return "level " + strconv.Itoa(step)
}
