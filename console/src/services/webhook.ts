// Webhook calls (docs/webhooks.md): hooks of a survey, test send, delivery log, replay, warnings.
import { request } from '@umijs/max';
import { API, type Envelope, type PageResult } from './api';

export type HookTarget = 'work-chat' | 'feishu' | 'dingtalk' | 'custom';
export type HookTemplate = { title: string; questions: string[]; link: boolean; lang: 'zh-CN' | 'en-US' };
export type Hook = {
  id: string;
  surveyId: string;
  name: string;
  target: HookTarget;
  url: string;
  hasSecret: boolean;
  secretMasked: string;
  events: string[];
  template: HookTemplate;
  enabled: boolean;
  disabledReason: string;
  failing: number;
  warning: boolean;
  lastFailure: string;
  lastFailureAt: string;
  deliveries: Record<string, number>;
  createTime: string;
  updateTime: string;
};
export type HookQuestion = { dwId: string; num: string; title: string };
export type HookList = {
  hooks: Hook[];
  questions: HookQuestion[];
  targets: HookTarget[];
  events: string[];
  secretsReady: boolean;
  maxHooks: number;
};
export type HookInput = {
  surveyId: string;
  id?: string;
  name: string;
  target: HookTarget;
  url: string;
  secret?: string;
  events: string[];
  template: HookTemplate;
  enabled: boolean;
};
export type TestResult = { ok: boolean; outcome: string; status: number; latencyMs: number; response: string; error: string };
export type Delivery = {
  id: string;
  hookId: string;
  event: string;
  answerId: string;
  state: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  replays: number;
  lastStatus: number;
  lastError: string;
  nextAttemptAt: string;
  deliveredAt: string;
  createTime: string;
  updateTime: string;
};
export type Attempt = { no: number; at: string; status: number; latencyMs: number; response: string; error: string; outcome: string };
export type HookWarning = { hookId: string; name: string; target: HookTarget; disabled: boolean; failing: number; reason: string };
export type HookStatus = { hooks: number; warnings: HookWarning[] };

const quiet = { skipErrorHandler: true };
const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params, ...quiet });
const post = <T>(path: string, data?: unknown) => request<T>(`${API}/${path}`, { method: 'POST', data, ...quiet });

export const hookList = (surveyId: string) => get<Envelope<HookList>>('app/survey/webhook/list.do', { surveyId });
export const hookSave = (b: HookInput) => post<Envelope<Hook>>('app/survey/webhook/save.do', b);
export const hookDelete = (surveyId: string, id: string) => post<Envelope>('app/survey/webhook/delete.do', { surveyId, id });
export const hookTest = (b: HookInput) => post<Envelope<TestResult>>('app/survey/webhook/test.do', b);
export const hookDeliveries = (params: { surveyId: string; hookId: string; state?: string; current: number; pageSize: number }) =>
  get<PageResult<Delivery>>('app/survey/webhook/deliveries.do', params);
export const hookAttempts = (surveyId: string, deliveryId: string) => get<Envelope<Attempt[]>>('app/survey/webhook/attempts.do', { surveyId, deliveryId });
export const hookReplay = (b: { surveyId: string; hookId: string; ids?: string[]; allFailed?: boolean }) =>
  post<Envelope<{ count: number; more: boolean }>>('app/survey/webhook/replay.do', b);
export const hookStatus = (surveyId: string) => get<Envelope<HookStatus>>('app/survey/webhook/status.do', { surveyId });

/** A fresh Standard Webhooks secret (whsec_ + 32 random bytes in base64), made in the browser. */
export function newCustomSecret(): string {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  let s = '';
  b.forEach((x) => (s += String.fromCharCode(x)));
  return `whsec_${btoa(s)}`;
}
