package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/admin"
)

// registerAdminSurveys: the admin tree's survey section (spec: survey list, group, answer-log).
func (s *server) registerAdminSurveys() {
	p := models.PermAdminSurvey
	s.handle(http.MethodGet, "admin/survey/list.do", p, "Every survey, or the recycle bin with deleted=1 (PageResult)", s.adminSurveyList)
	s.handle(http.MethodPost, "admin/survey/delete.do", p, "Move surveys of any owner to the recycle bin", s.adminSurveyDelete)
	s.handle(http.MethodPost, "admin/survey/restore.do", p, "Take surveys out of the recycle bin", s.adminSurveyRestore)
	s.handle(http.MethodPost, "admin/survey/transfer.do", p, "Give surveys to another user (ids, userId)", s.adminSurveyTransfer)
	s.handle(http.MethodGet, "admin/survey/users.do", p, "Users to choose a new owner from (keyword; at most 20)", s.adminSurveyUsers)
	s.handle(http.MethodGet, "admin/survey-group/list.do", p, "Survey groups of every author (PageResult)", s.adminGroupList)
	s.handle(http.MethodPost, "admin/survey-group/add.do", p, "Add a survey group for an author", s.adminGroupAdd)
	s.handle(http.MethodPost, "admin/survey-group/edit.do", p, "Edit a survey group (name, description, status)", s.adminGroupEdit)
	s.handle(http.MethodPost, "admin/survey-group/delete.do", p, "Delete empty survey groups", s.adminGroupDelete)
	s.handle(http.MethodGet, "admin/answer-log/list.do", p, "Answer log of every survey, or its archive with archived=1 (PageResult)", s.adminAnswerLog)
}

func (s *server) adminSurveyList(c *gin.Context) {
	cur, size := paging(c)
	state, valid := intQuery(c, "surveyState")
	if !valid {
		return
	}
	f := admin.SurveyFilter{Title: first2(c, "surveyName", "title"), OwnerID: c.Query("userId"), Owner: c.Query("owner"), State: state,
		Type: c.Query("surveyType"), GroupID: c.Query("groupId"), Deleted: truthy(c.Query("deleted"))}
	rows, total, err := s.d.Admin.Surveys(c.Request.Context(), f, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

// first2 is the first non-empty of two query parameters.
func first2(c *gin.Context, a, b string) string {
	if v := c.Query(a); v != "" {
		return v
	}
	return c.Query(b)
}

func (s *server) adminSurveyDelete(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Admin.DeleteSurveys(c.Request.Context(), actor(c), b.all())
	respond(c, gin.H{"deleted": n}, err)
}

func (s *server) adminSurveyRestore(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Admin.RestoreSurveys(c.Request.Context(), actor(c), b.all())
	respond(c, gin.H{"restored": n}, err)
}

type transferBody struct {
	IDs    []string  `json:"ids"`
	ID     oneOrMany `json:"id"`
	UserID string    `json:"userId"`
}

func (s *server) adminSurveyTransfer(c *gin.Context) {
	var b transferBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Admin.TransferSurveys(c.Request.Context(), actor(c), append(b.IDs, b.ID...), b.UserID)
	respond(c, gin.H{"transferred": n}, err)
}

func (s *server) adminSurveyUsers(c *gin.Context) {
	rows, err := s.d.Admin.PickUsers(c.Request.Context(), c.Query("keyword"), 20)
	respond(c, rows, err)
}

func (s *server) adminGroupList(c *gin.Context) {
	cur, size := paging(c)
	status, valid := intQuery(c, "status")
	if !valid {
		return
	}
	f := admin.GroupFilter{Name: c.Query("groupName"), OwnerID: c.Query("userId"), Owner: c.Query("owner"), Status: status}
	rows, total, err := s.d.Admin.Groups(c.Request.Context(), f, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) adminGroupAdd(c *gin.Context) {
	var in admin.GroupInput
	if !bind(c, &in) {
		return
	}
	g, err := s.d.Admin.AddGroup(c.Request.Context(), actor(c), in)
	respond(c, g, err)
}

func (s *server) adminGroupEdit(c *gin.Context) {
	var in admin.GroupInput
	if !bind(c, &in) {
		return
	}
	respond(c, nil, s.d.Admin.EditGroup(c.Request.Context(), actor(c), in))
}

func (s *server) adminGroupDelete(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Admin.DeleteGroups(c.Request.Context(), actor(c), b.all())
	respond(c, gin.H{"deleted": n}, err)
}

func (s *server) adminAnswerLog(c *gin.Context) {
	cur, size := paging(c)
	f := admin.AnswerLogFilter{Survey: first2(c, "survey", "surveyId"), Event: c.Query("event"), IP: strings.TrimSpace(c.Query("ip")),
		Archived: truthy(c.Query("archived"))}
	var valid bool
	if f.From, valid = timeQuery(c, "startTime"); !valid {
		return
	}
	if f.To, valid = timeQuery(c, "endTime"); !valid {
		return
	}
	rows, total, err := s.d.Admin.AnswerLogs(c.Request.Context(), f, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

// timeQuery reads an optional date-time query parameter; a bad value is a 400 naming it.
func timeQuery(c *gin.Context, name string) (time.Time, bool) {
	v := strings.TrimSpace(c.Query(name))
	if v == "" {
		return time.Time{}, true
	}
	t, err := models.ParseTime(v)
	if err != nil {
		reply(c, codeInvalid, name+" must be a date and time (yyyy-MM-dd HH:mm:ss)")
		return time.Time{}, false
	}
	return t, true
}
