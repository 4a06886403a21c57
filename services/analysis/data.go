package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	"dwsurvey/services/outbox"
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

// texts pages the fill-blank values of a question newest first: the total is the tx:
// counter, the page a backward range of ix_item_text (survey, question, kind, an_date).
func (s *Service) texts(ctx context.Context, surveyID, quDwID string, pageNo, size int) (*Page, error) {
	pageNo, size = normPaging(pageNo, size)
	var total int64
	if err := s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("COALESCE(SUM(cnt),0)").
		Where("survey_id = ? AND ckey = ?", surveyID, answersvc.KeyTextPrefix+quDwID).Scan(&total).Error; err != nil {
		return nil, err
	}
	out := []TextRow{}
	off := (pageNo - 1) * size
	if int64(off) < total {
		var rows []struct {
			AnswerID string     `gorm:"column:answer_id"`
			OptDwID  string     `gorm:"column:opt_dw_id"`
			Text     string     `gorm:"column:text"`
			AnDate   *time.Time `gorm:"column:an_date"`
		}
		if err := s.DB.WithContext(ctx).Raw(`SELECT answer_id, opt_dw_id, text, an_date FROM answer_items
WHERE survey_id = ? AND qu_dw_id = ? AND kind = 't' ORDER BY an_date DESC, answer_id DESC, seq DESC LIMIT ? OFFSET ?`,
			surveyID, quDwID, size, off).Scan(&rows).Error; err != nil {
			return nil, err
		}
		for _, r := range rows {
			tr := TextRow{AnswerID: r.AnswerID, OptDwID: r.OptDwID, Text: r.Text}
			if r.AnDate != nil {
				tr.EndAnDate = models.FormatTime(*r.AnDate)
			}
			out = append(out, tr)
		}
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
	UserID string        `json:"anUserKey"` // the logged-in respondent's user id
	Values []ValueFilter `json:"values"`
}

func (f Filter) empty() bool {
	return (f.State == "" || f.State == "all") && f.From == "" && f.To == "" && f.IP == "" && f.City == "" && f.UserID == "" && len(f.Values) == 0
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

// listQuery is a filtered set of answers (alias a) with its list order.
type listQuery struct {
	q     *gorm.DB
	order string
	none  bool // nothing can match (value filters on screened answers)
	// items, when set, selects the same answers from answer_items alone (v0, in list
	// order by v0.an_date, v0.answer_id): value filters with no condition on other answer
	// columns (items exist only for valid answers).
	items *gorm.DB
	// count, when set, selects the same answer ids for counting them from an index that
	// holds every condition (exports count all matching answers).
	count *gorm.DB
}

// ids is the subquery of the matching answer ids.
func (lq *listQuery) ids() *gorm.DB {
	if lq.items != nil {
		return lq.items.Session(&gorm.Session{}).Select("v0.answer_id")
	}
	return lq.q.Session(&gorm.Session{}).Select("a.id")
}

// answersQuery is the filtered set of submitted, non-test, non-deleted answers of a survey.
// Without answer-value filters it is a range of answers (ix_answer_list / ix_answer_review).
// With them, one value filter drives the query: a backward range of ix_item_opt (survey,
// question, option, an_date, answer) in list order, joined to answers by primary key; the
// other value filters are primary-key probes of answer_items. Items exist only for valid
// answers, so value filters on screened answers match nothing.
func (s *Service) answersQuery(ctx context.Context, surveyID string, f Filter, d *lang.Survey) (*listQuery, error) {
	conds := []string{"a.survey_id = ? AND a.save_status = 0 AND a.is_test = 0 AND a.deleted_at IS NULL"}
	args := []any{surveyID}
	switch f.State {
	case "", "all":
		conds = append(conds, "a.is_eff = 1")
	case "unreviewed":
		conds = append(conds, "a.handle_state = 0 AND a.is_eff = 1")
	case "reviewed": // valid and reviewed: a fail verdict always screens out
		conds = append(conds, "a.handle_state = 1 AND a.is_eff = 1")
	case "screened": // screened out by a fail verdict
		conds = append(conds, "a.handle_state = 2 AND a.is_eff = 0")
	default:
		return nil, models.Invalid("Invalid state %q: use all, unreviewed, reviewed or screened", f.State)
	}
	var from, to *time.Time
	if f.From != "" {
		t, err := s.parseTime(f.From, false)
		if err != nil {
			return nil, err
		}
		from = &t
		conds, args = append(conds, "a.end_an_date >= ?"), append(args, t)
	}
	if f.To != "" {
		t, err := s.parseTime(f.To, true)
		if err != nil {
			return nil, err
		}
		to = &t
		conds, args = append(conds, "a.end_an_date <= ?"), append(args, t)
	}
	if v := strings.TrimSpace(f.IP); v != "" {
		conds, args = append(conds, "a.client_ip = ?"), append(args, v)
	}
	if v := strings.TrimSpace(f.City); v != "" {
		conds, args = append(conds, "(a.city = ? OR a.province = ?)"), append(args, v, v)
	}
	if v := strings.TrimSpace(f.UserID); v != "" {
		conds, args = append(conds, "a.user_id = ?"), append(args, v)
	}
	if len(f.Values) > 10 {
		return nil, models.Invalid("At most 10 answer value filters")
	}
	for _, v := range f.Values {
		if strings.TrimSpace(v.QuDwID) == "" || strings.TrimSpace(v.OptionDwID) == "" {
			return nil, models.Invalid("An answer value filter needs quDwId and optionDwId")
		}
	}
	db := s.DB.WithContext(ctx)
	byAnswers := &listQuery{order: "a.end_an_date DESC, a.id DESC", none: f.State == "screened" && len(f.Values) > 0}
	answers := "answers a"
	if s.mysql() && strings.TrimSpace(f.IP) == "" {
		// keep the list order from the index (the optimizer may prefer the other one and sort)
		if f.State == "" || f.State == "all" {
			answers += " FORCE INDEX (ix_answer_list)"
		} else {
			answers += " FORCE INDEX (ix_answer_review)"
		}
	}
	if len(f.Values) == 0 {
		byAnswers.q = db.Table(answers).Where(strings.Join(conds, " AND "), args...)
		if s.mysql() && strings.TrimSpace(f.IP) == "" && strings.TrimSpace(f.City) == "" && strings.TrimSpace(f.UserID) == "" {
			// every condition left is a column of ix_answer_review: counting reads that index
			// alone (through ix_answer_list, which lacks is_eff, it reads every answer row)
			byAnswers.count = db.Table("answers a FORCE INDEX (ix_answer_review)").Where(strings.Join(conds, " AND "), args...).Select("a.id")
		}
		return byAnswers, nil
	}
	// the driving filter must match at most one item per answer (a matrix checkbox row
	// without a column matches one per chosen column)
	drive := -1
	for i, v := range f.Values {
		q := question(d, v.QuDwID)
		if v.ColDwID != "" || q == nil || string(q.QuType) != lang.TypeMatrixCheckbox {
			drive = i
			break
		}
	}
	// a correlated primary-key probe per row (LIMIT keeps MariaDB from turning it into a
	// semi-join that materializes every answer with that value)
	probe := func(alias, answerCol string, v ValueFilter) (string, []any) {
		hint := ""
		if s.mysql() && v.ColDwID == "" { // index only: (survey, question, answer, option)
			hint = " FORCE INDEX (ix_item_cross)"
		}
		sql := "(SELECT 1 FROM answer_items " + alias + hint + " WHERE " + alias + ".survey_id = ? AND " + alias + ".qu_dw_id = ? AND " +
			alias + ".answer_id = " + answerCol + " AND " + alias + ".opt_dw_id = ?"
		a := []any{surveyID, v.QuDwID, v.OptionDwID}
		if v.ColDwID != "" {
			sql += " AND " + alias + ".col_dw_id = ?"
			a = append(a, v.ColDwID)
		}
		return sql + " LIMIT 1) IS NOT NULL", a
	}
	if drive < 0 {
		q := db.Table(answers).Where(strings.Join(conds, " AND "), args...)
		for i, v := range f.Values {
			sql, a := probe(fmt.Sprintf("v%d", i+1), "a.id", v)
			q = q.Where(sql, a...)
		}
		byAnswers.q = q
		return byAnswers, nil
	}
	v0 := f.Values[drive]
	items := func(table string) *gorm.DB {
		q := db.Table(table).Where("v0.survey_id = ? AND v0.qu_dw_id = ? AND v0.opt_dw_id = ?", surveyID, v0.QuDwID, v0.OptionDwID)
		if v0.ColDwID != "" {
			q = q.Where("v0.col_dw_id = ?", v0.ColDwID)
		}
		if from != nil {
			q = q.Where("v0.an_date >= ?", *from)
		}
		if to != nil {
			q = q.Where("v0.an_date <= ?", *to)
		}
		for i, v := range f.Values {
			if i != drive {
				sql, a := probe(fmt.Sprintf("v%d", i+1), "v0.answer_id", v)
				q = q.Where(sql, a...)
			}
		}
		return q
	}
	hint, join := " FORCE INDEX (ix_item_opt)", " STRAIGHT_JOIN "
	if !s.mysql() {
		hint, join = " INDEXED BY ix_item_opt", " CROSS JOIN "
	}
	lq := &listQuery{order: "v0.an_date DESC, v0.answer_id DESC", none: byAnswers.none,
		q: items("answer_items v0"+hint+join+"answers a ON a.id = v0.answer_id").Where(strings.Join(conds, " AND "), args...)}
	if (f.State == "" || f.State == "all") && strings.TrimSpace(f.IP) == "" && strings.TrimSpace(f.City) == "" && strings.TrimSpace(f.UserID) == "" {
		lq.items = items("answer_items v0" + hint)
	}
	return lq, nil
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
	UserID      string  `json:"userId"`
	// EsID and AnswerCommon repeat the row in the reference (DWSurvey v6) raw-data shape
	// that its web client reads (see refrow.go); filled by List.
	EsID         string        `json:"esId"`
	AnswerCommon *AnswerCommon `json:"answerCommon,omitempty"`
}

// rowColumns are the answers columns of a raw-data Row.
const rowColumns = "a.id, a.answer_dw_id, a.client_ip, a.province, a.city, a.bg_an_date, a.end_an_date, a.duration_ms, a.qu_num, a.sum_score, a.is_eff, a.handle_state, a.source_code, a.device, a.user_id"

// scanRows reads raw-data rows from a query on answers a (rowColumns are selected).
func scanRows(q *gorm.DB) ([]Row, error) {
	var as []struct {
		models.Answer
		Device string
	}
	if err := q.Select(rowColumns).Scan(&as).Error; err != nil {
		return nil, err
	}
	rows := make([]Row, 0, len(as))
	for _, a := range as {
		rows = append(rows, Row{AnswerID: a.ID, AnswerDwID: a.AnswerDwID, IP: a.ClientIP, Province: a.Province, City: a.City,
			BgAnDate: models.FormatTime(a.BgAnDate), EndAnDate: models.FormatTime(a.EndAnDate), TotalTime: a.DurationMs,
			AnQuNum: a.QuNum, SumScore: a.SumScore, IsEff: a.IsEff, HandleState: a.HandleState, Source: a.SourceCode, Device: a.Device, UserID: a.UserID})
	}
	return rows, nil
}

// List is list.do / list-es.do: newest first; only the first MaxListRows rows are reachable.
// The total is the sub counter without filters; with filters it is counted up to
// MaxListRows+1 (enough to tell that the list is limited).
func (s *Service) List(ctx context.Context, p *account.Principal, id string, f Filter, pageNo, size int) (*Page, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	pageNo, size = normPaging(pageNo, size)
	var d *lang.Survey
	if len(f.Values) > 0 {
		if _, d, err = s.doc(ctx, sv); err != nil {
			return nil, err
		}
	}
	lq, err := s.answersQuery(ctx, sv.ID, f, d)
	if err != nil {
		return nil, err
	}
	rows := []Row{}
	if lq.none {
		return newPage(pageNo, size, 0, rows), nil
	}
	var total int64
	if f.empty() {
		err = s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("COALESCE(SUM(cnt),0)").
			Where("survey_id = ? AND ckey = ?", sv.ID, answersvc.KeySub).Scan(&total).Error
	} else {
		err = s.DB.WithContext(ctx).Table("(?) t", lq.ids().Limit(MaxListRows+1)).Count(&total).Error
	}
	if err != nil {
		return nil, err
	}
	off := (pageNo - 1) * size
	lim := min(size, MaxListRows-off)
	if lim > 0 && int64(off) < total {
		if lq.items != nil {
			// the page's ids from the index alone, then their rows
			var ids []string
			if err := lq.ids().Order(lq.order).Limit(lim).Offset(off).Scan(&ids).Error; err != nil {
				return nil, err
			}
			if len(ids) > 0 {
				rows, err = scanRows(s.DB.WithContext(ctx).Table("answers a").Where("a.id IN ?", ids).Order("a.end_an_date DESC, a.id DESC"))
			}
		} else {
			rows, err = scanRows(lq.q.Order(lq.order).Limit(lim).Offset(off))
		}
		if err != nil {
			return nil, err
		}
	}
	if err := s.withAnswerCommon(ctx, sv, rows); err != nil {
		return nil, err
	}
	pg := newPage(pageNo, size, total, rows)
	if total > MaxListRows {
		pg.Limited, pg.LimitMsg = true, LimitMsg
	}
	return pg, nil
}

// Delete soft-deletes answers of the survey: every aggregate (counters, sums, items, and
// the cap/quota counts) is subtracted in the same transaction. The batch is all or nothing:
// when any id is not an answer of this survey (unknown, or another survey's - another
// user's), nothing is deleted and the call answers "not found". Answers of the survey that
// are already deleted are skipped, so a repeated call is harmless. It returns the number deleted.
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
	nudge := false
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		nudge = false
		q := tx.Where("survey_id = ? AND id IN ? AND deleted_at IS NULL", sv.ID, clean).Order("id")
		if s.mysql() {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		var rows []models.Answer
		if err := q.Find(&rows).Error; err != nil {
			return err
		}
		if len(rows) < len(clean) {
			var known int64
			if err := tx.Model(&models.Answer{}).Where("survey_id = ? AND id IN ?", sv.ID, clean).Count(&known).Error; err != nil {
				return err
			}
			if int(known) != len(clean) {
				return models.ErrNotFound
			}
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
			if err := s.Answers.RemoveFromStats(tx, a, qt, answersvc.ReleaseAll); err != nil {
				return err
			}
		}
		if len(rows) == 0 {
			return nil
		}
		if s.Deleted != nil {
			wrote, err := s.Deleted.AnswersDeleted(tx, now, sv.ID, rows)
			if err != nil {
				return err
			}
			nudge = nudge || wrote
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
	if nudge {
		outbox.Nudge(s.Outbox)
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
	if _, err := s.answerAccess(ctx, p, answerID); err != nil {
		return nil, nil, err
	}
	row, msgs, err := s.Answers.EditAnswer(ctx, answerID, answerJSON)
	if err == nil && row != nil && s.Audit != nil {
		e.Name, e.OperationType, e.Success, e.Notes = "Edit answer", audit.OpUpdate, true, "answer "+answerID
		s.Audit.Record(ctx, e)
	}
	return row, msgs, err
}

// answerAccess finds a non-deleted answer and applies the survey access rule (owner or data
// collaborator); anything else — no principal, unknown or deleted answer — is not found.
func (s *Service) answerAccess(ctx context.Context, p *account.Principal, answerID string) (surveyID string, err error) {
	if p == nil {
		return "", models.ErrNotFound
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "survey_id").Where("id = ? AND deleted_at IS NULL", strings.TrimSpace(answerID)).Take(&a).Error; err != nil {
		return "", models.ErrNotFound
	}
	if _, err := s.access(ctx, p, a.SurveyID); err != nil {
		return "", err
	}
	return a.SurveyID, nil
}

// Info returns one answer for survey staff (the get-survey-answer.do view).
func (s *Service) Info(ctx context.Context, p *account.Principal, answerID string) (any, error) {
	id := strings.TrimSpace(answerID)
	if _, err := s.answerAccess(ctx, p, id); err != nil {
		return nil, err
	}
	return s.Answers.GetAnswer(ctx, answersvc.Reader{Principal: p}, id)
}

var _ = json.Marshal
