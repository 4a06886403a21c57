package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/poster"
	"dwsurvey/services/styletemplate"
)

// registerResources: the admin tree's resource/poster and resource/style-template, and what
// authors use of them (the share poster of a survey, style templates in the style designer).
func (s *server) registerResources() {
	p := models.PermAdminStyle
	s.handle(http.MethodGet, "admin/poster/list.do", p, "Poster templates (PageResult; name, status)", s.posterList(false))
	s.handle(http.MethodPost, "admin/poster/save.do", p, "Create or update a poster template (name ≤ 18, colours with 4.5:1 contrast, cover upload id)", s.posterSave)
	s.handle(http.MethodPost, "admin/poster/delete.do", p, "Delete poster templates", s.posterDelete)
	s.handle(http.MethodPost, "admin/poster/preview.do", p, "A poster PNG of a template or an unsaved layout with a sample title", s.posterPreview)
	s.handle(http.MethodGet, "admin/style-template/list.do", p, "Style templates (PageResult; name, status)", s.styleList(false))
	s.handle(http.MethodPost, "admin/style-template/save.do", p, "Create or update a style template (name ≤ 18, a checked surveyStyle object)", s.styleSave)
	s.handle(http.MethodPost, "admin/style-template/delete.do", p, "Delete style templates", s.styleDelete)
	m := models.PermSurveyManage
	s.handle(http.MethodGet, "app/poster/list.do", m, "Enabled poster templates (PageResult)", s.posterList(true))
	s.handle(http.MethodGet, "app/poster/survey.png", m, "The share poster PNG of a survey the caller may see (surveyId, templateId)", s.posterSurvey)
	s.handle(http.MethodGet, "app/style-template/list.do", m, "Enabled style templates to apply in the style designer (PageResult)", s.styleList(true))
}

func requestBase(c *gin.Context) string {
	scheme := "http"
	if c.Request.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + c.Request.Host
}

func posterActor(c *gin.Context) poster.Actor {
	a := actor(c)
	return poster.Actor{UserID: a.UserID, UserName: a.UserName, IP: a.IP}
}

func (s *server) posterList(enabledOnly bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		cur, size := paging(c)
		status, ok := intQuery(c, "status")
		if !ok {
			return
		}
		rows, total, err := s.d.Poster.List(c.Request.Context(), c.Query("name"), status, enabledOnly, cur, size)
		if err != nil {
			fail(c, err)
			return
		}
		pageResult(c, total, cur, size, rows)
	}
}

func (s *server) posterSave(c *gin.Context) {
	var in poster.Input
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Poster.Save(c.Request.Context(), posterActor(c), in)
	respond(c, r, err)
}

func (s *server) posterDelete(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Poster.Delete(c.Request.Context(), posterActor(c), b.all())
	respond(c, gin.H{"deleted": n}, err)
}

type posterPreviewBody struct {
	ID     string         `json:"id"`
	Layout *poster.Layout `json:"layout"`
}

func (s *server) posterPreview(c *gin.Context) {
	var b posterPreviewBody
	if !bind(c, &b) {
		return
	}
	img, err := s.d.Poster.Preview(c.Request.Context(), posterActor(c), b.ID, b.Layout, requestBase(c))
	pngImage(c, img, err)
}

func (s *server) posterSurvey(c *gin.Context) {
	img, err := s.d.Poster.Render(c.Request.Context(), principal(c), c.Query("surveyId"), c.Query("templateId"), requestBase(c))
	pngImage(c, img, err)
}

func (s *server) styleList(enabledOnly bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		cur, size := paging(c)
		status, ok := intQuery(c, "status")
		if !ok {
			return
		}
		rows, total, err := s.d.StyleTemplate.List(c.Request.Context(), c.Query("name"), status, enabledOnly, cur, size)
		if err != nil {
			fail(c, err)
			return
		}
		pageResult(c, total, cur, size, rows)
	}
}

func (s *server) styleSave(c *gin.Context) {
	var in styletemplate.Input
	if !bind(c, &in) {
		return
	}
	a := actor(c)
	r, err := s.d.StyleTemplate.Save(c.Request.Context(), styletemplate.Actor{UserID: a.UserID, UserName: a.UserName, IP: a.IP}, in)
	respond(c, r, err)
}

func (s *server) styleDelete(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	a := actor(c)
	n, err := s.d.StyleTemplate.Delete(c.Request.Context(), styletemplate.Actor{UserID: a.UserID, UserName: a.UserName, IP: a.IP}, b.all())
	respond(c, gin.H{"deleted": n}, err)
}
