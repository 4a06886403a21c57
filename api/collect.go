package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	collectsvc "dwsurvey/services/collect"
)

// registerCollect registers the collection calls (docs/api-collect.md).
func (s *server) registerCollect() {
	m := models.PermSurveyManage
	s.handle(http.MethodGet, "app/survey/collect-status.do", m, "Collection schedule, state and workflow status", s.collectStatus)
	s.handle(http.MethodPost, "app/survey/collect-schedule.do", m, "Change the collection schedule (the workflow's reschedule update)", s.collectSchedule)
	s.handle(http.MethodGet, "anon/survey-answer-quota/list.do", "", "Quotas of the published survey with counts", s.collectQuotas)
	s.handle(http.MethodPost, "app/survey/answer-pwd/generate.do", m, "Generate answer passwords in bulk", s.pwdGenerate)
	s.handle(http.MethodGet, "app/survey/answer-pwd/list.do", m, "Answer passwords with used counts (PageResult)", s.pwdList)
	s.handle(http.MethodPost, "app/survey/answer-pwd/enable.do", m, "Enable answer passwords", s.pwdEnable(true))
	s.handle(http.MethodPost, "app/survey/answer-pwd/disable.do", m, "Disable answer passwords", s.pwdEnable(false))
	s.handle(http.MethodPost, "app/survey/answer-pwd/delete.do", m, "Delete answer passwords", s.pwdDelete)
	s.handle(http.MethodGet, "app/survey/answer-pwd/export.do", m, "Export answer passwords (CSV)", s.pwdExport)
	s.handle(http.MethodGet, "app/survey/ip-rule/get.do", m, "IP range rules", s.ipGet)
	s.handle(http.MethodPost, "app/survey/ip-rule/save.do", m, "Save IP range rules", s.ipSave)
	s.handle(http.MethodPost, "app/survey/ip-rule/clear.do", m, "Remove IP range rules", s.ipClear)
	s.handle(http.MethodGet, "app/survey/comp/get.do", m, "Site widget embedding: switch and the sites that may frame the answer pages", s.embedGet)
	s.handle(http.MethodPost, "app/survey/comp/save.do", m, "Save the site widget embedding (sites as https://host[:port], one per entry)", s.embedSave)
	s.handle(http.MethodGet, "app/survey/share/get.do", m, "Share settings", s.shareGet)
	s.handle(http.MethodPost, "app/survey/share/save.do", m, "Save share settings", s.shareSave)
	s.handle(http.MethodGet, "anon/survey/qrcode.do", "", "Answer URL QR code (PNG)", s.qrcode)
	// the reference client's QR image address (answerTD.do?version=v6&sid=)
	s.handle(http.MethodGet, "anon/response/answerTD.do", "", "Answer URL QR code (PNG; the reference client's address)", s.qrcode)
}

func (s *server) collectStatus(c *gin.Context) {
	r, err := s.d.Collect.Status(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) collectSchedule(c *gin.Context) {
	var b collectsvc.ScheduleInput
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Collect.SetSchedule(c.Request.Context(), principal(c), b)
	respond(c, r, err)
}

func (s *server) collectQuotas(c *gin.Context) {
	r, err := s.d.Collect.Quotas(c.Request.Context(), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) pwdGenerate(c *gin.Context) {
	var b collectsvc.GenerateInput
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Collect.Generate(c.Request.Context(), principal(c), b)
	respond(c, gin.H{"count": n}, err)
}

func pwdFilter(c *gin.Context) collectsvc.PasswordFilter {
	return collectsvc.PasswordFilter{Tag: c.Query("tag"), Used: c.Query("used")}
}

func (s *server) pwdList(c *gin.Context) {
	cur, size := paging(c)
	rows, total, err := s.d.Collect.Passwords(c.Request.Context(), principal(c), surveyIDParam(c), pwdFilter(c), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

type pwdIDsBody struct {
	SurveyID string   `json:"surveyId" form:"surveyId"`
	IDs      []string `json:"ids" form:"ids"`
	ID       string   `json:"id" form:"id"`
}

func (b pwdIDsBody) list() []string {
	ids := b.IDs
	for _, v := range strings.Split(b.ID, ",") {
		if v = strings.TrimSpace(v); v != "" {
			ids = append(ids, v)
		}
	}
	return ids
}

func (s *server) pwdEnable(enabled bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		var b pwdIDsBody
		if !bind(c, &b) {
			return
		}
		n, err := s.d.Collect.SetPasswordsEnabled(c.Request.Context(), principal(c), b.SurveyID, b.list(), enabled)
		respond(c, gin.H{"count": n}, err)
	}
}

func (s *server) pwdDelete(c *gin.Context) {
	var b pwdIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Collect.DeletePasswords(c.Request.Context(), principal(c), b.SurveyID, b.list())
	respond(c, gin.H{"count": n}, err)
}

func (s *server) pwdExport(c *gin.Context) {
	b, name, err := s.d.Collect.ExportPasswords(c.Request.Context(), principal(c), surveyIDParam(c), pwdFilter(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/csv; charset=utf-8", b)
}

func (s *server) ipGet(c *gin.Context) {
	r, err := s.d.Collect.GetIPRules(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) ipSave(c *gin.Context) {
	var b collectsvc.IPRules
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Collect.SaveIPRules(c.Request.Context(), principal(c), b)
	respond(c, r, err)
}

func (s *server) ipClear(c *gin.Context) {
	id, okBody := bodySurveyID(c)
	if !okBody {
		return
	}
	respond(c, nil, s.d.Collect.ClearIPRules(c.Request.Context(), principal(c), id))
}

func (s *server) embedGet(c *gin.Context) {
	r, err := s.d.Collect.GetEmbed(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) embedSave(c *gin.Context) {
	var b collectsvc.Embed
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Collect.SaveEmbed(c.Request.Context(), principal(c), b)
	respond(c, r, err)
}

func (s *server) shareGet(c *gin.Context) {
	r, err := s.d.Collect.GetShare(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) shareSave(c *gin.Context) {
	var b collectsvc.Share
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Collect.SaveShare(c.Request.Context(), principal(c), b)
	respond(c, r, err)
}

func (s *server) qrcode(c *gin.Context) {
	sid := c.Query("sid")
	if sid == "" {
		sid = surveyIDParam(c)
	}
	scheme := "http"
	if c.Request.TLS != nil {
		scheme = "https"
	}
	png, err := s.d.Collect.QRCode(c.Request.Context(), sid, scheme+"://"+c.Request.Host)
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "image/png", png)
}
