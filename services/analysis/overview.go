package analysis

import (
	"context"
	"sort"
	"strings"
	"time"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
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

// byPrefix turns the counters with a prefix (src:, dev:, prov:) into name counts, largest
// first (ties by name); keys at zero (after deletes or screening) are left out.
func byPrefix(c map[string]int64, prefix string) []NameCount {
	var total int64
	out := []NameCount{}
	for k, n := range c {
		if strings.HasPrefix(k, prefix) && n > 0 {
			out = append(out, NameCount{Name: k[len(prefix):], Count: n})
			total += n
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Name < out[j].Name
	})
	for i := range out {
		out[i].Percent = pct(out[i].Count, total)
	}
	return out
}

// Overview computes analysis.do from the counters kept with each answer (sub, dur, day:,
// src:, dev:); only the drafts are counted from answers (ix_answer_list range).
func (s *Service) Overview(ctx context.Context, p *account.Principal, id string) (*Overview, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	c, err := s.counters(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	o := &Overview{TimeZone: s.loc().String(), Days: []DayCount{}, Submitted: c[answersvc.KeySub]}
	if o.Submitted > 0 {
		o.AvgDurationMs = c[models.MetaKeyDur] / o.Submitted
	}
	if err := s.DB.WithContext(ctx).Table("answers").
		Where("survey_id = ? AND save_status = ? AND is_test = 0 AND deleted_at IS NULL AND is_eff = 1", sv.ID, models.AnswerDraft).
		Count(&o.Drafts).Error; err != nil {
		return nil, err
	}
	o.CompletionRate = pct(o.Submitted, o.Submitted+o.Drafts)
	for k, n := range c {
		if strings.HasPrefix(k, models.MetaKeyDay) && n > 0 {
			o.Days = append(o.Days, DayCount{Day: k[len(models.MetaKeyDay):], Count: n})
		}
	}
	sort.Slice(o.Days, func(i, j int) bool { return o.Days[i].Day < o.Days[j].Day })
	o.Sources = byPrefix(c, models.MetaKeySrc)
	o.Devices = byPrefix(c, models.MetaKeyDev)
	return o, nil
}

// Sources is answers by source code (src: counters).
func (s *Service) Sources(ctx context.Context, p *account.Principal, id string) ([]NameCount, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	c, err := s.counters(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	return byPrefix(c, models.MetaKeySrc), nil
}

// Provinces is province-answer-page.do: answers by province (Page of NameCount, prov:
// counters).
func (s *Service) Provinces(ctx context.Context, p *account.Principal, id string, pageNo, size int) (*Page, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	pageNo, size = normPaging(pageNo, size)
	c, err := s.counters(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	all := byPrefix(c, models.MetaKeyProv)
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
