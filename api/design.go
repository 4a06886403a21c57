package api

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	surveysvc "dwsurvey/services/survey"
)

func (s *server) registerDesign() {
	m := models.PermSurveyManage
	const d = "app/v6/dw-design-survey/"
	s.handle(http.MethodGet, d+"survey-json-by-survey-id.do", m, "Draft survey document for the designer", s.designLoad)
	s.handle(http.MethodPost, d+"save-survey-json.do", m, "Save the draft survey document", s.designSave)
	s.handle(http.MethodPost, d+"dev-survey.do", m, "Publish: freeze a version, start collecting", s.designPublish)
	s.handle(http.MethodGet, d+"survey-versions.do", m, "Published versions", s.designVersions)
	s.handle(http.MethodGet, d+"export-survey.do", m, "Download the draft document (JSON)", s.designExport)
	s.handle(http.MethodGet, d+"toolbar-qus.do", m, "Question types for the survey type", s.designToolbar)
	s.handle(http.MethodPost, "app/design/survey-design/surveyAll.do", m, "Legacy v6 surveyAll shape of the draft", s.designSurveyAll)
	s.handle(http.MethodGet, "app/design/survey-design/surveyAll.do", m, "Legacy v6 surveyAll shape of the draft", s.designSurveyAll)
}

func (s *server) designLoad(c *gin.Context) {
	r, err := s.d.Survey.Design(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) designSave(c *gin.Context) {
	var in surveysvc.SaveInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.Save(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

// bodySurveyID reads surveyId from a JSON or form body, falling back to the query.
func bodySurveyID(c *gin.Context) (string, bool) {
	var b surveyIDsBody
	if c.Request.ContentLength != 0 && c.Request.Body != nil {
		if !bind(c, &b) {
			return "", false
		}
	}
	if b.SurveyID != "" {
		return b.SurveyID, true
	}
	if b.ID.first() != "" {
		return b.ID.first(), true
	}
	return surveyIDParam(c), true
}

func (s *server) designPublish(c *gin.Context) {
	id, okBody := bodySurveyID(c)
	if !okBody {
		return
	}
	r, err := s.d.Survey.Publish(c.Request.Context(), principal(c), id)
	respond(c, r, err)
}

func (s *server) designVersions(c *gin.Context) {
	r, err := s.d.Survey.Versions(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) designExport(c *gin.Context) {
	b, name, err := s.d.Survey.Export(c.Request.Context(), principal(c), surveyIDParam(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "application/json; charset=utf-8", b)
}

func (s *server) designToolbar(c *gin.Context) {
	if surveyIDParam(c) == "" {
		t := strings.TrimSpace(c.Query("surveyType"))
		if t == "" {
			t = "survey"
		}
		// without a survey id this is the reference client's call: only the types it can answer
		for _, v := range models.SurveyTypes {
			if v == t {
				ok(c, surveysvc.ReferenceToolbarTabsFor(t))
				return
			}
		}
		reply(c, codeInvalid, "Unknown survey type "+strconvQuote(t))
		return
	}
	r, err := s.d.Survey.Toolbar(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func strconvQuote(v string) string { b, _ := json.Marshal(v); return string(b) }

func (s *server) designSurveyAll(c *gin.Context) {
	id := surveyIDParam(c)
	if id == "" && c.Request.Method == http.MethodPost {
		var okBody bool
		if id, okBody = bodySurveyID(c); !okBody {
			return
		}
	}
	r, err := s.d.Survey.SurveyAll(c.Request.Context(), principal(c), id)
	respond(c, r, err)
}
