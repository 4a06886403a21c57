// Collection calls (docs/api-collect.md): status and schedule, quotas, answer passwords, IP rules,
// share settings, QR code.
import { request } from '@umijs/max';
import { API, type Envelope, type PageResult } from './api';

export type CollectStatus = {
  surveyId: string;
  state: number;
  startAt: string;
  endAt: string;
  endNum: number;
  closeOnQuotasFull: boolean;
  answerCount: number;
  openedAt: string;
  closedAt: string;
  closeReason: string;
  workflowId: string;
  runId: string;
  workflowStatus: string;
  monitorPath: string;
};
export type ScheduleBody = { surveyId: string; startTime: string; endTime: string; endNum: number; closeOnQuotasFull: boolean };
export type QuotaRow = { key: string; text: string; cap: number; count: number; full: boolean };
export type PasswordRow = { id: string; code: string; tag: string; allowedCount: number; usedCount: number; enabled: boolean; createdAt: string };
export type IPRules = { surveyId: string; mode: 'allow' | 'deny'; rules: string };
export type Share = { surveyId: string; title: string; imageUrl: string; description: string };

type Opts = { skipErrorHandler?: boolean };
const get = <T>(path: string, params?: Record<string, unknown>, o?: Opts) =>
  request<T>(`${API}/${path}`, { method: 'GET', params, ...o });
const post = <T>(path: string, data?: unknown, o?: Opts) => request<T>(`${API}/${path}`, { method: 'POST', data, ...o });
const quiet = { skipErrorHandler: true };

export const collectStatus = (surveyId: string) => get<Envelope<CollectStatus>>('app/survey/collect-status.do', { surveyId }, quiet);
export const collectSchedule = (b: ScheduleBody) => post<Envelope<CollectStatus>>('app/survey/collect-schedule.do', b, quiet);
export const quotaList = (surveyId: string) => get<Envelope<QuotaRow[]>>('anon/survey-answer-quota/list.do', { surveyId }, quiet);

export const pwdGenerate = (b: { surveyId: string; count: number; length: number; tag: string; allowedCount: number }) =>
  post<Envelope<{ count: number }>>('app/survey/answer-pwd/generate.do', b, quiet);
export const pwdList = (params: Record<string, unknown>) => get<PageResult<PasswordRow>>('app/survey/answer-pwd/list.do', params);
export const pwdSetEnabled = (surveyId: string, ids: string[], enabled: boolean) =>
  post<Envelope<{ count: number }>>(`app/survey/answer-pwd/${enabled ? 'enable' : 'disable'}.do`, { surveyId, ids });
export const pwdDelete = (surveyId: string, ids: string[]) => post<Envelope<{ count: number }>>('app/survey/answer-pwd/delete.do', { surveyId, ids });
export const pwdExport = (params: Record<string, unknown>) =>
  request<Blob>(`${API}/app/survey/answer-pwd/export.do`, { method: 'GET', params, responseType: 'blob', skipErrorHandler: true } as any);

export const ipGet = (surveyId: string) => get<Envelope<IPRules>>('app/survey/ip-rule/get.do', { surveyId }, quiet);
export const ipSave = (b: IPRules) => post<Envelope<IPRules>>('app/survey/ip-rule/save.do', b, quiet);
export const ipClear = (surveyId: string) => post<Envelope>('app/survey/ip-rule/clear.do', { surveyId }, quiet);

/** c/comp: whether other sites may frame the answer pages, and which (https://host[:port]). */
export type Embed = { surveyId: string; enabled: boolean; origins: string[] };
export const embedGet = (surveyId: string) => get<Envelope<Embed>>('app/survey/comp/get.do', { surveyId }, quiet);
export const embedSave = (b: Embed) => post<Envelope<Embed>>('app/survey/comp/save.do', b, quiet);
export const shareGet = (surveyId: string) => get<Envelope<Share>>('app/survey/share/get.do', { surveyId }, quiet);
export const shareSave = (b: Share) => post<Envelope<Share>>('app/survey/share/save.do', b, quiet);

export const qrUrl = (sid: string, version?: number) =>
  `${API}/anon/survey/qrcode.do?sid=${encodeURIComponent(sid)}${version ? `&version=${version}` : ''}`;
export const answerUrl = (sid: string, origin = window.location.origin) => `${origin}/v8/diaowen/an/${sid}`;
