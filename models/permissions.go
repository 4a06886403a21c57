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
	// PermAdminSurvey: every survey, survey groups and the answer log (issue 15).
	PermAdminSurvey = "admin:survey"
	// PermAdminCascade: the installation's public (system-level) cascade data sources.
	PermAdminCascade = "admin:cascade"
	// PermAdminNotice: notices to all users or a department.
	PermAdminNotice = "admin:notice"
	// issue 15 (admin-b): open API applications, posters and style templates, dashboards
	PermAdminApp       = "admin:app"
	PermAdminStyle     = "admin:style"
	PermAdminDashboard = "admin:dashboard"
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
	{ID: "p-admin-survey", Code: PermAdminSurvey, Name: "Surveys, groups and answer log", Group: "admin", Sort: 100},
	{ID: "p-admin-cascade", Code: PermAdminCascade, Name: "Cascade data sources", Group: "admin", Sort: 110},
	{ID: "p-admin-notice", Code: PermAdminNotice, Name: "Notices", Group: "system", Sort: 120},
	{ID: "p-admin-app", Code: PermAdminApp, Name: "Application secrets (open API)", Group: "system", Sort: 130},
	{ID: "p-admin-style", Code: PermAdminStyle, Name: "Posters and style templates", Group: "admin", Sort: 140},
	{ID: "p-admin-dashboard", Code: PermAdminDashboard, Name: "Dashboards", Group: "admin", Sort: 150},
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
