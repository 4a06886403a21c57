// Package eval holds what eval and eval360 surveys show after answering: solutions chosen by
// SOLUTION rules (design/solution, an-solution, preview-solution), dimension groups with
// weighted questions and score bands (design/dimension-group) and the dimension reports,
// and eval360 subjects, raters and the aggregated report per subject.
package eval

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Service is the evaluation service.
type Service struct {
	DB      *gorm.DB
	Surveys *surveysvc.Service
	Answers *answersvc.Service
	Audit   *audit.Recorder
	Now     func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Limits of solution texts.
const (
	MaxSolutions     = 200
	MaxSolutionBytes = 64 << 10
)

// Solution is the text of one solution id.
type Solution struct {
	SolutionID string `json:"solutionId"`
	Title      string `json:"title"`
	Content    string `json:"content"`
}

// SolutionDesign is design/solution: the ids the draft's rules choose, and the texts.
type SolutionDesign struct {
	SurveyID  string     `json:"surveyId"`
	RuleIDs   []string   `json:"ruleIds"`
	Solutions []Solution `json:"solutions"`
}

// Solutions lists a survey's solution texts with the ids its draft's rules choose.
func (s *Service) Solutions(ctx context.Context, p *account.Principal, surveyID string) (*SolutionDesign, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedAny)
	if err != nil {
		return nil, err
	}
	out := &SolutionDesign{SurveyID: sv.ID, RuleIDs: []string{}}
	if d, _, err := lang.Parse([]byte(sv.Draft)); err == nil && d != nil {
		out.RuleIDs = append(out.RuleIDs, lang.SolutionIDs(d)...)
	}
	out.Solutions, err = s.texts(ctx, sv.ID, nil)
	return out, err
}

func (s *Service) texts(ctx context.Context, surveyID string, ids []string) ([]Solution, error) {
	q := s.DB.WithContext(ctx).Where("survey_id = ?", surveyID)
	if ids != nil {
		if len(ids) == 0 {
			return []Solution{}, nil
		}
		q = q.Where("solution_id IN ?", ids)
	}
	var rows []models.SurveySolution
	if err := q.Order("sort, solution_id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]Solution, 0, len(rows))
	for _, r := range rows {
		out = append(out, Solution{SolutionID: r.SolutionID, Title: r.Title, Content: r.Content})
	}
	return out, nil
}

// SaveSolutions replaces a survey's solution texts (all or nothing). Content is rich text
// cleaned by the server sanitiser; ids are 1-64 characters and unique.
func (s *Service) SaveSolutions(ctx context.Context, p *account.Principal, surveyID string, in []Solution) ([]Solution, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	if len(in) > MaxSolutions {
		return nil, models.Invalid("At most %d solutions", MaxSolutions)
	}
	seen := map[string]bool{}
	rows := make([]models.SurveySolution, 0, len(in))
	now := s.now().UTC()
	for i, x := range in {
		id := strings.TrimSpace(x.SolutionID)
		switch {
		case id == "" || utf8.RuneCountInString(id) > 64:
			return nil, models.Invalid("Solution %d: the id has 1 to 64 characters", i+1)
		case seen[id]:
			return nil, models.Invalid("Solution %q appears twice", id)
		case utf8.RuneCountInString(x.Title) > 128:
			return nil, models.Invalid("Solution %q: the title has at most 128 characters", id)
		case len(x.Content) > MaxSolutionBytes:
			return nil, models.Invalid("Solution %q: the text is larger than %d KB", id, MaxSolutionBytes>>10)
		}
		seen[id] = true
		rows = append(rows, models.SurveySolution{SurveyID: sv.ID, SolutionID: id, Title: strings.TrimSpace(x.Title),
			Content: surveysvc.SanitizeHTML(x.Content), Sort: i, UpdatedAt: now})
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("survey_id = ?", sv.ID).Delete(&models.SurveySolution{}).Error; err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		return tx.Create(&rows).Error
	})
	if err != nil {
		return nil, err
	}
	if s.Audit != nil && p != nil {
		s.Audit.Record(ctx, audit.Entry{Name: "Save solutions", Notes: sv.ID, OperationType: audit.OpUpdate, Success: true, UserID: p.UserID, UserName: p.LoginName})
	}
	return s.texts(ctx, sv.ID, nil)
}

// AnswerSolution is an-solution/{answerId}: the score and the solutions the server's engine
// chose for the answer on submit (anSolutionIds; a client's list is never trusted).
type AnswerSolution struct {
	AnswerID      string     `json:"answerId"`
	SurveyID      string     `json:"surveyId"`
	Sid           string     `json:"sid"`
	SurveyName    string     `json:"surveyName"`
	SumScore      float64    `json:"sumScore"`
	AnSolutionIDs []string   `json:"anSolutionIds"`
	Solutions     []Solution `json:"solutions"`
}

// ForAnswer reads an answer's solutions with the access rule of get-survey-answer.do.
func (s *Service) ForAnswer(ctx context.Context, rd answersvc.Reader, answerID string) (*AnswerSolution, error) {
	v, err := s.Answers.GetAnswer(ctx, rd, answerID)
	if err != nil {
		return nil, err
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "document").Where("id = ?", v.AnswerID).Take(&a).Error; err != nil {
		return nil, notFound(err)
	}
	var doc struct {
		AnSolutionIDs []string `json:"anSolutionIds"`
	}
	_ = json.Unmarshal([]byte(a.Document), &doc)
	if doc.AnSolutionIDs == nil {
		doc.AnSolutionIDs = []string{}
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Select("id", "title").Where("id = ?", v.SurveyID).Take(&sv).Error; err != nil {
		return nil, notFound(err)
	}
	sols, err := s.texts(ctx, v.SurveyID, doc.AnSolutionIDs)
	if err != nil {
		return nil, err
	}
	// in the order the rules chose them
	ordered := make([]Solution, 0, len(sols))
	for _, id := range doc.AnSolutionIDs {
		for _, x := range sols {
			if x.SolutionID == id {
				ordered = append(ordered, x)
			}
		}
	}
	return &AnswerSolution{AnswerID: v.AnswerID, SurveyID: v.SurveyID, Sid: v.Sid, SurveyName: sv.Title, SumScore: v.SumScore,
		AnSolutionIDs: doc.AnSolutionIDs, Solutions: ordered}, nil
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.ErrNotFound
	}
	return err
}
