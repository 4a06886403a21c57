import type { AccessMap } from '../../utils/authority';

/** Admin pages in menu order with the access key each needs (paths below <prefix>/dw/admin/). */
export const ADMIN_PAGES: [keyof AccessMap, string][] = [
  ['canAdminUser', 'user/user'],
  ['canAdminDept', 'user/dept'],
  ['canAdminRole', 'system/role'],
  ['canAdminLog', 'system/log'],
  ['canAdminSite', 'system/set'],
  ['canAdminWorkflow', 'workflows'],
  ['canAdminTemplate', 'resource/template'],
  ['canAdminApp', 'system/app-secret'],
  ['canAdminSurvey', 'survey'],
  ['canAdminCascade', 'resource/cascade'],
  ['canAdminStyle', 'resource/poster'],
  ['canAdminNotice', 'system/notice'],
  ['canAdminDashboard', 'dashboard/analysis'],
];

/**
 * Where /…/dw/admin leads: the first admin page the user may open, under the same layout prefix
 * (/v8 or /v8/lr) as `pathname`; undefined when none is permitted.
 */
export function firstAdminPath(access: Partial<AccessMap>, pathname: string): string | undefined {
  const i = pathname.indexOf('/dw/admin');
  const prefix = i >= 0 ? pathname.slice(0, i) : '/v8';
  const hit = ADMIN_PAGES.find(([k]) => access[k]);
  return hit ? `${prefix}/dw/admin/${hit[1]}` : undefined;
}
