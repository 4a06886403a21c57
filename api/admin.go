package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/admin"
	"dwsurvey/services/audit"
)

func (s *server) registerAdmin() {
	s.handle(http.MethodGet, "admin/user/list.do", models.PermAdminUser, "List users (PageResult)", s.listUsers)
	s.handle(http.MethodPost, "admin/user/add.do", models.PermAdminUser, "Add a user", s.addUser)
	s.handle(http.MethodPost, "admin/user/edit.do", models.PermAdminUser, "Edit a user (empty password = unchanged)", s.editUser)
	s.handle(http.MethodPut, "admin/user/edit.do", models.PermAdminUser, "Edit a user (empty password = unchanged)", s.editUser)
	s.handle(http.MethodPost, "admin/user/delete.do", models.PermAdminUser, "Delete users", s.deleteUsers)
	s.handle(http.MethodDelete, "admin/user/delete.do", models.PermAdminUser, "Delete users", s.deleteUsers)
	s.handle(http.MethodPost, "admin/user/reset-pwd.do", models.PermAdminUser, "Reset passwords (user 1 skipped)", s.resetPasswords)
	s.handle(http.MethodPost, "admin/user/reset-login-count.do", models.PermAdminUser, "Reset login counts", s.resetLoginCount)

	s.handle(http.MethodGet, "admin/dept/all-dept.do", models.PermAdminDept, "Department tree", s.deptTree)
	s.handle(http.MethodPost, "admin/dept/add.do", models.PermAdminDept, "Add a department", s.addDept)
	s.handle(http.MethodPost, "admin/dept/edit.do", models.PermAdminDept, "Edit a department", s.editDept)
	s.handle(http.MethodPost, "admin/dept/delete.do", models.PermAdminDept, "Delete an empty department", s.deleteDept)
	s.handle(http.MethodGet, "admin/dept-user/user.do", models.PermAdminDept, "Users of a department (PageResult)", s.deptUsers)
	s.handle(http.MethodPost, "admin/dept-user/add-user.do", models.PermAdminDept, "Add users to a department", s.addDeptUsers)
	s.handle(http.MethodPost, "admin/dept-user/delete-user.do", models.PermAdminDept, "Remove users from a department", s.removeDeptUsers)

	s.handle(http.MethodGet, "admin/role/list.do", models.PermAdminRole, "List roles (PageResult)", s.listRoles)
	s.handle(http.MethodGet, "admin/role/all.do", models.PermAdminUser, "All roles (for selects)", s.allRoles)
	s.handle(http.MethodPost, "admin/role/add.do", models.PermAdminRole, "Add a role", s.addRole)
	s.handle(http.MethodPost, "admin/role/edit.do", models.PermAdminRole, "Edit a user-defined role", s.editRole)
	s.handle(http.MethodPost, "admin/role/delete.do", models.PermAdminRole, "Delete a user-defined role", s.deleteRole)
	s.handle(http.MethodGet, "admin/perm/list.do", models.PermAdminRole, "Permission catalogue", s.listPerms)

	s.handle(http.MethodGet, "admin/log/list.do", models.PermAdminLog, "System log (PageResult)", s.listLogs)

	s.handle(http.MethodGet, "admin/workflow/list.do", models.PermAdminWorkflow, "Workflow executions", s.listWorkflows)
	s.handle(http.MethodGet, "admin/workflow/history.do", models.PermAdminWorkflow, "Workflow history", s.workflowHistory)
	s.handle(http.MethodPost, "admin/workflow/cancel.do", models.PermAdminWorkflow, "Cancel a workflow", s.cancelWorkflow)
	s.handle(http.MethodPost, "admin/workflow/terminate.do", models.PermAdminWorkflow, "Terminate a workflow", s.terminateWorkflow)
}

// intQuery reads the first of the optional integer query parameters names. A value that is
// not an integer is answered with a 400 naming the parameter (ok false): a filter is never
// silently dropped.
func intQuery(c *gin.Context, names ...string) (v *int, ok bool) {
	for _, name := range names {
		raw := strings.TrimSpace(c.Query(name))
		if raw == "" {
			continue
		}
		n, err := strconv.Atoi(raw)
		if err != nil {
			reply(c, codeInvalid, name+" must be a whole number")
			return nil, false
		}
		return &n, true
	}
	return nil, true
}

func (s *server) listUsers(c *gin.Context) {
	cur, size := paging(c)
	status, valid := intQuery(c, "status")
	if !valid {
		return
	}
	f := admin.UserFilter{LoginName: c.Query("loginName"), Name: c.Query("name"), Email: c.Query("email"), Cellphone: c.Query("cellphone"),
		Status: status, DeptID: c.Query("deptId"), RoleID: c.Query("roleId")}
	rows, total, err := s.d.Admin.ListUsers(c.Request.Context(), f, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) addUser(c *gin.Context) {
	var in admin.UserInput
	if !bind(c, &in) {
		return
	}
	u, err := s.d.Admin.AddUser(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, u)
}

func (s *server) editUser(c *gin.Context) {
	var in admin.UserInput
	if !bind(c, &in) {
		return
	}
	u, err := s.d.Admin.EditUser(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, u)
}

// idsBody is {ids: [...]} or, as the reference client sends it, {id: [...]} (or one id).
type idsBody struct {
	IDs      []string  `json:"ids"`
	ID       oneOrMany `json:"id"`
	Password string    `json:"password"`
}

// all is every id given, in order.
func (b idsBody) all() []string { return append(append([]string{}, b.IDs...), b.ID...) }

func (s *server) deleteUsers(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Admin.DeleteUsers(c.Request.Context(), actor(c), b.all())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"deleted": n})
}

func (s *server) resetPasswords(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Admin.ResetPasswords(c.Request.Context(), actor(c), b.all(), b.Password)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, r)
}

func (s *server) resetLoginCount(c *gin.Context) {
	var b idsBody
	if !bind(c, &b) {
		return
	}
	n, err := s.d.Admin.ResetLoginCount(c.Request.Context(), actor(c), b.all())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"updated": n})
}

func (s *server) deptTree(c *gin.Context) {
	t, err := s.d.Admin.DeptTree(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, t)
}

func (s *server) addDept(c *gin.Context) {
	var in admin.DeptInput
	if !bind(c, &in) {
		return
	}
	d, err := s.d.Admin.AddDept(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"id": d.ID, "name": d.Name, "code": d.Code, "parentId": d.ParentID})
}

func (s *server) editDept(c *gin.Context) {
	var in admin.DeptInput
	if !bind(c, &in) {
		return
	}
	if err := s.d.Admin.EditDept(c.Request.Context(), actor(c), in); err != nil {
		fail(c, err)
		return
	}
	ok(c, nil)
}

type idBody struct {
	ID string `json:"id"`
}

func (s *server) deleteDept(c *gin.Context) {
	var b idBody
	if !bind(c, &b) {
		return
	}
	if err := s.d.Admin.DeleteDept(c.Request.Context(), actor(c), b.ID); err != nil {
		fail(c, err)
		return
	}
	ok(c, nil)
}

func (s *server) deptUsers(c *gin.Context) {
	cur, size := paging(c)
	if c.Query("deptId") == "" {
		reply(c, codeInvalid, "Please choose a department")
		return
	}
	rows, total, err := s.d.Admin.ListUsers(c.Request.Context(), admin.UserFilter{DeptID: c.Query("deptId")}, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

type deptUsersBody struct {
	DeptID  string   `json:"deptId"`
	UserIDs []string `json:"userIds"`
}

func (s *server) addDeptUsers(c *gin.Context) {
	var b deptUsersBody
	if !bind(c, &b) {
		return
	}
	if err := s.d.Admin.AddDeptUsers(c.Request.Context(), actor(c), b.DeptID, b.UserIDs); err != nil {
		fail(c, err)
		return
	}
	ok(c, nil)
}

func (s *server) removeDeptUsers(c *gin.Context) {
	var b deptUsersBody
	if !bind(c, &b) {
		return
	}
	if err := s.d.Admin.RemoveDeptUsers(c.Request.Context(), actor(c), b.DeptID, b.UserIDs); err != nil {
		fail(c, err)
		return
	}
	ok(c, nil)
}

func (s *server) listRoles(c *gin.Context) {
	cur, size := paging(c)
	rows, total, err := s.d.Admin.ListRoles(c.Request.Context(), c.Query("name"), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) allRoles(c *gin.Context) {
	rows, err := s.d.Admin.AllRoles(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, rows)
}

func (s *server) addRole(c *gin.Context) {
	var in admin.RoleInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Admin.AddRole(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, r)
}

func (s *server) editRole(c *gin.Context) {
	var in admin.RoleInput
	if !bind(c, &in) {
		return
	}
	r, err := s.d.Admin.EditRole(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, r)
}

func (s *server) deleteRole(c *gin.Context) {
	var b idBody
	if !bind(c, &b) {
		return
	}
	if err := s.d.Admin.DeleteRole(c.Request.Context(), actor(c), b.ID); err != nil {
		fail(c, err)
		return
	}
	ok(c, nil)
}

func (s *server) listPerms(c *gin.Context) {
	ps, err := s.d.Admin.Permissions(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, ps)
}

func (s *server) listLogs(c *gin.Context) {
	cur, size := paging(c)
	f := audit.Filter{UserName: c.Query("userName"), OperationType: c.Query("operationType"), Archived: c.Query("archived") == "1" || c.Query("archived") == "true"}
	switch c.Query("success") {
	case "1", "true":
		t := true
		f.Success = &t
	case "0", "false":
		v := false
		f.Success = &v
	}
	if v := c.Query("startTime"); v != "" {
		t, err := models.ParseTime(v)
		if err != nil {
			fail(c, err)
			return
		}
		f.From = t
	}
	if v := c.Query("endTime"); v != "" {
		t, err := models.ParseTime(v)
		if err != nil {
			fail(c, err)
			return
		}
		f.To = t
	}
	rows, total, err := s.d.Audit.List(c.Request.Context(), f, cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) listWorkflows(c *gin.Context) {
	size, _ := strconv.Atoi(c.Query("pageSize"))
	p, err := s.d.Monitor.List(c.Request.Context(), c.Query("workflowType"), c.Query("status"), size, c.Query("nextPageToken"))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, p)
}

func (s *server) workflowHistory(c *gin.Context) {
	d, err := s.d.Monitor.History(c.Request.Context(), c.Query("workflowId"), c.Query("runId"))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, d)
}

type workflowBody struct {
	WorkflowID string `json:"workflowId"`
	RunID      string `json:"runId"`
	Reason     string `json:"reason"`
}

func (s *server) cancelWorkflow(c *gin.Context) {
	var b workflowBody
	if !bind(c, &b) {
		return
	}
	if err := s.d.Monitor.Cancel(c.Request.Context(), auditEntry(c), b.WorkflowID, b.RunID); err != nil {
		fail(c, err)
		return
	}
	ok(c, nil)
}

func (s *server) terminateWorkflow(c *gin.Context) {
	var b workflowBody
	if !bind(c, &b) {
		return
	}
	if err := s.d.Monitor.Terminate(c.Request.Context(), auditEntry(c), b.WorkflowID, b.RunID, b.Reason); err != nil {
		fail(c, err)
		return
	}
	ok(c, nil)
}
