package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/contacts"
)

// registerContacts registers the address book (dw/contacts), binding (c/bind-contacts,
// c/user-bind), invitations, My tasks (dw/my-task) and the contacts' answer-side login
// (/login/an/{sid}). docs/contacts.md is their contract.
func (s *server) registerContacts() {
	m, a := models.PermSurveyManage, models.PermAuthenticated
	s.handle(http.MethodGet, "app/contacts/group/list.do", m, "Contact groups of the caller with their sizes", s.contactGroups)
	s.handle(http.MethodPost, "app/contacts/group/save.do", m, "Create ({name}) or rename ({id, name}) a contact group (1-18 characters, unique)", s.contactGroupSave)
	s.handle(http.MethodPost, "app/contacts/group/delete.do", m, "Delete a contact group ({id}); its contacts stay, in no group", s.contactGroupDelete)
	s.handle(http.MethodGet, "app/contacts/list.do", m, "Contacts of the caller (PageResult; groupId, none = no group; keyword)", s.contactList)
	s.handle(http.MethodPost, "app/contacts/save.do", m, "Create or edit a contact (account unique; empty password on edit keeps it)", s.contactSave)
	s.handle(http.MethodPost, "app/contacts/delete.do", m, "Delete contacts ({ids}) with their bind records", s.contactDelete)
	s.handle(http.MethodPost, "app/contacts/move.do", m, "Move contacts ({ids}) to a group ({groupId}, empty = no group)", s.contactMove)
	s.handle(http.MethodPost, "app/contacts/import.do", m, "Import contacts from .xlsx/.xls (multipart file, groupId, confirm 0 = preview, 1 = save the good rows)", s.contactImport)
	s.handle(http.MethodGet, "app/contacts/import-template.do", m, "The import template (.xlsx)", s.contactTemplate)
	s.handle(http.MethodGet, "app/contacts/export.do", m, "Export the contacts (.xlsx; groupId, keyword)", s.contactExport)

	s.handle(http.MethodPost, "app/survey/bind/add.do", m, "Bind contact groups, contacts, users or departments to a survey", s.bindAdd)
	s.handle(http.MethodGet, "app/survey/bind/list.do", m, "Bind records of a survey with state and unique link (PageResult; kind, state, keyword)", s.bindList)
	s.handle(http.MethodGet, "app/survey/bind/counts.do", m, "Bind summary of a survey (total, completed, unanswered)", s.bindCounts)
	s.handle(http.MethodPost, "app/survey/bind/delete.do", m, "Remove bind records ({surveyId, ids}); their links stop working", s.bindDelete)
	s.handle(http.MethodGet, "app/survey/bind/export.do", m, "Export the bind records with their unique links (.xlsx)", s.bindExport)
	s.handle(http.MethodGet, "app/survey/bind/users.do", m, "Active system users that can be bound (PageResult; keyword, deptId)", s.bindUsers)
	s.handle(http.MethodGet, "app/survey/bind/depts.do", m, "Departments that can be bound ([{id, name, parentId}])", s.bindDepts)

	s.handle(http.MethodPost, "app/survey/invitation/send.do", m, "Send invitations (e-mail or SMS) to a survey's bind records, with reminders (InvitationWorkflow)", s.invitationSend)
	s.handle(http.MethodGet, "app/survey/invitation/list.do", m, "Distributions of a survey with their status counts, and the channels ready", s.invitationList)
	s.handle(http.MethodPost, "app/survey/invitation/stop.do", m, "Stop a distribution ({surveyId, id})", s.invitationStop)
	s.handle(http.MethodPost, "app/survey/invitation/remind.do", m, "Send the next reminder of a distribution now ({surveyId, id}) to those who have not answered", s.invitationRemind)

	s.handle(http.MethodGet, "app/task/task.do", a, "My tasks: pending surveys bound to me (PageResult; surveyName, createUserName, createTime)", s.taskPending)
	s.handle(http.MethodGet, "app/task/answer-surveys.do", a, "My answered and draft surveys (PageResult; surveyName, saveStatus, createDate, answerDate)", s.taskAnswered)

	s.handle(http.MethodPost, "anon/contact/login.do", "", "Answer-side login of a survey's contact ({sid, userName, password}); other accounts log in as users", s.contactLogin)
	s.handle(http.MethodPost, "anon/contact/logout.do", "", "End a contact's login", s.contactLogout)
	s.handle(http.MethodGet, "anon/contact/current.do", "", "The logged-in contact (id, account, name)", s.contactCurrent)
	s.handle(http.MethodPost, "anon/contact/up-pwd.do", "", "A logged-in contact changes its password ({curpwd, pwd})", s.contactChangePwd)
}

const ctxContact = "contact"

func contactPrincipal(c *gin.Context) *contacts.Principal {
	if v, ok := c.Get(ctxContact); ok {
		return v.(*contacts.Principal)
	}
	return nil
}

func (s *server) contactGroups(c *gin.Context) {
	r, err := s.d.Contacts.Groups(c.Request.Context(), principal(c))
	respond(c, r, err)
}

type groupBody struct {
	ID   string `json:"id" form:"id"`
	Name string `json:"name" form:"name"`
}

func (s *server) contactGroupSave(c *gin.Context) {
	var b groupBody
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Contacts.SaveGroup(c.Request.Context(), principal(c), strings.TrimSpace(b.ID), b.Name)
	respond(c, r, err)
}

func (s *server) contactGroupDelete(c *gin.Context) {
	var b groupBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Contacts.DeleteGroup(c.Request.Context(), principal(c), strings.TrimSpace(b.ID)))
}

func contactFilter(c *gin.Context) contacts.ListInput {
	cur, size := paging(c)
	return contacts.ListInput{GroupID: c.Query("groupId"), Keyword: c.Query("keyword"), Current: cur, Size: size}
}

func (s *server) contactList(c *gin.Context) {
	in := contactFilter(c)
	total, rows, err := s.d.Contacts.List(c.Request.Context(), principal(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, in.Current, in.Size, rows)
}

func (s *server) contactSave(c *gin.Context) {
	var in contacts.ContactInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Contacts.Save(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

type contactIDsBody struct {
	SurveyID string   `json:"surveyId" form:"surveyId"`
	IDs      []string `json:"ids" form:"ids"`
	GroupID  string   `json:"groupId" form:"groupId"`
}

func (s *server) contactDelete(c *gin.Context) {
	var b contactIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Contacts.Delete(c.Request.Context(), principal(c), b.IDs)
	respond(c, gin.H{"count": n}, err)
}

func (s *server) contactMove(c *gin.Context) {
	var b contactIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Contacts.Move(c.Request.Context(), principal(c), b.IDs, b.GroupID)
	respond(c, gin.H{"count": n}, err)
}

func (s *server) contactImport(c *gin.Context) {
	data, _, ok := readImportFile(c, "Import failed")
	if !ok {
		return
	}
	confirm := c.PostForm("confirm") == "1" || strings.EqualFold(c.PostForm("confirm"), "true")
	r, err := s.d.Contacts.Import(c.Request.Context(), principal(c), data, c.PostForm("groupId"), confirm)
	respond(c, r, err)
}

func xlsxAttachment(c *gin.Context, name string, data []byte, err error) {
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Data(http.StatusOK, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", data)
}

func (s *server) contactTemplate(c *gin.Context) {
	b, err := contacts.Template()
	xlsxAttachment(c, "contacts-template.xlsx", b, err)
}

func (s *server) contactExport(c *gin.Context) {
	b, err := s.d.Contacts.Export(c.Request.Context(), principal(c), contactFilter(c))
	xlsxAttachment(c, "contacts.xlsx", b, err)
}

func (s *server) bindAdd(c *gin.Context) {
	var in contacts.BindInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Contacts.Bind(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func bindFilter(c *gin.Context) contacts.BindListInput {
	cur, size := paging(c)
	return contacts.BindListInput{SurveyID: surveyIDParam(c), Kind: c.Query("kind"), State: c.Query("state"), Keyword: c.Query("keyword"),
		Current: cur, Size: size}
}

func (s *server) bindList(c *gin.Context) {
	in := bindFilter(c)
	total, rows, err := s.d.Contacts.Binds(c.Request.Context(), principal(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, in.Current, in.Size, rows)
}

func (s *server) bindCounts(c *gin.Context) {
	r, err := s.d.Contacts.Counts(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

func (s *server) bindDelete(c *gin.Context) {
	var b contactIDsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Contacts.Unbind(c.Request.Context(), principal(c), b.SurveyID, b.IDs)
	respond(c, gin.H{"count": n}, err)
}

func (s *server) bindExport(c *gin.Context) {
	b, sid, err := s.d.Contacts.ExportLinks(c.Request.Context(), principal(c), bindFilter(c))
	xlsxAttachment(c, "links-"+sid+".xlsx", b, err)
}

func (s *server) bindUsers(c *gin.Context) {
	cur, size := paging(c)
	total, rows, err := s.d.Contacts.Users(c.Request.Context(), principal(c), c.Query("keyword"), c.Query("deptId"), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) bindDepts(c *gin.Context) {
	var ds []models.Department
	if err := s.d.DB.WithContext(c.Request.Context()).Order("sort, name").Find(&ds).Error; err != nil {
		fail(c, err)
		return
	}
	out := make([]gin.H, 0, len(ds))
	for _, d := range ds {
		out = append(out, gin.H{"id": d.ID, "name": d.Name, "parentId": d.ParentID})
	}
	ok(c, out)
}

func (s *server) invitationSend(c *gin.Context) {
	var in contacts.DistributionInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Contacts.CreateDistribution(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) invitationList(c *gin.Context) {
	r, err := s.d.Contacts.Distributions(c.Request.Context(), principal(c), surveyIDParam(c))
	if err != nil {
		fail(c, err)
		return
	}
	l, err := s.d.Contacts.InvitationLanguage(c.Request.Context(), principal(c), surveyIDParam(c))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"items": r, "channels": s.d.Contacts.ChannelsReady(), "perMinute": s.d.Config.Mail.PerMinute,
		"languages": contacts.Languages, "language": l, "maxReminders": contacts.MaxReminders})
}

type stopBody struct {
	SurveyID string `json:"surveyId" form:"surveyId"`
	ID       string `json:"id" form:"id"`
}

func (s *server) invitationStop(c *gin.Context) {
	var b stopBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Contacts.StopDistribution(c.Request.Context(), principal(c), b.SurveyID, b.ID))
}

func (s *server) invitationRemind(c *gin.Context) {
	var b stopBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Contacts.RemindNow(c.Request.Context(), principal(c), b.SurveyID, b.ID))
}

func (s *server) taskPending(c *gin.Context) {
	cur, size := paging(c)
	total, rows, err := s.d.Contacts.Tasks(c.Request.Context(), principal(c), contacts.TaskInput{SurveyName: c.Query("surveyName"),
		CreateUserName: c.Query("createUserName"), CreateTime: c.Query("createTime"), Current: cur, Size: size})
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) taskAnswered(c *gin.Context) {
	cur, size := paging(c)
	total, rows, err := s.d.Contacts.AnsweredSurveys(c.Request.Context(), principal(c), contacts.AnsweredInput{SurveyName: c.Query("surveyName"),
		SaveStatus: c.Query("saveStatus"), CreateDate: c.Query("createDate"), AnswerDate: c.Query("answerDate"), Current: cur, Size: size})
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

type contactLoginBody struct {
	Sid      string `json:"sid" form:"sid"`
	UserName string `json:"userName" form:"userName"`
	Password string `json:"password" form:"password"`
}

// contactLogin is the answer login page's call: the contacts of the survey's owner log in as
// contacts ({"status":"ok","type":"contact","token":"ct_..."}); any other account is tried
// as a user login (type "account", the login.do answer), so the page needs one form.
func (s *server) contactLogin(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	var b contactLoginBody
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Contacts.Login(c.Request.Context(), strings.TrimSpace(b.Sid), b.UserName, b.Password, c.ClientIP())
	if errors.Is(err, contacts.ErrNoContact) {
		s.loginAs(c, account.LoginInput{Type: "account", UserName: b.UserName, Password: b.Password, ClientIP: c.ClientIP()})
		return
	}
	if err != nil {
		if ie, isInvalid := models.AsInvalid(err); isInvalid {
			c.JSON(http.StatusOK, gin.H{"status": "error", "type": "contact", "currentAuthority": []string{"guest"}, "token": nil,
				"httpResult": gin.H{"resultCode": codeInvalid, "resultMsg": ie.Msg}})
			return
		}
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ok", "type": "contact", "currentAuthority": []string{"contact"}, "token": r.Token,
		"httpResult": gin.H{"resultCode": codeOK, "resultMsg": "login success", "data": r.Contact}})
}

func (s *server) contactLogout(c *gin.Context) {
	respond(c, nil, s.d.Contacts.Logout(c.Request.Context(), rawToken(c)))
}

func (s *server) contactCurrent(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	cp := contactPrincipal(c)
	if cp == nil {
		reply(c, codeUnauth, "Not logged in or the login has expired")
		return
	}
	ok(c, gin.H{"id": cp.ContactID, "account": cp.Account, "name": cp.Name})
}

func (s *server) contactChangePwd(c *gin.Context) {
	cp := contactPrincipal(c)
	if cp == nil {
		reply(c, codeUnauth, "Not logged in or the login has expired")
		return
	}
	var b pwdBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Contacts.ChangePassword(c.Request.Context(), cp, b.CurPwd, b.Pwd))
}
