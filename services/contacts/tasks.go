package contacts

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
)

// Task is a row of Pending surveys (app/task/task.do): the spec's task rows (surveyName,
// createTime, sid) plus the survey id and the name of who sent it.
type Task struct {
	ID             string `json:"id"` // the bind record (relateContactEsId)
	SurveyID       string `json:"surveyId"`
	Sid            string `json:"sid"`
	SurveyName     string `json:"surveyName"`
	CreateTime     string `json:"createTime"` // received: when the caller was bound
	CreateUserName string `json:"createUserName"`
	// AnswerURL is the page to answer it (the caller's personal link).
	AnswerURL string `json:"answerUrl"`
}

// TaskInput filters Pending surveys: SurveyName and CreateUserName contain, CreateTime is
// a day (yyyy-MM-dd, server time zone) the survey was received on.
type TaskInput struct {
	SurveyName, CreateUserName, CreateTime string
	Current, Size                          int
}

// Tasks pages the surveys bound to the caller that are collecting answers and that the
// caller has not submitted yet, newest first.
func (s *Service) Tasks(ctx context.Context, p *account.Principal, in TaskInput) (int64, []Task, error) {
	uid, err := owner(p)
	if err != nil {
		return 0, nil, err
	}
	q := s.DB.WithContext(ctx).Table("survey_binds b").Joins("JOIN surveys s ON s.id = b.survey_id").
		Joins("LEFT JOIN users o ON o.id = s.owner_id").
		Where("b.user_id = ? AND s.deleted_at IS NULL AND s.state = ? AND s.published_version > 0", uid, models.SurveyCollecting).
		Where("NOT EXISTS (?)", s.DB.Table("answers a").Select("1").
			Where("a.survey_id = b.survey_id AND a.user_id = b.user_id AND a.save_status = 0 AND a.deleted_at IS NULL"))
	q, err = applyDay(applyName(q, "s.title", in.SurveyName), "b.created_at", "createTime", in.CreateTime, s.loc())
	if err != nil {
		return 0, nil, err
	}
	if n := strings.TrimSpace(in.CreateUserName); n != "" {
		c1, like := models.Contains("o.name", n)
		c2, _ := models.Contains("o.login_name", n)
		q = q.Where("("+c1+" OR "+c2+")", like, like)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []struct {
		ID, SurveyID, Sid, Title, OwnerName, OwnerLogin string
		CreatedAt                                       time.Time
	}
	if err := q.Select("b.id, b.survey_id, s.sid, s.title, o.name AS owner_name, o.login_name AS owner_login, b.created_at").
		Order("b.created_at DESC, b.id").Offset((in.Current - 1) * in.Size).Limit(in.Size).Scan(&rows).Error; err != nil {
		return 0, nil, err
	}
	out := make([]Task, 0, len(rows))
	for _, r := range rows {
		name := r.OwnerName
		if name == "" {
			name = r.OwnerLogin
		}
		out = append(out, Task{ID: r.ID, SurveyID: r.SurveyID, Sid: r.Sid, SurveyName: r.Title, CreateTime: models.FormatTime(r.CreatedAt),
			CreateUserName: name, AnswerURL: "/v8/diaowen/an/" + r.Sid + "/contacts/" + r.ID})
	}
	return total, out, nil
}

// AnsweredSurvey is a row of My answered / Draft surveys (app/task/answer-surveys.do): the
// spec's answer-list rows (id, surveyId, survey name, ipAddr, city, endAnDate) and more.
type AnsweredSurvey struct {
	ID         string `json:"id"`
	SurveyID   string `json:"surveyId"`
	Sid        string `json:"sid"`
	SurveyName string `json:"surveyName"`
	IPAddr     string `json:"ipAddr"`
	City       string `json:"city"`
	Province   string `json:"province"`
	EndAnDate  string `json:"endAnDate"`
	CreateDate string `json:"createDate"`
	// SaveStatus 0 submitted, 1 draft.
	SaveStatus int `json:"saveStatus"`
	// Collecting: the survey still takes answers (a draft can be continued).
	Collecting bool `json:"collecting"`
}

// AnsweredInput filters the caller's answers: SurveyName contains; SaveStatus "0"
// submitted, "1" drafts ("" both); CreateDate and AnswerDate are days (yyyy-MM-dd) the
// answer was begun or last saved on.
type AnsweredInput struct {
	SurveyName, SaveStatus, CreateDate, AnswerDate string
	Current, Size                                  int
}

// AnsweredSurveys pages the caller's answers (submitted and drafts), newest first.
func (s *Service) AnsweredSurveys(ctx context.Context, p *account.Principal, in AnsweredInput) (int64, []AnsweredSurvey, error) {
	uid, err := owner(p)
	if err != nil {
		return 0, nil, err
	}
	q := s.DB.WithContext(ctx).Table("answers a").Joins("JOIN surveys s ON s.id = a.survey_id").
		Where("a.user_id = ? AND a.deleted_at IS NULL AND s.deleted_at IS NULL", uid)
	switch strings.TrimSpace(in.SaveStatus) {
	case "0":
		q = q.Where("a.save_status = ?", models.AnswerSubmitted)
	case "1":
		q = q.Where("a.save_status = ?", models.AnswerDraft)
	case "":
	default:
		return 0, nil, models.Invalid("saveStatus must be 0 (submitted) or 1 (draft)")
	}
	q = applyName(q, "s.title", in.SurveyName)
	if q, err = applyDay(q, "a.created_at", "createDate", in.CreateDate, s.loc()); err != nil {
		return 0, nil, err
	}
	if q, err = applyDay(q, "a.end_an_date", "answerDate", in.AnswerDate, s.loc()); err != nil {
		return 0, nil, err
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []struct {
		ID, SurveyID, Sid, Title, ClientIP, City, Province string
		State, SaveStatus                                  int
		EndAnDate, CreatedAt                               time.Time
	}
	if err := q.Select("a.id, a.survey_id, s.sid, s.title, a.client_ip, a.city, a.province, s.state, a.save_status, a.end_an_date, a.created_at").
		Order("a.updated_at DESC, a.id").Offset((in.Current - 1) * in.Size).Limit(in.Size).Scan(&rows).Error; err != nil {
		return 0, nil, err
	}
	out := make([]AnsweredSurvey, 0, len(rows))
	for _, r := range rows {
		out = append(out, AnsweredSurvey{ID: r.ID, SurveyID: r.SurveyID, Sid: r.Sid, SurveyName: r.Title, IPAddr: r.ClientIP, City: r.City,
			Province: r.Province, EndAnDate: models.FormatTime(r.EndAnDate), CreateDate: models.FormatTime(r.CreatedAt), SaveStatus: r.SaveStatus,
			Collecting: r.State == models.SurveyCollecting})
	}
	return total, out, nil
}

func applyName(q *gorm.DB, col, v string) *gorm.DB {
	if v = strings.TrimSpace(v); v == "" {
		return q
	}
	c, like := models.Contains(col, v)
	return q.Where(c, like)
}

// applyDay keeps rows whose col falls on day (yyyy-MM-dd, or the date part of a date-time)
// in loc; a day that cannot be read is refused naming the parameter, never ignored (issue 19
// C10: a filter that is silently dropped answers every row).
func applyDay(q *gorm.DB, col, param, day string, loc *time.Location) (*gorm.DB, error) {
	day = strings.TrimSpace(day)
	if day == "" {
		return q, nil
	}
	if len(day) > 10 {
		day = day[:10]
	}
	t, err := time.ParseInLocation("2006-01-02", day, loc)
	if err != nil {
		return q, models.Invalid("%s must be a day (yyyy-MM-dd)", param)
	}
	return q.Where(col+" >= ? AND "+col+" < ?", t.UTC(), t.AddDate(0, 0, 1).UTC()), nil
}
