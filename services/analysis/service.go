// Package analysis is the results side of a survey: statistics from the aggregates kept by
// services/answer (no rescans), the per-question report, raw data with filters, soft delete,
// owner edits, cross analysis with chi-square, overview, regions, sources and visit logs.
// docs/api-results.md is the contract.
package analysis

import (
	"context"
	"errors"
	"math"
	"sort"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// MaxListRows is how many raw-data rows the list reaches; export serves the rest.
const MaxListRows = 10000

// LimitMsg is the message of a list that has more rows than MaxListRows.
const LimitMsg = "Only the first 10,000 answers are listed; use export to get all answers"

// Service implements the results calls.
type Service struct {
	DB      *gorm.DB
	Surveys *surveysvc.Service
	Answers *answersvc.Service
	Audit   *audit.Recorder
	// Loc is the server time zone (answers per day).
	Loc *time.Location
	// Region maps an address to province and city (visit log); nil: empty.
	Region func(ip string) (string, string)
	Now    func() time.Time
	// CrossSQL makes the cross analysis always use the SQL join instead of the Go-side
	// merge of ordered ranges (benchmarks and tests compare the two).
	CrossSQL bool
	// Deleted is told, inside the deleting transaction, which answers are deleted (the
	// review chains and hand grading end theirs); nil: nobody.
	Deleted DeleteHook
	// Outbox is nudged after a delete whose hook wrote outbox events.
	Outbox outbox.Nudger
}

// DeleteHook reacts to answers being soft-deleted, inside the deleting transaction. It
// reports whether it wrote outbox events.
type DeleteHook interface {
	AnswersDeleted(tx *gorm.DB, now time.Time, surveyID string, rows []models.Answer) (bool, error)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) loc() *time.Location {
	if s.Loc == nil {
		return time.UTC
	}
	return s.Loc
}

func (s *Service) mysql() bool { return s.DB.Dialector.Name() == "mysql" }

// access is the survey access rule with data rights; anybody else (collaborators without
// data rights included) gets not found.
func (s *Service) access(ctx context.Context, p *account.Principal, id string) (*models.Survey, error) {
	if s.Surveys == nil || p == nil {
		return nil, models.ErrNotFound
	}
	sv, err := s.Surveys.Check(ctx, p, id, surveysvc.NeedData)
	if errors.Is(err, models.ErrForbidden) {
		return nil, models.ErrNotFound
	}
	return sv, err
}

// doc returns the published document of sv (nil, no error, when never published).
func (s *Service) doc(ctx context.Context, sv *models.Survey) (map[string]string, *lang.Survey, error) {
	if sv.PublishedVersion <= 0 {
		return map[string]string{}, &lang.Survey{}, nil
	}
	return s.Answers.QuestionTypes(ctx, sv, sv.PublishedVersion)
}

// counters sums every counter key of a survey.
func (s *Service) counters(ctx context.Context, surveyID string) (map[string]int64, error) {
	var rows []struct {
		CKey string `gorm:"column:ckey"`
		N    int64  `gorm:"column:n"`
	}
	if err := s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("ckey, SUM(cnt) AS n").
		Where("survey_id = ?", surveyID).Group("ckey").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.CKey] = r.N
	}
	return out, nil
}

type minMax struct {
	Qu  string  `gorm:"column:qu_dw_id"`
	Opt string  `gorm:"column:opt_dw_id"`
	Mn  float64 `gorm:"column:mn"`
	Mx  float64 `gorm:"column:mx"`
}

// minMax reads MIN and MAX of every numeric option/row of the document: one UNION ALL of
// single-key MIN/MAX subqueries, each resolved from the end of its ix_item_num range
// (O(log n) per key, independent of the number of answers).
func (s *Service) minMax(ctx context.Context, surveyID string, d *lang.Survey) (map[string]minMax, error) {
	var parts []string
	var args []any
	for _, q := range d.Questions {
		for _, o := range numericOptions(q) {
			parts = append(parts, `SELECT ? AS qu_dw_id, ? AS opt_dw_id,
(SELECT MIN(num_value) FROM answer_items WHERE survey_id = ? AND kind = 'n' AND qu_dw_id = ? AND opt_dw_id = ?) AS mn,
(SELECT MAX(num_value) FROM answer_items WHERE survey_id = ? AND kind = 'n' AND qu_dw_id = ? AND opt_dw_id = ?) AS mx`)
			qid, oid := string(q.DwID), string(o.DwID)
			args = append(args, qid, oid, surveyID, qid, oid, surveyID, qid, oid)
		}
	}
	out := map[string]minMax{}
	if len(parts) == 0 {
		return out, nil
	}
	var rows []struct {
		Qu  string   `gorm:"column:qu_dw_id"`
		Opt string   `gorm:"column:opt_dw_id"`
		Mn  *float64 `gorm:"column:mn"`
		Mx  *float64 `gorm:"column:mx"`
	}
	if err := s.DB.WithContext(ctx).Raw(strings.Join(parts, " UNION ALL "), args...).Scan(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.Mn != nil && r.Mx != nil {
			out[r.Opt] = minMax{Qu: r.Qu, Opt: r.Opt, Mn: *r.Mn, Mx: *r.Mx}
		}
	}
	return out, nil
}

// numericOptions are the ids a question's numeric values are kept under (BuildAggregate).
func numericOptions(q *lang.Question) []*lang.Option {
	switch t := string(q.QuType); {
	case len(q.QuScores) > 0:
		return q.QuScores
	case len(q.QuOrderbys) > 0:
		return q.QuOrderbys
	case t == lang.TypeMatrixScale || t == lang.TypeMatrixSlider:
		return q.QuRows
	case t == lang.TypeScaleNPS || t == lang.TypeScaleSlider:
		return []*lang.Option{{DwID: q.DwID, OptionTitle: lang.Str(q.Title())}}
	}
	return nil
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

func pct(n, d int64) float64 {
	if d == 0 {
		return 0
	}
	return round2(float64(n) * 100 / float64(d))
}

// isChoice reports whether a question is a choice question (cross analysis, filters).
func isChoice(q *lang.Question) bool {
	switch string(q.QuType) {
	case "RADIO", "CHECKBOX", "YESNO", "IMGRADIO", "IMGCHECKBOX", "COMPRADIO", "COMPCHECKBOX", "RADIOGROUP", "CHECKBOXGROUP", "IMGCHECKBOXGROUP":
		return true
	}
	return false
}

func question(d *lang.Survey, dwID string) *lang.Question {
	for _, q := range d.Questions {
		if string(q.DwID) == dwID {
			return q
		}
	}
	return nil
}

func options(q *lang.Question) []*lang.Option {
	if len(q.QuRadios) > 0 {
		return q.QuRadios
	}
	return q.QuCheckboxs
}

func optTitle(o *lang.Option) string {
	if o.OptionTitleObj != nil && strings.TrimSpace(o.OptionTitleObj.DwText) != "" {
		return strings.TrimSpace(o.OptionTitleObj.DwText)
	}
	if t := strings.TrimSpace(string(o.OptionTitle)); t != "" {
		return t
	}
	return string(o.OptionName)
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
