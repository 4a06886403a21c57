/**
 * Error catalogue of the spec (section 8) as pure functions, so they can be unit tested.
 * `t` formats a message id of the locale files with values.
 */
export type Translate = (id: string, values?: Record<string, string | number>) => string;

export type Outcome =
  | { kind: 'ok' }
  | { kind: 'login' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'warning'; message: string }
  | { kind: 'error'; message: string };

/** True when a body is a normal answer: envelope 200, PageResult (success:true), login answer, or not JSON. */
export function bodyResultCode(body: unknown): number | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  // login.do answers with {status, httpResult} and no envelope: the login page handles it.
  if ('status' in b && 'httpResult' in b) return undefined;
  // PageResult {total,current,pageSize,success:true,data} has no envelope.
  if (b.success === true && !('resultCode' in b)) return undefined;
  if (!('resultCode' in b)) return undefined;
  const n = Number(b.resultCode);
  return Number.isFinite(n) ? n : undefined;
}

/** Body resultCode handling. */
export function classifyBody(body: unknown, t: Translate): Outcome {
  const code = bodyResultCode(body);
  if (code === undefined || code === 200) return { kind: 'ok' };
  const msg = String((body as Record<string, unknown>).resultMsg ?? '').trim();
  if (code === 401) return { kind: 'login' };
  if (code === 403) return { kind: 'forbidden', message: t('error.noPermission') };
  if (code === 400) return { kind: 'warning', message: msg || t('error.executionFailed') };
  return {
    kind: 'error',
    message: msg ? t('error.messageWithCode', { msg, code }) : t('error.statusCode', { code }),
  };
}

export type TransportError = {
  message?: string;
  code?: string;
  response?: { status?: number; data?: unknown };
};

/** Transport failures (no usable body): network error, time-out, HTTP status codes. */
export function classifyTransport(err: TransportError, t: Translate): Outcome {
  const status = err?.response?.status;
  if (status) {
    // an envelope inside a non-200 HTTP answer still follows the body rules for 401/403
    if (status === 401) return { kind: 'login' };
    if (status === 403) return { kind: 'forbidden', message: t('error.noPermission') };
    return { kind: 'error', message: t('error.httpCode', { code: status }) };
  }
  const m = String(err?.message ?? '');
  if (err?.code === 'ECONNABORTED' || err?.code === 'ETIMEDOUT' || /timeout/i.test(m)) {
    return { kind: 'error', message: t('error.timeout') };
  }
  if (m === 'Network Error' || err?.code === 'ERR_NETWORK') {
    return { kind: 'error', message: t('error.network') };
  }
  return { kind: 'error', message: m || t('error.network') };
}

/** The new token of a `refresh-token` response header, if any. */
export function refreshedToken(headers: unknown): string | undefined {
  if (!headers) return undefined;
  let v: unknown;
  const h = headers as { get?: (k: string) => unknown } & Record<string, unknown>;
  if (typeof h.get === 'function') v = h.get('refresh-token');
  if (v === undefined || v === null) {
    for (const k of Object.keys(h)) {
      if (k.toLowerCase() === 'refresh-token') {
        v = h[k];
        break;
      }
    }
  }
  if (Array.isArray(v)) v = v[0];
  if (typeof v !== 'string') return undefined;
  const s = v.trim().replace(/^Bearer\s+/i, '');
  return s || undefined;
}

export const TOAST_SECONDS = { error: 5, info: 5, warning: 5, success: 3 } as const;

/** The server's message of a refused call (envelope or HTTP error body). */
export function errorText(e: any): string {
  return (
    e?.body?.resultMsg ||
    e?.response?.data?.resultMsg ||
    e?.info?.resultMsg ||
    (e?.outcome && 'message' in e.outcome ? e.outcome.message : '') ||
    e?.message ||
    String(e)
  );
}
