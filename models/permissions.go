package models

// Permission codes. Every app/ and admin/ route declares one of these (or
// PermAuthenticated); the super administrator role implies all of them.
const (
	RoleSuperAdmin = "DWSURVEY_SUPER_ADMIN"
	RoleUser       = "DWSURVEY_USER"

	// PermAuthenticated is not stored: it marks routes open to every logged-in user.
	PermAuthenticated = "authenticated"

	PermSurveyManage  = "survey:manage"
	PermSurveyData    = "survey:data"
	PermAdminUser     = "admin:user"
	PermAdminDept     = "admin:dept"
	PermAdminRole     = "admin:role"
	PermAdminLog      = "admin:log"
	PermAdminSite     = "admin:site"
	PermAdminWorkflow = "admin:workflow"
	PermAdminTemplate = "admin:template"
)

// PermissionCatalog is the full list of permissions, kept in sync with the database by migrate.
var PermissionCatalog = []Permission{
	{ID: "p-survey-manage", Code: PermSurveyManage, Name: "Design surveys", Group: "survey", Sort: 10},
	{ID: "p-survey-data", Code: PermSurveyData, Name: "Survey results", Group: "survey", Sort: 20},
	{ID: "p-admin-user", Code: PermAdminUser, Name: "Users", Group: "admin", Sort: 30},
	{ID: "p-admin-dept", Code: PermAdminDept, Name: "Departments", Group: "admin", Sort: 40},
	{ID: "p-admin-role", Code: PermAdminRole, Name: "Roles and permissions", Group: "admin", Sort: 50},
	{ID: "p-admin-log", Code: PermAdminLog, Name: "System log", Group: "system", Sort: 60},
	{ID: "p-admin-site", Code: PermAdminSite, Name: "Site settings", Group: "system", Sort: 70},
	{ID: "p-admin-workflow", Code: PermAdminWorkflow, Name: "Workflow monitor", Group: "system", Sort: 80},
	{ID: "p-admin-template", Code: PermAdminTemplate, Name: "Site templates", Group: "admin", Sort: 90},
}

// SystemRoles are created by migrate and cannot be modified through the API.
var SystemRoles = []struct {
	Role  Role
	Perms []string // nil for the super administrator: it implies everything
}{
	{Role: Role{ID: "r-super-admin", Code: RoleSuperAdmin, Name: "Super administrator", Type: RoleSystem, Note: "All permissions"}},
	{Role: Role{ID: "r-user", Code: RoleUser, Name: "Survey author", Type: RoleSystem, Note: "Default role of registered users"},
		Perms: []string{PermSurveyManage, PermSurveyData}},
}

// KnownPermission reports whether code is in the catalogue.
func KnownPermission(code string) bool {
	for _, p := range PermissionCatalog {
		if p.Code == code {
			return true
		}
	}
	return false
}
