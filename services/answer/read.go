package answer

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// SurveyJSON is data of survey-json-by-survey-id.do.
type SurveyJSON struct {
	AnswerCheckResult *Check          `json:"answerCheckResult"`
	SurveyJSON        *AnswerDocument `json:"surveyJson"`
}

// AnswerDocument carries the respondent-safe published document.
type AnswerDocument struct {
	SurveyID       string `json:"surveyId"`
	Sid            string `json:"sid"`
	Version        int    `json:"version"`
	SurveyJSONText string `json:"surveyJsonText"`
	// HasSolutions: SOLUTION rules choose solutions (the rules themselves are not served);
	// the answer page asks none/v6/dw-answer-eval/save-solution.do after submitting.
	HasSolutions bool `json:"hasSolutions,omitempty"`
	// LotteryAttr is the survey's open instant lottery (spec lotteryAttr), decided by the
	// server from the survey's lotteries; absent when none.
	LotteryAttr *LotteryAttr `json:"lotteryAttr,omitempty"`
}

// LotteryAttr is surveyAttrs.lotteryAttr of the spec.
type LotteryAttr struct {
	OpenLottery bool   `json:"openLottery"`
	LotteryID   string `json:"lotteryId"`
}

// LoadSurvey runs the gates for the answer page and returns the stripped published document
// when the page may show it (200, 403 behind the password gate, 409 with the captcha).
func (s *Service) LoadSurvey(ctx context.Context, sidOrID, anPwd string, c Client) (*SurveyJSON, error) {
	st, chk, err := s.gate(ctx, GateInput{SidOrID: sidOrID, AnPwd: anPwd, Client: c})
	if err != nil {
		return nil, err
	}
	out := &SurveyJSON{AnswerCheckResult: chk}
	switch chk.AnCheckResultCode {
	case 200, 403, 409:
		out.SurveyJSON = &AnswerDocument{SurveyID: st.sv.ID, Sid: st.sv.Sid, Version: st.sv.PublishedVersion, SurveyJSONText: st.pd.safeText,
			HasSolutions: st.pd.hasSolutions}
		if s.OpenLottery != nil {
			if id := s.OpenLottery(ctx, st.sv.ID); id != "" {
				out.SurveyJSON.LotteryAttr = &LotteryAttr{OpenLottery: true, LotteryID: id}
			}
		}
	}
	return out, nil
}

// CheckPassword is check-answer-pwd: nil when right (or no password); a Check with 403 else.
func (s *Service) CheckPassword(ctx context.Context, sidOrID, anPwd, ip string) (*Check, error) {
	s.init()
	sv, err := s.loadSurvey(ctx, strings.TrimSpace(sidOrID))
	if err != nil {
		return nil, err
	}
	if sv.DeletedAt != nil || sv.PublishedVersion == 0 {
		return nil, models.ErrNotFound
	}
	pd, err := s.published(ctx, sv)
	if err != nil {
		return nil, err
	}
	cs, err := s.collectSetting(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	a := applySetting(pd.attrs, cs)
	if !a.pwdOn && !a.bulkPwd {
		return nil, nil
	}
	pwdCap, c, err := s.checkPassword(ctx, sv.ID, &a, anPwd, ip)
	if err != nil || c != nil || pwdCap <= 0 {
		return c, err
	}
	// gate 8 also refuses a password already used its allowed number of times
	n, err := s.counterSum(ctx, sv.ID, keyPwd+sha(strings.TrimSpace(anPwd))[:16])
	if err != nil {
		return nil, err
	}
	if n >= int64(pwdCap) {
		c := refuse(403, "This answer password has been used the maximum number of times")
		c.ShowAnswerPwd = true
		return c, nil
	}
	return nil, nil
}

// Reader is who reads an answer.
type Reader struct {
	Principal   *account.Principal
	ResumeToken string
	// Granted: the calling service applied its own access rule to this answer (a reviewer
	// of the answer's chain, a grader of its survey); the view leaves out the client address.
	Granted bool
}

// AnswerView is data of get-survey-answer.do.
type AnswerView struct {
	AnswerID      string  `json:"answerId"`
	SurveyID      string  `json:"surveyId"`
	Sid           string  `json:"sid"`
	SurveyVersion int     `json:"surveyVersion"`
	SaveStatus    int     `json:"saveStatus"`
	IsTest        int     `json:"isTest"`
	SumScore      float64 `json:"sumScore"`
	// ScorePending: the total is provisional until hand-graded questions are graded.
	ScorePending bool            `json:"scorePending"`
	BgAnDate     string          `json:"bgAnDate"`
	EndAnDate    string          `json:"endAnDate"`
	TotalTime    int64           `json:"totalTime"`
	AnQuNum      int             `json:"anQuNum"`
	IsEff        int             `json:"isEff"`
	HandleState  int             `json:"handleState"`
	IP           string          `json:"ip,omitempty"`
	Province     string          `json:"province"`
	City         string          `json:"city"`
	DwSourceCode string          `json:"dwSourceCode"`
	AnswerJSON   json.RawMessage `json:"answerJson"`
	// AnswerCommon and AnQuestions repeat answerJson's two parts at the top level, where the
	// reference (DWSurvey v6) client reads the stored answer (its answer review and the
	// raw-data dialog fill the survey from data.anQuestions).
	AnswerCommon map[string]any  `json:"answerCommon"`
	AnQuestions  json.RawMessage `json:"anQuestions"`
}

// GetAnswer applies the access rule of get-survey-answer.do (anyone else: not found).
func (s *Service) GetAnswer(ctx context.Context, rd Reader, answerID string) (*AnswerView, error) {
	s.init()
	var a models.Answer
	if err := s.DB.WithContext(ctx).Where("id = ? AND deleted_at IS NULL", strings.TrimSpace(answerID)).Take(&a).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	staff := false
	switch {
	case rd.Granted:
	case rd.ResumeToken != "" && constEq(sha(rd.ResumeToken), a.ResumeTokenHash):
	case rd.Principal != nil && a.UserID != "" && a.UserID == rd.Principal.UserID:
	default:
		if s.Surveys == nil || rd.Principal == nil {
			return nil, models.ErrNotFound
		}
		if _, err := s.Surveys.Check(ctx, rd.Principal, a.SurveyID, surveysvc.NeedData); err != nil {
			return nil, models.ErrNotFound
		}
		staff = true
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Select("id", "sid").Where("id = ?", a.SurveyID).Take(&sv).Error; err != nil {
		return nil, err
	}
	var doc map[string]json.RawMessage
	_ = json.Unmarshal([]byte(a.Document), &doc)
	common := map[string]any{"surveyId": a.SurveyID, "sid": sv.Sid, "answerDwId": a.AnswerDwID, "answerId": a.ID,
		"anTime":   map[string]any{"bgAnDate": models.FormatTime(a.BgAnDate), "endAnDate": models.FormatTime(a.EndAnDate), "totalTime": a.DurationMs},
		"anState":  map[string]any{"anQuNum": a.QuNum, "isEff": a.IsEff, "handleState": a.HandleState, "saveStatus": a.SaveStatus},
		"anSource": map[string]any{"dwSourceCode": a.SourceCode, "dwSourceName": a.SourceName}, "sumScore": a.SumScore,
		"scorePending": a.ScorePending == 1}
	if a.SwitchEvents != "" {
		common["esAnEvent"] = json.RawMessage(a.SwitchEvents)
	}
	if u, err := s.anUser(ctx, &a); err != nil {
		return nil, err
	} else if u != nil {
		common["anUser"] = u
	}
	if a.ConfirmName != "" || a.ConfirmPhone != "" {
		common["submitConfirmForm"] = map[string]string{"name": a.ConfirmName, "phone": a.ConfirmPhone}
	}
	aj := map[string]any{"answerCommon": common, "anQuestions": doc["anQuestions"]}
	if sol, ok := doc["anSolutionIds"]; ok {
		aj["esAnSolution"] = map[string]any{"anSolutionIds": sol}
	}
	raw, _ := json.Marshal(aj)
	v := &AnswerView{AnswerID: a.ID, SurveyID: a.SurveyID, Sid: sv.Sid, SurveyVersion: a.SurveyVersion, SaveStatus: a.SaveStatus,
		IsTest: a.IsTest, SumScore: a.SumScore, ScorePending: a.ScorePending == 1, BgAnDate: models.FormatTime(a.BgAnDate), EndAnDate: models.FormatTime(a.EndAnDate),
		TotalTime: a.DurationMs, AnQuNum: a.QuNum, IsEff: a.IsEff, HandleState: a.HandleState, Province: a.Province, City: a.City,
		DwSourceCode: a.SourceCode, AnswerJSON: raw, AnswerCommon: common, AnQuestions: doc["anQuestions"]}
	if staff {
		v.IP = a.ClientIP
	}
	return v, nil
}

// Log stores (or updates) a visit log row; data {id}.
func (s *Service) Log(ctx context.Context, sidOrID, logID, event, ip string) (string, error) {
	s.init()
	sv, err := s.loadSurvey(ctx, strings.TrimSpace(sidOrID))
	if err != nil {
		return "", err
	}
	if sv.DeletedAt != nil {
		return "", models.ErrNotFound
	}
	event = clip(strings.TrimSpace(event), 32)
	if event == "" {
		event = "visit"
	}
	now := s.now()
	if logID = strings.TrimSpace(logID); logID != "" {
		res := s.DB.WithContext(ctx).Model(&models.AnswerLog{}).Where("id = ? AND survey_id = ?", logID, sv.ID).
			Updates(map[string]any{"event": event, "updated_at": now})
		if res.Error != nil {
			return "", res.Error
		}
		if res.RowsAffected > 0 {
			return logID, nil
		}
	}
	row := models.AnswerLog{ID: uuid.NewString(), SurveyID: sv.ID, Event: event, IP: ip, CreatedAt: now, UpdatedAt: now}
	return row.ID, s.DB.WithContext(ctx).Create(&row).Error
}

// InputMatch is one duplicate found by InputVerify.
type InputMatch struct {
	AnswerID   string `json:"answerId"`
	InputValue string `json:"inputValue"`
}

// InputVerify finds submitted answers whose fill-blank inputDwId equals value (at most
// anCount, capped at 10). It scans the survey's submitted answer documents with a LIKE
// prefilter on the value, then checks the parsed answer exactly.
func (s *Service) InputVerify(ctx context.Context, surveyID, inputDwID, value string, anCount int) ([]InputMatch, error) {
	s.init()
	out := []InputMatch{}
	value = strings.TrimSpace(value)
	if value == "" || inputDwID == "" {
		return out, nil
	}
	if anCount <= 0 || anCount > 10 {
		anCount = 10
	}
	sv, err := s.loadSurvey(ctx, strings.TrimSpace(surveyID))
	if err != nil {
		if errors.Is(err, models.ErrNotFound) {
			return out, nil
		}
		return nil, err
	}
	needle, _ := json.Marshal(value)
	var rows []models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "document").
		Where("survey_id = ? AND save_status = 0 AND deleted_at IS NULL", sv.ID).Where(models.Contains("document", string(needle))).
		Order("created_at").Limit(200).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		var d struct {
			AnQuestions []*lang.AnQuestion `json:"anQuestions"`
		}
		if json.Unmarshal([]byte(r.Document), &d) != nil {
			continue
		}
		for _, q := range d.AnQuestions {
			if string(q.QuDwID) == inputDwID && q.AnFbk != nil && strings.TrimSpace(string(q.AnFbk.Answer)) == value {
				out = append(out, InputMatch{AnswerID: r.ID, InputValue: value})
			}
		}
		if len(out) >= anCount {
			break
		}
	}
	return out, nil
}

// DeleteTestData removes the isTest answers of a survey (owner only) and subtracts them
// from the counters.
func (s *Service) DeleteTestData(ctx context.Context, p *account.Principal, sidOrID string) (int, error) {
	s.init()
	if s.Surveys == nil {
		return 0, models.ErrNotFound
	}
	sv, err := s.Surveys.Check(ctx, p, sidOrID, surveysvc.NeedOwner)
	if err != nil {
		if errors.Is(err, models.ErrForbidden) {
			return 0, models.ErrNotFound
		}
		return 0, err
	}
	n := 0
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []models.Answer
		if err := tx.Select("id", "save_status", "counted_keys").Where("survey_id = ? AND is_test = 1", sv.ID).Find(&rows).Error; err != nil {
			return err
		}
		dec := map[string]int{} // "slot|key" -> n
		var ids []string
		for _, r := range rows {
			ids = append(ids, r.ID)
			if r.SaveStatus != models.AnswerSubmitted || r.CountedKeys == "" {
				continue
			}
			var ks []string
			_ = json.Unmarshal([]byte(r.CountedKeys), &ks)
			for _, k := range ks {
				dec[k]++
			}
		}
		keys := make([]string, 0, len(dec))
		for k := range dec {
			keys = append(keys, k)
		}
		sortStrings(keys)
		for _, sk := range keys {
			slot, key, _ := strings.Cut(sk, "|")
			if err := tx.Model(&models.AnswerCounter{}).Where("survey_id = ? AND ckey = ? AND slot = ?", sv.ID, key, atoi(slot)).
				Update("cnt", gorm.Expr("cnt - ?", dec[sk])).Error; err != nil {
				return err
			}
		}
		for i := 0; i < len(ids); i += 500 {
			j := min(i+500, len(ids))
			if err := tx.Where("id IN ?", ids[i:j]).Delete(&models.Answer{}).Error; err != nil {
				return err
			}
		}
		n = len(ids)
		return nil
	})
	return n, err
}

// MyAnswer is a row of app/my-answer/list.do.
type MyAnswer struct {
	// ID is the spec's answer-list id (the same as AnswerID).
	ID         string  `json:"id"`
	AnswerID   string  `json:"answerId"`
	SurveyID   string  `json:"surveyId"`
	Sid        string  `json:"sid"`
	SurveyName string  `json:"surveyName"`
	SaveStatus int     `json:"saveStatus"`
	SumScore   float64 `json:"sumScore"`
	EndAnDate  string  `json:"endAnDate"`
	TotalTime  int64   `json:"totalTime"`
	IPAddr     string  `json:"ipAddr"`
	City       string  `json:"city"`
}

// MyAnswers lists the caller's answers, newest first.
func (s *Service) MyAnswers(ctx context.Context, p *account.Principal, current, size int) (int64, []MyAnswer, error) {
	s.init()
	out := []MyAnswer{}
	if p == nil {
		return 0, out, models.ErrNotFound
	}
	q := s.DB.WithContext(ctx).Table("answers a").Joins("JOIN surveys s ON s.id = a.survey_id").
		Where("a.user_id = ? AND a.deleted_at IS NULL", p.UserID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []struct {
		ID, SurveyID, Sid, Title, ClientIP, City string
		SaveStatus                               int
		SumScore                                 float64
		EndAnDate                                time.Time
		DurationMs                               int64
	}
	if err := q.Select("a.id, a.survey_id, s.sid, s.title, a.client_ip, a.city, a.save_status, a.sum_score, a.end_an_date, a.duration_ms").
		Order("a.created_at DESC").Offset((current - 1) * size).Limit(size).Scan(&rows).Error; err != nil {
		return 0, nil, err
	}
	for _, r := range rows {
		out = append(out, MyAnswer{ID: r.ID, IPAddr: r.ClientIP, City: r.City, AnswerID: r.ID, SurveyID: r.SurveyID, Sid: r.Sid, SurveyName: r.Title, SaveStatus: r.SaveStatus,
			SumScore: r.SumScore, EndAnDate: models.FormatTime(r.EndAnDate), TotalTime: r.DurationMs})
	}
	return total, out, nil
}

// publishedSurvey resolves a survey that is published and not deleted.
func (s *Service) publishedSurvey(ctx context.Context, sidOrID string) (*models.Survey, *pubDoc, error) {
	s.init()
	sv, err := s.loadSurvey(ctx, strings.TrimSpace(sidOrID))
	if err != nil {
		return nil, nil, err
	}
	if sv.DeletedAt != nil || sv.PublishedVersion == 0 {
		return nil, nil, models.ErrNotFound
	}
	pd, err := s.published(ctx, sv)
	return sv, pd, err
}

// RankRow is one row of the score ranking.
type RankRow struct {
	Rank      int     `json:"rank"`
	AnswerID  string  `json:"answerId"`
	UserName  string  `json:"userName"`
	SumScore  float64 `json:"sumScore"`
	TotalTime int64   `json:"totalTime"`
	EndAnDate string  `json:"endAnDate"`
}

// scoreRankingVisible reports whether rd may see the score ranking of sv: anyone when it is
// an exam whose author shows the ranking (scoreAttr.showTopSum), otherwise only the survey's
// staff (owner or data collaborators). Anonymous callers never see rankings of other surveys.
func (s *Service) scoreRankingVisible(ctx context.Context, rd Reader, sv *models.Survey, pd *pubDoc) bool {
	if sv.SurveyType == "exam" && pd.attrs.scoreTop {
		return true
	}
	if s.Surveys == nil || rd.Principal == nil {
		return false
	}
	_, err := s.Surveys.Check(ctx, rd.Principal, sv.ID, surveysvc.NeedData)
	return err == nil
}

// TopScores is top-sum-score.do: best scores, then shortest durations (see scoreRankingVisible;
// otherwise not found).
func (s *Service) TopScores(ctx context.Context, rd Reader, sidOrID string, top int) ([]RankRow, error) {
	sv, pd, err := s.publishedSurvey(ctx, sidOrID)
	if err != nil {
		return nil, err
	}
	if !s.scoreRankingVisible(ctx, rd, sv, pd) {
		return nil, models.ErrNotFound
	}
	if top <= 0 {
		top = 10
	}
	top = min(top, 100)
	var rows []struct {
		ID         string
		LoginName  string
		SumScore   float64
		DurationMs int64
		EndAnDate  time.Time
	}
	if err := s.DB.WithContext(ctx).Table("answers a").Joins("LEFT JOIN users u ON u.id = a.user_id AND a.user_id <> ''").
		Select("a.id, COALESCE(u.login_name, '') AS login_name, a.sum_score, a.duration_ms, a.end_an_date").
		Where("a.survey_id = ? AND a.save_status = 0 AND a.is_test = 0 AND a.deleted_at IS NULL AND a.is_eff = 1 AND a.score_pending = 0", sv.ID).
		Order("a.sum_score DESC, a.duration_ms ASC, a.id").Limit(top).Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]RankRow, 0, len(rows))
	for i, r := range rows {
		out = append(out, RankRow{Rank: i + 1, AnswerID: r.ID, UserName: r.LoginName, SumScore: r.SumScore, TotalTime: r.DurationMs,
			EndAnDate: models.FormatTime(r.EndAnDate)})
	}
	return out, nil
}

// UserRank is top-sum-score-user.do.
type UserRank struct {
	Rank      int64   `json:"rank"`
	Total     int64   `json:"total"`
	SumScore  float64 `json:"sumScore"`
	TotalTime int64   `json:"totalTime"`
	// ScorePending: the answer waits for hand grading; it is ranked (Rank > 0) once graded.
	ScorePending bool `json:"scorePending,omitempty"`
}

// TopScoreUser ranks one answer the caller may read, where the score ranking is visible to
// the caller (scoreRankingVisible).
func (s *Service) TopScoreUser(ctx context.Context, rd Reader, sidOrID, answerID string) (*UserRank, error) {
	sv, pd, err := s.publishedSurvey(ctx, sidOrID)
	if err != nil {
		return nil, err
	}
	if !s.scoreRankingVisible(ctx, rd, sv, pd) {
		return nil, models.ErrNotFound
	}
	v, err := s.GetAnswer(ctx, rd, answerID)
	if err != nil || v.SurveyID != sv.ID {
		return nil, models.ErrNotFound
	}
	base := s.DB.WithContext(ctx).Model(&models.Answer{}).
		Where("survey_id = ? AND save_status = 0 AND is_test = 0 AND deleted_at IS NULL AND is_eff = 1 AND score_pending = 0", sv.ID)
	var total, better int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, err
	}
	if v.ScorePending {
		return &UserRank{Total: total, SumScore: v.SumScore, TotalTime: v.TotalTime, ScorePending: true}, nil
	}
	if err := base.Session(&gorm.Session{}).Where("sum_score > ? OR (sum_score = ? AND duration_ms < ?)", v.SumScore, v.SumScore, v.TotalTime).
		Count(&better).Error; err != nil {
		return nil, err
	}
	return &UserRank{Rank: better + 1, Total: total, SumScore: v.SumScore, TotalTime: v.TotalTime}, nil
}

// StatItem is one statistics item (API.md "Statistics shape").
type StatItem struct {
	DocCount int64 `json:"docCount"`
}

// VoteStats is survey-stats.do for the vote ranking, from the counters (no scan). Only vote
// surveys answer (with showVoteRankList on, the default); any other survey is not found.
func (s *Service) VoteStats(ctx context.Context, sidOrID string) (map[string]any, error) {
	sv, pd, err := s.publishedSurvey(ctx, sidOrID)
	if err != nil {
		return nil, err
	}
	if sv.SurveyType != "vote" || !pd.attrs.voteRank {
		return nil, models.ErrNotFound
	}
	sums, err := s.counterSums(ctx, s.DB, sv.ID, "")
	if err != nil {
		return nil, err
	}
	radio, check, qu := map[string]StatItem{}, map[string]StatItem{}, map[string]StatItem{}
	for _, q := range pd.doc.Questions {
		qid := string(q.DwID)
		t := string(q.QuType)
		if t == "PAGETAG" || t == "PARAGRAPH" {
			continue
		}
		qu[qid] = StatItem{DocCount: sums[keyQu+qid]}
		target := radio
		if strings.Contains(t, "CHECKBOX") {
			target = check
		} else if !strings.Contains(t, "RADIO") {
			continue
		}
		for _, o := range q.QuRadios {
			target[string(o.DwID)] = StatItem{DocCount: sums[keyOpt+string(o.DwID)]}
		}
		for _, o := range q.QuCheckboxs {
			target[string(o.DwID)] = StatItem{DocCount: sums[keyOpt+string(o.DwID)]}
		}
	}
	return map[string]any{"countRadio": radio, "countCheckbox": check, "countQu": qu, "total": sums[keyTotal]}, nil
}

// UploadAllowed reports whether an anonymous respondent may upload for surveyID: the survey
// is collecting and its published version has an upload or signature question.
func (s *Service) UploadAllowed(ctx context.Context, surveyID string) bool {
	sv, pd, err := s.publishedSurvey(ctx, surveyID)
	if err != nil || sv.State != models.SurveyCollecting {
		return false
	}
	for _, t := range pd.qtypes {
		switch t {
		case "UPLOADFILE", "UPLOAD_IMAGE", "SIGNATURE":
			return true
		}
	}
	return false
}
