// Calls of the admin back office (issue 15): every survey, survey groups, the answer log,
// cascade data sources, notices (admin and every user), posters and style templates,
// dashboards.
import { request } from '@umijs/max';
import { API, type Envelope, type PageResult } from './api';

const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params });
const post = <T>(path: string, data?: unknown) => request<T>(`${API}/${path}`, { method: 'POST', data });

// surveys, groups, answer log
export type AdminSurvey = {
  id: string;
  sid: string;
  surveyName: string;
  surveyType: string;
  surveyState: number;
  answerNum: number;
  groupId: string;
  groupName: string;
  userId: string;
  userName: string;
  ownerName: string;
  createDate: string;
  updateDate: string;
  deleteDate?: string;
};
export const adminSurveys = (params: Record<string, unknown>) => get<PageResult<AdminSurvey>>('admin/survey/list.do', params);
export const adminSurveyDelete = (ids: string[]) => post<Envelope<{ deleted: number }>>('admin/survey/delete.do', { ids });
export const adminSurveyRestore = (ids: string[]) => post<Envelope<{ restored: number }>>('admin/survey/restore.do', { ids });
export const adminSurveyTransfer = (ids: string[], userId: string) => post<Envelope>('admin/survey/transfer.do', { ids, userId });
export type PickUser = { id: string; loginName: string; name: string };
export const adminSurveyUsers = (keyword: string) => get<Envelope<PickUser[]>>('admin/survey/users.do', { keyword });

export type AdminGroup = {
  id: string;
  groupName: string;
  groupDescription: string;
  status: number;
  surveyCount: number;
  createDate: string;
  userId: string;
  userName: string;
  ownerName: string;
};
export const adminGroups = (params: Record<string, unknown>) => get<PageResult<AdminGroup>>('admin/survey-group/list.do', params);
export const adminGroupAdd = (body: Record<string, unknown>) => post<Envelope<AdminGroup>>('admin/survey-group/add.do', body);
export const adminGroupEdit = (body: Record<string, unknown>) => post<Envelope>('admin/survey-group/edit.do', body);
export const adminGroupDelete = (ids: string[]) => post<Envelope>('admin/survey-group/delete.do', { ids });

export type AnswerLogRow = {
  id: string;
  surveyId: string;
  sid: string;
  surveyName: string;
  event: string;
  ip: string;
  province: string;
  city: string;
  createTime: string;
  updateTime: string;
  count: number;
};
export const adminAnswerLog = (params: Record<string, unknown>) => get<PageResult<AnswerLogRow>>('admin/answer-log/list.do', params);

// cascade data sources
export type CascadeSource = {
  id: string;
  cascadeName: string;
  scope: string;
  countLevel: number;
  nodeCount: number;
  dataState: number;
  userId: string;
  userName?: string;
  surveyId?: string;
  copyCascadeId?: string;
  languageCode: string;
  builtin?: string;
  revision: number;
  createDate: string;
  updateDate: string;
  editable: boolean;
  languages?: CascadeSource[];
};
export type CascadeNode = { label: string; value?: string; itemId?: string; originalLabel?: string; children?: CascadeNode[]; leaf?: boolean };
export type CascadeDetail = CascadeSource & { jsonData: CascadeNode[] };
export type ImportItem = { source: string; kind: string; ok: boolean; errors?: string[]; countLevel?: number; nodeCount?: number; sample?: CascadeNode[]; id?: string; [k: string]: unknown };
export type ImportResult = { items: ImportItem[]; saved: boolean };
const C = 'admin/cascade';
export const cascadeList = (params: Record<string, unknown>) => get<PageResult<CascadeSource>>(`${C}/list.do`, params);
export const cascadeInfo = (id: string) => get<Envelope<CascadeDetail>>(`${C}/info.do`, { id });
export const cascadeSave = (body: Record<string, unknown>) => post<Envelope<CascadeSource>>(`${C}/save.do`, body);
export const cascadeState = (id: string, dataState: number) => post<Envelope>(`${C}/up-state.do`, { id, dataState });
export const cascadeDelete = (ids: string[]) => post<Envelope>(`${C}/delete.do`, { ids });
/** Files (Excel or JSON) and JSON URLs, at most 3 together; preview parses only. */
export const cascadeImport = (files: File[], urls: string[], preview: boolean, scope = 'system') => {
  const fd = new FormData();
  files.forEach((f) => fd.append('file', f));
  urls.forEach((u) => fd.append('jsonUrl', u));
  fd.append('preview', preview ? '1' : '0');
  fd.append('scope', scope);
  return request<Envelope<ImportResult>>(`${API}/${C}/import.do`, { method: 'POST', data: fd, timeout: 30000 });
};
export const cascadeTemplateUrl = `${API}/none/v6/dw-cascade-json/import-template.do`;

// notices
export type Notice = {
  id: string;
  title: string;
  content?: string;
  audience: 'all' | 'dept';
  deptId?: string;
  deptName?: string;
  state: number;
  publishTime?: string;
  createDate: string;
  updateDate: string;
  read: boolean;
  readCount: number;
};
export const noticeAdminList = (params: Record<string, unknown>) => get<PageResult<Notice>>('admin/notice/list.do', params);
export const noticeAdminInfo = (id: string) => get<Envelope<Notice>>('admin/notice/info.do', { id });
export const noticeSave = (body: Record<string, unknown>) => post<Envelope<Notice>>('admin/notice/save.do', body);
export const noticeDelete = (ids: string[]) => post<Envelope>('admin/notice/delete.do', { ids });
export const noticeMine = (params: Record<string, unknown>) => get<PageResult<Notice>>('app/notice/list.do', params);
export const noticeUnread = () => get<Envelope<{ count: number; latest: Notice[] }>>('app/notice/unread.do');
export const noticeRead = (id: string) => get<Envelope<Notice>>('app/notice/info.do', { id });
export const noticeMarkRead = (body: { ids?: string[]; all?: boolean }) => post<Envelope>('app/notice/read.do', body);

// posters and style templates
export type PosterLayout = { bgColor: string; textColor: string; subtitle: string; footer: string; coverId: string };
export type PosterTemplate = { id: string; name: string; layout: PosterLayout; status: number; isDefault: boolean; createDate: string; updateDate: string };
export const posterList = (params: Record<string, unknown>, admin = true) => get<PageResult<PosterTemplate>>(`${admin ? 'admin' : 'app'}/poster/list.do`, params);
export const posterSave = (body: Record<string, unknown>) => post<Envelope<PosterTemplate>>('admin/poster/save.do', body);
export const posterDelete = (ids: string[]) => post<Envelope>('admin/poster/delete.do', { ids });
export const posterPreview = (body: { id?: string; layout?: Partial<PosterLayout> }) =>
  request<Blob>(`${API}/admin/poster/preview.do`, { method: 'POST', data: body, responseType: 'blob', skipErrorHandler: true } as any);
export const posterSurvey = (surveyId: string, templateId?: string) =>
  request<Blob>(`${API}/app/poster/survey.png`, { method: 'GET', params: { surveyId, templateId }, responseType: 'blob', skipErrorHandler: true } as any);
export type StyleTemplate = { id: string; name: string; style: Record<string, any>; status: number; note: string; createDate: string; updateDate: string };
export const styleList = (params: Record<string, unknown>, admin = true) => get<PageResult<StyleTemplate>>(`${admin ? 'admin' : 'app'}/style-template/list.do`, params);
export const styleSave = (body: Record<string, unknown>) => post<Envelope<StyleTemplate>>('admin/style-template/save.do', body);
export const styleDelete = (ids: string[]) => post<Envelope>('admin/style-template/delete.do', { ids });

// dashboards
export type DayCount = { day: string; count: number };
export type NameCount = { name: string; count: number };
export type TopSurvey = { id: string; sid: string; surveyName: string; ownerName: string; surveyState: number; answerNum: number };
export type DashAnalysis = {
  users: number;
  surveys: number;
  collecting: number;
  answers: number;
  answersToday: number;
  days: number;
  answersByDay: DayCount[];
  answersByWeek: DayCount[];
  usersByDay: DayCount[];
  surveysByDay: DayCount[];
  topSurveys: TopSurvey[];
  sources: NameCount[];
  timeZone: string;
};
export type DashMonitor = { provinces: NameCount[]; total: number; since: string; partial: boolean; answersToday: number; updatedAt: string };
export type DashOverview = {
  surveys: number;
  collecting: number;
  answers: number;
  answersToday: number;
  answersByDay: DayCount[];
  topSurveys: TopSurvey[];
  sources: NameCount[];
  days: number;
  timeZone: string;
};
export const dashAnalysis = (days: number) => get<Envelope<DashAnalysis>>('admin/dashboard/analysis.do', { days });
export const dashMonitor = () => get<Envelope<DashMonitor>>('admin/dashboard/monitor.do');
export const dashOverview = (days: number) => get<Envelope<DashOverview>>('app/dashboard/overview.do', { days });
