import type { RequestConfig } from '@umijs/max';
import { history } from '@umijs/max';
import { classifyBody, classifyTransport, refreshedToken, type Outcome } from './utils/errors';
import { t } from './utils/i18n';
import { clearSession, getItem, getToken, setToken } from './utils/storage';
import { toast } from './utils/toast';

export const LOGIN_PATH = '/login';
export const USER_CENTRE_PATH = '/v8/dw/user';

class BizError extends Error {
  outcome: Outcome;
  body: unknown;
  constructor(outcome: Outcome, body: unknown) {
    super('message' in outcome ? outcome.message : outcome.kind);
    this.name = 'BizError';
    this.outcome = outcome;
    this.body = body;
  }
}

let forbiddenOpen = false;

export function goLogin() {
  clearSession();
  const { pathname, search } = window.location;
  if (pathname.startsWith(LOGIN_PATH)) return;
  const redirect = encodeURIComponent(pathname + search);
  history.push(`${LOGIN_PATH}?redirect=${redirect}`);
}

/** Applies an error outcome of the catalogue (spec section 8). */
export function applyOutcome(o: Outcome) {
  switch (o.kind) {
    case 'ok':
      return;
    case 'login':
      goLogin();
      return;
    case 'forbidden':
      if (forbiddenOpen) return;
      forbiddenOpen = true;
      // Loaded on demand: the dialog is rare and must not weigh on every page's first load.
      void import('antd/es/modal').then(({ default: Modal }) =>
        Modal.warning({
          title: t('error.tip'),
          content: o.message,
          okText: t('error.confirm'),
          onOk: () => {
            forbiddenOpen = false;
            history.push(USER_CENTRE_PATH);
          },
        }),
      );
      return;
    case 'warning':
      toast.warning(o.message);
      return;
    case 'error':
      toast.error(o.message);
  }
}

export const requestConfig: RequestConfig = {
  baseURL: '',
  timeout: 10000,
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  requestInterceptors: [
    (config: any) => {
      const headers = { ...(config.headers || {}) };
      const token = getToken();
      if (token) headers.Authorization = token;
      const sessionCode = getItem('sessionCode');
      if (sessionCode) headers.SessionCode = sessionCode;
      return { ...config, headers };
    },
  ],
  responseInterceptors: [
    (response: any) => {
      const fresh = refreshedToken(response?.headers);
      if (fresh) setToken(fresh);
      const outcome = classifyBody(response?.data, t);
      if (outcome.kind !== 'ok') throw new BizError(outcome, response?.data);
      return response;
    },
  ],
  errorConfig: {
    errorHandler: (error: any, opts: any) => {
      if (error instanceof BizError || error?.name === 'BizError') {
        const o = (error as BizError).outcome;
        // 401 always goes to login, even for callers that handle their own errors
        if (o.kind === 'login') goLogin();
        else if (!opts?.skipErrorHandler) applyOutcome(o);
        throw error;
      }
      const fresh = refreshedToken(error?.response?.headers);
      if (fresh) setToken(fresh);
      // transport level: network error, time-out, HTTP status codes
      const o = classifyTransport(error, t);
      if (o.kind === 'login') goLogin();
      else if (!opts?.skipErrorHandler) applyOutcome(o);
      throw error;
    },
  },
};
