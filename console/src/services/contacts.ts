// Contacts, binding, invitations and My tasks (docs/contacts.md).
import { request } from '@umijs/max';
import { API, type Envelope, type PageResult } from './api';

export type Group = { id: string; name: string; count: number; createTime: string };
export type Contact = {
  id: string;
  groupId: string;
  groupName: string;
  account: string;
  name: string;
  email: string;
  phone: string;
  jobTitle: string;
  hasPassword: boolean;
  verified: boolean;
  createTime: string;
};
export type ContactInput = Partial<Omit<Contact, 'groupName' | 'hasPassword' | 'createTime'>> & { password?: string };
export type RowError = { line: number; account: string; name: string; reasons: string[] };
export type ImportResult = { rows: number; good: number; bad: number; errors: RowError[]; saved: number; newGroups: string[]; confirmed: boolean };
export type BindRecord = {
  id: string;
  kind: 'contact' | 'user';
  contactId: string;
  userId: string;
  name: string;
  account: string;
  email: string;
  phone: string;
  groupName: string;
  state: 'completed' | 'unanswered';
  answerCount: number;
  link: string;
  lastSend: string;
  lastSendAt: string;
  createTime: string;
};
export type BindCounts = { total: number; completed: number; unanswered: number; contacts: number; users: number };
export type UserOption = { id: string; loginName: string; name: string; departments: string[] };
export type Dept = { id: string; name: string; parentId: string };
export type Distribution = {
  id: string;
  surveyId: string;
  channel: 'email' | 'sms';
  language: string;
  subject: string;
  state: 'running' | 'finished' | 'stopped';
  stopReason: string;
  round: number;
  reminders: number;
  remindEveryHours: number;
  createTime: string;
  finishTime: string;
  workflowId: string;
  people: number;
  answered: number;
  sent: number;
  pending: number;
  failed: number;
  bounced: number;
  skipped: number;
  unknown: number;
};
export type DistributionList = {
  items: Distribution[];
  channels: { email: boolean; sms: boolean };
  perMinute: number;
  languages: string[];
  /** the survey's own language (one of languages): the dialog's preset */
  language: string;
  maxReminders: number;
};
export type DistributionInput = {
  surveyId: string;
  channel: string;
  language: string;
  subject: string;
  message: string;
  reminders: number;
  remindEveryHours: number;
};
export type Task = { id: string; surveyId: string; sid: string; surveyName: string; createTime: string; createUserName: string; answerUrl: string };
export type AnsweredSurvey = {
  id: string;
  surveyId: string;
  sid: string;
  surveyName: string;
  ipAddr: string;
  city: string;
  province: string;
  endAnDate: string;
  createDate: string;
  saveStatus: number;
  collecting: boolean;
};

/** A row of my-answer/list.do (the spec's answer-list row). */
export type MyAnswer = {
  id: string;
  answerId: string;
  surveyId: string;
  sid: string;
  surveyName: string;
  saveStatus: number;
  sumScore: number;
  endAnDate: string;
  /** answering time in milliseconds */
  totalTime: number;
  ipAddr: string;
  city: string;
};

const quiet = { skipErrorHandler: true };
const get = <T>(path: string, params?: Record<string, unknown>, o?: object) =>
  request<T>(`${API}/${path}`, { method: 'GET', params, ...o });
const post = <T>(path: string, data?: unknown, o?: object) => request<T>(`${API}/${path}`, { method: 'POST', data, ...o });
const blob = (path: string, params: Record<string, unknown>) =>
  request<Blob>(`${API}/${path}`, { method: 'GET', params, responseType: 'blob', skipErrorHandler: true } as any);

export const groupList = () => get<Envelope<Group[]>>('app/contacts/group/list.do');
export const groupSave = (b: { id?: string; name: string }) => post<Envelope<Group>>('app/contacts/group/save.do', b, quiet);
export const groupDelete = (id: string) => post<Envelope>('app/contacts/group/delete.do', { id });
export const contactList = (params: Record<string, unknown>) => get<PageResult<Contact>>('app/contacts/list.do', params);
export const contactSave = (b: ContactInput) => post<Envelope<Contact>>('app/contacts/save.do', b, quiet);
export const contactDelete = (ids: string[]) => post<Envelope<{ count: number }>>('app/contacts/delete.do', { ids });
export const contactMove = (ids: string[], groupId: string) => post<Envelope<{ count: number }>>('app/contacts/move.do', { ids, groupId });
export const contactExport = (params: Record<string, unknown>) => blob('app/contacts/export.do', params);
export const contactTemplate = () => blob('app/contacts/import-template.do', {});
export const contactImport = (file: File, groupId: string, confirm: boolean) => {
  const fd = new FormData();
  fd.append('file', file);
  fd.append('groupId', groupId);
  fd.append('confirm', confirm ? '1' : '0');
  return request<Envelope<ImportResult>>(`${API}/app/contacts/import.do`, { method: 'POST', data: fd, timeout: 30000, ...quiet });
};

export const bindAdd = (b: { surveyId: string; groupIds?: string[]; contactIds?: string[]; userIds?: string[]; deptIds?: string[] }) =>
  post<Envelope<{ added: number; already: number }>>('app/survey/bind/add.do', b, quiet);
export const bindList = (params: Record<string, unknown>) => get<PageResult<BindRecord>>('app/survey/bind/list.do', params);
export const bindCounts = (surveyId: string) => get<Envelope<BindCounts>>('app/survey/bind/counts.do', { surveyId }, quiet);
export const bindDelete = (surveyId: string, ids: string[]) => post<Envelope<{ count: number }>>('app/survey/bind/delete.do', { surveyId, ids });
export const bindExport = (params: Record<string, unknown>) => blob('app/survey/bind/export.do', params);
export const bindUsers = (params: Record<string, unknown>) => get<PageResult<UserOption>>('app/survey/bind/users.do', params);
export const bindDepts = () => get<Envelope<Dept[]>>('app/survey/bind/depts.do', undefined, quiet);

export const invitationList = (surveyId: string) => get<Envelope<DistributionList>>('app/survey/invitation/list.do', { surveyId }, quiet);
export const invitationSend = (b: DistributionInput) => post<Envelope<Distribution>>('app/survey/invitation/send.do', b, quiet);
export const invitationStop = (surveyId: string, id: string) => post<Envelope>('app/survey/invitation/stop.do', { surveyId, id });
export const invitationRemind = (surveyId: string, id: string) => post<Envelope>('app/survey/invitation/remind.do', { surveyId, id });

export const taskList = (params: Record<string, unknown>) => get<PageResult<Task>>('app/task/task.do', params);
export const answeredList = (params: Record<string, unknown>) => get<PageResult<AnsweredSurvey>>('app/task/answer-surveys.do', params);
export const myAnswerList = (params: Record<string, unknown>) => get<PageResult<MyAnswer>>('app/my-answer/list.do', params);
