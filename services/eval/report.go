package eval

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// DimScore is one dimension's score in a report, with its band.
type DimScore struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	lang.EvalDimensionScore
	Band *Band `json:"band,omitempty"`
}

// GroupScore is a group's dimensions in a report.
type GroupScore struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Note       string     `json:"note"`
	Dimensions []DimScore `json:"dimensions"`
}

// Report is dimension/{answerId}: the answer's scores per dimension with interpretations.
type Report struct {
	AnswerID   string       `json:"answerId"`
	SurveyID   string       `json:"surveyId"`
	SurveyName string       `json:"surveyName"`
	SurveyType string       `json:"surveyType"`
	EndAnDate  string       `json:"endAnDate"`
	Groups     []GroupScore `json:"groups"`
}

// scored is an answer read for scoring: its answers by question, and the document index of
// the version it was given on.
type scored struct {
	answers map[string]*lang.AnQuestion
	ix      *lang.Index
}

// versionIndex caches documents by survey and version within one report.
type versionIndex map[string]*lang.Index

func (s *Service) read(ctx context.Context, a *models.Answer, cache versionIndex) (*scored, error) {
	key := a.SurveyID + "/" + itoa(a.SurveyVersion)
	ix, ok := cache[key]
	if !ok {
		var v models.SurveyVersion
		if err := s.DB.WithContext(ctx).Where("survey_id = ? AND version = ?", a.SurveyID, a.SurveyVersion).Take(&v).Error; err != nil {
			return nil, notFound(err)
		}
		d, _, err := lang.Parse([]byte(v.Document))
		if err != nil || d == nil {
			return nil, models.Invalid("The survey version of this answer cannot be read")
		}
		ix = lang.NewIndex(d)
		cache[key] = ix
	}
	out := &scored{answers: map[string]*lang.AnQuestion{}, ix: ix}
	var doc struct {
		AnQuestions json.RawMessage `json:"anQuestions"`
	}
	_ = json.Unmarshal([]byte(a.Document), &doc)
	if len(doc.AnQuestions) > 0 {
		if ad, err := lang.ParseAnswer([]byte(`{"anQuestions":` + string(doc.AnQuestions) + `}`)); err == nil {
			for _, q := range ad.AnQuestions {
				if q != nil {
					out.answers[string(q.QuDwID)] = q
				}
			}
		}
	}
	return out, nil
}

func bandOf(bands []Band, score float64) *Band {
	for i := range bands {
		if score >= bands[i].Min && score <= bands[i].Max {
			b := bands[i]
			return &b
		}
	}
	return nil
}

func (s *Service) score(groups []Group, sc *scored) []GroupScore {
	out := make([]GroupScore, 0, len(groups))
	for _, g := range groups {
		gs := GroupScore{ID: g.ID, Name: g.Name, Note: g.Note, Dimensions: []DimScore{}}
		for _, d := range g.Dimensions {
			r := lang.EvalDimension(sc.ix, d.Items, sc.answers)
			x := DimScore{ID: d.ID, Name: d.Name, EvalDimensionScore: r}
			if r.Answered > 0 {
				x.Band = bandOf(d.Bands, r.Score)
			}
			gs.Dimensions = append(gs.Dimensions, x)
		}
		out = append(out, gs)
	}
	return out
}

// AnswerReport is the dimension report of one answer, with the access rule of
// get-survey-answer.do (resume token, the respondent, or staff with data rights).
func (s *Service) AnswerReport(ctx context.Context, rd answersvc.Reader, answerID string) (*Report, error) {
	v, err := s.Answers.GetAnswer(ctx, rd, answerID)
	if err != nil {
		return nil, err
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Where("id = ?", v.AnswerID).Take(&a).Error; err != nil {
		return nil, notFound(err)
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Select("id", "title", "survey_type").Where("id = ?", a.SurveyID).Take(&sv).Error; err != nil {
		return nil, notFound(err)
	}
	groups, err := s.groups(ctx, a.SurveyID)
	if err != nil {
		return nil, err
	}
	sc, err := s.read(ctx, &a, versionIndex{})
	if err != nil {
		return nil, err
	}
	return &Report{AnswerID: a.ID, SurveyID: a.SurveyID, SurveyName: sv.Title, SurveyType: sv.SurveyType,
		EndAnDate: models.FormatTime(a.EndAnDate), Groups: s.score(groups, sc)}, nil
}

// ------------------------------------------------------------------ eval360

// Rater roles of eval360 surveys.
var Roles = []string{"self", "manager", "peer", "subordinate", "other"}

func validRole(r string) bool {
	for _, x := range Roles {
		if x == r {
			return true
		}
	}
	return false
}

// RaterView is a rater of a subject with the answer link's token.
type RaterView struct {
	ID       string `json:"id"`
	Role     string `json:"role"`
	Name     string `json:"name"`
	Token    string `json:"token"`
	Answered bool   `json:"answered"`
}

// Subject is a person evaluated by an eval360 survey.
type Subject struct {
	ID       string      `json:"id"`
	SurveyID string      `json:"surveyId"`
	Name     string      `json:"name"`
	AnonMin  int         `json:"anonMin"`
	Raters   []RaterView `json:"raters"`
}

// Subjects lists a survey's subjects with their raters.
func (s *Service) Subjects(ctx context.Context, p *account.Principal, surveyID string) ([]Subject, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedData)
	if err != nil {
		return nil, err
	}
	var subs []models.EvalSubject
	db := s.DB.WithContext(ctx)
	if err := db.Where("survey_id = ?", sv.ID).Order("created_at, id").Find(&subs).Error; err != nil {
		return nil, err
	}
	var raters []models.EvalRater
	if err := db.Where("survey_id = ?", sv.ID).Order("created_at, id").Find(&raters).Error; err != nil {
		return nil, err
	}
	var rated []string
	if err := db.Model(&models.EvalRating{}).Where("survey_id = ?", sv.ID).Distinct("rater_id").Pluck("rater_id", &rated).Error; err != nil {
		return nil, err
	}
	done := map[string]bool{}
	for _, id := range rated {
		done[id] = true
	}
	out := make([]Subject, len(subs))
	for i, x := range subs {
		out[i] = Subject{ID: x.ID, SurveyID: x.SurveyID, Name: x.Name, AnonMin: x.AnonMin, Raters: []RaterView{}}
		for _, r := range raters {
			if r.SubjectID == x.ID {
				out[i].Raters = append(out[i].Raters, RaterView{ID: r.ID, Role: r.Role, Name: r.Name, Token: r.Token, Answered: done[r.ID]})
			}
		}
	}
	return out, nil
}

// SaveSubject creates or updates a subject and its raters: listed raters keep their id and
// token (role and name may change), new ones get a token, missing ones are removed (their
// ratings stay with the answers but no longer count). AnonMin is 1-50 (default 3).
func (s *Service) SaveSubject(ctx context.Context, p *account.Principal, in Subject) (*Subject, error) {
	db := s.DB.WithContext(ctx)
	var row models.EvalSubject
	if in.ID != "" {
		if err := db.Where("id = ?", in.ID).Take(&row).Error; err != nil {
			return nil, notFound(err)
		}
		in.SurveyID = row.SurveyID
	}
	sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	if sv.SurveyType != "eval360" {
		return nil, models.Invalid("Subjects and raters belong to eval360 surveys")
	}
	in.Name = strings.TrimSpace(in.Name)
	if n := utf8.RuneCountInString(in.Name); n == 0 || n > 64 {
		return nil, models.Invalid("Subject name: 1 to 64 characters")
	}
	if in.AnonMin == 0 {
		in.AnonMin = 3
	}
	if in.AnonMin < 1 || in.AnonMin > 50 {
		return nil, models.Invalid("Anonymity threshold: 1 to 50 raters")
	}
	if len(in.Raters) > 500 {
		return nil, models.Invalid("At most 500 raters per subject")
	}
	for i, r := range in.Raters {
		if !validRole(r.Role) {
			return nil, models.Invalid("Rater %d: role must be one of %s", i+1, strings.Join(Roles, ", "))
		}
		if utf8.RuneCountInString(r.Name) > 64 {
			return nil, models.Invalid("Rater %d: the name has at most 64 characters", i+1)
		}
	}
	now := s.now().UTC()
	err = db.Transaction(func(tx *gorm.DB) error {
		if in.ID == "" {
			row = models.EvalSubject{ID: uuid.NewString(), SurveyID: sv.ID, CreatedAt: now}
		}
		row.Name, row.AnonMin = in.Name, in.AnonMin
		if err := tx.Save(&row).Error; err != nil {
			return err
		}
		var old []models.EvalRater
		if err := tx.Where("subject_id = ?", row.ID).Find(&old).Error; err != nil {
			return err
		}
		keep := map[string]bool{}
		for i, r := range in.Raters {
			name := strings.TrimSpace(r.Name)
			if r.ID != "" {
				res := tx.Model(&models.EvalRater{}).Where("id = ? AND subject_id = ?", r.ID, row.ID).Updates(map[string]any{"role": r.Role, "name": name})
				if res.Error != nil {
					return res.Error
				}
				if res.RowsAffected > 0 || exists(old, r.ID) {
					keep[r.ID] = true
					continue
				}
			}
			tok, err := newToken()
			if err != nil {
				return err
			}
			nr := models.EvalRater{ID: uuid.NewString(), SubjectID: row.ID, SurveyID: sv.ID, Role: r.Role, Name: name, Token: tok,
				CreatedAt: now.Add(time.Duration(i) * time.Millisecond)}
			if err := tx.Create(&nr).Error; err != nil {
				return err
			}
			keep[nr.ID] = true
		}
		for _, o := range old {
			if !keep[o.ID] {
				if err := tx.Where("id = ?", o.ID).Delete(&models.EvalRater{}).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.audit(ctx, p, "Save eval360 subject", row.ID+" "+row.Name)
	subs, err := s.Subjects(ctx, p, sv.ID)
	if err != nil {
		return nil, err
	}
	for i := range subs {
		if subs[i].ID == row.ID {
			return &subs[i], nil
		}
	}
	return nil, models.ErrNotFound
}

func exists(rs []models.EvalRater, id string) bool {
	for _, r := range rs {
		if r.ID == id {
			return true
		}
	}
	return false
}

// newToken is a rater link token: 96 random bits, base32 without padding (20 characters).
func newToken() (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// SubmitRows binds an eval360 answer to the rater whose link it came through
// (answerCommon.evalRater = the token of an/{sid}?rater=<token>); an unknown token binds
// nothing. The rating is stored in the answer's own transaction.
func (s *Service) SubmitRows(ctx context.Context, a answersvc.Submitted) ([]any, error) {
	if a.Survey == nil || a.Survey.SurveyType != "eval360" || len(a.Common) == 0 {
		return nil, nil
	}
	var c struct {
		EvalRater lang.Str `json:"evalRater"`
	}
	if json.Unmarshal(a.Common, &c) != nil {
		return nil, nil
	}
	tok := strings.TrimSpace(string(c.EvalRater))
	if tok == "" || len(tok) > 32 {
		return nil, nil
	}
	var r models.EvalRater
	err := s.DB.WithContext(ctx).Where("token = ? AND survey_id = ?", tok, a.Survey.ID).Take(&r).Error
	if err != nil {
		if notFound(err) == models.ErrNotFound {
			return nil, nil
		}
		return nil, err
	}
	return []any{&models.EvalRating{AnswerID: a.Answer.ID, RaterID: r.ID, SubjectID: r.SubjectID, SurveyID: r.SurveyID, Role: r.Role,
		CreatedAt: a.Answer.EndAnDate}}, nil
}

// RoleScores is the mean of a role's raters (or of everyone but self: role "others").
type RoleScores struct {
	Role   string `json:"role"`
	Raters int    `json:"raters"`
	// Hidden: fewer raters than the anonymity threshold (scores withheld); self is never hidden.
	Hidden bool                     `json:"hidden"`
	Scores map[string]*DimRoleScore `json:"scores,omitempty"`
}

// DimRoleScore is a dimension's mean score over a role's raters.
type DimRoleScore struct {
	Score   float64 `json:"score"`
	Max     float64 `json:"max"`
	Percent float64 `json:"percent"`
}

// SubjectReport is the aggregated report of one subject: per dimension the scores of self,
// of all others together and of each role, each shown only from AnonMin raters on (self
// always).
type SubjectReport struct {
	Subject    Subject      `json:"subject"`
	AnonMin    int          `json:"anonMin"`
	Dimensions []DimScore   `json:"dimensions"`
	Self       RoleScores   `json:"self"`
	Others     RoleScores   `json:"others"`
	Roles      []RoleScores `json:"roles"`
}

// SubjectReport builds the report (latest answer per rater; deleted and invalid answers do
// not count).
func (s *Service) SubjectReport(ctx context.Context, p *account.Principal, subjectID string) (*SubjectReport, error) {
	var sub models.EvalSubject
	db := s.DB.WithContext(ctx)
	if err := db.Where("id = ?", subjectID).Take(&sub).Error; err != nil {
		return nil, notFound(err)
	}
	if _, err := s.Surveys.Check(ctx, p, sub.SurveyID, surveysvc.NeedData); err != nil {
		return nil, models.ErrNotFound
	}
	groups, err := s.groups(ctx, sub.SurveyID)
	if err != nil {
		return nil, err
	}
	var ratings []models.EvalRating
	if err := db.Where("subject_id = ? AND rater_id IN (?)", sub.ID, db.Model(&models.EvalRater{}).Select("id").Where("subject_id = ?", sub.ID)).
		Order("created_at DESC, answer_id").Find(&ratings).Error; err != nil {
		return nil, err
	}
	latest := map[string]models.EvalRating{}
	for _, r := range ratings {
		if _, ok := latest[r.RaterID]; !ok {
			var a models.Answer
			if db.Where("id = ? AND deleted_at IS NULL AND is_eff = 1 AND save_status = 0", r.AnswerID).Take(&a).Error == nil {
				latest[r.RaterID] = r
			}
		}
	}
	raterIDs := make([]string, 0, len(latest))
	for id := range latest {
		raterIDs = append(raterIDs, id)
	}
	sort.Strings(raterIDs)
	// per rater: the flat dimension scores
	var dims []Dimension
	for _, g := range groups {
		dims = append(dims, g.Dimensions...)
	}
	type rs struct {
		role   string
		scores map[string]lang.EvalDimensionScore
	}
	cache := versionIndex{}
	var per []rs
	for _, id := range raterIDs {
		r := latest[id]
		var a models.Answer
		if err := db.Where("id = ?", r.AnswerID).Take(&a).Error; err != nil {
			return nil, err
		}
		sc, err := s.read(ctx, &a, cache)
		if err != nil {
			return nil, err
		}
		m := map[string]lang.EvalDimensionScore{}
		for _, d := range dims {
			m[d.ID] = lang.EvalDimension(sc.ix, d.Items, sc.answers)
		}
		per = append(per, rs{role: r.Role, scores: m})
	}
	agg := func(role string, match func(string) bool) RoleScores {
		out := RoleScores{Role: role}
		sums := map[string]*DimRoleScore{}
		counts := map[string]int{}
		for _, x := range per {
			if !match(x.role) {
				continue
			}
			out.Raters++
			for id, v := range x.scores {
				if v.Answered == 0 {
					continue
				}
				if sums[id] == nil {
					sums[id] = &DimRoleScore{}
				}
				sums[id].Score += v.Score
				sums[id].Max += v.Max
				counts[id]++
			}
		}
		out.Hidden = role != "self" && out.Raters < sub.AnonMin
		if out.Hidden || out.Raters == 0 {
			return out
		}
		out.Scores = map[string]*DimRoleScore{}
		for id, v := range sums {
			n := float64(counts[id])
			d := &DimRoleScore{Score: lang.Round2(v.Score / n), Max: lang.Round2(v.Max / n)}
			if d.Max > 0 {
				d.Percent = lang.Round2(d.Score / d.Max * 100)
			}
			out.Scores[id] = d
		}
		return out
	}
	rep := &SubjectReport{AnonMin: sub.AnonMin,
		Subject: Subject{ID: sub.ID, SurveyID: sub.SurveyID, Name: sub.Name, AnonMin: sub.AnonMin, Raters: []RaterView{}},
		Self:    agg("self", func(r string) bool { return r == "self" }),
		Others:  agg("others", func(r string) bool { return r != "self" }),
	}
	for _, role := range Roles[1:] {
		rep.Roles = append(rep.Roles, agg(role, func(r string) bool { return r == role }))
	}
	// the overall dimension scores: everyone's mean (shown when the others may be shown)
	all := agg("all", func(string) bool { return true })
	for _, d := range dims {
		x := DimScore{ID: d.ID, Name: d.Name}
		if !rep.Others.Hidden && all.Scores != nil && all.Scores[d.ID] != nil {
			v := all.Scores[d.ID]
			x.Score, x.Max, x.Percent, x.Answered = v.Score, v.Max, v.Percent, all.Raters
			x.Band = bandOf(d.Bands, v.Score)
		}
		rep.Dimensions = append(rep.Dimensions, x)
	}
	if rep.Dimensions == nil {
		rep.Dimensions = []DimScore{}
	}
	return rep, nil
}

// DeleteSubject removes a subject and its raters (answers stay).
func (s *Service) DeleteSubject(ctx context.Context, p *account.Principal, id string) error {
	var sub models.EvalSubject
	if err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&sub).Error; err != nil {
		return notFound(err)
	}
	if _, err := s.Surveys.Check(ctx, p, sub.SurveyID, surveysvc.NeedDesign); err != nil {
		return models.ErrNotFound
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("subject_id = ?", sub.ID).Delete(&models.EvalRater{}).Error; err != nil {
			return err
		}
		return tx.Where("id = ?", sub.ID).Delete(&models.EvalSubject{}).Error
	})
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
