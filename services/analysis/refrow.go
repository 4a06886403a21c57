package analysis

import (
	"context"

	"dwsurvey/models"
)

// AnswerCommon is a raw-data row in the reference (DWSurvey v6) shape its web client reads
// from list.do: `result[].answerCommon` (table columns, the answer dialog and the delete
// button, which sends answerCommon.answerId). Times are "yyyy-MM-dd HH:mm:ss" in the
// server zone; totalTime is milliseconds.
type AnswerCommon struct {
	AnswerID string     `json:"answerId"`
	SurveyID string     `json:"surveyId"`
	Sid      string     `json:"sid"`
	AnUser   refAnUser  `json:"anUser"`
	AnIP     refAnIP    `json:"anIp"`
	AnTime   refAnTime  `json:"anTime"`
	AnState  refAnState `json:"anState"`
	SumScore float64    `json:"sumScore"`
}

type refAnUser struct {
	UserID   string `json:"userId"`
	UserName string `json:"userName"`
}

type refAnIP struct {
	IP       string `json:"ip"`
	Province string `json:"province"`
	City     string `json:"city"`
	Addr     string `json:"addr"` // province and city, as the answer dialog shows it
}

type refAnTime struct {
	BgAnDate  string `json:"bgAnDate"`
	EndAnDate string `json:"endAnDate"`
	TotalTime int64  `json:"totalTime"`
}

type refAnState struct {
	AnQuNum     int `json:"anQuNum"`
	IsEff       int `json:"isEff"`
	HandleState int `json:"handleState"`
}

// withAnswerCommon fills EsID and AnswerCommon of rows of survey sv; the respondents'
// login names come from one query for the page.
func (s *Service) withAnswerCommon(ctx context.Context, sv *models.Survey, rows []Row) error {
	var userIDs []string
	for _, r := range rows {
		if r.UserID != "" {
			userIDs = append(userIDs, r.UserID)
		}
	}
	names := map[string]string{}
	if len(userIDs) > 0 {
		var us []models.User
		if err := s.DB.WithContext(ctx).Select("id", "login_name").Where("id IN ?", userIDs).Find(&us).Error; err != nil {
			return err
		}
		for _, u := range us {
			names[u.ID] = u.LoginName
		}
	}
	for i := range rows {
		r := &rows[i]
		addr := r.Province
		if r.City != "" && r.City != r.Province {
			addr += r.City
		}
		r.EsID = r.AnswerID
		r.AnswerCommon = &AnswerCommon{AnswerID: r.AnswerID, SurveyID: sv.ID, Sid: sv.Sid,
			AnUser:   refAnUser{UserID: r.UserID, UserName: names[r.UserID]},
			AnIP:     refAnIP{IP: r.IP, Province: r.Province, City: r.City, Addr: addr},
			AnTime:   refAnTime{BgAnDate: r.BgAnDate, EndAnDate: r.EndAnDate, TotalTime: r.TotalTime},
			AnState:  refAnState{AnQuNum: r.AnQuNum, IsEff: r.IsEff, HandleState: r.HandleState},
			SumScore: r.SumScore}
	}
	return nil
}

// SurveyOfAnswers is the survey that every one of the answer ids belongs to, or "" when
// they are in several surveys or none exists; the reference client's delete sends answer
// ids without their survey. Access is checked by the caller's next step (Delete), so
// this reveals nothing by itself.
func (s *Service) SurveyOfAnswers(ctx context.Context, ids []string) (string, error) {
	if len(ids) == 0 || len(ids) > 1000 {
		return "", nil
	}
	var surveys []string
	if err := s.DB.WithContext(ctx).Model(&models.Answer{}).Distinct("survey_id").Where("id IN ?", ids).
		Limit(2).Pluck("survey_id", &surveys).Error; err != nil {
		return "", err
	}
	if len(surveys) != 1 {
		return "", nil
	}
	return surveys[0], nil
}
