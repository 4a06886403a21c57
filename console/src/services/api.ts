import { request } from '@umijs/max';

export const API = '/api/dwsurvey';

export type Envelope<T = unknown> = { resultCode: number; resultMsg?: string; data: T };
export type PageResult<T> = { total: number; current: number; pageSize: number; success: boolean; data: T[] };

export type SafeUser = {
  id: string;
  loginName: string;
  name?: string;
  email?: string;
  cellphone?: string;
  avatar?: string;
  status: number;
  loginCount?: number;
  roles?: { id: string; code: string; name: string }[];
  permissions?: string[];
  departments?: { id: string; name: string }[];
  currentAuthority?: string[];
  lastLoginTime?: string;
  createTime?: string;
};
export type AdminUser = SafeUser & { roleIds?: string[]; deptIds?: string[] };

export type LoginResult = {
  status: 'ok' | 'error';
  type: string;
  currentAuthority: string[];
  token: string | null;
  httpResult: Envelope<SafeUser | undefined>;
};

export type Dept = { id: string; name: string; code?: string; parentId?: string | null; userCount?: number; children?: Dept[] };
export type Role = { id: string; name: string; code: string; type: number; note?: string; permissionCodes?: string[]; createTime?: string };
export type Perm = { id: string; name: string; code: string; group: string };
export type LogRow = {
  id: string;
  name: string;
  notes?: string;
  operationType: string;
  success: boolean;
  userId?: string;
  userName?: string;
  ip?: string;
  createTime: string;
};
export type FooterInfo = {
  siteName?: string;
  siteUrl?: string;
  siteIcp?: string;
  brandName?: string;
  brandUrl?: string;
  versionNumber?: string;
  hideDwCopyright?: boolean;
  minLogo?: string;
};
export type PropertyJson = {
  dwHeader?: unknown;
  dwFooter?: unknown;
  loginRegister?: { registerEnabled?: boolean; loginTitle?: string; loginSubTitle?: string };
  sysTheme?: { primaryColor?: string; logo?: string };
  [k: string]: unknown;
};
export type WfItem = {
  workflowId: string;
  runId: string;
  workflowType: string;
  status: string;
  startTime?: string;
  closeTime?: string;
  taskQueue?: string;
  /** review and grading workflows: where the chain stands ("level 2", "administrator", "grading", "passed"...) */
  step?: string;
};
export type WfEvent = { eventId: number | string; eventType: string; eventTime: string; summary?: string };

type Opts = { skipErrorHandler?: boolean };

const get = <T>(path: string, params?: Record<string, unknown>, o?: Opts) =>
  request<T>(`${API}/${path}`, { method: 'GET', params, ...o });
const post = <T>(path: string, data?: unknown, o?: Opts) =>
  request<T>(`${API}/${path}`, { method: 'POST', data, ...o });

// accounts
export const login = (body: Record<string, unknown>) =>
  post<LoginResult>('anon/security-token/login.do', body, { skipErrorHandler: true });
/** Answer login of /login/an/{sid}: the survey owner's contacts log in as contacts (type
 * "contact", a ct_ token the answer page sends), any other account as a user. */
export const contactLogin = (body: { sid: string; userName: string; password: string }) =>
  post<LoginResult>('anon/contact/login.do', body, { skipErrorHandler: true });
/** A logged-in contact (its ct_ token) replaces its password. */
export const contactUpPwd = (token: string, body: { curpwd: string; pwd: string }) =>
  request<Envelope>(`${API}/anon/contact/up-pwd.do`, { method: 'POST', data: body, headers: { Authorization: token }, skipErrorHandler: true });
export const logout = () => post<Envelope>('anon/security-token/logout.do', {}, { skipErrorHandler: true });
export const register = (body: Record<string, unknown>) => post<Envelope<SafeUser>>('anon/security-token/register.do', body);
export const currentUser = (o?: Opts) => get<Envelope<SafeUser>>('app/user/currentUser.do', undefined, o);
/** The new password is typed twice in the form; the call carries curpwd and pwd only (the reference shape). */
export const upPwd = (body: { curpwd: string; pwd: string }) =>
  post<Envelope<{ token?: string }>>('app/user/up-pwd.do', body);

// site
export const footerInfo = () => get<Envelope<FooterInfo>>('anon/web/footer-info.do', undefined, { skipErrorHandler: true });
export const sysProperty = () =>
  get<Envelope<{ propertyJson?: PropertyJson }>>(
    'anon/web/get-sys-property',
    { hostname: typeof window !== 'undefined' ? window.location.hostname : '' },
    { skipErrorHandler: true },
  );
export const siteGet = () => get<Envelope<{ footerInfo: FooterInfo; propertyJson: PropertyJson }>>('admin/site/get.do');
export const siteSave = (body: { footerInfo: FooterInfo; propertyJson: PropertyJson }) => post<Envelope>('admin/site/save.do', body);

// users
export const userList = (params: Record<string, unknown>) => get<PageResult<AdminUser>>('admin/user/list.do', params);
export const userAdd = (body: Record<string, unknown>) => post<Envelope<AdminUser>>('admin/user/add.do', body);
export const userEdit = (body: Record<string, unknown>) => post<Envelope<AdminUser>>('admin/user/edit.do', body);
export const userDelete = (ids: string[]) => post<Envelope>('admin/user/delete.do', { ids });
export const userResetPwd = (ids: string[], password: string) =>
  post<Envelope<{ updated: number; skipped?: string[] }>>('admin/user/reset-pwd.do', { ids, password });
export const userResetLoginCount = (ids: string[]) => post<Envelope>('admin/user/reset-login-count.do', { ids });

// departments
export const deptAll = () => get<Envelope<Dept[]>>('admin/dept/all-dept.do');
export const deptAdd = (body: Record<string, unknown>) => post<Envelope>('admin/dept/add.do', body);
export const deptEdit = (body: Record<string, unknown>) => post<Envelope>('admin/dept/edit.do', body);
export const deptDelete = (id: string) => post<Envelope>('admin/dept/delete.do', { id });
export const deptUsers = (params: Record<string, unknown>) => get<PageResult<AdminUser>>('admin/dept-user/user.do', params);
export const deptAddUsers = (deptId: string, userIds: string[]) => post<Envelope>('admin/dept-user/add-user.do', { deptId, userIds });
export const deptDeleteUsers = (deptId: string, userIds: string[]) =>
  post<Envelope>('admin/dept-user/delete-user.do', { deptId, userIds });

// roles and permissions
export const roleList = (params: Record<string, unknown>) => get<PageResult<Role>>('admin/role/list.do', params);
export const roleAll = () => get<Envelope<Role[]>>('admin/role/all.do');
export const roleAdd = (body: Record<string, unknown>) => post<Envelope>('admin/role/add.do', body);
export const roleEdit = (body: Record<string, unknown>) => post<Envelope>('admin/role/edit.do', body);
export const roleDelete = (id: string) => post<Envelope>('admin/role/delete.do', { id });
export const permList = () => get<Envelope<Perm[]>>('admin/perm/list.do');

// log
export const logList = (params: Record<string, unknown>) => get<PageResult<LogRow>>('admin/log/list.do', params);

// workflows
export const wfList = (params: Record<string, unknown>) =>
  get<Envelope<{ items: WfItem[]; nextPageToken?: string; temporalUiUrl?: string; outbox?: OutboxStats }>>(
    'admin/workflow/list.do',
    params,
  );
/** Events written with their changes and not yet turned into workflows (services/outbox). */
export type OutboxStats = {
  pending: number;
  retrying: number;
  oldestPendingSeconds: number;
  lastError?: string;
  byKind: Record<string, number>;
};
export const wfHistory = (workflowId: string, runId: string) =>
  get<Envelope<{ info: WfItem; events: WfEvent[] }>>('admin/workflow/history.do', { workflowId, runId });
export const wfCancel = (workflowId: string, runId: string) => post<Envelope>('admin/workflow/cancel.do', { workflowId, runId });
export const wfTerminate = (workflowId: string, runId: string, reason: string) =>
  post<Envelope>('admin/workflow/terminate.do', { workflowId, runId, reason });

/** Flattens a department tree (for selects and lookups). */
export function flattenDepts(tree: Dept[] | undefined, out: Dept[] = []): Dept[] {
  for (const d of tree ?? []) {
    out.push(d);
    flattenDepts(d.children, out);
  }
  return out;
}
