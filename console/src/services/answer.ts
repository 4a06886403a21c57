// Answer-side calls (spec second document, section 7; /work/shared/API.md "Answer side";
// docs/api-answer.md). Plain fetch keeps the answer page's bundle small and lets the page
// decide how to show every failure (message panel, retry button) itself.
import { getItem, getToken, setItem, setToken } from '../utils/storage';

export const API = '/api/dwsurvey';

export type Envelope<T = unknown> = { resultCode: number; resultMsg?: string; data: T };

export type AnswerCheckResult = {
  anCheckIsPass?: boolean;
  anCheckResultCode?: number;
  anCheckResultMsg?: string;
  showCaptcha?: boolean;
  showAnswerPwd?: boolean;
  sessionCode?: string;
  redirectUrl?: string;
  dbAnswerId?: string;
  indexResponseId?: string;
  sumScore?: number;
};

export type SurveyJsonData = {
  answerCheckResult?: AnswerCheckResult;
  surveyJson?: { surveyId?: string; sid?: string; version?: number; surveyJsonText?: string } | null;
  [k: string]: unknown;
};

/** Transport failure: kind network | timeout | http. */
export class TransportError extends Error {
  kind: 'network' | 'timeout' | 'http';
  status?: number;
  constructor(kind: 'network' | 'timeout' | 'http', status?: number) {
    super(kind);
    this.kind = kind;
    this.status = status;
  }
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (json) h['Content-Type'] = 'application/json';
  const tok = getToken();
  if (tok) h.Authorization = tok;
  const sc = getItem('sessionCode');
  if (sc) h.SessionCode = sc;
  return h;
}

function qs(params?: Record<string, unknown>): string {
  if (!params) return '';
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    u.set(k, String(v));
  }
  const s = u.toString();
  return s ? `?${s}` : '';
}

export async function call<T>(method: string, path: string, opts: { params?: Record<string, unknown>; body?: unknown; form?: FormData; timeout?: number } = {}): Promise<Envelope<T>> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), opts.timeout ?? 10000);
  let resp: Response;
  try {
    resp = await fetch(`${API}/${path}${qs(opts.params)}`, {
      method,
      headers: headers(!opts.form && opts.body !== undefined),
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
      signal: ctl.signal,
      credentials: 'same-origin',
    });
  } catch (e: any) {
    throw new TransportError(e?.name === 'AbortError' ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
  const fresh = resp.headers.get('refresh-token');
  if (fresh) setToken(fresh);
  let body: any;
  try {
    body = await resp.json();
  } catch {
    throw new TransportError('http', resp.status);
  }
  if (!resp.ok && (typeof body !== 'object' || body === null || !('resultCode' in body))) throw new TransportError('http', resp.status);
  return body as Envelope<T>;
}

export const surveyJson = (p: { sid?: string; surveyId?: string; anPwd?: string; answerId?: string; relateContactEsId?: string; wxCode?: string; wxState?: string }) =>
  call<SurveyJsonData>('GET', 'none/v6/dw-answer-survey/survey-json-by-survey-id.do', { params: p });

export const checkAnswerPwd = (sid: string, anPwd: string) =>
  call<unknown>('GET', 'none/v6/dw-answer-survey/check-answer-pwd', { params: { sid, anPwd } });

export type SaveBody = {
  surveyId?: string;
  sid?: string;
  jsonVersion: 6;
  answerJson: string;
  anRandomCode?: string;
  inputVerifyJson?: string;
  isTest?: number;
  sessionCode?: string;
  anPwd?: string;
  saveStatus?: number;
  /** the respondent's content language ('' = the original): the survey's words in messages follow it */
  lang?: string;
};
export const saveAnswer = (body: SaveBody) =>
  call<AnswerCheckResult>('POST', 'none/v6/dw-answer-survey/save-survey-answer.do', { body, timeout: 20000 });

/** Saves a draft (saveStatus 1) while the page is being left: the request outlives the page. */
export function saveDraftKeepalive(body: SaveBody) {
  try {
    void fetch(`${API}/none/v6/dw-answer-survey/save-survey-answer.do`, {
      method: 'POST', headers: headers(true), body: JSON.stringify({ ...body, saveStatus: 1 }), keepalive: true, credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    /* best effort */
  }
}

/** The survey document of one answer for its review page (no respondent gates; docs/api-answer.md). */
export const reviewSurveyJson = (answerId: string, resumeToken?: string | null) =>
  call<SurveyJsonData>('GET', 'none/v6/dw-answer-survey/review-survey-json.do', { params: { answerId, resumeToken: resumeToken || undefined } });

/** The server draft of a survey kept on this device: its answer id (its resume token is kept by id). */
export const serverDraftKey = (surveyId: string) => `dwServerDraft_${surveyId}`;
export function getServerDraft(surveyId: string): string | null {
  try {
    return window.localStorage.getItem(serverDraftKey(surveyId));
  } catch {
    return null;
  }
}
export function setServerDraft(surveyId: string, answerId?: string) {
  try {
    if (answerId) window.localStorage.setItem(serverDraftKey(surveyId), answerId);
    else window.localStorage.removeItem(serverDraftKey(surveyId));
  } catch {
    /* silent */
  }
}

export const getSurveyAnswer = (answerId: string, resumeToken?: string | null) =>
  call<any>('GET', 'none/v6/dw-answer-survey/get-survey-answer.do', { params: { answerId, resumeToken: resumeToken || undefined } });

/** Verification code of a submitted answer (surveyAttrs.verifyCodeAttr; docs/api-answer.md). */
export type VerifyCodeInfo = { answerId: string; code: string; imgType: 'barcode' | 'qr'; source: 'component' | 'server'; expireDate: string; expired: boolean };
export const verifyCode = (answerId: string, resumeToken?: string | null) =>
  call<VerifyCodeInfo>('GET', 'none/v6/dw-answer-survey/verify-code.do', { params: { answerId, resumeToken: resumeToken || undefined } });
/** PNG QR of the same code (same access rule; the token travels in the query because an img cannot send headers). */
export const verifyCodeQrUrl = (answerId: string, resumeToken?: string | null) =>
  `${API}/none/v6/dw-answer-survey/verify-code-qr.do${qs({ answerId, resumeToken: resumeToken || undefined })}`;

/** resumeToken of a saved answer, kept next to its id (docs/api-answer.md). */
export const resumeKey = (answerId: string) => `dwResumeToken_${answerId}`;
export function getResumeToken(answerId: string): string | null {
  try {
    return window.localStorage.getItem(resumeKey(answerId));
  } catch {
    return null;
  }
}
export function setResumeToken(answerId: string, token?: string) {
  try {
    if (token) window.localStorage.setItem(resumeKey(answerId), token);
  } catch {
    /* silent */
  }
}

export const cascadeJson = (id: string, languageCode?: string) =>
  call<any>('GET', 'none/v6/dw-answer-survey/cascade-json-info.do', { params: { id, languageCode } });

export const inputVerify = (body: { inputDwId: string; surveyId: string; inputValue: string; anCount: number }) =>
  call<unknown[]>('POST', 'anon/web/dw-an-input-verify', { body });

export const languageList = (surveyId: string) =>
  call<{ data?: { id?: string; languageCode: string; languageName?: string }[] }>('POST', 'none/v6/dw-answer-select-language/list', { body: { surveyId } });

export const languageScript = (surveyId: string, languageCode: string) =>
  call<{ data?: string }>('POST', 'none/v6/dw-answer-select-language/getLanguageScript', { body: { surveyId, languageCode } });

export const footerInfo = () => call<{ siteName?: string; icp?: string; siteUrl?: string; siteMail?: string; sitePhone?: string; [k: string]: unknown }>('GET', 'anon/web/footer-info.do');

export type StatItem = { docCount?: number };
export const surveyStats = (surveyId: string) =>
  call<{ countRadio?: Record<string, StatItem>; countCheckbox?: Record<string, StatItem>; countQu?: Record<string, StatItem>; total?: number }>(
    'GET', 'none/v6/dw-answer-survey/survey-stats.do', { params: { surveyId } });

export type TopRow = { rank: number; answerId: string; userName?: string; sumScore: number; totalTime?: number; endAnDate?: string };
export const scoreTop = (surveyId: string, topNum = 10) => call<TopRow[]>('GET', 'none/v6/dw-answer-exam/top-sum-score.do', { params: { surveyId, topNum } });
export const scoreTopUser = (surveyId: string, answerId: string, resumeToken?: string | null) =>
  call<{ rank: number; total: number; sumScore: number; totalTime?: number }>('GET', 'none/v6/dw-answer-exam/top-sum-score-user.do', { params: { surveyId, answerId, resumeToken: resumeToken || undefined } });

export const answerLog = (surveyId: string, logId?: string) =>
  call<{ id?: string }>('POST', 'none/v6/dw-answer-survey/answer-survey-log.do', { body: { surveyId, logId } }).catch(() => undefined);

export const webhook = (esId: string, dbAnswerId: string) =>
  call<unknown>('GET', 'none/v6/dw-answer-webhook/send-webhook', { params: { esId, dbAnswerId } }).catch(() => undefined);

export type UpFile = { filename?: string; fileName?: string; location?: string; filePath?: string; id?: string; [k: string]: unknown };
export const uploadFile = (file: Blob, surveyId: string, name?: string) => {
  const fd = new FormData();
  if (name) fd.append('file', file, name);
  else fd.append('file', file);
  fd.append('surveyId', surveyId);
  return call<UpFile[]>('POST', 'up/up-file-wb.do', { form: fd, timeout: 60000 });
};

export const captchaUrl = (sessionCode: string) => `${API}/anon/jcap/jcaptcha.do?sessionCode=${encodeURIComponent(sessionCode)}&t=${Date.now()}`;

/** Appends the stored resource token to an uploaded file url. */
export function withResourceToken(url: string): string {
  const rt = getItem('resourceToken');
  if (!rt || !url) return url;
  return url + (url.includes('?') ? '&' : '?') + 'resourceToken=' + encodeURIComponent(rt);
}

export function storeSessionCode(code?: string) {
  if (code) setItem('sessionCode', code);
}
