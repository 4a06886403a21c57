// Package dashboard computes the admin dashboards (dashboard/analysis, dashboard/monitor)
// and an author's own overview (data/dashboard) from the answer counters kept in each answer's
// transaction (answer_counters: sub, day:<date>, src:<code>, prov:<province>), never by
// scanning answers. System-wide sums read one key prefix across surveys through the counter
// key index (schema step 21); an author's figures read the counters of their own surveys.
// Users and surveys per day are counted from those tables' creation times over the window.
package dashboard

import (
	"context"
	"sort"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
)

// Service answers the dashboards.
type Service struct {
	DB *gorm.DB
	// Loc is the zone of days (the counters' day: keys use the server time zone).
	Loc *time.Location
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) loc() *time.Location {
	if s.Loc != nil {
		return s.Loc
	}
	return time.UTC
}

// DayCount is a count on one day (yyyy-MM-dd, server time zone) or week (the Monday).
type DayCount struct {
	Day   string `json:"day"`
	Count int64  `json:"count"`
}

// NameCount is a count by name (source, province).
type NameCount struct {
	Name  string `json:"name"`
	Count int64  `json:"count"`
}

// TopSurvey is one of the surveys with most answers.
type TopSurvey struct {
	ID        string `json:"id"`
	Sid       string `json:"sid"`
	Title     string `json:"surveyName"`
	OwnerName string `json:"ownerName"`
	State     int    `json:"surveyState"`
	Answers   int64  `json:"answerNum"`
}

// Analysis is dashboard/analysis.
type Analysis struct {
	Users          int64       `json:"users"`
	Surveys        int64       `json:"surveys"`
	Collecting     int64       `json:"collecting"`
	Answers        int64       `json:"answers"`
	AnswersToday   int64       `json:"answersToday"`
	Days           int         `json:"days"`
	AnswersByDay   []DayCount  `json:"answersByDay"`
	AnswersByWeek  []DayCount  `json:"answersByWeek"`
	UsersByDay     []DayCount  `json:"usersByDay"`
	SurveysByDay   []DayCount  `json:"surveysByDay"`
	TopSurveys     []TopSurvey `json:"topSurveys"`
	Sources        []NameCount `json:"sources"`
	TimeZone       string      `json:"timeZone"`
	CountedFromKey string      `json:"countedFrom"`
}

// sumByKey sums counter keys in [from, to] across surveys, or of the given surveys (from and
// to share their prefix and format, e.g. day:2026-01-01 .. day:2026-01-30).
func (s *Service) sumByKey(ctx context.Context, from, to string, surveyIDs []string) (map[string]int64, error) {
	var rows []struct {
		CKey string `gorm:"column:ckey"`
		N    int64  `gorm:"column:n"`
	}
	q := s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("ckey, SUM(cnt) AS n").Where("ckey >= ? AND ckey <= ?", from, to)
	if surveyIDs != nil {
		if len(surveyIDs) == 0 {
			return map[string]int64{}, nil
		}
		q = q.Where("survey_id IN ?", surveyIDs)
	}
	if err := q.Group("ckey").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.CKey] = r.N
	}
	return out, nil
}

// sumByPrefix sums every counter key starting with prefix ("src:", "prov:") across surveys,
// or of the given surveys. LIKE 'prefix%' (a range of the key index on MySQL/MariaDB): a
// range written with comparison operators would depend on the collation's punctuation order.
func (s *Service) sumByPrefix(ctx context.Context, prefix string, surveyIDs []string) (map[string]int64, error) {
	var rows []struct {
		CKey string `gorm:"column:ckey"`
		N    int64  `gorm:"column:n"`
	}
	q := s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("ckey, SUM(cnt) AS n").Where("ckey LIKE ?", prefix+"%")
	if surveyIDs != nil {
		if len(surveyIDs) == 0 {
			return map[string]int64{}, nil
		}
		q = q.Where("survey_id IN ?", surveyIDs)
	}
	if err := q.Group("ckey").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.CKey] = r.N
	}
	return out, nil
}

// dayKeys lists the last n days (oldest first) ending today, in the server time zone.
func (s *Service) dayKeys(n int) []string {
	today := s.now().In(s.loc())
	out := make([]string, n)
	for i := 0; i < n; i++ {
		out[n-1-i] = today.AddDate(0, 0, -i).Format("2006-01-02")
	}
	return out
}

// series turns counts by day into a full series over days (missing days are 0).
func series(days []string, counts map[string]int64) []DayCount {
	out := make([]DayCount, len(days))
	for i, d := range days {
		out[i] = DayCount{Day: d, Count: counts[d]}
	}
	return out
}

// weeks folds a daily series into weeks starting on Monday (the first may be partial).
func weeks(days []DayCount) []DayCount {
	var out []DayCount
	for _, d := range days {
		t, err := time.Parse("2006-01-02", d.Day)
		if err != nil {
			continue
		}
		monday := t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)).Format("2006-01-02")
		if len(out) == 0 || out[len(out)-1].Day != monday {
			out = append(out, DayCount{Day: monday})
		}
		out[len(out)-1].Count += d.Count
	}
	return out
}

// createdByDay counts rows of table created on each of days (server time zone).
func (s *Service) createdByDay(ctx context.Context, table string, days []string, where string, args ...any) (map[string]int64, error) {
	from, err := time.ParseInLocation("2006-01-02", days[0], s.loc())
	if err != nil {
		return nil, err
	}
	q := s.DB.WithContext(ctx).Table(table).Where("created_at >= ?", from.UTC())
	if where != "" {
		q = q.Where(where, args...)
	}
	var times []time.Time
	if err := q.Pluck("created_at", &times).Error; err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, t := range times {
		out[t.In(s.loc()).Format("2006-01-02")]++
	}
	return out, nil
}

// ClampDays keeps the window between 7 and 90 days (default 30).
func ClampDays(n int) int {
	switch {
	case n <= 0:
		return 30
	case n < 7:
		return 7
	case n > 90:
		return 90
	}
	return n
}

// Analysis is the system-wide figures over the last `days` days.
func (s *Service) Analysis(ctx context.Context, days int) (*Analysis, error) {
	days = ClampDays(days)
	db := s.DB.WithContext(ctx)
	a := &Analysis{Days: days, TimeZone: s.loc().String(), CountedFromKey: "answer_counters"}
	if err := db.Model(&models.User{}).Count(&a.Users).Error; err != nil {
		return nil, err
	}
	if err := db.Model(&models.Survey{}).Where("deleted_at IS NULL").Count(&a.Surveys).Error; err != nil {
		return nil, err
	}
	if err := db.Model(&models.Survey{}).Where("deleted_at IS NULL AND state = ?", models.SurveyCollecting).Count(&a.Collecting).Error; err != nil {
		return nil, err
	}
	dk, byDay, err := s.answerCounts(ctx, days, nil, &a.Answers)
	if err != nil {
		return nil, err
	}
	a.AnswersByDay = series(dk, byDay)
	a.AnswersByWeek = weeks(a.AnswersByDay)
	a.AnswersToday = byDay[dk[len(dk)-1]]
	users, err := s.createdByDay(ctx, "users", dk, "")
	if err != nil {
		return nil, err
	}
	a.UsersByDay = series(dk, users)
	svs, err := s.createdByDay(ctx, "surveys", dk, "deleted_at IS NULL")
	if err != nil {
		return nil, err
	}
	a.SurveysByDay = series(dk, svs)
	src, err := s.sumByPrefix(ctx, models.MetaKeySrc, nil)
	if err != nil {
		return nil, err
	}
	a.Sources = named(src, models.MetaKeySrc)
	if a.TopSurveys, err = s.top(ctx, nil, 10); err != nil {
		return nil, err
	}
	return a, nil
}

// named turns prefixed counters into name counts, largest first (zero keys left out).
func named(c map[string]int64, prefix string) []NameCount {
	out := []NameCount{}
	for k, n := range c {
		if n > 0 {
			out = append(out, NameCount{Name: strings.TrimPrefix(k, prefix), Count: n})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// top lists the surveys with most submitted answers (of surveyIDs when not nil).
func (s *Service) top(ctx context.Context, surveyIDs []string, n int) ([]TopSurvey, error) {
	var rows []struct {
		SurveyID string
		N        int64
	}
	q := s.DB.WithContext(ctx).Model(&models.AnswerCounter{}).Select("survey_id, SUM(cnt) AS n").Where("ckey = ?", models.CounterSubmitted)
	if surveyIDs != nil {
		if len(surveyIDs) == 0 {
			return []TopSurvey{}, nil
		}
		q = q.Where("survey_id IN ?", surveyIDs)
	}
	// deleted surveys are skipped below: read a few more than asked
	if err := q.Group("survey_id").Having("SUM(cnt) > 0").Order("n DESC, survey_id").Limit(n + 10).Scan(&rows).Error; err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.SurveyID
	}
	var svs []models.Survey
	if len(ids) > 0 {
		if err := s.DB.WithContext(ctx).Where("id IN ? AND deleted_at IS NULL", ids).Find(&svs).Error; err != nil {
			return nil, err
		}
	}
	byID := map[string]*models.Survey{}
	owners := []string{}
	for i := range svs {
		byID[svs[i].ID] = &svs[i]
		owners = append(owners, svs[i].OwnerID)
	}
	names := map[string]string{}
	if len(owners) > 0 {
		var us []models.User
		if err := s.DB.WithContext(ctx).Select("id", "login_name").Where("id IN ?", owners).Find(&us).Error; err != nil {
			return nil, err
		}
		for _, u := range us {
			names[u.ID] = u.LoginName
		}
	}
	out := []TopSurvey{}
	for _, r := range rows {
		sv := byID[r.SurveyID]
		if sv == nil || len(out) >= n {
			continue
		}
		out = append(out, TopSurvey{ID: sv.ID, Sid: sv.Sid, Title: sv.Title, OwnerName: names[sv.OwnerID], State: sv.State, Answers: r.N})
	}
	return out, nil
}

// Monitor is dashboard/monitor: answers by province over the last hour.
type Monitor struct {
	Provinces []NameCount `json:"provinces"`
	Total     int64       `json:"total"`
	// Since is when the figures start: an hour ago, or the first snapshot when the monitor
	// has been read for less than an hour (Partial).
	Since        string `json:"since"`
	Partial      bool   `json:"partial"`
	AnswersToday int64  `json:"answersToday"`
	UpdatedAt    string `json:"updatedAt"`
}

// snapshotKeep is how long province snapshots are kept.
const snapshotKeep = 2 * time.Hour

// provinceSums sums the prov: counters of every survey.
func (s *Service) provinceSums(ctx context.Context) (map[string]int64, error) {
	c, err := s.sumByPrefix(ctx, models.MetaKeyProv, nil)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(c))
	for k, n := range c {
		out[strings.TrimPrefix(k, models.MetaKeyProv)] = n
	}
	return out, nil
}

// Monitor reads the province sums now, stores them as this minute's snapshot (once a
// minute, whichever replica comes first) and answers the difference to the snapshot of an
// hour ago (or the oldest one kept, flagged Partial). Deleted or screened answers lower the
// sums; a province never goes below zero.
func (s *Service) Monitor(ctx context.Context) (*Monitor, error) {
	now := s.now().UTC()
	minute := now.Truncate(time.Minute)
	cur, err := s.provinceSums(ctx)
	if err != nil {
		return nil, err
	}
	db := s.DB.WithContext(ctx)
	var exists int64
	if err := db.Model(&models.DashProvinceSnapshot{}).Where("taken_at = ?", minute).Count(&exists).Error; err != nil {
		return nil, err
	}
	if exists == 0 {
		rows := []models.DashProvinceSnapshot{{TakenAt: minute, Province: "", Count: 0}} // marks the minute even with no answers
		for p, n := range cur {
			if p != "" {
				rows = append(rows, models.DashProvinceSnapshot{TakenAt: minute, Province: p, Count: n})
			}
		}
		if err := db.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 200).Error; err != nil {
			return nil, err
		}
		db.Where("taken_at < ?", now.Add(-snapshotKeep)).Delete(&models.DashProvinceSnapshot{})
	}
	base := minute
	var first []models.DashProvinceSnapshot
	if err := db.Where("taken_at >= ?", now.Add(-time.Hour)).Order("taken_at").Limit(1).Find(&first).Error; err != nil {
		return nil, err
	}
	m := &Monitor{Provinces: []NameCount{}, UpdatedAt: models.FormatTime(now)}
	if len(first) == 1 {
		base = first[0].TakenAt
	}
	m.Partial = base.After(now.Add(-time.Hour).Add(time.Minute))
	m.Since = models.FormatTime(base)
	var snap []models.DashProvinceSnapshot
	if err := db.Where("taken_at = ?", base).Find(&snap).Error; err != nil {
		return nil, err
	}
	before := map[string]int64{}
	for _, r := range snap {
		before[r.Province] = r.Count
	}
	diff := map[string]int64{}
	for p, n := range cur {
		if p == "" {
			continue
		}
		if d := n - before[p]; d > 0 {
			diff[p] = d
			m.Total += d
		}
	}
	m.Provinces = named(diff, "")
	today := s.now().In(s.loc()).Format("2006-01-02")
	t, err := s.sumByKey(ctx, models.MetaKeyDay+today, models.MetaKeyDay+today, nil)
	if err != nil {
		return nil, err
	}
	m.AnswersToday = t[models.MetaKeyDay+today]
	return m, nil
}

// Overview is data/dashboard: an author's own surveys.
type Overview struct {
	Surveys      int64       `json:"surveys"`
	Collecting   int64       `json:"collecting"`
	Answers      int64       `json:"answers"`
	AnswersToday int64       `json:"answersToday"`
	AnswersByDay []DayCount  `json:"answersByDay"`
	TopSurveys   []TopSurvey `json:"topSurveys"`
	Sources      []NameCount `json:"sources"`
	Days         int         `json:"days"`
	TimeZone     string      `json:"timeZone"`
}

// AuthorOverview is the figures of the surveys userID owns (not deleted).
func (s *Service) AuthorOverview(ctx context.Context, userID string, days int) (*Overview, error) {
	days = ClampDays(days)
	var svs []models.Survey
	if err := s.DB.WithContext(ctx).Select("id", "state").Where("owner_id = ? AND deleted_at IS NULL", userID).Find(&svs).Error; err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(svs))
	o := &Overview{Days: days, TimeZone: s.loc().String(), Surveys: int64(len(svs))}
	for _, sv := range svs {
		ids = append(ids, sv.ID)
		if sv.State == models.SurveyCollecting {
			o.Collecting++
		}
	}
	dk, byDay, err := s.answerCounts(ctx, days, ids, &o.Answers)
	if err != nil {
		return nil, err
	}
	o.AnswersByDay = series(dk, byDay)
	o.AnswersToday = byDay[dk[len(dk)-1]]
	src, err := s.sumByPrefix(ctx, models.MetaKeySrc, ids)
	if err != nil {
		return nil, err
	}
	o.Sources = named(src, models.MetaKeySrc)
	if o.TopSurveys, err = s.top(ctx, ids, 5); err != nil {
		return nil, err
	}
	return o, nil
}

// answerCounts reads the submitted answers of the surveys ids (nil: all) into *total and their
// counts per day of the last `days` days (day keys in the service's time zone, oldest first).
func (s *Service) answerCounts(ctx context.Context, days int, ids []string, total *int64) ([]string, map[string]int64, error) {
	sub, err := s.sumByKey(ctx, models.CounterSubmitted, models.CounterSubmitted, ids)
	if err != nil {
		return nil, nil, err
	}
	*total = sub[models.CounterSubmitted]
	dk := s.dayKeys(days)
	byKey, err := s.sumByKey(ctx, models.MetaKeyDay+dk[0], models.MetaKeyDay+dk[len(dk)-1], ids)
	if err != nil {
		return nil, nil, err
	}
	byDay := map[string]int64{}
	for k, n := range byKey {
		byDay[strings.TrimPrefix(k, models.MetaKeyDay)] = n
	}
	return dk, byDay, nil
}
