package analysis

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	lang "dwsurvey/survey"
)

// Page is API.md's Page shape. Limited/LimitMsg tell that rows beyond MaxListRows are not
// listed (export them).
type Page struct {
	PageNo     int    `json:"pageNo"`
	PageSize   int    `json:"pageSize"`
	TotalItems int64  `json:"totalItems"`
	TotalPage  int64  `json:"totalPage"`
	Result     any    `json:"result"`
	Limited    bool   `json:"limited,omitempty"`
	LimitMsg   string `json:"limitMsg,omitempty"`
}

func newPage(pageNo, size int, total int64, rows any) *Page {
	tp := int64(0)
	if size > 0 {
		tp = (total + int64(size) - 1) / int64(size)
	}
	return &Page{PageNo: pageNo, PageSize: size, TotalItems: total, TotalPage: tp, Result: rows}
}

func normPaging(pageNo, size int) (int, int) {
	if pageNo < 1 {
		pageNo = 1
	}
	if size < 1 {
		size = 10
	}
	if size > 100 {
		size = 100
	}
	return pageNo, size
}

func (s *Service) texts(ctx context.Context, surveyID, quDwID string, pageNo, size int) (*Page, error) {
	pageNo, size = normPaging(pageNo, size)
	var total int64
	base := s.DB.WithContext(ctx).Table("answer_items").Where("survey_id = ? AND qu_dw_id = ? AND kind = 't'", surveyID, quDwID)
	if err := base.Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []struct {
		AnswerID  string    `gorm:"column:answer_id"`
		OptDwID   string    `gorm:"column:opt_dw_id"`
		Text      string    `gorm:"column:text"`
		EndAnDate time.Time `gorm:"column:end_an_date"`
	}
	if err := s.DB.WithContext(ctx).Raw(`SELECT i.answer_id, i.opt_dw_id, i.text, a.end_an_date FROM answer_items i
JOIN answers a ON a.id = i.answer_id WHERE i.survey_id = ? AND i.qu_dw_id = ? AND i.kind = 't'
ORDER BY a.end_an_date DESC, i.answer_id, i.seq LIMIT ? OFFSET ?`, surveyID, quDwID, size, (pageNo-1)*size).Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]TextRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, TextRow{AnswerID: r.AnswerID, OptDwID: r.OptDwID, Text: r.Text, EndAnDate: models.FormatTime(r.EndAnDate)})
	}
	return newPage(pageNo, size, total, out), nil
}

// ValueFilter selects answers that chose an option (or matrix cell) of a question.
type ValueFilter struct {
	QuDwID     string `json:"quDwId"`
	OptionDwID string `json:"optionDwId"`
	ColDwID    string `json:"colDwId,omitempty"`
}

// Filter are the raw-data (and cross analysis) filters.
type Filter struct {
	// State: "" or "all" (all valid), "unreviewed", "reviewed", "screened".
	State  string        `json:"state"`
	From   string        `json:"bgDate"` // yyyy-MM-dd[ HH:mm:ss], server time zone, inclusive
	To     string        `json:"endDate"`
	IP     string        `json:"ip"`
	City   string        `json:"city"`
	Values []ValueFilter `json:"values"`
}

func (f Filter) empty() bool {
	return (f.State == "" || f.State == "all") && f.From == "" && f.To == "" && f.IP == "" && f.City == "" && len(f.Values) == 0
}

func (s *Service) parseTime(v string, end bool) (time.Time, error) {
	v = strings.TrimSpace(v)
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, v, s.loc()); err == nil {
			if layout == "2006-01-02" && end {
				t = t.Add(24*time.Hour - time.Nanosecond)
			}
			return t.UTC(), nil
		}
	}
	return time.Time{}, models.Invalid("Invalid time %q: use yyyy-MM-dd or yyyy-MM-dd HH:mm:ss", v)
}

// answersQuery is the filtered set of submitted, non-test, non-deleted answers of a survey.
func (s *Service) answersQuery(ctx context.Context, surveyID string, f Filter) (*gorm.DB, error) {
	q := s.DB.WithContext(ctx).Table("answers").Where("survey_id = ? AND save_status = 0 AND is_test = 0 AND deleted_at IS NULL", surveyID)
	switch f.State {
	case "", "all":
		q = q.Where("is_eff = 1")
	case "unreviewed":
		q = q.Where("is_eff = 1 AND handle_state = 0")
	case "reviewed":
		q = q.Where("is_eff = 1 AND handle_state <> 0")
	case "screened":
		q = q.Where("is_eff = 0")
	default:
		return nil, models.Invalid("Invalid state %q: use all, unreviewed, reviewed or screened", f.State)
	}
	if f.From != "" {
		t, err := s.parseTime(f.From, false)
		if err != nil {
			return nil, err
		}
		q = q.Where("end_an_date >= ?", t)
	}
	if f.To != "" {
		t, err := s.parseTime(f.To, true)
		if err != nil {
			return nil, err
		}
		q = q.Where("end_an_date <= ?", t)
	}
	if v := strings.TrimSpace(f.IP); v != "" {
		q = q.Where("client_ip = ?", v)
	}
	if v := strings.TrimSpace(f.City); v != "" {
		q = q.Where("(city = ? OR province = ?)", v, v)
	}
	if len(f.Values) > 10 {
		return nil, models.Invalid("At most 10 answer value filters")
	}
	for _, v := range f.Values {
		if strings.TrimSpace(v.QuDwID) == "" || strings.TrimSpace(v.OptionDwID) == "" {
			return nil, models.Invalid("An answer value filter needs quDwId and optionDwId")
		}
		sub := s.DB.Table("answer_items").Select("answer_id").Where("survey_id = ? AND qu_dw_id = ? AND opt_dw_id = ?", surveyID, v.QuDwID, v.OptionDwID)
		if v.ColDwID != "" {
			sub = sub.Where("col_dw_id = ?", v.ColDwID)
		}
		q = q.Where("id IN (?)", sub)
	}
	return q, nil
}

// Row is one raw-data row.
type Row struct {
	AnswerID    string  `json:"answerId"`
	AnswerDwID  string  `json:"answerDwId"`
	IP          string  `json:"ip"`
	Province    string  `json:"province"`
	City        string  `json:"city"`
	BgAnDate    string  `json:"bgAnDate"`
	EndAnDate   string  `json:"endAnDate"`
	TotalTime   int64   `json:"totalTime"`
	AnQuNum     int     `json:"anQuNum"`
	SumScore    float64 `json:"sumScore"`
	IsEff       int     `json:"isEff"`
	HandleState int     `json:"handleState"`
	Source      string  `json:"dwSourceCode"`
	Device      string  `json:"device"`
}

// List is list.do / list-es.do: newest first; only the first MaxListRows rows are reachable.
func (s *Service) List(ctx context.Context, p *account.Principal, id string, f Filter, pageNo, size int) (*Page, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	pageNo, size = normPaging(pageNo, size)
	q, err := s.answersQuery(ctx, sv.ID, f)
	if err != nil {
		return nil, err
	}
	var total int64
	if f.empty() {
		err = s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("COALESCE(SUM(cnt),0)").
			Where("survey_id = ? AND ckey = ?", sv.ID, answersvc.KeySub).Scan(&total).Error
	} else {
		err = q.Session(&gorm.Session{}).Count(&total).Error
	}
	if err != nil {
		return nil, err
	}
	rows := []Row{}
	off := (pageNo - 1) * size
	lim := min(size, MaxListRows-off)
	if lim > 0 {
		var as []struct {
			models.Answer
			Device string
		}
		if err := q.Select("id, answer_dw_id, client_ip, province, city, bg_an_date, end_an_date, duration_ms, qu_num, sum_score, is_eff, handle_state, source_code, device").
			Order("end_an_date DESC, id DESC").Limit(lim).Offset(off).Scan(&as).Error; err != nil {
			return nil, err
		}
		for _, a := range as {
			rows = append(rows, Row{AnswerID: a.ID, AnswerDwID: a.AnswerDwID, IP: a.ClientIP, Province: a.Province, City: a.City,
				BgAnDate: models.FormatTime(a.BgAnDate), EndAnDate: models.FormatTime(a.EndAnDate), TotalTime: a.DurationMs,
				AnQuNum: a.QuNum, SumScore: a.SumScore, IsEff: a.IsEff, HandleState: a.HandleState, Source: a.SourceCode, Device: a.Device})
		}
	}
	pg := newPage(pageNo, size, total, rows)
	if total > MaxListRows {
		pg.Limited, pg.LimitMsg = true, LimitMsg
	}
	return pg, nil
}

// Delete soft-deletes answers of the survey: every aggregate (counters, sums, items, and
// the cap/quota counts) is subtracted in the same transaction. Ids already deleted or not
// in the survey are skipped, so the call is idempotent. It returns the number deleted.
func (s *Service) Delete(ctx context.Context, p *account.Principal, id string, ids []string, e audit.Entry) (int, error) {
	var clean []string
	seen := map[string]bool{}
	for _, v := range ids {
		v = strings.TrimSpace(v)
		if v != "" && !seen[v] {
			seen[v] = true
			clean = append(clean, v)
		}
	}
	if len(clean) == 0 {
		return 0, models.Invalid("ids is required")
	}
	if len(clean) > 1000 {
		return 0, models.Invalid("At most 1000 answers per call")
	}
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return 0, err
	}
	n := 0
	now := s.now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := tx.Where("survey_id = ? AND id IN ? AND deleted_at IS NULL", sv.ID, clean).Order("id")
		if s.mysql() {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		var rows []models.Answer
		if err := q.Find(&rows).Error; err != nil {
			return err
		}
		types := map[int]map[string]string{}
		for i := range rows {
			a := &rows[i]
			if a.SaveStatus != models.AnswerSubmitted {
				continue
			}
			qt, ok := types[a.SurveyVersion]
			if !ok {
				qt, _, err = s.Answers.QuestionTypes(ctx, sv, a.SurveyVersion)
				if err != nil {
					return err
				}
				types[a.SurveyVersion] = qt
			}
			if err := s.Answers.RemoveFromStats(tx, a, qt, true); err != nil {
				return err
			}
		}
		if len(rows) == 0 {
			return nil
		}
		del := make([]string, len(rows))
		for i, r := range rows {
			del[i] = r.ID
		}
		res := tx.Model(&models.Answer{}).Where("id IN ? AND deleted_at IS NULL", del).Updates(map[string]any{"deleted_at": now, "updated_at": now})
		n = int(res.RowsAffected)
		return res.Error
	})
	if err != nil {
		return 0, err
	}
	if s.Audit != nil && n > 0 {
		e.Name, e.OperationType, e.Success = "Delete answers", audit.OpDelete, true
		e.Notes = "survey " + sv.ID + ": " + strings.Join(clean, ",")
		s.Audit.Record(ctx, e)
	}
	return n, nil
}

// Edit is the owner's (or data collaborator's) edit of an answer: re-validated against the
// answer's version, aggregates replaced in one transaction.
func (s *Service) Edit(ctx context.Context, p *account.Principal, answerID string, answerJSON []byte, e audit.Entry) (*models.Answer, []lang.Message, error) {
	answerID = strings.TrimSpace(answerID)
	if answerID == "" {
		return nil, nil, models.Invalid("answerId is required")
	}
	if len(strings.TrimSpace(string(answerJSON))) == 0 {
		return nil, nil, models.Invalid("answerJson is required")
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "survey_id").Where("id = ? AND deleted_at IS NULL", answerID).Take(&a).Error; err != nil {
		return nil, nil, models.ErrNotFound
	}
	if _, err := s.access(ctx, p, a.SurveyID); err != nil {
		return nil, nil, err
	}
	row, msgs, err := s.Answers.EditAnswer(ctx, answerID, answerJSON)
	if err == nil && row != nil && s.Audit != nil {
		e.Name, e.OperationType, e.Success, e.Notes = "Edit answer", audit.OpUpdate, true, "answer "+answerID
		s.Audit.Record(ctx, e)
	}
	return row, msgs, err
}

// Info returns one answer for survey staff (the get-survey-answer.do view).
func (s *Service) Info(ctx context.Context, p *account.Principal, answerID string) (any, error) {
	if p == nil {
		return nil, models.ErrNotFound
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "survey_id").Where("id = ? AND deleted_at IS NULL", strings.TrimSpace(answerID)).Take(&a).Error; err != nil {
		return nil, models.ErrNotFound
	}
	if _, err := s.access(ctx, p, a.SurveyID); err != nil {
		return nil, err
	}
	return s.Answers.GetAnswer(ctx, answersvc.Reader{Principal: p}, a.ID)
}

var _ = json.Marshal
