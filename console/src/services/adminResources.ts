// Calls of the admin resources of issue 15 part 2: open API applications (system/app-secret),
// posters and style templates, site per hostname, version and licence, dashboards.
import { request } from '@umijs/max';
import { API, type Envelope, type FooterInfo, type PageResult, type PropertyJson } from './api';

const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params });
const post = <T>(path: string, data?: unknown) => request<T>(`${API}/${path}`, { method: 'POST', data });

// open API applications
export type OpenApp = {
  id: string;
  appName: string;
  appKey: string;
  secretMasked: string;
  status: number;
  description: string;
  userId: string;
  userName: string;
  rateLimit: number;
  createTime: string;
  updateTime: string;
  lastUsedTime: string;
};
export type OpenAppCreated = OpenApp & { appSecret: string };
export type OpenAppInput = {
  id?: string;
  appName?: string;
  description?: string;
  status?: number;
  userId?: string;
  rateLimit?: number;
};
export const appList = (params: Record<string, unknown>) => get<PageResult<OpenApp>>('admin/app-secret/list.do', params);
export const appAdd = (body: OpenAppInput) => post<Envelope<OpenAppCreated>>('admin/app-secret/add.do', body);
export const appEdit = (body: OpenAppInput) => post<Envelope<OpenApp>>('admin/app-secret/edit.do', body);
export const appRenew = (id: string) => post<Envelope<OpenAppCreated>>('admin/app-secret/renew-secret.do', { id });
export const appDelete = (ids: string[]) => post<Envelope>('admin/app-secret/delete.do', { ids });

// site: hostnames with their own settings (ent/site-domain), version, licence
export type SiteSettings = { footerInfo: FooterInfo; propertyJson: PropertyJson };
export type SiteHost = { hostname: string; settings: SiteSettings; updateTime: string };
export const siteHosts = () => get<Envelope<SiteHost[]>>('admin/site/host-list.do');
export const siteHostSave = (hostname: string, settings: SiteSettings) => post<Envelope<SiteHost>>('admin/site/host-save.do', { hostname, settings });
export const siteHostDelete = (hostname: string) => post<Envelope>('admin/site/host-delete.do', { hostname });
export type VersionInfo = {
  versionNumber: string;
  versionName: string;
  revision: string;
  revisionTime: string;
  modified: boolean;
  goVersion: string;
  platform: string;
  database: string;
  schemaVersion: number;
  latestSchemaVersion: number;
  timeZone: string;
};
export const siteVersion = () => get<Envelope<VersionInfo>>('admin/site/version.do');
/** anon/web/vl: remaining licence time in milliseconds; below 0 means invalid. */
export const licence = () => get<Envelope<number>>('anon/web/vl');
