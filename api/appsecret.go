package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/openapp"
)

// registerAppSecret registers system/app-secret: applications of the open API. A secret is
// answered once, by add.do and renew-secret.do; lists show it masked.
func (s *server) registerAppSecret() {
	p := models.PermAdminApp
	s.handle(http.MethodGet, "admin/app-secret/list.do", p, "Open API applications (PageResult; appName, status filters)", s.appList)
	s.handle(http.MethodPost, "admin/app-secret/add.do", p, "Add an application (appName ≤ 18, description, status, userId it acts as, rateLimit per minute); answers the secret once", s.appAdd)
	s.handle(http.MethodPost, "admin/app-secret/edit.do", p, "Edit an application (name, description, status, user, rate limit)", s.appEdit)
	s.handle(http.MethodPost, "admin/app-secret/renew-secret.do", p, "Replace an application's secret (the old one stops working); answers the new secret once", s.appRenew)
	s.handle(http.MethodPost, "admin/app-secret/delete.do", p, "Delete applications ({ids})", s.appDelete)
}

func (s *server) appAudit(c *gin.Context, name, notes, op string) {
	e := auditEntry(c)
	e.Name, e.Notes, e.OperationType, e.Success = name, notes, op, true
	s.d.Audit.Record(c.Request.Context(), e)
}

func (s *server) appList(c *gin.Context) {
	cur, size := paging(c)
	status, valid := intQuery(c, "status")
	if !valid {
		return
	}
	rows, total, err := s.d.OpenApp.List(c.Request.Context(), openapp.Filter{AppName: c.Query("appName"), Status: status}, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) appAdd(c *gin.Context) {
	var in openapp.Input
	if !bind(c, &in) {
		return
	}
	v, err := s.d.OpenApp.Create(c.Request.Context(), actor(c).UserID, in)
	if err != nil {
		fail(c, err)
		return
	}
	s.appAudit(c, "Add application", v.AppName+" ("+v.AppKey+")", audit.OpCreate)
	ok(c, v)
}

func (s *server) appEdit(c *gin.Context) {
	var in openapp.Input
	if !bind(c, &in) {
		return
	}
	v, err := s.d.OpenApp.Edit(c.Request.Context(), in)
	if err != nil {
		fail(c, err)
		return
	}
	s.appAudit(c, "Edit application", v.AppName+" ("+v.AppKey+")", audit.OpUpdate)
	ok(c, v)
}

func (s *server) appRenew(c *gin.Context) {
	var in struct {
		ID string `json:"id" form:"id"`
	}
	if !bind(c, &in) {
		return
	}
	v, err := s.d.OpenApp.RenewSecret(c.Request.Context(), in.ID)
	if err != nil {
		fail(c, err)
		return
	}
	s.appAudit(c, "Renew application secret", v.AppName+" ("+v.AppKey+")", audit.OpUpdate)
	ok(c, v)
}

func (s *server) appDelete(c *gin.Context) {
	var in idsBody
	if !bind(c, &in) {
		return
	}
	n, err := s.d.OpenApp.Delete(c.Request.Context(), in.all())
	if err != nil {
		fail(c, err)
		return
	}
	s.appAudit(c, "Delete applications", "", audit.OpDelete)
	ok(c, gin.H{"deleted": n})
}
