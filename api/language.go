package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/language"
)

// registerLanguage registers the survey content language calls (spec second document,
// section 7): the respondent list and script, and the author calls add and delete.
func (s *server) registerLanguage() {
	svc := &language.Service{DB: s.d.DB, Surveys: s.d.Survey}
	const n = "none/v6/dw-answer-select-language/"
	s.handle(http.MethodPost, n+"list", "", "Content languages of a survey (data.data)", func(c *gin.Context) {
		p, _ := answerParams(c)
		l, err := svc.List(c.Request.Context(), first(p, "surveyId", "sid"))
		respond(c, gin.H{"data": l}, err)
	})
	s.handle(http.MethodPost, n+"getLanguageScript", "", "Translated texts of one language (data.data, a JSON string)", func(c *gin.Context) {
		p, _ := answerParams(c)
		script, err := svc.Script(c.Request.Context(), first(p, "surveyId", "sid"), first(p, "languageCode"))
		respond(c, gin.H{"data": script}, err)
	})
	m := models.PermSurveyManage
	s.handle(http.MethodPost, "app/v6/language/add", m, "Add or replace a content language of a survey (design rights)", func(c *gin.Context) {
		var in language.AddInput
		if !bind(c, &in) {
			return
		}
		r, err := svc.Add(c.Request.Context(), principal(c), in)
		respond(c, r, err)
	})
	s.handle(http.MethodPost, "app/v6/language/delete", m, "Delete a content language of a survey (design rights)", func(c *gin.Context) {
		var in language.DeleteInput
		if !bind(c, &in) {
			return
		}
		err := svc.Delete(c.Request.Context(), principal(c), in)
		respond(c, nil, err)
	})
	// The owner's review page reads the document of an answer without the respondent gates.
	s.handle(http.MethodGet, "none/v6/dw-answer-survey/review-survey-json.do", "",
		"Survey document of one answer for its review page (same access rule as get-survey-answer.do)", s.answerReviewJSON)
}

func (s *server) answerReviewJSON(c *gin.Context) {
	p, _ := answerParams(c)
	c.Header("Cache-Control", "no-store")
	r, err := s.d.Answer.ReviewDocument(c.Request.Context(), s.answerReader(c, p), first(p, "answerId"))
	respond(c, r, err)
}
