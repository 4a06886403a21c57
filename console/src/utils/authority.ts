export const SUPER_ADMIN = 'DWSURVEY_SUPER_ADMIN';

export const PERMS = {
  surveyManage: 'survey:manage',
  surveyData: 'survey:data',
  adminUser: 'admin:user',
  adminDept: 'admin:dept',
  adminRole: 'admin:role',
  adminLog: 'admin:log',
  adminSite: 'admin:site',
  adminWorkflow: 'admin:workflow',
  adminTemplate: 'admin:template',
  adminApp: 'admin:app',
  adminStyle: 'admin:style',
  adminDashboard: 'admin:dashboard',
  adminSurvey: 'admin:survey',
  adminCascade: 'admin:cascade',
  adminNotice: 'admin:notice',
} as const;

/**
 * Client permission check (spec section 6, docs/api-foundation.md):
 * nothing stored -> fails; nothing wanted -> passes; otherwise passes when the user
 * holds any wanted code or DWSURVEY_SUPER_ADMIN.
 */
export function hasAuthority(
  current: readonly string[] | null | undefined,
  wanted: string | readonly string[] | null | undefined,
): boolean {
  if (!current) return false;
  const want = wanted === null || wanted === undefined ? [] : typeof wanted === 'string' ? [wanted] : wanted;
  if (want.length === 0) return true;
  if (current.includes(SUPER_ADMIN)) return true;
  return want.some((w) => current.includes(w));
}

export type AccessMap = {
  canLogin: boolean;
  canSurvey: boolean;
  canData: boolean;
  canAdmin: boolean;
  canAdminUser: boolean;
  canAdminDept: boolean;
  canAdminRole: boolean;
  canAdminLog: boolean;
  canAdminSite: boolean;
  canAdminWorkflow: boolean;
  canAdminTemplate: boolean;
  canAdminApp: boolean;
  canAdminStyle: boolean;
  canAdminDashboard: boolean;
  canAdminSurvey: boolean;
  canAdminCascade: boolean;
  canAdminNotice: boolean;
  isSuperAdmin: boolean;
};

/** Maps currentAuthority codes to the access keys used by the routes. */
export function computeAccess(authority: readonly string[] | null | undefined, loggedIn: boolean): AccessMap {
  const cur = loggedIn ? authority ?? [] : undefined;
  const can = (c: string | string[]) => hasAuthority(cur, c);
  const adminCodes = [
    PERMS.adminUser,
    PERMS.adminDept,
    PERMS.adminRole,
    PERMS.adminLog,
    PERMS.adminSite,
    PERMS.adminWorkflow,
    PERMS.adminTemplate,
    PERMS.adminApp,
    PERMS.adminStyle,
    PERMS.adminDashboard,
    PERMS.adminSurvey,
    PERMS.adminCascade,
    PERMS.adminNotice,
  ];
  return {
    canLogin: loggedIn,
    canSurvey: can(PERMS.surveyManage),
    canData: can([PERMS.surveyData, PERMS.surveyManage]),
    canAdmin: can(adminCodes),
    canAdminUser: can(PERMS.adminUser),
    canAdminDept: can(PERMS.adminDept),
    canAdminRole: can(PERMS.adminRole),
    canAdminLog: can(PERMS.adminLog),
    canAdminSite: can(PERMS.adminSite),
    canAdminWorkflow: can(PERMS.adminWorkflow),
    canAdminTemplate: can(PERMS.adminTemplate),
    canAdminApp: can(PERMS.adminApp),
    canAdminStyle: can(PERMS.adminStyle),
    canAdminDashboard: can(PERMS.adminDashboard),
    canAdminSurvey: can(PERMS.adminSurvey),
    canAdminCascade: can(PERMS.adminCascade),
    canAdminNotice: can(PERMS.adminNotice),
    isSuperAdmin: !!cur && cur.includes(SUPER_ADMIN),
  };
}
