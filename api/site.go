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
	s.handle(http.MethodGet, "admin/site/host-list.do", models.PermAdminSite, "Hostnames with their own site settings (ent/site-domain)", s.siteHosts)
	s.handle(http.MethodPost, "admin/site/host-save.do", models.PermAdminSite, "Save one hostname's site settings ({hostname, settings: {footerInfo, propertyJson}})", s.saveSiteHost)
	s.handle(http.MethodPost, "admin/site/host-delete.do", models.PermAdminSite, "Remove a hostname's own settings ({hostname}); it then uses the site-wide ones", s.deleteSiteHost)
	s.handle(http.MethodGet, "admin/site/version.do", models.PermAdminSite, "Version of this installation (build, schema, runtime)", s.siteVersion)
}

// siteHost is the hostname whose settings anonymous site calls answer: the hostname
// parameter (the reference client sends window.location.hostname), else the request's Host.
func siteHost(c *gin.Context) string {
	if h := c.Query("hostname"); h != "" {
		return h
	}
	return c.Request.Host
}

func (s *server) footerInfo(c *gin.Context) {
	st, err := s.d.Site.GetFor(c.Request.Context(), siteHost(c))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, st.FooterInfo)
}

func (s *server) sysProperty(c *gin.Context) {
	st, err := s.d.Site.GetFor(c.Request.Context(), siteHost(c))
	if err != nil {
		fail(c, err)
		return
	}
	// no staff ids for anonymous callers (the reference sent the administrator's user id here)
	ok(c, gin.H{"propertyJson": st.PropertyJSON, "dwVersionInfo": gin.H{"versionNumber": site.VersionNumber, "versionName": "Ent"},
		"hostname": site.NormalizeHost(siteHost(c)), "siteName": st.FooterInfo.SiteName})
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

func (s *server) siteHosts(c *gin.Context) {
	hs, err := s.d.Site.Hosts(c.Request.Context())
	respond(c, hs, err)
}

func (s *server) saveSiteHost(c *gin.Context) {
	var in struct {
		Hostname string        `json:"hostname"`
		Settings site.Settings `json:"settings"`
	}
	if !bind(c, &in) {
		return
	}
	h, err := s.d.Site.SaveHost(c.Request.Context(), in.Hostname, in.Settings)
	if err != nil {
		fail(c, err)
		return
	}
	e := auditEntry(c)
	e.Name, e.Notes, e.OperationType, e.Success = "Save site settings of a hostname", h.Hostname, audit.OpUpdate, true
	s.d.Audit.Record(c.Request.Context(), e)
	ok(c, h)
}

func (s *server) deleteSiteHost(c *gin.Context) {
	var in struct {
		Hostname string `json:"hostname" form:"hostname"`
	}
	if !bind(c, &in) {
		return
	}
	if err := s.d.Site.DeleteHost(c.Request.Context(), in.Hostname); err != nil {
		fail(c, err)
		return
	}
	e := auditEntry(c)
	e.Name, e.Notes, e.OperationType, e.Success = "Remove site settings of a hostname", in.Hostname, audit.OpDelete, true
	s.d.Audit.Record(c.Request.Context(), e)
	ok(c, nil)
}

func (s *server) siteVersion(c *gin.Context) {
	schema, err := models.SchemaVersion(c.Request.Context(), s.d.DB)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, site.Version(s.d.DB.Dialector.Name(), schema, s.d.Config.Location().String()))
}
