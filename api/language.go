package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/importer"
	"dwsurvey/services/language"
)

// registerLanguage registers the survey content language calls (spec second document,
// section 7): the respondent list and script, and the author calls add and delete.
func (s *server) registerLanguage() {
	svc := s.d.Language
	if svc == nil {
		svc = &language.Service{DB: s.d.DB, Surveys: s.d.Survey}
	}
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
	s.handle(http.MethodPost, "app/v6/language/adds", m, "Add or replace several content languages of a survey at once (design rights)", func(c *gin.Context) {
		var in language.AddsInput
		if !bind(c, &in) {
			return
		}
		r, err := svc.Adds(c.Request.Context(), principal(c), in)
		respond(c, r, err)
	})
	s.handle(http.MethodGet, "app/v6/language/codes", m, "The content language codes an author may add", func(c *gin.Context) {
		respond(c, language.Codes, nil)
	})
	s.handle(http.MethodGet, "app/v6/language/list", m, "Content languages of a survey with drafts (design rights)", func(c *gin.Context) {
		r, err := svc.AuthorList(c.Request.Context(), principal(c), c.Query("surveyId"))
		respond(c, r, err)
	})
	s.handle(http.MethodGet, "app/v6/language/edit", m, "Texts of a language beside the originals, outdated ones marked (design rights)", func(c *gin.Context) {
		r, err := svc.Edit(c.Request.Context(), principal(c), c.Query("surveyId"), c.Query("languageCode"))
		respond(c, r, err)
	})
	s.handle(http.MethodPost, "app/v6/language/publish", m, "Publish a language's draft to respondents (design rights)", func(c *gin.Context) {
		var in struct {
			SurveyID     string `json:"surveyId" form:"surveyId"`
			LanguageCode string `json:"languageCode" form:"languageCode"`
		}
		if !bind(c, &in) {
			return
		}
		respond(c, nil, svc.Publish(c.Request.Context(), principal(c), in.SurveyID, in.LanguageCode))
	})
	s.handle(http.MethodGet, "app/v6/language/export.do", m, "Translation file (.xlsx: code, type, original content, translated content) of a language", func(c *gin.Context) {
		b, name, err := svc.ExportFile(c.Request.Context(), principal(c), c.Query("surveyId"), c.Query("languageCode"))
		if err != nil {
			respond(c, nil, err)
			return
		}
		sendFile(c, name, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", b)
	})
	s.handle(http.MethodPost, "app/v6/language/import.do", m, "Preview (apply=false) or import a translation file into a language's draft (multipart: file, surveyId, languageCode, apply, ignoreUnknown)", func(c *gin.Context) {
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, importer.MaxFileBytes+(1<<20))
		fh, err := c.FormFile("file")
		if err != nil {
			reply(c, codeInvalid, "Choose a translation file (.xlsx) of at most 10 MB")
			return
		}
		data, ok := readFormFile(c, fh)
		if !ok {
			return
		}
		r, err := svc.ImportFile(c.Request.Context(), principal(c), language.ImportInput{SurveyID: c.PostForm("surveyId"),
			LanguageCode: c.PostForm("languageCode"), LanguageName: c.PostForm("languageName"), Data: data,
			Apply: truthy(c.PostForm("apply")), IgnoreUnknown: truthy(c.PostForm("ignoreUnknown"))})
		respond(c, r, err)
	})
	s.handle(http.MethodPost, "app/v6/language/aiAdd", m, "Start the AI translation of a survey into a language (a TranslationWorkflow; data is the job)", func(c *gin.Context) {
		var in language.AIAddInput
		if !bind(c, &in) {
			return
		}
		r, err := svc.StartAI(c.Request.Context(), principal(c), in)
		respond(c, r, err)
	})
	s.handle(http.MethodGet, "app/v6/language/ai-status", m, "Progress of the latest AI translation of a survey and language", func(c *gin.Context) {
		r, err := svc.Status(c.Request.Context(), principal(c), c.Query("surveyId"), c.Query("languageCode"))
		respond(c, r, err)
	})
	s.handle(http.MethodPost, "app/v6/language/ai-cancel", m, "Cancel an AI translation (nothing it translated is saved)", func(c *gin.Context) {
		var in struct {
			ID string `json:"id" form:"id"`
		}
		if !bind(c, &in) {
			return
		}
		r, err := svc.Cancel(c.Request.Context(), principal(c), in.ID)
		respond(c, r, err)
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
