// Package review is the verification and grading side of answers (docs/api-review.md):
// a survey's review chain (reviewer levels 1-3, then the administrator) and its graders,
// the outbox events that start one review workflow and one grading workflow per submitted
// answer, the reviewer's queue, the decisions (Temporal Updates through Engine) and the
// database changes the workflows' activities make, hand grading with its audit, and score
// statistics.
//
// Who may do what:
//   - the review settings: the survey's owner or a design collaborator;
//   - a decision: a user assigned to the current step of the answer's chain (by account,
//     department or role; the administrator step: the owner and the assigned
//     administrators) - the workflow's validator decides, from the chain the answer
//     started with;
//   - reading an answer in review: survey staff with data rights and every user assigned
//     to any step of its chain;
//   - grading: the owner, data collaborators and the survey's graders; re-grading an
//     answer already graded: the owner only (audited with the old and new scores).
//
// Anybody else gets "not found".
package review

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
)

// Outbox event kinds of this package.
const (
	// KindReviewStart starts review:<answerId> (payload Chain).
	KindReviewStart = "review.start"
	// KindGradingStart starts grading:<answerId> (payload GradingStart).
	KindGradingStart = "grading.start"
	// KindAnswerDeleted ends the answer's review and grading workflows (payload Deleted).
	KindAnswerDeleted = "review.deleted"
	// KindAnswerReviewed is written in the transaction of a chain's final decision (the
	// last pass, or a fail), key <answerId>, payload Reviewed: the "answer reviewed" webhook
	// event consumes it.
	KindAnswerReviewed = "answer.reviewed"
)

// Engine runs the decisions and gradings through the answers' workflows
// (workflows/starter.Review implements it).
type Engine interface {
	// Decide runs the decide Update of review:<answerId> and waits for its result. A
	// refusal of the workflow's validator is a models.Invalid error with its message;
	// ErrNoWorkflow when no run is open.
	Decide(ctx context.Context, answerID string, d Decision) (*Outcome, error)
	// Grade runs the grade Update of grading:<answerId> (same errors).
	Grade(ctx context.Context, answerID string, g Grade) error
}

// ErrNoWorkflow: the answer has no open review (or grading) workflow.
var ErrNoWorkflow = errors.New("no open workflow for this answer")

// Decision is a reviewer's verdict as the workflow's validator checks it.
type Decision struct {
	// Step the reviewer decides (1-3 levels, 4 administrator); 0 means the current step.
	Step   int
	UserID string
	// Keys are the assignee keys of the user (u:<id>, d:<dept>, r:<role>).
	Keys  []string
	Value int
	Note  string
}

// Outcome is what a recorded decision did.
type Outcome struct {
	Step     int
	Value    int
	Finished bool   // the chain ended (a fail, or the last pass)
	State    string // waiting | passed | failed
}

// Grade is a grader's scores as the grading workflow's validator checks them.
type Grade struct {
	UserID string
	Keys   []string
	// Staff: the owner or a data collaborator (graders are also listed in the input).
	Staff  bool
	Scores []ItemScore
}

// ItemScore is the hand score of one question.
type ItemScore struct {
	QuDwID string  `json:"quDwId"`
	Score  float64 `json:"score"`
}

// Service implements review chains and hand grading.
type Service struct {
	DB      *gorm.DB
	Surveys *surveysvc.Service
	Answers *answersvc.Service
	Audit   *audit.Recorder
	// Engine reaches the workflows (nil: decisions on chains and gradings are refused).
	Engine Engine
	// Outbox is nudged after commits that wrote events (nil: the dispatchers poll).
	Outbox outbox.Nudger
	Now    func() time.Time

	settings settingsCache
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) mysql() bool { return s.DB.Dialector.Name() == "mysql" }

// Assignee keys: a user, a department (its members), a role (its holders).
const (
	keyUser = "u:"
	keyDept = "d:"
	keyRole = "r:"
)

// UserKeys are the assignee keys of a user: its account, departments and roles.
func (s *Service) UserKeys(ctx context.Context, userID string) ([]string, error) {
	keys := []string{keyUser + userID}
	var depts, roles []string
	db := s.DB.WithContext(ctx)
	if err := db.Model(&models.UserDepartment{}).Where("user_id = ?", userID).Order("dept_id").Pluck("dept_id", &depts).Error; err != nil {
		return nil, err
	}
	if err := db.Model(&models.UserRole{}).Where("user_id = ?", userID).Order("role_id").Pluck("role_id", &roles).Error; err != nil {
		return nil, err
	}
	for _, d := range depts {
		keys = append(keys, keyDept+d)
	}
	for _, r := range roles {
		keys = append(keys, keyRole+r)
	}
	return keys, nil
}

func intersects(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// staff reports whether p has data rights on the survey (owner or data collaborator).
func (s *Service) staff(ctx context.Context, p *account.Principal, surveyID string) (*models.Survey, bool, error) {
	if s.Surveys == nil || p == nil {
		return nil, false, nil
	}
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedData)
	if errors.Is(err, models.ErrNotFound) || errors.Is(err, models.ErrForbidden) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return sv, true, nil
}

// answerHead is the answer row without its document (nil, not found: missing or deleted).
func (s *Service) answerHead(ctx context.Context, answerID string) (*models.Answer, error) {
	answerID = strings.TrimSpace(answerID)
	if answerID == "" {
		return nil, models.Invalid("answerId is required")
	}
	var a models.Answer
	err := s.DB.WithContext(ctx).Select("id", "survey_id", "survey_version", "save_status", "is_eff", "is_test", "handle_state",
		"score_pending", "sum_score", "end_an_date", "deleted_at").
		Where("id = ? AND deleted_at IS NULL AND save_status = ?", answerID, models.AnswerSubmitted).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &a, err
}

// surveyRow reads a survey (recycled ones included).
func (s *Service) surveyRow(ctx context.Context, id string) (*models.Survey, error) {
	var sv models.Survey
	err := s.DB.WithContext(ctx).Select("id", "sid", "owner_id", "title", "survey_type", "deleted_at").Where("id = ?", id).Take(&sv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &sv, err
}

func (s *Service) record(ctx context.Context, e audit.Entry, name, notes string) {
	if s.Audit == nil {
		return
	}
	e.Name, e.Notes, e.OperationType, e.Success = name, notes, audit.OpUpdate, true
	s.Audit.Record(ctx, e)
}
