package api

import (
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	surveysvc "dwsurvey/services/survey"
)

func (s *server) registerTemplates() {
	m := models.PermSurveyManage
	s.handle(http.MethodGet, "app/survey-template/list.do", m, "Template centre (PageResult)", s.templateList)
	s.handle(http.MethodGet, "app/survey-template.do", m, "One template with its document", s.templateInfo)
	s.handle(http.MethodGet, "app/survey-template/cover.do", m, "The cover image of a visible template (id)", s.templateCover)
	s.handle(http.MethodGet, "app/survey-template/facets.do", m, "Industries and scenes of the visible templates", s.templateFacets)
	s.handle(http.MethodPost, "app/survey-template/add.do", models.PermAdminTemplate, "Add a site template", s.templateAdd)
	s.handle(http.MethodPost, "app/survey-template/edit.do", m, "Edit a template (site templates need admin:template)", s.templateEdit)
	s.handle(http.MethodPost, "app/survey-template/delete.do", m, "Delete templates (site templates need admin:template)", s.templateDelete)
	s.handle(http.MethodDelete, "app/survey-template/delete.do", m, "Delete templates (site templates need admin:template)", s.templateDelete)
	s.handle(http.MethodPost, "app/survey-template/create-survey.do", m, "Create a survey from a template", s.templateCreateSurvey)
	s.handle(http.MethodPost, "app/v6/dw-design-survey/survey-2-template.do", m, "Save a survey as a template", s.surveyToTemplate)
}

func (s *server) templateList(c *gin.Context) {
	cur, size := paging(c)
	state, valid := intQuery(c, "templateState", "state")
	if !valid {
		return
	}
	f := surveysvc.TemplateFilter{Name: c.Query("templateName"), Industry: c.Query("industry"), Scene: c.Query("scene"),
		State: state, Scope: c.Query("scope")}
	rows, total, err := s.d.Survey.Templates(c.Request.Context(), principal(c), f, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) templateInfo(c *gin.Context) {
	r, err := s.d.Survey.TemplateInfo(c.Request.Context(), principal(c), c.Query("id"))
	respond(c, r, err)
}

// templateCover streams a template's cover (JPG or PNG, checked by content when uploaded) to
// anyone who may see the template; a template without a cover answers 404.
func (s *server) templateCover(c *gin.Context) {
	f, err := s.d.Survey.TemplateCover(c.Request.Context(), principal(c), c.Query("id"))
	if err != nil {
		fail(c, err)
		return
	}
	rc, _, err := s.d.Upload.Blob.Get(c.Request.Context(), f.BlobKey)
	if err != nil {
		fail(c, models.ErrNotFound)
		return
	}
	defer rc.Close()
	h := c.Writer.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
	h.Set("Content-Disposition", "inline")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'")
	h.Set("Cache-Control", "private, max-age=300")
	c.Status(http.StatusOK)
	_, _ = io.Copy(c.Writer, rc)
}

func (s *server) templateFacets(c *gin.Context) {
	r, err := s.d.Survey.Facets(c.Request.Context(), principal(c))
	respond(c, r, err)
}

func (s *server) templateAdd(c *gin.Context) {
	var in surveysvc.TemplateInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.AddTemplate(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) templateEdit(c *gin.Context) {
	var in surveysvc.TemplateInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.EditTemplate(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) templateDelete(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Survey.DeleteTemplates(c.Request.Context(), principal(c), surveysvc.IDList("", append(append([]string{}, b.ID...), b.IDs...)))
	respond(c, gin.H{"deleted": n}, err)
}

func (s *server) templateCreateSurvey(c *gin.Context) {
	var in surveysvc.FromTemplateInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.CreateFromTemplate(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) surveyToTemplate(c *gin.Context) {
	var in surveysvc.SurveyToTemplateInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.SurveyToTemplate(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) registerBank() {
	m := models.PermSurveyManage
	const b = "app/v6/qu-bank/"
	s.handle(http.MethodGet, b+"list.do", m, "Question banks (PageResult)", s.bankList)
	s.handle(http.MethodPost, b+"add.do", m, "Add a question bank", s.bankAdd)
	s.handle(http.MethodPost, b+"edit.do", m, "Rename a question bank", s.bankEdit)
	s.handle(http.MethodPost, b+"delete.do", m, "Delete a question bank with its questions", s.bankDelete)
	s.handle(http.MethodGet, b+"question-list.do", m, "Questions of a bank", s.bankQuestions)
	s.handle(http.MethodPost, b+"save-question.do", m, "Save a question into a bank", s.bankSaveQuestion)
	s.handle(http.MethodPost, b+"delete-question.do", m, "Delete a question of a bank", s.bankDeleteQuestion)
	s.handle(http.MethodGet, "app/v6/dw-design-survey/bank-qus.do", m, "Bank questions ready to insert (fresh dwIds): [{tabQuName, bankId, questions}] of one bank or of all own banks", s.bankQus)
}

func (s *server) bankList(c *gin.Context) {
	cur, size := paging(c)
	rows, total, err := s.d.Survey.Banks(c.Request.Context(), principal(c), c.Query("bankName"), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) bankAdd(c *gin.Context) {
	var in surveysvc.BankInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.AddBank(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) bankEdit(c *gin.Context) {
	var in surveysvc.BankInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.EditBank(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) bankDelete(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Survey.DeleteBank(c.Request.Context(), principal(c), b.ID.first()))
}

func bankIDParam(c *gin.Context) string {
	if v := c.Query("bankId"); v != "" {
		return v
	}
	return c.Query("id")
}

func (s *server) bankQuestions(c *gin.Context) {
	r, err := s.d.Survey.BankQuestions(c.Request.Context(), principal(c), bankIDParam(c), false)
	respond(c, r, err)
}

func (s *server) bankQus(c *gin.Context) {
	r, err := s.d.Survey.BankTabs(c.Request.Context(), principal(c), bankIDParam(c))
	respond(c, r, err)
}

func (s *server) bankSaveQuestion(c *gin.Context) {
	var in surveysvc.SaveQuestionInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.SaveQuestion(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) bankDeleteQuestion(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Survey.DeleteBankQuestion(c.Request.Context(), principal(c), b.ID.first()))
}

func (s *server) registerCollaboration() {
	m := models.PermSurveyManage
	const p = "app/survey/collaborator/"
	s.handle(http.MethodGet, p+"list.do", m, "Collaborators of a survey (owner)", s.collabList)
	s.handle(http.MethodPost, p+"add.do", m, "Invite a collaborator by login name", s.collabAdd)
	s.handle(http.MethodPost, p+"edit.do", m, "Change a collaborator's rights", s.collabEdit)
	s.handle(http.MethodPost, p+"delete.do", m, "Remove a collaborator", s.collabDelete)
	s.handle(http.MethodGet, "app/survey/collaborate-list.do", m, "My collaborations (PageResult)", s.collaborateList)
}

func (s *server) collabList(c *gin.Context) {
	r, err := s.d.Survey.Collaborators(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) collabAdd(c *gin.Context) {
	var in surveysvc.CollaboratorInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.AddCollaborator(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) collabEdit(c *gin.Context) {
	var in surveysvc.CollaboratorInput
	if !bind(c, &in) {
		return
	}
	respond(c, nil, s.d.Survey.EditCollaborator(c.Request.Context(), principal(c), in))
}

func (s *server) collabDelete(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Survey.DeleteCollaborator(c.Request.Context(), principal(c), b.ID.first()))
}
