package admin

import (
	"context"
	"strings"
	"time"

	"dwsurvey/models"
)

// AnswerLogFilter narrows AnswerLogs. Zero values mean any.
type AnswerLogFilter struct {
	// Survey is a survey id, sid, or part of its title.
	Survey string
	Event  string
	// IP is an address or its beginning ("10.1.").
	IP       string
	From, To time.Time
	// Archived lists the archive (rows moved by the daily archive workflow).
	Archived bool
}

// AnswerLogRow is one answer page event (spec "Log event": event, IP, IP region, event time,
// event count). Count is how many events the same address left on the same survey (in the
// same table: the live log or the archive).
type AnswerLogRow struct {
	ID         string `json:"id"`
	SurveyID   string `json:"surveyId"`
	Sid        string `json:"sid"`
	SurveyName string `json:"surveyName"`
	Event      string `json:"event"`
	IP         string `json:"ip"`
	Province   string `json:"province"`
	City       string `json:"city"`
	Time       string `json:"createTime"`
	UpdateTime string `json:"updateTime"`
	Count      int64  `json:"count"`
}

// AnswerLogs pages the answer log of every survey, newest first.
func (s *Service) AnswerLogs(ctx context.Context, f AnswerLogFilter, page, size int) ([]AnswerLogRow, int64, error) {
	db := s.DB.WithContext(ctx)
	table := "answer_logs"
	if f.Archived {
		table = "answer_log_archives"
	}
	q := db.Table(table + " AS l")
	if v := strings.TrimSpace(f.Survey); v != "" {
		svs := db.Model(&models.Survey{}).Select("id").Where(db.Where("id = ?", v).Or("sid = ?", v).Or(models.Contains("title", v)))
		q = q.Where("l.survey_id IN (?)", svs)
	}
	if v := strings.TrimSpace(f.Event); v != "" {
		q = q.Where("l.event = ?", v)
	}
	if v := strings.TrimSpace(f.IP); v != "" {
		q = q.Where(models.StartsWith("l.ip", v))
	}
	if !f.From.IsZero() {
		q = q.Where("l.created_at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		q = q.Where("l.created_at <= ?", f.To.UTC())
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []struct {
		models.AnswerLog
		Sid, Title string
	}
	if err := q.Select("l.*, s.sid, s.title").Joins("LEFT JOIN surveys s ON s.id = l.survey_id").
		Order("l.created_at DESC, l.id DESC").Offset((page - 1) * size).Limit(size).Scan(&rows).Error; err != nil {
		return nil, 0, err
	}
	type pair struct{ survey, ip string }
	counts := map[pair]int64{}
	if len(rows) > 0 {
		svs, ips := []string{}, []string{}
		for _, r := range rows {
			svs, ips = append(svs, r.SurveyID), append(ips, r.IP)
		}
		var cs []struct {
			SurveyID string
			IP       string `gorm:"column:ip"`
			N        int64
		}
		if err := db.Table(table).Select("survey_id, ip, COUNT(*) AS n").Where("survey_id IN ? AND ip IN ?", svs, ips).
			Group("survey_id, ip").Scan(&cs).Error; err != nil {
			return nil, 0, err
		}
		for _, c := range cs {
			counts[pair{c.SurveyID, c.IP}] = c.N
		}
	}
	out := make([]AnswerLogRow, 0, len(rows))
	for _, r := range rows {
		row := AnswerLogRow{ID: r.ID, SurveyID: r.SurveyID, Sid: r.Sid, SurveyName: r.Title, Event: r.Event, IP: r.IP,
			Time: models.FormatTime(r.CreatedAt), UpdateTime: models.FormatTime(r.UpdatedAt), Count: counts[pair{r.SurveyID, r.IP}]}
		if s.Region != nil && r.IP != "" {
			row.Province, row.City = s.Region(r.IP)
		}
		out = append(out, row)
	}
	return out, total, nil
}

// ArchiveAnswerLogBatch moves up to batch answer log rows created before cutoff into the
// archive, oldest first (one transaction); 0 when none is left. Idempotent (models.MoveToArchive).
func (s *Service) ArchiveAnswerLogBatch(ctx context.Context, cutoff time.Time, batch int) (int, error) {
	return models.MoveToArchive(ctx, s.DB, cutoff, batch, "created_at, id", func(l *models.AnswerLog, now time.Time) (models.AnswerLogArchive, any) {
		return models.AnswerLogArchive{ID: l.ID, SurveyID: l.SurveyID, Event: l.Event, IP: l.IP, CreatedAt: l.CreatedAt,
			UpdatedAt: l.UpdatedAt, ArchivedAt: now}, l.ID
	})
}
