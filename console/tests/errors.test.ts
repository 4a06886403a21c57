import { describe, expect, it } from 'vitest';
import en from '../src/locales/en-US';
import zh from '../src/locales/zh-CN';
import { bodyResultCode, classifyBody, classifyTransport, refreshedToken, TOAST_SECONDS, type Translate } from '../src/utils/errors';

const mk =
  (msgs: Record<string, string>): Translate =>
  (id, values) =>
    (msgs[id] ?? id).replace(/\{(\w+)\}/g, (_, k) => String(values?.[k] ?? ''));
const t = mk(en);

describe('classifyBody (error catalogue, body resultCode)', () => {
  it('ok for 200, PageResult, login answer and non-JSON', () => {
    expect(classifyBody({ resultCode: 200, data: 1 }, t)).toEqual({ kind: 'ok' });
    expect(classifyBody({ total: 0, current: 1, pageSize: 10, success: true, data: [] }, t)).toEqual({ kind: 'ok' });
    expect(
      classifyBody({ status: 'error', type: 'account', token: null, httpResult: { resultCode: 400, resultMsg: 'Wrong password' } }, t),
    ).toEqual({ kind: 'ok' });
    expect(classifyBody('<html>', t)).toEqual({ kind: 'ok' });
    expect(classifyBody(undefined, t)).toEqual({ kind: 'ok' });
    expect(bodyResultCode([1, 2])).toBeUndefined();
  });
  it('401 goes to login', () => {
    expect(classifyBody({ resultCode: 401, resultMsg: 'x' }, t)).toEqual({ kind: 'login' });
  });
  it('403 shows the no-permission dialog', () => {
    expect(classifyBody({ resultCode: 403 }, t)).toEqual({ kind: 'forbidden', message: 'account has no permission for this operation' });
  });
  it('400 warns with the server message or "execution failed"', () => {
    expect(classifyBody({ resultCode: 400, resultMsg: 'Wrong password' }, t)).toEqual({ kind: 'warning', message: 'Wrong password' });
    expect(classifyBody({ resultCode: 400, resultMsg: '' }, t)).toEqual({ kind: 'warning', message: 'execution failed' });
    expect(classifyBody({ resultCode: '400' }, t)).toEqual({ kind: 'warning', message: 'execution failed' });
  });
  it('other codes show "msg, status code: n" or "status code: n"', () => {
    expect(classifyBody({ resultCode: 500, resultMsg: 'Server error' }, t)).toEqual({
      kind: 'error',
      message: 'Server error, status code: 500',
    });
    expect(classifyBody({ resultCode: 502 }, t)).toEqual({ kind: 'error', message: 'status code: 502' });
  });
  it('is localized', () => {
    expect(classifyBody({ resultCode: 502 }, mk(zh))).toEqual({ kind: 'error', message: '状态码：502' });
  });
});

describe('classifyTransport', () => {
  it('network error', () => {
    expect(classifyTransport({ message: 'Network Error', code: 'ERR_NETWORK' }, t)).toEqual({
      kind: 'error',
      message: 'backend interface connection abnormal',
    });
  });
  it('timeout', () => {
    expect(classifyTransport({ message: 'timeout of 10000ms exceeded', code: 'ECONNABORTED' }, t)).toEqual({
      kind: 'error',
      message: 'system interface request timeout',
    });
  });
  it('HTTP 401, 403 and others', () => {
    expect(classifyTransport({ response: { status: 401 } }, t)).toEqual({ kind: 'login' });
    expect(classifyTransport({ response: { status: 403 } }, t).kind).toBe('forbidden');
    expect(classifyTransport({ response: { status: 502 } }, t)).toEqual({ kind: 'error', message: 'system interface 502 abnormal' });
    expect(classifyTransport({ response: { status: 404 } }, mk(zh))).toEqual({ kind: 'error', message: '系统接口 404 异常' });
  });
});

describe('refreshedToken', () => {
  it('reads the refresh-token header in any case and shape', () => {
    expect(refreshedToken({ 'refresh-token': 'abc' })).toBe('abc');
    expect(refreshedToken({ 'Refresh-Token': ' Bearer xyz ' })).toBe('xyz');
    expect(refreshedToken({ get: (k: string) => (k === 'refresh-token' ? 'h1' : undefined) })).toBe('h1');
    expect(refreshedToken({ 'refresh-token': ['a1'] })).toBe('a1');
  });
  it('ignores missing or empty headers', () => {
    expect(refreshedToken(undefined)).toBeUndefined();
    expect(refreshedToken({})).toBeUndefined();
    expect(refreshedToken({ 'refresh-token': '' })).toBeUndefined();
  });
});

describe('toast durations', () => {
  it('error, info, warning 5 s; success 3 s', () => {
    expect(TOAST_SECONDS).toEqual({ error: 5, info: 5, warning: 5, success: 3 });
  });
});
