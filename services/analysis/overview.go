package analysis

import (
	"context"
	"time"

	"dwsurvey/models"
	"dwsurvey/services/account"
)

// DayCount is answers on one day (server time zone).
type DayCount struct {
	Day   string `json:"day"`
	Count int64  `json:"count"`
}

// NameCount is a count by name (source, device, province).
type NameCount struct {
	Name    string  `json:"name"`
	Count   int64   `json:"count"`
	Percent float64 `json:"percent"`
}

// Overview is analysis.do.
type Overview struct {
	Submitted      int64       `json:"submitted"`
	Drafts         int64       `json:"drafts"`
	CompletionRate float64     `json:"completionRate"` // submitted / (submitted + drafts) * 100
	AvgDurationMs  int64       `json:"avgDurationMs"`
	Days           []DayCount  `json:"days"`
	Sources        []NameCount `json:"sources"`
	Devices        []NameCount `json:"devices"`
	TimeZone       string      `json:"timeZone"`
}

func (s *Service) grouped(ctx context.Context, surveyID, col string) ([]NameCount, int64, error) {
	var rows []struct {
		Name string `gorm:"column:name"`
		N    int64  `gorm:"column:n"`
	}
	if err := s.DB.WithContext(ctx).Table("answers").Select(col+" AS name, COUNT(*) AS n").
		Where("survey_id = ? AND save_status = 0 AND is_test = 0 AND is_eff = 1 AND deleted_at IS NULL", surveyID).
		Group(col).Order("n DESC").Scan(&rows).Error; err != nil {
		return nil, 0, err
	}
	var total int64
	for _, r := range rows {
		total += r.N
	}
	out := make([]NameCount, 0, len(rows))
	for _, r := range rows {
		out = append(out, NameCount{Name: r.Name, Count: r.N, Percent: pct(r.N, total)})
	}
	return out, total, nil
}

// Overview computes analysis.do. Days use the server time zone's current UTC offset.
func (s *Service) Overview(ctx context.Context, p *account.Principal, id string) (*Overview, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	o := &Overview{TimeZone: s.loc().String(), Days: []DayCount{}}
	var st []struct {
		SaveStatus int     `gorm:"column:save_status"`
		N          int64   `gorm:"column:n"`
		Dur        float64 `gorm:"column:dur"`
	}
	if err := s.DB.WithContext(ctx).Table("answers").Select("save_status, COUNT(*) AS n, COALESCE(AVG(duration_ms),0) AS dur").
		Where("survey_id = ? AND is_test = 0 AND deleted_at IS NULL AND is_eff = 1", sv.ID).Group("save_status").Scan(&st).Error; err != nil {
		return nil, err
	}
	for _, r := range st {
		if r.SaveStatus == models.AnswerSubmitted {
			o.Submitted, o.AvgDurationMs = r.N, int64(r.Dur)
		} else {
			o.Drafts += r.N
		}
	}
	o.CompletionRate = pct(o.Submitted, o.Submitted+o.Drafts)
	_, off := s.now().In(s.loc()).Zone()
	day := "DATE(DATE_ADD(end_an_date, INTERVAL ? SECOND))"
	if !s.mysql() {
		day = "date(end_an_date, ? || ' seconds')"
	}
	var days []struct {
		Day string `gorm:"column:day"`
		N   int64  `gorm:"column:n"`
	}
	if err := s.DB.WithContext(ctx).Table("answers").Select(day+" AS day, COUNT(*) AS n", off).
		Where("survey_id = ? AND save_status = 0 AND is_test = 0 AND is_eff = 1 AND deleted_at IS NULL", sv.ID).
		Group("day").Order("day").Scan(&days).Error; err != nil {
		return nil, err
	}
	for _, d := range days {
		v := d.Day
		if len(v) > 10 {
			v = v[:10]
		}
		o.Days = append(o.Days, DayCount{Day: v, Count: d.N})
	}
	if o.Sources, _, err = s.grouped(ctx, sv.ID, "source_code"); err != nil {
		return nil, err
	}
	if o.Devices, _, err = s.grouped(ctx, sv.ID, "device"); err != nil {
		return nil, err
	}
	return o, nil
}

// Sources is answers by source code.
func (s *Service) Sources(ctx context.Context, p *account.Principal, id string) ([]NameCount, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	out, _, err := s.grouped(ctx, sv.ID, "source_code")
	return out, err
}

// Provinces is province-answer-page.do: answers by province (Page of NameCount).
func (s *Service) Provinces(ctx context.Context, p *account.Principal, id string, pageNo, size int) (*Page, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	pageNo, size = normPaging(pageNo, size)
	all, _, err := s.grouped(ctx, sv.ID, "province")
	if err != nil {
		return nil, err
	}
	from := min((pageNo-1)*size, len(all))
	to := min(from+size, len(all))
	return newPage(pageNo, size, int64(len(all)), all[from:to]), nil
}

// LogRow is a visit log row: Count is the number of visits from the same address.
type LogRow struct {
	ID       string `json:"id"`
	Event    string `json:"event"`
	IP       string `json:"ip"`
	Province string `json:"province"`
	City     string `json:"city"`
	Time     string `json:"time"`
	Updated  string `json:"updateTime"`
	Count    int64  `json:"count"`
}

// Logs pages the visit log of a survey, newest first.
func (s *Service) Logs(ctx context.Context, p *account.Principal, id string, pageNo, size int) (*Page, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	pageNo, size = normPaging(pageNo, size)
	var total int64
	if err := s.DB.WithContext(ctx).Model(&models.AnswerLog{}).Where("survey_id = ?", sv.ID).Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []models.AnswerLog
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", sv.ID).Order("created_at DESC, id").Limit(size).Offset((pageNo - 1) * size).Find(&rows).Error; err != nil {
		return nil, err
	}
	ips := []string{}
	for _, r := range rows {
		ips = append(ips, r.IP)
	}
	counts := map[string]int64{}
	if len(ips) > 0 {
		var cs []struct {
			IP string `gorm:"column:ip"`
			N  int64  `gorm:"column:n"`
		}
		if err := s.DB.WithContext(ctx).Model(&models.AnswerLog{}).Select("ip, COUNT(*) AS n").Where("survey_id = ? AND ip IN ?", sv.ID, ips).
			Group("ip").Scan(&cs).Error; err != nil {
			return nil, err
		}
		for _, c := range cs {
			counts[c.IP] = c.N
		}
	}
	out := make([]LogRow, 0, len(rows))
	for _, r := range rows {
		lr := LogRow{ID: r.ID, Event: r.Event, IP: r.IP, Time: models.FormatTime(r.CreatedAt), Updated: models.FormatTime(r.UpdatedAt), Count: counts[r.IP]}
		if s.Region != nil && r.IP != "" {
			lr.Province, lr.City = s.Region(r.IP)
		}
		out = append(out, lr)
	}
	return newPage(pageNo, size, total, out), nil
}

var _ = time.Second
