import { request } from '@umijs/max';
import { API, type Envelope, type PageResult } from './api';

export type SurveyRow = {
  id: string;
  sid: string;
  surveyName: string;
  surveyType: string;
  surveyState: number;
  answerNum: number;
  createDate: string;
  updateDate: string;
  deleteDate?: string;
  groupId?: string;
  groupName?: string;
  isCollaborator: boolean;
  rights: string;
  publishedVersion: number;
  userId: string;
};
export type SurveyInfo = SurveyRow & {
  industry?: string;
  scene?: string;
  revision: number;
  publishedAt?: string;
  surveyQuNum: number;
  answerUrl: string;
};
export type SurveyGroup = {
  id: string;
  groupName: string;
  groupDescription?: string;
  groupType?: number;
  status: number;
  surveyCount?: number;
  createDate?: string;
};
export type Issue = { path: string; code: string; message: string; severity?: string };
export type DesignJson = {
  surveyId: string;
  sid: string;
  surveyJsonText: string;
  revision: number;
  surveyState: number;
  publishedVersion: number;
  publishedAt?: string;
  updateDate?: string;
  rights: string;
  draftChanged: boolean;
  warnings?: Issue[];
};
export type PublishResult = { surveyId: string; sid: string; version: number; publishedAt: string; surveyState: number; warnings?: Issue[] };
export type ToolbarItem = { quType: string; childType?: string; nameKey: string; group: string; scoring: boolean };
export type Template = {
  id: string;
  scope: string;
  templateName: string;
  creatorId?: string;
  creator?: string;
  surveyType: string;
  usedCount: number;
  templateState: number;
  coverId?: string;
  coverUrl?: string;
  notes?: string;
  industry?: string;
  scene?: string;
  createDate?: string;
};
export type Bank = { id: string; bankName: string; bankNote?: string; quNum: number; createDate?: string; updateDate?: string };
export type BankQuestion = { id: string; bankId: string; quType: string; quTitle: string; question: any; createDate?: string };
export type ImportResult = {
  mode: string;
  ready: boolean;
  title?: string;
  quNum?: number;
  questions?: { line: number; quType: string; title: string; options?: string[]; required?: boolean; note?: string }[];
  errors?: { line: number; message: string }[];
  messages?: string[];
  survey?: SurveyInfo;
  bank?: Bank;
  added?: number;
};
export type Collaborator = { id: string; surveyId: string; userId: string; loginName: string; name?: string; rights: string; createDate?: string };

type Opts = { skipErrorHandler?: boolean };
const get = <T>(path: string, params?: Record<string, unknown>, o?: Opts) =>
  request<T>(`${API}/${path}`, { method: 'GET', params, ...o });
const post = <T>(path: string, data?: unknown, o?: Opts) => request<T>(`${API}/${path}`, { method: 'POST', data, ...o });

// my surveys
export const surveyList = (params: Record<string, unknown>) => get<PageResult<SurveyRow>>('app/survey/list.do', params);
export const collaborateList = (params: Record<string, unknown>) =>
  get<PageResult<SurveyRow>>('app/survey/collaborate-list.do', params);
export const surveyInfo = (id: string) => get<Envelope<SurveyInfo>>('app/survey/info.do', { id });
export const surveyAdd = (body: Record<string, unknown>) => post<Envelope<SurveyInfo>>('app/survey/add.do', body);
export const surveyCopy = (id: string, surveyName?: string) => post<Envelope<SurveyInfo>>('app/survey/copy.do', { id, surveyName });
export const surveyDelete = (id: string) => post<Envelope<{ deleted: number }>>('app/survey/delete.do', { id });
export const surveyStatus = (surveyId: string, surveyState: number) =>
  post<Envelope<SurveyInfo>>('app/survey/up-survey-status.do', { surveyId, surveyState });
export const surveyGroup = (surveyId: string, groupId: string) => post<Envelope>('app/survey/up-survey-group.do', { surveyId, groupId });
export const recycleList = (params: Record<string, unknown>) => get<PageResult<SurveyRow>>('app/survey/recycle-list.do', params);
export const recycleRestore = (id: string) => post<Envelope<{ restored: number }>>('app/survey/recycle-restore.do', { id });
export const recyclePurge = (id: string) => post<Envelope<{ purged: number }>>('app/survey/recycle-purge.do', { id });
export const groupList = () => get<Envelope<SurveyGroup[]>>('app/survey/survey-group-list.do');
export const groupAdd = (body: Record<string, unknown>) => post<Envelope<SurveyGroup>>('app/survey/survey-group-add.do', body);
export const groupEdit = (body: Record<string, unknown>) => post<Envelope<SurveyGroup>>('app/survey/survey-group-edit.do', body);
export const groupDelete = (id: string) => post<Envelope>('app/survey/survey-group-delete.do', { id });

// designer
const D = 'app/v6/dw-design-survey';
export const designJson = (surveyId: string) => get<Envelope<DesignJson>>(`${D}/survey-json-by-survey-id.do`, { surveyId });
export const designSave = (surveyId: string, surveyJsonText: string, baseRevision?: number) =>
  post<Envelope<DesignJson>>(`${D}/save-survey-json.do`, { surveyId, surveyJsonText, baseRevision }, { skipErrorHandler: true });
export const designPublish = (surveyId: string) => post<Envelope<PublishResult>>(`${D}/dev-survey.do`, { surveyId });
/** toolbar-qus.do answers the reference (DWSurvey v6) palette: tabs of named groups of question templates. */
export type ToolbarTab = { tabName: string; tabQus: { tabQuName: string; group: string; questions: ToolbarItem[] }[] };
/** The palette's question types in order (the templates carry quType, childType, nameKey, group, scoring). */
export const toolbarItemsOf = (tabs: ToolbarTab[]): ToolbarItem[] =>
  tabs.flatMap((tab) => tab.tabQus.flatMap((g) => g.questions.map(({ quType, childType, nameKey, group, scoring }) => ({ quType, childType, nameKey, group, scoring }))));
export const toolbarQus = (surveyId: string) =>
  get<Envelope<ToolbarTab[]>>(`${D}/toolbar-qus.do`, { surveyId }).then((r) => toolbarItemsOf(r.data ?? []));
/** bank-qus.do: [{tabQuName, bankId, questions}] (the reference shape); with bankId, that bank only. */
export const bankQus = (bankId: string) =>
  get<Envelope<{ tabQuName: string; bankId: string; questions: any[] }[]>>(`${D}/bank-qus.do`, { bankId });
export const survey2Template = (body: Record<string, unknown>) => post<Envelope<Template>>(`${D}/survey-2-template.do`, body);
export const exportUrl = (surveyId: string) => `${API}/${D}/export-survey.do?surveyId=${encodeURIComponent(surveyId)}`;
export const exportSurvey = (surveyId: string) =>
  request<Blob>(`${API}/${D}/export-survey.do`, { method: 'GET', params: { surveyId }, responseType: 'blob', skipErrorHandler: true } as any);

// uploads
export const upload = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return request<Envelope<{ filename: string; location: string; id: string; resourceToken?: string }[]>>(`${API}/up/up-file.do`, {
    method: 'POST',
    data: fd,
  });
};

// templates
export const templateList = (params: Record<string, unknown>) => get<PageResult<Template>>('app/survey-template/list.do', params);
export const templateCreateSurvey = (templateId: string, surveyName?: string) =>
  post<Envelope<SurveyInfo>>('app/survey-template/create-survey.do', { templateId, surveyName });
export const templateDelete = (id: string) => post<Envelope>('app/survey-template/delete.do', { id });
export const templateAdd = (body: Record<string, unknown>) => post<Envelope<Template>>('app/survey-template/add.do', body);
export const templateEdit = (body: Record<string, unknown>) => post<Envelope<Template>>('app/survey-template/edit.do', body);
export const templateFacets = () => get<Envelope<{ industries: string[]; scenes: string[] }>>('app/survey-template/facets.do');
/** The cover of a template as an object URL (the cover call needs the token header, so <img> cannot load it directly). */
export const templateCoverUrl = async (id: string): Promise<string> => {
  const b = await request<Blob>(`${API}/app/survey-template/cover.do`, { method: 'GET', params: { id }, responseType: 'blob', skipErrorHandler: true } as any);
  return URL.createObjectURL(b as unknown as Blob);
};

// question bank
export const bankList = (params: Record<string, unknown>) => get<PageResult<Bank>>('app/v6/qu-bank/list.do', params);
export const bankAdd = (body: Record<string, unknown>) => post<Envelope<Bank>>('app/v6/qu-bank/add.do', body);
export const bankEdit = (body: Record<string, unknown>) => post<Envelope<Bank>>('app/v6/qu-bank/edit.do', body);
export const bankDelete = (id: string) => post<Envelope>('app/v6/qu-bank/delete.do', { id });
export const bankQuestions = (bankId: string) => get<Envelope<BankQuestion[]>>('app/v6/qu-bank/question-list.do', { bankId });
export const bankSaveQuestion = (body: Record<string, unknown>) => post<Envelope<BankQuestion>>('app/v6/qu-bank/save-question.do', body);
export const bankDeleteQuestion = (id: string) => post<Envelope>('app/v6/qu-bank/delete-question.do', { id });

// imports (errors are data: handled by the page)
export const importFile = (kind: string, file: File, fields: Record<string, string>) => {
  const fd = new FormData();
  fd.append('file', file);
  Object.entries(fields).forEach(([k, v]) => v !== undefined && v !== '' && fd.append(k, v));
  const path = kind === 'bank' ? 'bank-import' : `${kind}-import`;
  return request<Envelope<ImportResult>>(`${API}/app/v6/dw-design-survey-import/${path}`, {
    method: 'POST',
    data: fd,
    skipErrorHandler: true,
    timeout: 60000,
  });
};

// collaboration
export const collabList = (surveyId: string) => get<Envelope<Collaborator[]>>('app/survey/collaborator/list.do', { surveyId });
export const collabAdd = (body: { surveyId: string; loginName: string; rights: string }) =>
  post<Envelope<Collaborator>>('app/survey/collaborator/add.do', body);
export const collabEdit = (id: string, rights: string) => post<Envelope>('app/survey/collaborator/edit.do', { id, rights });
export const collabDelete = (id: string) => post<Envelope>('app/survey/collaborator/delete.do', { id });

/** The resultMsg of a refused call (BizError carries the body). */
export function errMsg(e: any): string {
  return e?.body?.resultMsg || e?.outcome?.message || e?.message || String(e);
}
