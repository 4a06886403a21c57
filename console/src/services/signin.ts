import { request } from '@umijs/max';
import { API, type Envelope, type LoginResult } from './api';

/** Sign-in channels besides passwords (issue 18): SMS codes, phone binding, OpenID Connect, WeChat. */
export type LoginOptions = { password: boolean; sms: boolean; weixin: boolean; oidc: boolean; oidcButton?: string; resendSeconds: number };

const quiet = { skipErrorHandler: true } as const;
const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params, ...quiet });
const post = <T>(path: string, data?: unknown) => request<T>(`${API}/${path}`, { method: 'POST', data, ...quiet });

export const loginOptions = () => get<Envelope<LoginOptions>>('anon/security-token/login-options.do');
export const sendLoginCode = (phone: string) => post<Envelope<{ countdown: number }>>('anon/security-token/send-smscode.do', { phone });
export const phoneLogin = (mobile: string, captcha: string) => post<LoginResult>('anon/security-token/login.do', { type: 'mobile', mobile, captcha });
export const oidcStart = () => get<Envelope<{ url: string }>>('anon/oidc/start.do');
export const oidcLogin = (body: { code: string; state: string; error?: string }) => post<LoginResult>('anon/oidc/login.do', body);
export const weixinQr = () => get<Envelope<{ url: string }>>('anon/security-token/wx-login-qrcode.do');
/** Finishes a WeChat QR login (a LoginResult) or a binding (an envelope with data.bound). */
export const weixinLogin = (body: { code: string; state: string }) =>
  post<LoginResult & Partial<Envelope<{ bound?: boolean }>>>('anon/security-token/login-weixin.do', body);
export const weixinBindQr = () => get<Envelope<{ url: string }>>('app/user/weixin/bind-qrcode.do');
export const sendBindCode = (phone: string) => post<Envelope<{ countdown: number }>>('app/user/phone/send-code.do', { phone });
export const bindPhone = (phone: string, code: string) => post<Envelope<{ cellphone: string }>>('app/user/phone.do', { phone, code });

/** A mainland mobile number or an international one with its + prefix (the server normalises and checks again). */
export const PHONE_PATTERN = /^(\+?[0-9][0-9 -]{6,18})$/;
