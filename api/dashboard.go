package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
)

// registerDashboard registers the dashboards (services/dashboard): figures from the answer
// counters, never from scanning answers.
func (s *server) registerDashboard() {
	s.handle(http.MethodGet, "admin/dashboard/analysis.do", models.PermAdminDashboard, "System dashboard: users, surveys, answers per day and week (days 7-90, default 30), top surveys, answer sources", s.dashAnalysis)
	s.handle(http.MethodGet, "admin/dashboard/monitor.do", models.PermAdminDashboard, "Live monitor: answers by province over the last hour (since, partial while the monitor has been read for less than an hour)", s.dashMonitor)
	s.handle(http.MethodGet, "app/dashboard/overview.do", models.PermSurveyData, "The caller's own overview (data/dashboard): surveys, answers per day, top surveys, sources", s.dashOverview)
}

func (s *server) dashAnalysis(c *gin.Context) {
	days, _ := strconv.Atoi(c.Query("days"))
	a, err := s.d.Dashboard.Analysis(c.Request.Context(), days)
	respond(c, a, err)
}

func (s *server) dashMonitor(c *gin.Context) {
	m, err := s.d.Dashboard.Monitor(c.Request.Context())
	respond(c, m, err)
}

func (s *server) dashOverview(c *gin.Context) {
	days, _ := strconv.Atoi(c.Query("days"))
	o, err := s.d.Dashboard.AuthorOverview(c.Request.Context(), principal(c).UserID, days)
	respond(c, o, err)
}
