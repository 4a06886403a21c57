package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/site"
)

func (s *server) registerSite() {
	s.handle(http.MethodGet, "anon/web/footer-info.do", "", "Site header and footer info", s.footerInfo)
	s.handle(http.MethodGet, "anon/web/get-sys-property", "", "Site property (branding, login page, theme)", s.sysProperty)
	s.handle(http.MethodGet, "anon/web/vl", "", "Licence check: remaining milliseconds (negative = invalid)", s.licence)
	s.handle(http.MethodGet, "admin/site/get.do", models.PermAdminSite, "Site settings", s.getSite)
	s.handle(http.MethodPost, "admin/site/save.do", models.PermAdminSite, "Save site settings", s.saveSite)
}

func (s *server) footerInfo(c *gin.Context) {
	st, err := s.d.Site.Get(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, st.FooterInfo)
}

func (s *server) sysProperty(c *gin.Context) {
	st, err := s.d.Site.Get(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"propertyJson": st.PropertyJSON, "dwVersionInfo": gin.H{"versionNumber": site.VersionNumber, "versionName": "Ent"},
		"userId": models.SuperAdminID, "hostname": c.Query("hostname")})
}

func (s *server) licence(c *gin.Context) { ok(c, site.LicenceRemainingMillis()) }

func (s *server) getSite(c *gin.Context) {
	st, err := s.d.Site.Get(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, st)
}

func (s *server) saveSite(c *gin.Context) {
	var st site.Settings
	if !bind(c, &st) {
		return
	}
	if err := s.d.Site.Save(c.Request.Context(), st); err != nil {
		fail(c, err)
		return
	}
	e := auditEntry(c)
	e.Name, e.OperationType, e.Success = "Save site settings", audit.OpUpdate, true
	s.d.Audit.Record(c.Request.Context(), e)
	ok(c, nil)
}
