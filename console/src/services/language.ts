// Survey content languages of the designer (services/language on the server, docs/api-answer.md).
import { request } from '@umijs/max';
import { API, type Envelope } from './api';

export type LangCode = { Code: string; Name: string };
export type AuthorLanguage = { id: string; languageCode: string; languageName: string; updateDate: string; draft: boolean; hasDraft: boolean };
export type EditorRow = { code: string; type: string; original: string; translated: string; outdated: boolean };
export type Editor = AuthorLanguage & { rows: EditorRow[]; outdated: number; missing: number };
export type Job = {
  id: string;
  languageCode: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  chunks: number;
  doneChunks: number;
  failedChunks: number;
  percent: number;
  untranslated: { lanCode: string; lanType: string; reason: string }[];
  message: string;
};
export type FileRow = { line: number; code: string; type: string; before?: string; after?: string };
export type ImportResult = { rows: number; changed: FileRow[]; unchanged: number; unknown: FileRow[]; applied: boolean };

const L = 'app/v6/language';
// spec: language edits 30 s, AI translation 120 s
const EDIT = 30000;

export const langCodes = () => request<Envelope<LangCode[]>>(`${API}/${L}/codes`, { method: 'GET' });
export const langList = (surveyId: string) => request<Envelope<AuthorLanguage[]>>(`${API}/${L}/list`, { method: 'GET', params: { surveyId } });
export const langEdit = (surveyId: string, languageCode: string) =>
  request<Envelope<Editor>>(`${API}/${L}/edit`, { method: 'GET', params: { surveyId, languageCode } });
export const langAdd = (body: { surveyId: string; languageCode: string; languageName: string; languageJsonScript: string; draft?: boolean }) =>
  request<Envelope>(`${API}/${L}/add`, { method: 'POST', data: body, timeout: EDIT });
export const langDelete = (surveyId: string, languageCode: string) =>
  request<Envelope>(`${API}/${L}/delete`, { method: 'POST', data: { surveyId, languageCode }, timeout: EDIT });
export const langPublish = (surveyId: string, languageCode: string) =>
  request<Envelope>(`${API}/${L}/publish`, { method: 'POST', data: { surveyId, languageCode }, timeout: EDIT });
export const aiAdd = (surveyId: string, languageCode: string, languageName: string) =>
  request<Envelope<Job>>(`${API}/${L}/aiAdd`, { method: 'POST', data: { surveyId, languageCode, languageName, languageJsonScript: '[]' }, timeout: 120000 });
export const aiStatus = (surveyId: string, languageCode: string) =>
  request(`${API}/${L}/ai-status`, { method: 'GET', params: { surveyId, languageCode }, skipErrorHandler: true } as any) as unknown as Promise<Envelope<Job>>;
export const aiCancel = (id: string) => request<Envelope<Job>>(`${API}/${L}/ai-cancel`, { method: 'POST', data: { id } });
export const exportFile = (surveyId: string, languageCode: string) =>
  request(`${API}/${L}/export.do`, { method: 'GET', params: { surveyId, languageCode }, responseType: 'blob', skipErrorHandler: true } as any) as unknown as Promise<Blob>;
export const importFile = (surveyId: string, languageCode: string, file: File, apply: boolean, ignoreUnknown: boolean) => {
  const fd = new FormData();
  fd.append('file', file);
  fd.append('surveyId', surveyId);
  fd.append('languageCode', languageCode);
  fd.append('apply', String(apply));
  fd.append('ignoreUnknown', String(ignoreUnknown));
  return request<Envelope<ImportResult>>(`${API}/${L}/import.do`, { method: 'POST', data: fd, timeout: EDIT });
};
