package analysis

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
)

// MaxVerifyNote is the longest review note (characters).
const MaxVerifyNote = 500

// VerifyInput is answer-verified.do.
type VerifyInput struct {
	AnswerID string
	Value    int    // models.VerifyPass or models.VerifyFail
	Note     string // at most MaxVerifyNote characters
}

// Verify records a review verdict on a submitted answer (owner or data collaborator only;
// anybody else: not found). In one transaction: a review row (who, verdict, note, time),
// handle_state = verdict; a fail on a valid answer screens it out (is_eff = 0) and
// subtracts its statistics and overview counts, a pass on a screened answer counts it
// again; repeating a verdict changes no statistics. Cap and quota counts stay taken.
// It returns the next unreviewed valid answer of the survey (list order, after this one,
// wrapping to the newest) or nil.
func (s *Service) Verify(ctx context.Context, p *account.Principal, in VerifyInput, e audit.Entry) (*Row, error) {
	in.AnswerID = strings.TrimSpace(in.AnswerID)
	if in.AnswerID == "" {
		return nil, models.Invalid("answerId is required")
	}
	if in.Value != models.VerifyPass && in.Value != models.VerifyFail {
		return nil, models.Invalid("verifyValue must be 1 (pass) or 2 (fail)")
	}
	in.Note = strings.TrimSpace(in.Note)
	if !utf8.ValidString(in.Note) || utf8.RuneCountInString(in.Note) > MaxVerifyNote {
		return nil, models.Invalid("verifyNote is limited to %d characters", MaxVerifyNote)
	}
	if p == nil {
		return nil, models.ErrNotFound
	}
	var head models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "survey_id", "survey_version").
		Where("id = ? AND deleted_at IS NULL AND save_status = ?", in.AnswerID, models.AnswerSubmitted).Take(&head).Error; err != nil {
		return nil, models.ErrNotFound
	}
	sv, err := s.access(ctx, p, head.SurveyID)
	if err != nil {
		return nil, err
	}
	qt, _, err := s.Answers.QuestionTypes(ctx, sv, head.SurveyVersion)
	if err != nil {
		return nil, err
	}
	role := "collaborator"
	if sv.OwnerID == p.UserID {
		role = "owner"
	}
	now := s.now()
	var cur struct {
		models.Answer
		Device string
	}
	changed := false
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := tx.Table("answers").Where("id = ? AND deleted_at IS NULL AND save_status = ?", head.ID, models.AnswerSubmitted)
		if s.mysql() {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Take(&cur).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return models.ErrNotFound
			}
			return err
		}
		a := &cur.Answer
		if err := tx.Create(&models.AnswerReview{ID: uuid.NewString(), AnswerID: a.ID, SurveyID: a.SurveyID, UserID: p.UserID,
			Role: role, VerifyValue: in.Value, Note: in.Note, CreatedAt: now}).Error; err != nil {
			return err
		}
		upd, ch, err := s.Answers.Verdict(tx, a, cur.Device, qt, in.Value)
		if err != nil {
			return err
		}
		changed = ch
		upd["handle_state"], upd["updated_at"] = in.Value, now
		return tx.Model(&models.Answer{}).Where("id = ?", a.ID).Updates(upd).Error
	})
	if err != nil {
		return nil, err
	}
	if s.Audit != nil {
		e.Name, e.OperationType, e.Success = "Verify answer", audit.OpUpdate, true
		verdict := "pass"
		if in.Value == models.VerifyFail {
			verdict = "fail"
		}
		e.Notes = "answer " + cur.ID + ": " + verdict
		if changed {
			e.Notes += " (statistics updated)"
		}
		s.Audit.Record(ctx, e)
	}
	return s.nextUnreviewed(ctx, sv.ID, &cur.Answer)
}

// nextUnreviewed is the next unreviewed valid answer in list order (end_an_date DESC, id
// DESC) after cur, or the newest one when none follows (ix_answer_review).
func (s *Service) nextUnreviewed(ctx context.Context, surveyID string, cur *models.Answer) (*Row, error) {
	base := func() *gorm.DB {
		return s.DB.WithContext(ctx).Table("answers a").
			Where("a.survey_id = ? AND a.handle_state = 0 AND a.is_eff = 1 AND a.save_status = 0 AND a.is_test = 0 AND a.deleted_at IS NULL", surveyID).
			Order("a.end_an_date DESC, a.id DESC").Limit(1)
	}
	rows, err := scanRows(base().Where("(a.end_an_date < ? OR (a.end_an_date = ? AND a.id < ?))", cur.EndAnDate, cur.EndAnDate, cur.ID))
	if err == nil && len(rows) == 0 {
		rows, err = scanRows(base())
	}
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// ReviewRow is one recorded verdict.
type ReviewRow struct {
	ID          string `json:"id"`
	UserID      string `json:"userId"`
	UserName    string `json:"userName"`
	Role        string `json:"role"`
	VerifyValue int    `json:"verifyValue"`
	Note        string `json:"verifyNote"`
	CreatedAt   string `json:"createdAt"`
}

// Reviews lists the verdicts of an answer, oldest first (same access rule as Verify).
func (s *Service) Reviews(ctx context.Context, p *account.Principal, answerID string) ([]ReviewRow, error) {
	if _, err := s.answerAccess(ctx, p, answerID); err != nil {
		return nil, err
	}
	var rs []struct {
		models.AnswerReview
		UserName string
	}
	if err := s.DB.WithContext(ctx).Table("answer_reviews r").
		Select("r.id, r.user_id, r.role, r.verify_value, r.note, r.created_at, COALESCE(NULLIF(u.name, ''), u.login_name, '') AS user_name").
		Joins("LEFT JOIN users u ON u.id = r.user_id").Where("r.answer_id = ?", strings.TrimSpace(answerID)).Order("r.created_at, r.id").Scan(&rs).Error; err != nil {
		return nil, err
	}
	out := make([]ReviewRow, 0, len(rs))
	for _, r := range rs {
		out = append(out, ReviewRow{ID: r.ID, UserID: r.UserID, UserName: r.UserName, Role: r.Role, VerifyValue: r.VerifyValue,
			Note: r.Note, CreatedAt: models.FormatTime(r.CreatedAt)})
	}
	return out, nil
}
