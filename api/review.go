package api

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/analysis"
	"dwsurvey/services/review"
	lang "dwsurvey/survey"
)

// registerReview registers review chains, the reviewer's queue and hand grading
// (docs/api-review.md). Reviewers and graders need no permission of their own: each call
// checks the caller's assignment (anybody else gets "not found"); the settings need
// survey:manage and design rights on the survey.
func (s *server) registerReview() {
	const r, g = "app/v6/review/", "app/v6/grading/"
	auth, manage := models.PermAuthenticated, models.PermSurveyManage
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		s.handle(m, r+"settings.do", manage, "Review chain and graders of a survey", s.reviewSettings)
		s.handle(m, r+"directory.do", manage, "Accounts, departments and roles to assign as reviewers or graders", s.reviewDirectory)
		s.handle(m, r+"queue.do", auth, "My review queue: answers waiting at a step I may decide, oldest first (Page)", s.reviewQueue)
		s.handle(m, r+"queue-surveys.do", auth, "My review queue counted per survey", s.reviewQueueSurveys)
		s.handle(m, r+"answer.do", auth, "An answer in review with its survey version and chain (review dialog)", s.reviewAnswer)
		s.handle(m, r+"timeline.do", auth, "The review chain of an answer: who decided what and when", s.reviewTimeline)
		s.handle(m, g+"answer.do", auth, "An answer to grade: hand-graded items, automatic scores, history", s.gradingAnswer)
		s.handle(m, g+"queue.do", auth, "Answers of a survey waiting for hand grading, oldest first (Page)", s.gradingQueue)
		s.handle(m, g+"surveys.do", auth, "Surveys with answers waiting for my grading", s.gradingSurveys)
		s.handle(m, g+"score-stats.do", auth, "Score statistics of the final totals of a survey", s.gradingStats)
	}
	s.handle(http.MethodPost, r+"settings-save.do", manage, "Save the review chain and graders of a survey (applies to answers submitted afterwards)", s.reviewSettingsSave)
	s.handle(http.MethodPost, "app/v6/dw-answer-data-survey/answer-custom-score.do", auth,
		"Hand scores of an answer (quCustomScore); data.esId is the next ungraded answer", s.answerCustomScore)
}

func (s *server) reviewSettings(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Review.Settings(c.Request.Context(), principal(c), first(p, "surveyId", "sid"))
	respond(c, r, err)
}

func (s *server) reviewSettingsSave(c *gin.Context) {
	var in review.Settings
	dec := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		fail(c, models.Invalid("Invalid review settings: %v", err))
		return
	}
	r, err := s.d.Review.SaveSettings(c.Request.Context(), principal(c), in, auditEntry(c))
	respond(c, r, err)
}

func (s *server) reviewDirectory(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Review.SearchDirectory(c.Request.Context(), principal(c), p["q"])
	respond(c, r, err)
}

func (s *server) reviewQueue(c *gin.Context) {
	p, _ := answerParams(c)
	no, size := anPaging(p)
	r, err := s.d.Review.Queue(c.Request.Context(), principal(c), first(p, "surveyId", "sid"), no, size)
	respond(c, r, err)
}

func (s *server) reviewQueueSurveys(c *gin.Context) {
	r, err := s.d.Review.QueueSurveys(c.Request.Context(), principal(c))
	respond(c, r, err)
}

func (s *server) reviewAnswer(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Review.ReviewAnswer(c.Request.Context(), principal(c), first(p, "answerId", "id"))
	respond(c, r, err)
}

func (s *server) reviewTimeline(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Review.Timeline(c.Request.Context(), principal(c), first(p, "answerId", "id"))
	respond(c, r, err)
}

// anVerify is answer-verified.do (query answerId, verifyValue, verifyNote; our console adds
// verifyLevel). An answer in a review chain is decided through its workflow; any other
// answer gets the flat verdict of survey staff (survey:data). data is the next row of the
// same queue, or null.
func (s *server) anVerify(c *gin.Context) {
	p, _ := answerParams(c)
	v := strings.TrimSpace(first(p, "verifyValue"))
	n, err := strconv.Atoi(v)
	if err != nil || (n != models.VerifyPass && n != models.VerifyFail) {
		fail(c, models.Invalid(review.MsgBadValue))
		return
	}
	level := 0
	if lv := strings.TrimSpace(first(p, "verifyLevel")); lv != "" {
		if level, err = strconv.Atoi(lv); err != nil {
			fail(c, models.Invalid(review.MsgBadLevel))
			return
		}
	}
	id := first(p, "answerId", "id")
	ctx := c.Request.Context()
	inChain, err := s.d.Review.InChain(ctx, id)
	if err != nil {
		fail(c, err)
		return
	}
	if inChain {
		next, err := s.d.Review.Decide(ctx, principal(c), review.DecideInput{AnswerID: id, Value: n, Note: p["verifyNote"], Level: level}, auditEntry(c))
		if err != nil {
			fail(c, err)
			return
		}
		if next == nil {
			ok(c, nil)
			return
		}
		ok(c, next)
		return
	}
	if !principal(c).Has(models.PermSurveyData) {
		fail(c, models.ErrForbidden)
		return
	}
	next, err := s.d.Analysis.Verify(ctx, principal(c), analysis.VerifyInput{AnswerID: id, Value: n, Note: p["verifyNote"]}, auditEntry(c))
	if err != nil {
		fail(c, err)
		return
	}
	if next == nil {
		ok(c, nil)
		return
	}
	ok(c, next)
}

// customScoreQuestion is one entry of anQuestions in answer-custom-score.do.
type customScoreQuestion struct {
	QuDwID        lang.Str  `json:"quDwId"`
	QuCustomScore *lang.Num `json:"quCustomScore"`
}

// answerCustomScore is answer-custom-score.do: the body is the answer record (answerId or
// esId, or answerCommon.answerId; anQuestions with quCustomScore), also accepted as an
// answerJson string. data: {esId: the next ungraded answer or null, sumScore}.
func (s *server) answerCustomScore(c *gin.Context) {
	p, raw := answerParams(c)
	var rec struct {
		AnswerCommon struct {
			AnswerID lang.Str `json:"answerId"`
		} `json:"answerCommon"`
		EsID        lang.Str              `json:"esId"`
		AnQuestions []customScoreQuestion `json:"anQuestions"`
	}
	body := raw
	if aj, found := raw["answerJson"]; found {
		var text string
		if json.Unmarshal(aj, &text) == nil {
			aj = json.RawMessage(text)
		}
		_ = json.Unmarshal(aj, &body)
	}
	if qs, found := body["anQuestions"]; found {
		if err := json.Unmarshal(qs, &rec.AnQuestions); err != nil {
			fail(c, models.Invalid("anQuestions must be a list of {quDwId, quCustomScore}"))
			return
		}
	}
	if ac, found := body["answerCommon"]; found {
		_ = json.Unmarshal(ac, &rec.AnswerCommon)
	}
	id := first(p, "answerId", "esId", "id")
	if id == "" {
		if v, found := body["esId"]; found {
			_ = json.Unmarshal(v, &rec.EsID)
		}
		id = strings.TrimSpace(string(rec.EsID))
	}
	if id == "" {
		id = strings.TrimSpace(string(rec.AnswerCommon.AnswerID))
	}
	in := review.GradeInput{AnswerID: id}
	for _, q := range rec.AnQuestions {
		if q.QuCustomScore != nil {
			in.Scores = append(in.Scores, review.ItemScore{QuDwID: string(q.QuDwID), Score: float64(*q.QuCustomScore)})
		}
	}
	r, err := s.d.Review.CustomScore(c.Request.Context(), principal(c), in, auditEntry(c))
	respond(c, r, err)
}

func (s *server) gradingAnswer(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Review.GradingAnswer(c.Request.Context(), principal(c), first(p, "answerId", "id"))
	respond(c, r, err)
}

func (s *server) gradingQueue(c *gin.Context) {
	p, _ := answerParams(c)
	no, size := anPaging(p)
	r, err := s.d.Review.GradingQueue(c.Request.Context(), principal(c), first(p, "surveyId", "sid"), no, size)
	respond(c, r, err)
}

func (s *server) gradingSurveys(c *gin.Context) {
	r, err := s.d.Review.GradingSurveys(c.Request.Context(), principal(c))
	respond(c, r, err)
}

func (s *server) gradingStats(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Review.ScoreStatistics(c.Request.Context(), principal(c), first(p, "surveyId", "sid"))
	respond(c, r, err)
}
