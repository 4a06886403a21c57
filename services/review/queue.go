package review

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
)

// QueueRow is one answer waiting at a step the caller may decide.
type QueueRow struct {
	AnswerID    string  `json:"answerId"`
	SurveyID    string  `json:"surveyId"`
	Sid         string  `json:"sid"`
	SurveyTitle string  `json:"surveyTitle"`
	Step        int     `json:"step"`
	EnteredAt   string  `json:"enteredAt"`
	DueAt       string  `json:"dueAt,omitempty"`
	Escalated   int     `json:"escalatedFrom,omitempty"`
	Reminders   int     `json:"reminders,omitempty"`
	EndAnDate   string  `json:"endAnDate"`
	SumScore    float64 `json:"sumScore"`
	AnQuNum     int     `json:"anQuNum"`
}

// Page is the Page shape of API.md.
type Page struct {
	PageNo     int   `json:"pageNo"`
	PageSize   int   `json:"pageSize"`
	TotalItems int64 `json:"totalItems"`
	TotalPage  int64 `json:"totalPage"`
	Result     any   `json:"result"`
}

func normPaging(pageNo, size int) (int, int) {
	if pageNo < 1 {
		pageNo = 1
	}
	if size < 1 {
		size = 10
	}
	return pageNo, min(size, 100)
}

type queueEntry struct {
	AnswerID  string    `gorm:"column:answer_id"`
	SurveyID  string    `gorm:"column:survey_id"`
	Step      int       `gorm:"column:step"`
	EnteredAt time.Time `gorm:"column:entered_at"`
}

// activeKeys are the keys of keys with queue rows (of surveyID when set).
func (s *Service) activeKeys(ctx context.Context, keys []string, surveyID string) ([]string, error) {
	var out []string
	for _, k := range keys {
		q := s.DB.WithContext(ctx).Model(&models.ReviewQueueEntry{}).Where("assignee = ?", k)
		if surveyID != "" {
			q = q.Where("survey_id = ?", surveyID)
		}
		var one []string
		if err := q.Limit(1).Pluck("answer_id", &one).Error; err != nil {
			return nil, err
		}
		if len(one) > 0 {
			out = append(out, k)
		}
	}
	return out, nil
}

// queueEntries reads the caller's queue (of surveyID when set) oldest first: the entries
// [offset, offset+limit) without duplicates (an answer reachable by several keys), and the
// total. One key reads one ordered index range; several keys merge their ranges.
func (s *Service) queueEntries(ctx context.Context, keys []string, surveyID string, offset, limit int) ([]queueEntry, int64, error) {
	active, err := s.activeKeys(ctx, keys, surveyID)
	if err != nil || len(active) == 0 {
		return nil, 0, err
	}
	base := func() *gorm.DB {
		q := s.DB.WithContext(ctx).Model(&models.ReviewQueueEntry{})
		if surveyID != "" {
			q = q.Where("survey_id = ?", surveyID)
		}
		return q
	}
	var total int64
	if len(active) == 1 {
		err = base().Where("assignee = ?", active[0]).Count(&total).Error
	} else {
		err = base().Where("assignee IN ?", active).Distinct("answer_id").Count(&total).Error
	}
	if err != nil {
		return nil, 0, err
	}
	if int64(offset) >= total {
		return nil, total, nil
	}
	var rows []queueEntry
	for _, k := range active {
		var part []queueEntry
		if err := base().Select("answer_id, survey_id, step, entered_at").Where("assignee = ?", k).
			Order("entered_at, answer_id").Limit(offset + limit).Scan(&part).Error; err != nil {
			return nil, 0, err
		}
		rows = append(rows, part...)
	}
	if len(active) > 1 {
		sort.SliceStable(rows, func(i, j int) bool {
			if !rows[i].EnteredAt.Equal(rows[j].EnteredAt) {
				return rows[i].EnteredAt.Before(rows[j].EnteredAt)
			}
			return rows[i].AnswerID < rows[j].AnswerID
		})
		seen := map[string]bool{}
		out := rows[:0]
		for _, r := range rows {
			if !seen[r.AnswerID] {
				seen[r.AnswerID] = true
				out = append(out, r)
			}
		}
		rows = out
	}
	if offset >= len(rows) {
		return nil, total, nil
	}
	return rows[offset:min(len(rows), offset+limit)], total, nil
}

// queueRows completes entries with the answer, task and survey facts.
func (s *Service) queueRows(ctx context.Context, es []queueEntry) ([]QueueRow, error) {
	out := make([]QueueRow, 0, len(es))
	if len(es) == 0 {
		return out, nil
	}
	ids := make([]string, len(es))
	sids := map[string]bool{}
	for i, e := range es {
		ids[i] = e.AnswerID
		sids[e.SurveyID] = true
	}
	db := s.DB.WithContext(ctx)
	var as []models.Answer
	if err := db.Select("id", "end_an_date", "sum_score", "qu_num").Where("id IN ?", ids).Find(&as).Error; err != nil {
		return nil, err
	}
	var ts []models.ReviewTask
	if err := db.Select("answer_id", "due_at", "escalated_from", "reminders").Where("answer_id IN ?", ids).Find(&ts).Error; err != nil {
		return nil, err
	}
	var svs []models.Survey
	if err := db.Select("id", "sid", "title").Where("id IN ?", sortedKeys(sids)).Find(&svs).Error; err != nil {
		return nil, err
	}
	am := map[string]models.Answer{}
	for _, a := range as {
		am[a.ID] = a
	}
	tm := map[string]models.ReviewTask{}
	for _, t := range ts {
		tm[t.AnswerID] = t
	}
	sm := map[string]models.Survey{}
	for _, sv := range svs {
		sm[sv.ID] = sv
	}
	for _, e := range es {
		a, t, sv := am[e.AnswerID], tm[e.AnswerID], sm[e.SurveyID]
		r := QueueRow{AnswerID: e.AnswerID, SurveyID: e.SurveyID, Sid: sv.Sid, SurveyTitle: sv.Title, Step: e.Step,
			EnteredAt: models.FormatTime(e.EnteredAt), Escalated: t.EscalatedFrom, Reminders: t.Reminders,
			EndAnDate: models.FormatTime(a.EndAnDate), SumScore: a.SumScore, AnQuNum: a.QuNum}
		if t.DueAt != nil {
			r.DueAt = models.FormatTime(*t.DueAt)
		}
		out = append(out, r)
	}
	return out, nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Queue is the caller's review queue (queue.do): answers waiting at a step the caller may
// decide, oldest first, of one survey or (surveyID "") of every survey.
func (s *Service) Queue(ctx context.Context, p *account.Principal, surveyID string, pageNo, size int) (*Page, error) {
	if p == nil {
		return nil, models.ErrNotFound
	}
	pageNo, size = normPaging(pageNo, size)
	surveyID = strings.TrimSpace(surveyID)
	if surveyID != "" {
		sv, err := s.surveyByIDOrSid(ctx, surveyID)
		if err != nil {
			return nil, err
		}
		surveyID = sv.ID
	}
	keys, err := s.UserKeys(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	es, total, err := s.queueEntries(ctx, keys, surveyID, (pageNo-1)*size, size)
	if err != nil {
		return nil, err
	}
	rows, err := s.queueRows(ctx, es)
	if err != nil {
		return nil, err
	}
	return &Page{PageNo: pageNo, PageSize: size, TotalItems: total, TotalPage: (total + int64(size) - 1) / int64(size), Result: rows}, nil
}

// surveyByIDOrSid finds a survey that is not in the recycle bin (not found otherwise; a
// queue of a survey without rows of the caller is empty, so nothing more is revealed).
func (s *Service) surveyByIDOrSid(ctx context.Context, v string) (*models.Survey, error) {
	var sv models.Survey
	err := s.DB.WithContext(ctx).Select("id", "sid", "title", "owner_id").Where("(id = ? OR sid = ?) AND deleted_at IS NULL", v, v).Take(&sv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &sv, err
}

// SurveyCount is one survey of the caller's queue.
type SurveyCount struct {
	SurveyID    string `json:"surveyId"`
	Sid         string `json:"sid"`
	SurveyTitle string `json:"surveyTitle"`
	// Waiting answers at a step the caller may decide; Oldest is when the oldest began.
	Waiting int64  `json:"waiting"`
	Oldest  string `json:"oldest"`
}

// QueueSurveys counts the caller's queue per survey (queue-surveys.do), the survey with the
// oldest waiting answer first.
func (s *Service) QueueSurveys(ctx context.Context, p *account.Principal) ([]SurveyCount, error) {
	if p == nil {
		return nil, models.ErrNotFound
	}
	keys, err := s.UserKeys(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		SurveyID string `gorm:"column:survey_id"`
		N        int64  `gorm:"column:n"`
		Oldest   time.Time
	}
	if err := s.DB.WithContext(ctx).Model(&models.ReviewQueueEntry{}).
		Select("survey_id, COUNT(DISTINCT answer_id) AS n").
		Where("assignee IN ?", keys).Group("survey_id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	for i := range rows {
		// the oldest entry from the index (a typed read: SQLite answers MIN() as text)
		var first []models.ReviewQueueEntry
		if err := s.DB.WithContext(ctx).Select("entered_at").Where("assignee IN ? AND survey_id = ?", keys, rows[i].SurveyID).
			Order("entered_at").Limit(1).Find(&first).Error; err != nil {
			return nil, err
		}
		if len(first) > 0 {
			rows[i].Oldest = first[0].EnteredAt
		}
	}
	out := make([]SurveyCount, 0, len(rows))
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.SurveyID)
	}
	var svs []models.Survey
	if len(ids) > 0 {
		if err := s.DB.WithContext(ctx).Select("id", "sid", "title").Where("id IN ? AND deleted_at IS NULL", ids).Find(&svs).Error; err != nil {
			return nil, err
		}
	}
	sm := map[string]models.Survey{}
	for _, sv := range svs {
		sm[sv.ID] = sv
	}
	for _, r := range rows {
		sv, ok := sm[r.SurveyID]
		if !ok {
			continue // in the recycle bin
		}
		out = append(out, SurveyCount{SurveyID: r.SurveyID, Sid: sv.Sid, SurveyTitle: sv.Title, Waiting: r.N, Oldest: models.FormatTime(r.Oldest)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Oldest < out[j].Oldest })
	return out, nil
}

// chainAccess applies the read rule of an answer in review: survey staff with data rights,
// or a user assigned to any step of the answer's chain. It returns the task (nil when the
// answer has no chain), whether the caller is staff, and the caller's keys.
func (s *Service) chainAccess(ctx context.Context, p *account.Principal, a *models.Answer) (*models.ReviewTask, bool, []string, error) {
	if p == nil {
		return nil, false, nil, models.ErrNotFound
	}
	_, staff, err := s.staff(ctx, p, a.SurveyID)
	if err != nil {
		return nil, false, nil, err
	}
	var task models.ReviewTask
	err = s.DB.WithContext(ctx).Where("answer_id = ?", a.ID).Take(&task).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		if !staff {
			return nil, false, nil, models.ErrNotFound
		}
		return nil, true, nil, nil
	} else if err != nil {
		return nil, false, nil, err
	}
	keys, err := s.UserKeys(ctx, p.UserID)
	if err != nil {
		return nil, false, nil, err
	}
	if !staff && !intersects(keys, chainKeys(task.Chain)) {
		return nil, false, nil, models.ErrNotFound
	}
	return &task, staff, keys, nil
}

// chainKeys are every assignee key of a stored chain.
func chainKeys(raw string) []string {
	var c Chain
	_ = json.Unmarshal([]byte(raw), &c)
	var out []string
	for _, l := range c.Levels {
		out = append(out, l...)
	}
	return append(out, c.AdminKeys...)
}

// TimelineItem is one event of a chain: a step entered, a decision, a reminder, an
// escalation, the end.
type TimelineItem struct {
	Kind        string `json:"kind"` // entered | decided | reminded | escalated | ended
	Step        int    `json:"step"`
	At          string `json:"at"`
	UserID      string `json:"userId,omitempty"`
	UserName    string `json:"userName,omitempty"`
	VerifyValue int    `json:"verifyValue,omitempty"`
	Note        string `json:"verifyNote,omitempty"`
	at          time.Time
}

// Timeline is an answer's chain with its history (timeline.do).
type Timeline struct {
	AnswerID  string `json:"answerId"`
	InChain   bool   `json:"inChain"`
	Levels    int    `json:"levels"`
	AdminStep bool   `json:"adminStep"`
	Step      int    `json:"step"`
	State     string `json:"state"`
	DueAt     string `json:"dueAt,omitempty"`
	// Escalated is the level escalated to the administrator (0: none).
	Escalated int `json:"escalatedFrom,omitempty"`
	Reminders int `json:"reminders,omitempty"`
	// CanDecide: the caller is assigned to the current step (the workflow has the last word).
	CanDecide bool           `json:"canDecide"`
	Items     []TimelineItem `json:"items"`
	// Notes are the reference's per-level notes (esAnVerify).
	Notes map[string]string `json:"esAnVerify"`
}

// Timeline returns the chain of an answer with who decided what and when, oldest first.
// An answer without a chain (verification off when it was submitted) lists its flat
// verdicts. Same access rule as the answer in review.
func (s *Service) Timeline(ctx context.Context, p *account.Principal, answerID string) (*Timeline, error) {
	a, err := s.answerHead(ctx, answerID)
	if err != nil {
		return nil, err
	}
	task, _, keys, err := s.chainAccess(ctx, p, a)
	if err != nil {
		return nil, err
	}
	tl := &Timeline{AnswerID: a.ID, Items: []TimelineItem{}, Notes: map[string]string{}}
	var full models.Answer
	if err := s.DB.WithContext(ctx).Select("verify1_note", "verify2_note", "verify3_note", "admin_note").Where("id = ?", a.ID).Take(&full).Error; err != nil {
		return nil, err
	}
	tl.Notes["verify1Note"], tl.Notes["verify2Note"], tl.Notes["verify3Note"], tl.Notes["verifyAdminNote"] =
		full.Verify1Note, full.Verify2Note, full.Verify3Note, full.AdminNote
	if task != nil {
		var c Chain
		_ = json.Unmarshal([]byte(task.Chain), &c)
		tl.InChain, tl.Levels, tl.AdminStep, tl.Step, tl.State = true, len(c.Levels), c.AdminStep, task.Step, task.State
		tl.Escalated, tl.Reminders = task.EscalatedFrom, task.Reminders
		if task.DueAt != nil && task.State == models.ReviewWaiting {
			tl.DueAt = models.FormatTime(*task.DueAt)
		}
		if task.State == models.ReviewWaiting {
			var n int64
			if err := s.DB.WithContext(ctx).Model(&models.ReviewQueueEntry{}).Where("answer_id = ? AND assignee IN ?", a.ID, keys).
				Count(&n).Error; err != nil {
				return nil, err
			}
			tl.CanDecide = n > 0
		}
		var evs []models.ReviewEvent
		if err := s.DB.WithContext(ctx).Where("answer_id = ?", a.ID).Order("created_at, id").Find(&evs).Error; err != nil {
			return nil, err
		}
		for _, e := range evs {
			tl.Items = append(tl.Items, TimelineItem{Kind: e.Kind, Step: e.Step, At: models.FormatTime(e.CreatedAt), Note: e.Note, at: e.CreatedAt})
		}
	}
	var rs []struct {
		models.AnswerReview
		UserName string
	}
	if err := s.DB.WithContext(ctx).Table("answer_reviews r").
		Select("r.id, r.user_id, r.role, r.verify_value, r.note, r.created_at, COALESCE(NULLIF(u.name, ''), u.login_name, '') AS user_name").
		Joins("LEFT JOIN users u ON u.id = r.user_id").Where("r.answer_id = ?", a.ID).Order("r.created_at, r.id").Scan(&rs).Error; err != nil {
		return nil, err
	}
	for _, r := range rs {
		tl.Items = append(tl.Items, TimelineItem{Kind: "decided", Step: stepOfRole(r.Role), At: models.FormatTime(r.CreatedAt), UserID: r.UserID,
			UserName: r.UserName, VerifyValue: r.VerifyValue, Note: r.Note, at: r.CreatedAt})
	}
	sort.SliceStable(tl.Items, func(i, j int) bool {
		if !tl.Items[i].at.Equal(tl.Items[j].at) {
			return tl.Items[i].at.Before(tl.Items[j].at)
		}
		// at the same instant a decision comes before the next step it opens
		return tl.Items[i].Kind == "decided" && tl.Items[j].Kind != "decided"
	})
	return tl, nil
}

func stepOfRole(role string) int {
	switch role {
	case "level1":
		return 1
	case "level2":
		return 2
	case "level3":
		return 3
	case "admin":
		return models.ReviewStepAdmin
	}
	return 0 // a flat verdict (owner or collaborator)
}

// ReviewView is what the review dialog shows: the answer, its survey version, and the chain.
type ReviewView struct {
	Answer   *answersvc.AnswerView `json:"answer"`
	Survey   *answersvc.SurveyJSON `json:"survey"`
	Timeline *Timeline             `json:"timeline"`
}

// ReviewAnswer returns the answer, the document of its version and its chain, for a
// reviewer of the chain or survey staff (answer.do).
func (s *Service) ReviewAnswer(ctx context.Context, p *account.Principal, answerID string) (*ReviewView, error) {
	tl, err := s.Timeline(ctx, p, answerID)
	if err != nil {
		return nil, err
	}
	rd := answersvc.Reader{Principal: p, Granted: true}
	v, err := s.Answers.GetAnswer(ctx, rd, tl.AnswerID)
	if err != nil {
		return nil, err
	}
	doc, err := s.Answers.ReviewDocument(ctx, rd, tl.AnswerID)
	if err != nil {
		return nil, err
	}
	return &ReviewView{Answer: v, Survey: doc, Timeline: tl}, nil
}
