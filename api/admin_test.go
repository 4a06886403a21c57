package api_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/outbox"
)

type adminUser struct {
	safeUser
	RoleIDs []string `json:"roleIds"`
	DeptIDs []string `json:"deptIds"`
}

func TestAdminUsers(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		var dept struct{ ID string }
		admin.Post("admin/dept/add.do", map[string]string{"name": "Sales", "code": "sales"}).OK(t, &dept)
		var role struct{ ID string }
		admin.Post("admin/role/add.do", map[string]any{"name": "Analyst", "code": "analyst", "permissionCodes": []string{models.PermSurveyData}}).OK(t, &role)

		add := func(login string, status int, withLinks bool) adminUser {
			body := map[string]any{"loginName": login, "name": "N " + login, "email": login + "@example.com", "password": "secret-pw", "status": status}
			if withLinks {
				body["roleIds"], body["deptIds"] = []string{role.ID}, []string{dept.ID}
			}
			var u adminUser
			admin.Post("admin/user/add.do", body).OK(t, &u)
			return u
		}
		u1 := add("member01", 2, true)
		if !slices.Equal(u1.RoleIDs, []string{role.ID}) || !slices.Equal(u1.DeptIDs, []string{dept.ID}) || u1.Status != 2 {
			t.Fatalf("added user = %+v", u1)
		}
		add("member02", 2, true)
		add("member03", 1, false)
		add("outsider1", 0, false)

		// Refusals change nothing.
		snap := testenv.Snapshot(t, e.DB)
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"loginName": "newuser1", "password": "secret-pw", "deptIds": []string{"no-such-dept"}}, "Unknown department"},
			{map[string]any{"loginName": "newuser1", "password": "secret-pw", "roleIds": []string{role.ID, "no-such-role"}}, "Unknown role"},
			{map[string]any{"loginName": "member01", "password": "secret-pw"}, account.MsgLoginNameTaken},
			{map[string]any{"loginName": "abc", "password": "secret-pw"}, account.MsgLoginNameLength},
			{map[string]any{"loginName": "newuser1", "password": "123"}, account.MsgPasswordLength},
			{map[string]any{"loginName": "newuser1", "password": "secret-pw", "email": "bad@"}, account.MsgEmail},
			{map[string]any{"loginName": "newuser1", "password": "secret-pw", "status": 7}, "status"},
		} {
			admin.Post("admin/user/add.do", c.body).Refused(t, 400, c.msg)
			if testenv.Snapshot(t, e.DB) != snap {
				t.Fatalf("refused add %v changed data", c.body)
			}
		}
		admin.Post("admin/user/edit.do", map[string]any{"id": u1.ID, "loginName": "member01", "deptIds": []string{"nope"}}).Refused(t, 400, "Unknown department")
		admin.Post("admin/user/edit.do", map[string]any{"id": u1.ID, "loginName": "member02"}).Refused(t, 400, account.MsgLoginNameTaken)
		admin.Post("admin/user/edit.do", map[string]any{"id": "no-such-user", "loginName": "member09"}).Refused(t, 404, "")
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("refused edit changed data")
		}

		// List: filters and paging.
		list := func(q string) ([]adminUser, testenv.PageResult) {
			var rows []adminUser
			p := admin.Get("admin/user/list.do?"+q).Page(t, &rows)
			return rows, p
		}
		names := func(rows []adminUser) []string {
			var out []string
			for _, r := range rows {
				out = append(out, r.LoginName)
			}
			slices.Sort(out)
			return out
		}
		if rows, p := list("loginName=member"); p.Total != 3 || len(rows) != 3 {
			t.Fatalf("loginName filter: %d %v", p.Total, names(rows))
		}
		if rows, _ := list("status=0"); !slices.Equal(names(rows), []string{"outsider1"}) {
			t.Fatalf("status filter: %v", names(rows))
		}
		if rows, _ := list("deptId=" + dept.ID); !slices.Equal(names(rows), []string{"member01", "member02"}) {
			t.Fatalf("dept filter: %v", names(rows))
		}
		if rows, _ := list("roleId=" + role.ID); !slices.Equal(names(rows), []string{"member01", "member02"}) {
			t.Fatalf("role filter: %v", names(rows))
		}
		if rows, _ := list("email=outsider1@"); !slices.Equal(names(rows), []string{"outsider1"}) {
			t.Fatalf("email filter: %v", names(rows))
		}
		if rows, _ := list("name=N%20member03"); !slices.Equal(names(rows), []string{"member03"}) {
			t.Fatalf("name filter: %v", names(rows))
		}
		if rows, _ := list("loginName=%25"); len(rows) != 0 {
			t.Fatalf("LIKE wildcards must be escaped: %v", names(rows))
		}
		seen := map[string]bool{}
		for page := 1; page <= 3; page++ {
			rows, p := list("pageSize=2&current=" + string(rune('0'+page)))
			if p.Total != 5 || p.Current != page || p.PageSize != 2 {
				t.Fatalf("page %d: %+v", page, p)
			}
			want := 2
			if page == 3 {
				want = 1
			}
			if len(rows) != want {
				t.Fatalf("page %d has %d rows", page, len(rows))
			}
			for _, r := range rows {
				if seen[r.ID] {
					t.Fatalf("user %s on two pages", r.LoginName)
				}
				seen[r.ID] = true
			}
		}

		// Edit with an empty password keeps the hash and the sessions.
		tok := e.Login(t, "member01", "secret-pw")
		hash := user(t, e, "member01").PasswordHash
		var edited adminUser
		admin.Post("admin/user/edit.do", map[string]any{"id": u1.ID, "loginName": "member01", "name": "Renamed", "email": "r@example.com",
			"password": "", "roleIds": []string{}, "deptIds": []string{dept.ID}}).OK(t, &edited)
		if user(t, e, "member01").PasswordHash != hash || edited.Name != "Renamed" || len(edited.RoleIDs) != 0 {
			t.Fatalf("edit: %+v", edited)
		}
		e.Client(t, tok).Get("app/user/currentUser.do").OK(t, nil)
		// A new password is stored and ends the sessions.
		admin.Post("admin/user/edit.do", map[string]any{"id": u1.ID, "loginName": "member01", "password": "changed-pw"}).OK(t, nil)
		if e.Client(t, tok).Get("app/user/currentUser.do").Code(t) != 401 {
			t.Fatal("password edit kept the session")
		}
		tok = e.Login(t, "member01", "changed-pw")
		// Disabling ends the sessions and refuses logins.
		admin.Post("admin/user/edit.do", map[string]any{"id": u1.ID, "loginName": "member01", "status": 0}).OK(t, nil)
		if e.Client(t, tok).Get("app/user/currentUser.do").Code(t) != 401 {
			t.Fatal("disable kept the session")
		}
		if testenv.Count(t, e.DB, &models.AuthToken{}, "user_id = ? AND revoked_at IS NULL", u1.ID) != 0 {
			t.Fatal("disable left live tokens")
		}
		if lr := e.TryLogin(t, "member01", "changed-pw"); lr.Status != "error" {
			t.Fatal("disabled user logged in")
		}
		// The super administrator cannot be disabled.
		admin.Post("admin/user/edit.do", map[string]any{"id": "1", "loginName": "admin", "status": 0}).Refused(t, 400, "super administrator")

		// Batch password reset skips user 1.
		u2 := user(t, e, "member02")
		tok2 := e.Login(t, "member02", "secret-pw")
		adminHash := user(t, e, "admin").PasswordHash
		var rr struct {
			Updated int
			Skipped []string
		}
		admin.Post("admin/user/reset-pwd.do", map[string]any{"ids": []string{"1", u2.ID}, "password": "reset-pw-1"}).OK(t, &rr)
		if rr.Updated != 1 || !slices.Equal(rr.Skipped, []string{"1"}) {
			t.Fatalf("reset = %+v", rr)
		}
		if user(t, e, "admin").PasswordHash != adminHash {
			t.Fatal("user 1's password was reset")
		}
		if e.Client(t, tok2).Get("app/user/currentUser.do").Code(t) != 401 {
			t.Fatal("reset kept the session")
		}
		e.Login(t, "member02", "reset-pw-1")
		admin.Post("admin/user/reset-pwd.do", map[string]any{"ids": []string{u2.ID}, "password": "x"}).Refused(t, 400, account.MsgPasswordLength)
		e.Login(t, "member02", "reset-pw-1")

		// Reset login count.
		if user(t, e, "member02").LoginCount != 3 {
			t.Fatalf("login count = %d", user(t, e, "member02").LoginCount)
		}
		admin.Post("admin/user/reset-login-count.do", map[string]any{"ids": []string{u2.ID}}).OK(t, nil)
		if user(t, e, "member02").LoginCount != 0 {
			t.Fatal("login count not reset")
		}

		// Delete: never user 1, never yourself; links and sessions go with the user.
		snap = testenv.Snapshot(t, e.DB)
		admin.Post("admin/user/delete.do", map[string]any{"ids": []string{"1", u2.ID}}).Refused(t, 400, "super administrator")
		admin.Post("admin/user/delete.do", map[string]any{"ids": []string{}}).Refused(t, 400, "")
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("refused delete changed data")
		}
		admin.Post("admin/user/delete.do", map[string]any{"ids": []string{u2.ID}}).OK(t, nil)
		if testenv.Count(t, e.DB, &models.User{}, "id = ?", u2.ID)+testenv.Count(t, e.DB, &models.UserRole{}, "user_id = ?", u2.ID)+
			testenv.Count(t, e.DB, &models.UserDepartment{}, "user_id = ?", u2.ID)+testenv.Count(t, e.DB, &models.AuthToken{}, "user_id = ?", u2.ID) != 0 {
			t.Fatal("delete left rows behind")
		}
		if lr := e.TryLogin(t, "member02", "reset-pw-1"); lr.Status != "error" {
			t.Fatal("deleted user logged in")
		}

		// Audit rows for the admin actions.
		for _, op := range []string{"create", "update", "delete", "password"} {
			if len(logRows(t, e, "operation_type = ? AND user_id = ? AND success = ?", op, "1", true)) == 0 {
				t.Errorf("no %s row in the system log", op)
			}
		}
	})
}

type deptNode struct {
	ID, Name, Code, ParentID string
	UserCount                int64
	Children                 []deptNode
}

func TestDepartments(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		var root, child, grand struct{ ID string }
		admin.Post("admin/dept/add.do", map[string]string{"name": "HQ", "code": "hq"}).OK(t, &root)
		admin.Post("admin/dept/add.do", map[string]string{"name": "IT", "code": "it", "parentId": root.ID}).OK(t, &child)
		admin.Post("admin/dept/add.do", map[string]string{"name": "Ops", "code": "ops", "parentId": child.ID}).OK(t, &grand)
		uid := e.CreateUser(t, "staff001", "secret-pw")
		admin.Post("admin/dept-user/add-user.do", map[string]any{"deptId": child.ID, "userIds": []string{uid, uid}}).OK(t, nil)
		admin.Post("admin/dept-user/add-user.do", map[string]any{"deptId": child.ID, "userIds": []string{uid}}).OK(t, nil)

		var tree []deptNode
		admin.Get("admin/dept/all-dept.do").OK(t, &tree)
		if len(tree) != 1 || tree[0].ID != root.ID || len(tree[0].Children) != 1 || tree[0].Children[0].UserCount != 1 ||
			tree[0].Children[0].Children[0].Code != "ops" || tree[0].Children[0].ParentID != root.ID {
			raw, _ := json.Marshal(tree)
			t.Fatalf("tree = %s", raw)
		}
		var members []adminUser
		if p := admin.Get("admin/dept-user/user.do?deptId="+child.ID).Page(t, &members); p.Total != 1 || members[0].ID != uid {
			t.Fatalf("members = %+v", members)
		}
		admin.Get("admin/dept-user/user.do").Refused(t, 400, "department")

		snap := testenv.Snapshot(t, e.DB)
		for _, c := range []struct {
			path string
			body map[string]any
			msg  string
		}{
			{"admin/dept/edit.do", map[string]any{"id": root.ID, "name": "HQ", "code": "hq", "parentId": grand.ID}, "under itself"},
			{"admin/dept/edit.do", map[string]any{"id": root.ID, "name": "HQ", "code": "hq", "parentId": root.ID}, "under itself"},
			{"admin/dept/edit.do", map[string]any{"id": child.ID, "name": "IT", "code": "hq", "parentId": root.ID}, "code already exists"},
			{"admin/dept/add.do", map[string]any{"name": "X", "code": "x", "parentId": "missing"}, "Unknown parent"},
			{"admin/dept/add.do", map[string]any{"name": "", "code": "x"}, "name"},
			{"admin/dept/delete.do", map[string]any{"id": child.ID}, "associated data exists"},
			{"admin/dept/delete.do", map[string]any{"id": root.ID}, "associated data exists"},
			{"admin/dept-user/add-user.do", map[string]any{"deptId": "missing", "userIds": []string{uid}}, "Unknown department"},
			{"admin/dept-user/add-user.do", map[string]any{"deptId": child.ID, "userIds": []string{"ghost"}}, "Unknown user"},
		} {
			admin.Post(c.path, c.body).Refused(t, 400, c.msg)
			if testenv.Snapshot(t, e.DB) != snap {
				t.Fatalf("refused %s %v changed data", c.path, c.body)
			}
		}
		// Moving a leaf to the root works; removing members then allows delete.
		admin.Post("admin/dept/edit.do", map[string]any{"id": grand.ID, "name": "Ops2", "code": "ops", "parentId": ""}).OK(t, nil)
		admin.Post("admin/dept-user/delete-user.do", map[string]any{"deptId": child.ID, "userIds": []string{uid}}).OK(t, nil)
		if testenv.Count(t, e.DB, &models.UserDepartment{}) != 0 {
			t.Fatal("member not removed")
		}
		admin.Post("admin/dept/delete.do", map[string]any{"id": child.ID}).OK(t, nil)
		admin.Get("admin/dept/all-dept.do").OK(t, &tree)
		if len(tree) != 2 || testenv.Count(t, e.DB, &models.Department{}) != 2 {
			t.Fatalf("after delete: %+v", tree)
		}
		admin.Post("admin/dept/delete.do", map[string]any{"id": child.ID}).Refused(t, 404, "")
	})
}

type roleView struct {
	ID, Name, Code, Note string
	Type                 int
	PermissionCodes      []string
}

func TestRolesAndPermissions(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		var perms []struct{ ID, Name, Code, Group string }
		admin.Get("admin/perm/list.do").OK(t, &perms)
		if len(perms) != len(models.PermissionCatalog) {
			t.Fatalf("%d permissions listed", len(perms))
		}
		for i, p := range perms {
			if p.Code != models.PermissionCatalog[i].Code || p.Name == "" || p.Group == "" {
				t.Fatalf("perm %d = %+v", i, p)
			}
		}
		var r roleView
		admin.Post("admin/role/add.do", map[string]any{"name": "Auditor", "code": "auditor", "note": "n",
			"permissionCodes": []string{models.PermAdminLog, models.PermAdminLog}}).OK(t, &r)
		if r.Type != models.RoleUserDefined || !slices.Equal(r.PermissionCodes, []string{models.PermAdminLog}) {
			t.Fatalf("role = %+v", r)
		}
		// A user holding the role gets the permission (and only it).
		e.CreateUser(t, "auditor1", "secret-pw")
		uid := user(t, e, "auditor1").ID
		admin.Post("admin/user/edit.do", map[string]any{"id": uid, "loginName": "auditor1", "roleIds": []string{r.ID}}).OK(t, nil)
		aud := e.Client(t, e.Login(t, "auditor1", "secret-pw"))
		var su safeUser
		aud.Get("app/user/currentUser.do").OK(t, &su)
		if !slices.Equal(su.CurrentAuthority, []string{"auditor", models.PermAdminLog}) {
			t.Fatalf("currentAuthority = %v", su.CurrentAuthority)
		}
		aud.Get("admin/log/list.do").Page(t, nil)
		aud.Get("admin/user/list.do").Refused(t, 403, "")

		// Edit the role's permissions: the change applies to the next request.
		admin.Post("admin/role/edit.do", map[string]any{"id": r.ID, "name": "Auditor+", "code": "auditor",
			"permissionCodes": []string{models.PermAdminUser}}).OK(t, &r)
		aud.Get("admin/user/list.do").Page(t, nil)
		aud.Get("admin/log/list.do").Refused(t, 403, "")

		var rows []roleView
		if p := admin.Get("admin/role/list.do?name=Audit").Page(t, &rows); p.Total != 1 || rows[0].Name != "Auditor+" {
			t.Fatalf("role list = %+v", rows)
		}
		admin.Get("admin/role/list.do").Page(t, &rows)
		if rows[0].Type != models.RoleSystem || rows[0].Code != models.RoleSuperAdmin || len(rows[0].PermissionCodes) != len(models.PermissionCatalog) {
			t.Fatalf("system roles first: %+v", rows[0])
		}
		var all []roleView
		admin.Get("admin/role/all.do").OK(t, &all)
		if len(all) != 3 {
			t.Fatalf("all roles = %d", len(all))
		}

		snap := testenv.Snapshot(t, e.DB)
		for _, c := range []struct {
			path string
			body map[string]any
			msg  string
		}{
			{"admin/role/edit.do", map[string]any{"id": "r-user", "name": "Hacked", "code": models.RoleUser, "permissionCodes": []string{models.PermAdminUser}}, "System default roles cannot be modified"},
			{"admin/role/edit.do", map[string]any{"id": "r-super-admin", "name": "X", "code": "x"}, "System default roles cannot be modified"},
			{"admin/role/delete.do", map[string]any{"id": "r-user"}, "System default roles cannot be modified"},
			{"admin/role/add.do", map[string]any{"name": "Dup", "code": "auditor"}, "already exists"},
			{"admin/role/add.do", map[string]any{"name": "Bad", "code": "bad", "permissionCodes": []string{"root:everything"}}, "Unknown permission"},
			{"admin/role/add.do", map[string]any{"name": "Bad", "code": "bad code!"}, "may contain only"},
			{"admin/role/add.do", map[string]any{"name": "", "code": "bad"}, "name"},
			{"admin/role/edit.do", map[string]any{"id": r.ID, "name": "A", "code": models.RoleUser}, "already exists"},
		} {
			admin.Post(c.path, c.body).Refused(t, 400, c.msg)
			if testenv.Snapshot(t, e.DB) != snap {
				t.Fatalf("refused %s %v changed data", c.path, c.body)
			}
		}
		var sys models.Role
		e.DB.Take(&sys, "id = ?", "r-user")
		if sys.Name == "Hacked" || testenv.Count(t, e.DB, &models.RolePermission{}, "role_id = ?", "r-user") != 2 {
			t.Fatal("system role changed")
		}

		admin.Post("admin/role/delete.do", map[string]any{"id": r.ID}).OK(t, nil)
		if testenv.Count(t, e.DB, &models.Role{}, "id = ?", r.ID)+testenv.Count(t, e.DB, &models.RolePermission{}, "role_id = ?", r.ID)+
			testenv.Count(t, e.DB, &models.UserRole{}, "role_id = ?", r.ID) != 0 {
			t.Fatal("role delete left rows")
		}
		aud.Get("admin/user/list.do").Refused(t, 403, "")
		admin.Post("admin/role/delete.do", map[string]any{"id": r.ID}).Refused(t, 404, "")
	})
}

func TestSiteSettings(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		anon := e.Client(t, "")
		var footer map[string]any
		anon.Get("anon/web/footer-info.do").OK(t, &footer)
		for _, k := range []string{"siteName", "siteUrl", "siteIcp", "brandName", "brandUrl", "versionNumber", "hideDwCopyright", "minLogo"} {
			if _, ok := footer[k]; !ok {
				t.Errorf("footer-info lacks %s", k)
			}
		}
		var prop struct {
			PropertyJSON struct {
				DwHeader      map[string]any `json:"dwHeader"`
				DwFooter      map[string]any `json:"dwFooter"`
				LoginRegister struct {
					RegisterEnabled bool   `json:"registerEnabled"`
					LoginTitle      string `json:"loginTitle"`
				} `json:"loginRegister"`
				SysTheme struct{ PrimaryColor string } `json:"sysTheme"`
			} `json:"propertyJson"`
			DwVersionInfo struct{ VersionNumber, VersionName string } `json:"dwVersionInfo"`
			UserID        string                                      `json:"userId"`
		}
		anon.Get("anon/web/get-sys-property?hostname=localhost").OK(t, &prop)
		if prop.PropertyJSON.LoginRegister.RegisterEnabled || prop.PropertyJSON.SysTheme.PrimaryColor == "" ||
			prop.DwVersionInfo.VersionNumber == "" || prop.PropertyJSON.DwHeader == nil || prop.UserID != "" {
			t.Fatalf("sys property = %+v", prop)
		}
		var vl float64
		anon.Get("anon/web/vl").OK(t, &vl)
		if vl <= 0 {
			t.Fatalf("vl = %v, want a positive licence", vl)
		}

		admin := e.Client(t, e.AdminToken(t))
		var st map[string]map[string]any
		admin.Get("admin/site/get.do").OK(t, &st)
		st["footerInfo"]["siteName"] = "Acme Surveys"
		st["footerInfo"]["siteUrl"] = "https://acme.example"
		st["footerInfo"]["versionNumber"] = "forged"
		st["propertyJson"]["sysTheme"] = map[string]any{"primaryColor": "#123abc"}
		admin.Post("admin/site/save.do", st).OK(t, nil)
		anon.Get("anon/web/footer-info.do").OK(t, &footer)
		if footer["siteName"] != "Acme Surveys" || footer["siteUrl"] != "https://acme.example" || footer["versionNumber"] == "forged" {
			t.Fatalf("footer after save = %v", footer)
		}
		anon.Get("anon/web/get-sys-property").OK(t, &prop)
		if prop.PropertyJSON.SysTheme.PrimaryColor != "#123abc" {
			t.Fatalf("theme = %+v", prop.PropertyJSON.SysTheme)
		}
		if len(logRows(t, e, "name = ? AND operation_type = ?", "Save site settings", "update")) != 1 {
			t.Fatal("site save not logged")
		}

		snap := testenv.Snapshot(t, e.DB)
		bad := func(mut func(m map[string]map[string]any), msg string) {
			var cp map[string]map[string]any
			raw, _ := json.Marshal(st)
			_ = json.Unmarshal(raw, &cp)
			mut(cp)
			admin.Post("admin/site/save.do", cp).Refused(t, 400, msg)
			if testenv.Snapshot(t, e.DB) != snap {
				t.Fatalf("refused save (%s) changed data", msg)
			}
		}
		bad(func(m map[string]map[string]any) { m["footerInfo"]["siteName"] = "  " }, "site name")
		bad(func(m map[string]map[string]any) { m["footerInfo"]["siteName"] = strings.Repeat("x", 65) }, "site name")
		bad(func(m map[string]map[string]any) { m["footerInfo"]["siteUrl"] = "javascript:alert(1)" }, "Links must start")
		bad(func(m map[string]map[string]any) {
			m["propertyJson"]["sysTheme"] = map[string]any{"primaryColor": "red;}"}
		}, "hex colour")
		bad(func(m map[string]map[string]any) { m["footerInfo"]["siteName"] = 42 }, "Invalid request")
	})
}

type logRow struct {
	ID                                       int64
	Name, Notes, OperationType, UserName, IP string
	UserID                                   string `json:"userId"`
	Success                                  bool
	CreateTime                               string `json:"createTime"`
}

func TestSystemLog(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "logger01", "secret-pw", models.PermSurveyManage)
		e.TryLogin(t, "logger01", "bad-pass")
		tok := e.Login(t, "logger01", "secret-pw")
		e.Client(t, tok).Get("admin/log/list.do").Refused(t, 403, "")
		e.Client(t, tok).Post("anon/security-token/logout.do", nil).OK(t, nil)
		admin := e.Client(t, e.AdminToken(t))
		admin.Post("admin/dept/add.do", map[string]string{"name": "Logged", "code": "logged"}).OK(t, nil)

		list := func(q string) ([]logRow, int64) {
			var rows []logRow
			p := admin.Get("admin/log/list.do?pageSize=100&"+q).Page(t, &rows)
			return rows, p.Total
		}
		rows, total := list("userName=logger01")
		if total != 4 {
			t.Fatalf("logger01 has %d rows: %+v", total, rows)
		}
		want := []struct {
			op      string
			success bool
		}{{"logout", true}, {"permission_denied", false}, {"login", true}, {"login", false}} // newest first
		for i, w := range want {
			if rows[i].OperationType != w.op || rows[i].Success != w.success || rows[i].IP != "127.0.0.1" || rows[i].CreateTime == "" {
				t.Fatalf("row %d = %+v, want %+v", i, rows[i], w)
			}
		}
		if rows, _ := list("operationType=login&success=0"); len(rows) != 1 || rows[0].UserName != "logger01" {
			t.Fatalf("failed logins = %+v", rows)
		}
		if rows, _ := list("operationType=create&userName=admin"); len(rows) != 1 || rows[0].Name != "Add department" || rows[0].UserID != "1" {
			t.Fatalf("admin actions = %+v", rows)
		}
		if rows, _ := list("operationType=permission_denied"); len(rows) != 1 || !strings.Contains(rows[0].Notes, "admin:log") {
			t.Fatalf("permission denied = %+v", rows)
		}
		if _, n := list("startTime=2000-01-01&endTime=2000-01-02"); n != 0 {
			t.Fatalf("time filter returned %d rows", n)
		}
		if _, n := list("startTime=2000-01-01%2000:00:00"); n < 6 {
			t.Fatalf("open-ended time filter returned %d rows", n)
		}
		if _, n := list("archived=1"); n != 0 {
			t.Fatalf("archive not empty: %d", n)
		}
		admin.Get("admin/log/list.do?startTime=yesterday").Refused(t, 400, "Invalid date")
		var p2 []logRow
		if p := admin.Get("admin/log/list.do?pageSize=2&current=2").Page(t, &p2); len(p2) != 2 || p.Current != 2 {
			t.Fatalf("paging: %+v", p)
		}
	})
}

func TestWorkflowMonitorValidation(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		var page struct {
			Items  []any `json:"items"`
			Outbox struct {
				Pending int64            `json:"pending"`
				ByKind  map[string]int64 `json:"byKind"`
			} `json:"outbox"`
		}
		admin.Get("admin/workflow/list.do").OK(t, &page)
		if page.Items == nil || page.Outbox.Pending != 0 {
			t.Fatalf("items must be a list, nothing pending: %+v", page)
		}
		// the list shows the events still waiting to start their workflows
		if err := outbox.Add(e.DB, time.Now(), outbox.Event{Kind: "probe", Key: "a"}, outbox.Event{Kind: "probe", Key: "b"}); err != nil {
			t.Fatal(err)
		}
		admin.Get("admin/workflow/list.do").OK(t, &page)
		if page.Outbox.Pending != 2 || page.Outbox.ByKind["probe"] != 2 {
			t.Fatalf("outbox state %+v", page.Outbox)
		}
		admin.Get("admin/workflow/list.do?status=Exploded").Refused(t, 400, "Unknown status")
		admin.Get("admin/workflow/list.do?workflowType=x'%20OR%20'1'='1").Refused(t, 400, "Invalid workflow type")
		admin.Get("admin/workflow/history.do?workflowId=nope").Refused(t, 404, "")
		admin.Get("admin/workflow/history.do?workflowId=a%20b").Refused(t, 400, "")
		admin.Post("admin/workflow/cancel.do", map[string]string{"workflowId": "nope"}).Refused(t, 404, "")
		admin.Post("admin/workflow/terminate.do", map[string]string{"workflowId": "nope"}).Refused(t, 404, "")
	})
}

// A user an administrator adds without choosing roles gets the "Survey author" role, as a
// registered user does, and can create surveys; an explicit empty role list removes it.
func TestAdminAddedUserIsSurveyAuthor(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		var author, bare adminUser
		admin.Post("admin/user/add.do", map[string]any{"loginName": "author77", "email": "author77@example.com", "password": "secret-pw"}).OK(t, &author)
		if !slices.Equal(author.RoleIDs, []string{"r-user"}) {
			t.Fatalf("default roles %v, want the Survey author role", author.RoleIDs)
		}
		admin.Post("admin/user/add.do", map[string]any{"loginName": "noroles7", "email": "noroles7@example.com", "password": "secret-pw",
			"roleIds": []string{}}).OK(t, &bare)
		if len(bare.RoleIDs) != 0 {
			t.Fatalf("roles removed in the form came back: %v", bare.RoleIDs)
		}
		a := e.Client(t, e.Login(t, "author77", "secret-pw"))
		a.Post("app/survey/add.do", map[string]any{"surveyName": "First survey", "surveyType": "survey"}).OK(t, nil)
		n := e.Client(t, e.Login(t, "noroles7", "secret-pw"))
		n.Post("app/survey/add.do", map[string]any{"surveyName": "Not allowed", "surveyType": "survey"}).Refused(t, 403, "")
	})
}
