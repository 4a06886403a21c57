package review

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	lang "dwsurvey/survey"
)

// Grading refusals.
const (
	MsgGradingStarting = "The grading of this answer is starting; try again in a moment"
	MsgOwnerRegrades   = "This answer is already graded; only the survey owner may change its scores"
	MsgNothingToGrade  = "This answer has no hand-graded questions"
)

// GradeItem is one hand-graded question of an answer with its score (nil: not graded yet).
type GradeItem struct {
	QuDwID string   `json:"quDwId"`
	Max    float64  `json:"max"`
	Score  *float64 `json:"score"`
}

// GradeHistory is one grading of an answer (the audit).
type GradeHistory struct {
	UserID    string      `json:"userId"`
	UserName  string      `json:"userName"`
	OldSum    float64     `json:"oldSum"`
	NewSum    float64     `json:"newSum"`
	OldScores []ItemScore `json:"oldScores"`
	NewScores []ItemScore `json:"newScores"`
	At        string      `json:"createdAt"`
}

// GradingView is the grading page's data (grading/answer.do).
type GradingView struct {
	Answer *answersvc.AnswerView `json:"answer"`
	Survey *answersvc.SurveyJSON `json:"survey"`
	Items  []GradeItem           `json:"items"`
	// AutoScore is the sum of the automatic scores; SumScore the answer's total (provisional
	// while ScorePending).
	AutoScore    float64 `json:"autoScore"`
	SumScore     float64 `json:"sumScore"`
	ScorePending bool    `json:"scorePending"`
	// CanRegrade: the caller owns the survey (re-grading a graded answer is the owner's).
	CanRegrade bool           `json:"canRegrade"`
	Waiting    int64          `json:"waiting"`
	History    []GradeHistory `json:"history"`
}

// gradeAccess is the grading rule: survey staff with data rights, or a grader of the survey.
func (s *Service) gradeAccess(ctx context.Context, p *account.Principal, surveyID string) (sv *models.Survey, staff bool, keys []string, err error) {
	if p == nil {
		return nil, false, nil, models.ErrNotFound
	}
	if _, staff, err = s.staff(ctx, p, surveyID); err != nil {
		return nil, false, nil, err
	}
	if keys, err = s.UserKeys(ctx, p.UserID); err != nil {
		return nil, false, nil, err
	}
	if !staff {
		row, err := s.setting(ctx, s.DB, surveyID)
		if err != nil {
			return nil, false, nil, err
		}
		if row == nil || !intersects(keys, keysOf(decodeAssignees(row.Graders))) {
			return nil, false, nil, models.ErrNotFound
		}
	}
	if sv, err = s.surveyRow(ctx, surveyID); err != nil {
		return nil, false, nil, err
	}
	if sv.DeletedAt != nil {
		return nil, false, nil, models.ErrNotFound
	}
	return sv, staff, keys, nil
}

// itemsOf are the hand-graded items an answer answered (from the document of its version).
func (s *Service) itemsOf(ctx context.Context, a *models.Answer, answers []*lang.AnQuestion) ([]lang.ManualItem, error) {
	_, doc, err := s.Answers.QuestionTypes(ctx, &models.Survey{ID: a.SurveyID}, a.SurveyVersion)
	if err != nil {
		return nil, err
	}
	return lang.ManualItemsOf(lang.ManualItems(doc), answers), nil
}

func (s *Service) document(ctx context.Context, answerID string) ([]*lang.AnQuestion, error) {
	var row models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "document").Where("id = ?", answerID).Take(&row).Error; err != nil {
		return nil, err
	}
	return storedAnswers(row.Document), nil
}

// GradingAnswer returns an answer for grading: the answer and its survey version, the
// hand-graded items with their scores, the automatic scores' sum, the total, how many
// answers of the survey wait for grading, and the grading history.
func (s *Service) GradingAnswer(ctx context.Context, p *account.Principal, answerID string) (*GradingView, error) {
	a, err := s.answerHead(ctx, answerID)
	if err != nil {
		return nil, err
	}
	sv, _, _, err := s.gradeAccess(ctx, p, a.SurveyID)
	if err != nil {
		return nil, err
	}
	answers, err := s.document(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	items, err := s.itemsOf(ctx, a, answers)
	if err != nil {
		return nil, err
	}
	v := &GradingView{Items: []GradeItem{}, SumScore: a.SumScore, ScorePending: a.ScorePending == 1, CanRegrade: sv.OwnerID == p.UserID,
		History: []GradeHistory{}}
	manual := map[string]bool{}
	byQ := map[string]*lang.AnQuestion{}
	for _, q := range answers {
		byQ[string(q.QuDwID)] = q
	}
	for _, it := range items {
		manual[it.QuDwID] = true
		gi := GradeItem{QuDwID: it.QuDwID, Max: it.Max}
		if q := byQ[it.QuDwID]; q != nil && q.QuCustomScore != nil {
			sc := float64(*q.QuCustomScore)
			gi.Score = &sc
		}
		v.Items = append(v.Items, gi)
	}
	for _, q := range answers {
		if !manual[string(q.QuDwID)] && q.QuAnScore != nil {
			v.AutoScore += float64(*q.QuAnScore)
		}
	}
	v.AutoScore = lang.Round2(v.AutoScore)
	rd := answersvc.Reader{Principal: p, Granted: true}
	if v.Answer, err = s.Answers.GetAnswer(ctx, rd, a.ID); err != nil {
		return nil, err
	}
	if v.Survey, err = s.Answers.ReviewDocument(ctx, rd, a.ID); err != nil {
		return nil, err
	}
	if v.Waiting, err = s.waitingGrading(ctx, a.SurveyID); err != nil {
		return nil, err
	}
	if v.History, err = s.gradeHistory(ctx, a.ID); err != nil {
		return nil, err
	}
	return v, nil
}

func (s *Service) waitingGrading(ctx context.Context, surveyID string) (int64, error) {
	var n int64
	err := s.DB.WithContext(ctx).Model(&models.Answer{}).
		Where("survey_id = ? AND score_pending = 1 AND save_status = 0 AND deleted_at IS NULL", surveyID).Count(&n).Error
	return n, err
}

func (s *Service) gradeHistory(ctx context.Context, answerID string) ([]GradeHistory, error) {
	var rows []struct {
		models.GradeAudit
		UserName string
	}
	if err := s.DB.WithContext(ctx).Table("grade_audits g").
		Select("g.*, COALESCE(NULLIF(u.name, ''), u.login_name, '') AS user_name").
		Joins("LEFT JOIN users u ON u.id = g.user_id").Where("g.answer_id = ?", answerID).Order("g.created_at, g.id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]GradeHistory, 0, len(rows))
	for _, r := range rows {
		h := GradeHistory{UserID: r.UserID, UserName: r.UserName, OldSum: r.OldSum, NewSum: r.NewSum, At: models.FormatTime(r.CreatedAt),
			OldScores: []ItemScore{}, NewScores: []ItemScore{}}
		_ = json.Unmarshal([]byte(r.OldScores), &h.OldScores)
		_ = json.Unmarshal([]byte(r.NewScores), &h.NewScores)
		out = append(out, h)
	}
	return out, nil
}

// CheckScores checks a grading against the items: every item scored once, 0 ... max in
// steps of 0.5, nothing else. It returns the scores in item order.
func CheckScores(items []lang.ManualItem, scores []ItemScore) ([]ItemScore, error) {
	if len(items) == 0 {
		return nil, models.Invalid(MsgNothingToGrade)
	}
	byQ := map[string]float64{}
	for _, sc := range scores {
		q := strings.TrimSpace(sc.QuDwID)
		if _, dup := byQ[q]; dup {
			return nil, models.Invalid("Question %s is scored twice", q)
		}
		byQ[q] = sc.Score
	}
	scored := countScored(items, byQ)
	out := make([]ItemScore, 0, len(items))
	for _, it := range items {
		v, ok := byQ[it.QuDwID]
		if !ok {
			return nil, models.Invalid("Please score every hand-graded question (%d of %d scored)", scored, len(items))
		}
		if !lang.ValidGrade(v, it.Max) {
			return nil, models.Invalid("The score of question %s must be between 0 and %s in steps of 0.5", it.QuDwID, fmtScore(it.Max))
		}
		out = append(out, ItemScore{QuDwID: it.QuDwID, Score: v})
		delete(byQ, it.QuDwID)
	}
	for q := range byQ {
		return nil, models.Invalid("Question %s is not graded by hand in this answer", q)
	}
	return out, nil
}

func countScored(items []lang.ManualItem, byQ map[string]float64) int {
	n := 0
	for _, it := range items {
		if _, ok := byQ[it.QuDwID]; ok {
			n++
		}
	}
	return n
}

func fmtScore(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// GradeInput is answer-custom-score.do: the answer and its hand scores (quCustomScore).
type GradeInput struct {
	AnswerID string
	Scores   []ItemScore
}

// GradeResult answers answer-custom-score.do: the new total and the next answer of the
// survey waiting for grading (oldest first; nil when this was the last one).
type GradeResult struct {
	SumScore float64 `json:"sumScore"`
	// EsID is the next ungraded answer (the reference's data.esId), or null.
	EsID *string `json:"esId"`
}

// CustomScore grades an answer. A first grading goes through the answer's grading workflow
// (its validator checks the grader and the scores; then the total is recomputed, the
// answer leaves the grading queue and enters the ranking); a graded answer may be
// re-graded by the survey owner only. Both are audited with the old and new scores.
func (s *Service) CustomScore(ctx context.Context, p *account.Principal, in GradeInput, e audit.Entry) (*GradeResult, error) {
	a, err := s.answerHead(ctx, in.AnswerID)
	if err != nil {
		return nil, err
	}
	sv, staff, keys, err := s.gradeAccess(ctx, p, a.SurveyID)
	if err != nil {
		return nil, err
	}
	answers, err := s.document(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	items, err := s.itemsOf(ctx, a, answers)
	if err != nil {
		return nil, err
	}
	scores, err := CheckScores(items, in.Scores)
	if err != nil {
		return nil, err
	}
	var res *GradeOutcome
	if a.ScorePending == 1 {
		if s.Engine == nil {
			return nil, models.Invalid(MsgNoEngine)
		}
		err = s.Engine.Grade(ctx, a.ID, Grade{UserID: p.UserID, Keys: keys, Staff: staff, Scores: scores})
		if errors.Is(err, ErrNoWorkflow) {
			if cur, e2 := s.answerHead(ctx, a.ID); e2 == nil && cur.ScorePending == 0 {
				return nil, models.Invalid(MsgOwnerRegrades)
			}
			return nil, models.Invalid(MsgGradingStarting)
		}
		if err != nil {
			return nil, err
		}
	} else {
		if sv.OwnerID != p.UserID {
			return nil, models.Invalid(MsgOwnerRegrades)
		}
		if res, err = s.RecordGrade(ctx, GradeRecord{AnswerID: a.ID, UserID: p.UserID, Items: items, Scores: scores, At: s.now()}); err != nil {
			if errors.Is(err, ErrAnswerGone) {
				return nil, models.ErrNotFound
			}
			return nil, err
		}
	}
	cur, err := s.answerHead(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	what := "Grade answer"
	notes := fmt.Sprintf("answer %s: total %s -> %s", a.ID, fmtScore(a.SumScore), fmtScore(cur.SumScore))
	if res != nil {
		what = "Re-grade answer"
	}
	s.record(ctx, e, what, notes)
	out := &GradeResult{SumScore: cur.SumScore}
	next, err := s.nextUngraded(ctx, a.SurveyID, a.ID)
	if err != nil {
		return nil, err
	}
	out.EsID = next
	return out, nil
}

// nextUngraded is the oldest answer of the survey waiting for grading other than exclude.
func (s *Service) nextUngraded(ctx context.Context, surveyID, exclude string) (*string, error) {
	var ids []string
	if err := s.DB.WithContext(ctx).Model(&models.Answer{}).
		Where("survey_id = ? AND score_pending = 1 AND save_status = 0 AND deleted_at IS NULL AND id <> ?", surveyID, exclude).
		Order("end_an_date, id").Limit(1).Pluck("id", &ids).Error; err != nil || len(ids) == 0 {
		return nil, err
	}
	return &ids[0], nil
}

// GradeRecord is a grading to store.
type GradeRecord struct {
	AnswerID string
	UserID   string
	Items    []lang.ManualItem
	Scores   []ItemScore // in item order (CheckScores)
	At       time.Time
	// First: the grading workflow's grading of an ungraded answer (a repeat of it is a
	// retry and changes nothing); otherwise a re-grading.
	First bool
}

// GradeOutcome is a stored grading.
type GradeOutcome struct {
	OldSum, NewSum float64
}

// RecordGrade stores hand scores in one transaction: each item's quCustomScore (and
// quAnScore) in the answer document, the total recomputed from every question's score,
// score_pending cleared (the answer enters the ranking and the score statistics), the
// grading row, and an audit row with the old and new scores. ErrAnswerGone when the
// answer was deleted.
func (s *Service) RecordGrade(ctx context.Context, g GradeRecord) (*GradeOutcome, error) {
	out := &GradeOutcome{}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var a models.Answer
		err := s.lock(tx).Where("id = ?", g.AnswerID).Take(&a).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && (a.DeletedAt != nil || a.SaveStatus != models.AnswerSubmitted)) {
			return ErrAnswerGone
		}
		if err != nil {
			return err
		}
		var prev models.AnswerGrading
		hasPrev := tx.Where("answer_id = ?", a.ID).Take(&prev).Error == nil
		if g.First && a.ScorePending == 0 {
			out.OldSum, out.NewSum = prev.SumScore, a.SumScore
			return nil // graded before: a retry
		}
		answers := storedAnswers(a.Document)
		score := map[string]float64{}
		for _, sc := range g.Scores {
			score[sc.QuDwID] = sc.Score
		}
		oldScores := []ItemScore{}
		for i, q := range answers {
			v, ok := score[string(q.QuDwID)]
			if !ok {
				continue
			}
			if q.QuCustomScore != nil {
				oldScores = append(oldScores, ItemScore{QuDwID: string(q.QuDwID), Score: float64(*q.QuCustomScore)})
			}
			c := *q
			n := lang.Num(v)
			c.QuCustomScore, c.QuAnScore = &n, &n
			answers[i] = &c
		}
		var doc map[string]json.RawMessage
		_ = json.Unmarshal([]byte(a.Document), &doc)
		if doc == nil {
			doc = map[string]json.RawMessage{}
		}
		raw, err := json.Marshal(answers)
		if err != nil {
			return err
		}
		doc["anQuestions"] = raw
		docJSON, err := lang.MarshalCanonical(doc)
		if err != nil {
			return err
		}
		out.OldSum, out.NewSum = a.SumScore, lang.AnswerTotal(answers)
		manual := 0.0
		for _, sc := range g.Scores {
			manual += sc.Score
		}
		if err := tx.Model(&models.Answer{}).Where("id = ?", a.ID).Updates(map[string]any{"document": string(docJSON),
			"export_copy": lang.AppendExportCopy(nil, answers), "sum_score": out.NewSum, "score_pending": 0, "updated_at": g.At}).Error; err != nil {
			return err
		}
		newScores, _ := json.Marshal(g.Scores)
		oldJSON, _ := json.Marshal(oldScores)
		row := models.AnswerGrading{AnswerID: a.ID, SurveyID: a.SurveyID, Scores: string(newScores), ManualScore: lang.Round2(manual),
			SumScore: out.NewSum, GradedBy: g.UserID, GradedAt: g.At}
		auditID := uuid.NewString()
		if hasPrev {
			row.Regrades = prev.Regrades + 1
		} else {
			auditID = a.ID + ":graded"
		}
		if err := tx.Save(&row).Error; err != nil {
			return err
		}
		return tx.Create(&models.GradeAudit{ID: auditID, AnswerID: a.ID, SurveyID: a.SurveyID, UserID: g.UserID, OldSum: out.OldSum,
			NewSum: out.NewSum, OldScores: string(oldJSON), NewScores: string(newScores), CreatedAt: g.At}).Error
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CheckGrading tells the grading workflow at its start whether the answer still exists
// and waits for grading (false: deleted, or graded already).
func (s *Service) CheckGrading(ctx context.Context, answerID string) (bool, error) {
	var a models.Answer
	err := s.DB.WithContext(ctx).Select("id", "score_pending", "deleted_at").Where("id = ?", answerID).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return a.DeletedAt == nil && a.ScorePending == 1, nil
}

// GradingRow is one answer in a survey's grading list.
type GradingRow struct {
	AnswerID     string  `json:"answerId"`
	EndAnDate    string  `json:"endAnDate"`
	SumScore     float64 `json:"sumScore"`
	ScorePending bool    `json:"scorePending"`
}

// GradingQueue lists a survey's answers waiting for grading, oldest first (grading/queue.do).
func (s *Service) GradingQueue(ctx context.Context, p *account.Principal, surveyID string, pageNo, size int) (*Page, error) {
	sv0, err := s.surveyByIDOrSid(ctx, strings.TrimSpace(surveyID))
	if err != nil {
		return nil, err
	}
	sv, _, _, err := s.gradeAccess(ctx, p, sv0.ID)
	if err != nil {
		return nil, err
	}
	pageNo, size = normPaging(pageNo, size)
	total, err := s.waitingGrading(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	var as []models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "end_an_date", "sum_score").
		Where("survey_id = ? AND score_pending = 1 AND save_status = 0 AND deleted_at IS NULL", sv.ID).
		Order("end_an_date, id").Limit(size).Offset((pageNo - 1) * size).Find(&as).Error; err != nil {
		return nil, err
	}
	rows := make([]GradingRow, 0, len(as))
	for _, a := range as {
		rows = append(rows, GradingRow{AnswerID: a.ID, EndAnDate: models.FormatTime(a.EndAnDate), SumScore: a.SumScore, ScorePending: true})
	}
	return &Page{PageNo: pageNo, PageSize: size, TotalItems: total, TotalPage: (total + int64(size) - 1) / int64(size), Result: rows}, nil
}

// ScoreStats are the final scores of a survey (hand grading done): how many, average,
// lowest, highest, and how many totals wait for grading.
type ScoreStats struct {
	Count   int64   `json:"count"`
	Avg     float64 `json:"avg"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Pending int64   `json:"pending"`
	// Buckets count the final totals per tenth of the highest total (0-10 %, ..., 90-100 %).
	Buckets []int64 `json:"buckets"`
}

// ScoreStatistics computes the score statistics of a survey from the valid submitted
// non-test answers with a final total (survey staff and graders).
func (s *Service) ScoreStatistics(ctx context.Context, p *account.Principal, surveyID string) (*ScoreStats, error) {
	sv0, err := s.surveyByIDOrSid(ctx, strings.TrimSpace(surveyID))
	if err != nil {
		return nil, err
	}
	sv, _, _, err := s.gradeAccess(ctx, p, sv0.ID)
	if err != nil {
		return nil, err
	}
	base := func() *gorm.DB {
		return s.DB.WithContext(ctx).Model(&models.Answer{}).Where("survey_id = ? AND save_status = 0 AND is_test = 0 AND is_eff = 1 AND deleted_at IS NULL", sv.ID)
	}
	var agg struct {
		N   int64
		Avg *float64
		Mn  *float64
		Mx  *float64
	}
	if err := base().Where("score_pending = 0").Select("COUNT(*) AS n, AVG(sum_score) AS avg, MIN(sum_score) AS mn, MAX(sum_score) AS mx").Scan(&agg).Error; err != nil {
		return nil, err
	}
	st := &ScoreStats{Count: agg.N, Buckets: make([]int64, 10)}
	if agg.Avg != nil {
		st.Avg, st.Min, st.Max = lang.Round2(*agg.Avg), *agg.Mn, *agg.Mx
	}
	if err := base().Where("score_pending = 1").Count(&st.Pending).Error; err != nil {
		return nil, err
	}
	if st.Max > 0 {
		var rows []struct {
			B int64
			N int64
		}
		expr := fmt.Sprintf("CASE WHEN sum_score >= %v THEN 9 WHEN sum_score <= 0 THEN 0 ELSE CAST(FLOOR(sum_score * 10 / %v) AS INTEGER) END", st.Max, st.Max)
		if s.mysql() {
			expr = strings.Replace(expr, "AS INTEGER", "AS SIGNED", 1)
		}
		if err := base().Where("score_pending = 0").Select(expr + " AS b, COUNT(*) AS n").Group("b").Scan(&rows).Error; err != nil {
			return nil, err
		}
		for _, r := range rows {
			if r.B >= 0 && r.B < 10 {
				st.Buckets[r.B] += r.N
			}
		}
	}
	return st, nil
}

// GradingSurvey is a survey the caller grades, with its waiting answers.
type GradingSurvey struct {
	SurveyID    string `json:"surveyId"`
	Sid         string `json:"sid"`
	SurveyTitle string `json:"surveyTitle"`
	Waiting     int64  `json:"waiting"`
}

// GradingSurveys lists the surveys with answers waiting for the caller's grading: surveys
// the caller owns or where it is a grader (at most 200 surveys are looked at).
func (s *Service) GradingSurveys(ctx context.Context, p *account.Principal) ([]GradingSurvey, error) {
	if p == nil {
		return nil, models.ErrNotFound
	}
	keys, err := s.UserKeys(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	ids := map[string]bool{}
	var own []string
	if err := s.DB.WithContext(ctx).Model(&models.Survey{}).Where("owner_id = ? AND deleted_at IS NULL", p.UserID).
		Order("created_at DESC").Limit(200).Pluck("id", &own).Error; err != nil {
		return nil, err
	}
	for _, id := range own {
		ids[id] = true
	}
	var settings []models.ReviewSetting
	if err := s.DB.WithContext(ctx).Select("survey_id", "graders").Where("graders <> '' AND graders <> '[]'").Find(&settings).Error; err != nil {
		return nil, err
	}
	for _, st := range settings {
		if intersects(keys, keysOf(decodeAssignees(st.Graders))) {
			ids[st.SurveyID] = true
		}
	}
	out := []GradingSurvey{}
	for _, id := range sortedKeys(ids) {
		n, err := s.waitingGrading(ctx, id)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			continue
		}
		sv, err := s.surveyRow(ctx, id)
		if err != nil || sv.DeletedAt != nil {
			continue
		}
		out = append(out, GradingSurvey{SurveyID: sv.ID, Sid: sv.Sid, SurveyTitle: sv.Title, Waiting: n})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Waiting > out[j].Waiting })
	return out, nil
}
