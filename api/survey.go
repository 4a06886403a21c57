package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	surveysvc "dwsurvey/services/survey"
)

// registerAuthoring registers the authoring calls (surveys, designer, templates, question
// banks, imports, collaboration). docs/api-authoring.md is their contract.
func (s *server) registerAuthoring() {
	m := models.PermSurveyManage
	s.handle(http.MethodGet, "app/survey/list.do", m, "My surveys and collaborations (PageResult)", s.surveyList)
	s.handle(http.MethodGet, "app/survey/info.do", m, "Survey info", s.surveyInfo)
	s.handle(http.MethodGet, "app/survey/survey-base-attr.do", m, "Survey answer settings and style", s.surveyBaseAttr)
	s.handle(http.MethodPost, "app/survey/add.do", m, "Create a survey", s.surveyAdd)
	s.handle(http.MethodPost, "app/survey/up-survey-status.do", m, "Change the survey state", s.surveyStatus)
	s.handle(http.MethodPost, "app/survey/copy.do", m, "Copy a survey", s.surveyCopy)
	s.handle(http.MethodPost, "app/survey/delete.do", m, "Move surveys to the recycle bin", s.surveyDelete)
	s.handle(http.MethodDelete, "app/survey/delete.do", m, "Move surveys to the recycle bin", s.surveyDelete)
	s.handle(http.MethodPost, "app/survey/up-survey-group.do", m, "Move a survey to a group", s.surveyMoveGroup)
	s.handle(http.MethodGet, "app/survey/recycle-list.do", m, "Recycle bin (PageResult)", s.recycleList)
	s.handle(http.MethodPost, "app/survey/recycle-restore.do", m, "Restore surveys from the recycle bin", s.recycleRestore)
	s.handle(http.MethodPost, "app/survey/recycle-purge.do", m, "Delete surveys permanently", s.recyclePurge)
	s.handle(http.MethodDelete, "app/survey/recycle-purge.do", m, "Delete surveys permanently", s.recyclePurge)
	s.handle(http.MethodGet, "app/survey/survey-group-list.do", m, "Survey groups", s.groupList)
	s.handle(http.MethodPost, "app/survey/survey-group-add.do", m, "Add a survey group", s.groupAdd)
	s.handle(http.MethodPost, "app/survey/survey-group-edit.do", m, "Edit a survey group", s.groupEdit)
	s.handle(http.MethodPost, "app/survey/survey-group-delete.do", m, "Delete an empty survey group", s.groupDelete)
	s.registerDesign()
	s.registerTemplates()
	s.registerBank()
	s.registerImport()
	s.registerCollaboration()
}

// surveyIDsBody is {id} or {ids} (also surveyId); id may be a list, as the reference
// client sends it to app/survey/delete.do ({"id": ["…"]}).
type surveyIDsBody struct {
	ID       oneOrMany `json:"id" form:"id"`
	IDs      []string  `json:"ids" form:"ids"`
	SurveyID string    `json:"surveyId" form:"surveyId"`
}

func (b surveyIDsBody) list() []string {
	ids := append([]string{}, b.ID...)
	ids = append(ids, b.IDs...)
	if b.SurveyID != "" {
		ids = append(ids, b.SurveyID)
	}
	return surveysvc.IDList("", ids)
}

// oneOrMany is a JSON string or a list of strings (form values repeat the key).
type oneOrMany []string

func (o *oneOrMany) UnmarshalJSON(raw []byte) error {
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		*o = oneOrMany{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err != nil {
		return errors.New("id must be a string or a list of strings")
	}
	*o = many
	return nil
}

// first is the single id (the first one given), or "".
func (o oneOrMany) first() string {
	if len(o) == 0 {
		return ""
	}
	return o[0]
}

func surveyIDParam(c *gin.Context) string {
	for _, k := range []string{"surveyId", "id", "sid"} {
		if v := c.Query(k); v != "" {
			return v
		}
	}
	return ""
}

func (s *server) surveyListFilter(c *gin.Context, scope string) surveysvc.ListFilter {
	f := surveysvc.ListFilter{SurveyName: c.Query("surveyName"), GroupID: c.Query("groupId"), Scope: scope}
	if v := c.Query("surveyState"); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			f.SurveyState = &n
		} else {
			bad := -99
			f.SurveyState = &bad
		}
	}
	return f
}

func (s *server) surveyPage(c *gin.Context, scope string) {
	cur, size := paging(c)
	f := s.surveyListFilter(c, scope)
	if f.SurveyState != nil && *f.SurveyState == -99 {
		reply(c, codeInvalid, "surveyState must be 0, 1 or 2")
		return
	}
	rows, total, err := s.d.Survey.List(c.Request.Context(), principal(c), f, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) surveyList(c *gin.Context)      { s.surveyPage(c, "") }
func (s *server) recycleList(c *gin.Context)     { s.surveyPage(c, "recycle") }
func (s *server) collaborateList(c *gin.Context) { s.surveyPage(c, "collab") }

func (s *server) surveyInfo(c *gin.Context) {
	r, err := s.d.Survey.Info(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) surveyBaseAttr(c *gin.Context) {
	r, err := s.d.Survey.BaseAttrs(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

// respond writes data or the error.
func respond(c *gin.Context, data any, err error) {
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, data)
}

func (s *server) surveyAdd(c *gin.Context) {
	var in surveysvc.AddInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.Add(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

type statusBody struct {
	SurveyID    string `json:"surveyId" form:"surveyId"`
	ID          string `json:"id" form:"id"`
	SurveyState *int   `json:"surveyState" form:"surveyState"`
}

func (s *server) surveyStatus(c *gin.Context) {
	var b statusBody
	if !bind(c, &b) {
		return
	}
	if b.SurveyID == "" {
		b.SurveyID = b.ID
	}
	r, err := s.d.Survey.SetState(c.Request.Context(), principal(c), b.SurveyID, b.SurveyState)
	respond(c, r, err)
}

func (s *server) surveyCopy(c *gin.Context) {
	var in surveysvc.CopyInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.Copy(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) surveyDelete(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Survey.Delete(c.Request.Context(), principal(c), b.list())
	respond(c, gin.H{"deleted": n}, err)
}

func (s *server) recycleRestore(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Survey.Restore(c.Request.Context(), principal(c), b.list())
	respond(c, gin.H{"restored": n}, err)
}

func (s *server) recyclePurge(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Survey.Purge(c.Request.Context(), principal(c), b.list())
	respond(c, gin.H{"purged": n}, err)
}

type moveGroupBody struct {
	SurveyID string `json:"surveyId" form:"surveyId"`
	GroupID  string `json:"groupId" form:"groupId"`
}

func (s *server) surveyMoveGroup(c *gin.Context) {
	var b moveGroupBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Survey.MoveToGroup(c.Request.Context(), principal(c), b.SurveyID, b.GroupID))
}

func (s *server) groupList(c *gin.Context) {
	groupType, valid := intQuery(c, "groupType")
	if !valid {
		return
	}
	r, err := s.d.Survey.Groups(c.Request.Context(), principal(c), groupType)
	respond(c, r, err)
}

func (s *server) groupAdd(c *gin.Context) {
	var in surveysvc.GroupInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.AddGroup(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) groupEdit(c *gin.Context) {
	var in surveysvc.GroupInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Survey.EditGroup(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) groupDelete(c *gin.Context) {
	var b surveyIDsBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Survey.DeleteGroup(c.Request.Context(), principal(c), b.ID.first()))
}
