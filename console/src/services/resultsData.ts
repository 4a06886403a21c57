// Results calls of the raw-data, review, overview, region, source and visit-log pages
// (docs/api-results.md). Every call passes skipErrorHandler: the pages show failures in their
// own error states (a 401 still goes to the login page).
import { request } from '@umijs/max';
import { loadSurvey, type Survey } from '../survey';
import { prepareSurvey } from '../survey/optional';
import { reviewSurveyJson } from './answer';
import { API, type Envelope } from './api';

/** API.md Page shape; `limited` when only the first 10,000 rows are reachable. */
export type Page<T> = {
  pageNo: number;
  pageSize: number;
  totalItems: number;
  totalPage: number;
  result: T[] | null;
  limited?: boolean;
  limitMsg?: string;
};

/** One raw-data row (list.do). */
export type DataRow = {
  answerId: string;
  answerDwId: string;
  ip: string;
  province: string;
  city: string;
  bgAnDate: string;
  endAnDate: string;
  totalTime: number;
  anQuNum: number;
  sumScore: number;
  isEff: number;
  handleState: number;
  dwSourceCode: string;
  device: string;
};

export type ValueFilter = { quDwId: string; optionDwId: string; colDwId?: string };
export type DataState = 'all' | 'unreviewed' | 'reviewed' | 'screened';
export type DataFilter = {
  state?: DataState;
  bgDate?: string;
  endDate?: string;
  ip?: string;
  city?: string;
  values?: ValueFilter[];
};

/** app/answer/info.do (the get-survey-answer.do view, with the IP). */
export type AnswerInfo = {
  answerId: string;
  surveyId: string;
  sid: string;
  surveyVersion: number;
  saveStatus: number;
  isTest: number;
  sumScore: number;
  bgAnDate: string;
  endAnDate: string;
  totalTime: number;
  anQuNum: number;
  isEff: number;
  handleState: number;
  ip?: string;
  province?: string;
  city?: string;
  dwSourceCode?: string;
  answerJson: any;
};

export type NameCount = { name: string; count: number; percent: number };
export type Overview = {
  submitted: number;
  drafts: number;
  completionRate: number;
  avgDurationMs: number;
  days: { day: string; count: number }[] | null;
  sources: NameCount[] | null;
  devices: NameCount[] | null;
  timeZone: string;
};
export type LogRow = { id: string; event: string; ip: string; province: string; city: string; time: string; updateTime: string; count: number };

/** report.do (used for the question and option pickers of the answer-value filter). */
export type ReportQuestion = {
  quDwId: string;
  quType: string;
  quTitle: string;
  count: number;
  options?: { dwId: string; title: string; count: number }[];
  cells?: { rowDwId: string; colDwId: string; rowTitle: string; colTitle: string; count: number }[];
};
export type Report = { surveyId: string; total: number; questions: ReportQuestion[] | null };

export type EditError = { quDwId?: string; itemDwId?: string; key?: string; text?: string; params?: Record<string, unknown> };

const quiet = { skipErrorHandler: true };
const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params, ...quiet });
const post = <T>(path: string, data?: unknown, params?: Record<string, unknown>) =>
  request<T>(`${API}/${path}`, { method: 'POST', data, params, ...quiet });

const D = 'app/v6/dw-answer-data-survey';

export const dataList = (surveyId: string, pageNo: number, pageSize: number, filters: DataFilter) =>
  post<Envelope<Page<DataRow>>>(`${D}/list.do`, { surveyId, pageNo, pageSize, filters });
export const answerInfo = (answerId: string) => get<Envelope<AnswerInfo>>('app/answer/info.do', { answerId });
export const answerEdit = (answerId: string, anQuestions: unknown[]) =>
  post<Envelope<{ answerId: string; sumScore: number; anQuNum: number }>>('app/answer/edit.do', { answerId, answerJson: { anQuestions } });
export const deleteAnswers = (surveyId: string, ids: string[]) => post<Envelope<{ deleted: number }>>(`${D}/delete-answer.do`, { surveyId, ids });
/** Review: verifyValue 1 pass, 2 fail (screens the answer out); data = the next unreviewed row or null. */
export const answerVerified = (answerId: string, verifyValue: 1 | 2, verifyNote: string) =>
  post<Envelope<DataRow | null>>(`${D}/answer-verified.do`, { answerId, verifyValue, verifyNote }, { answerId, verifyValue, verifyNote });
export const surveyReport = (surveyId: string) => get<Envelope<Report>>('app/stats/report.do', { surveyId });
export const overview = (surveyId: string) => get<Envelope<Overview>>('app/v6/analysis/analysis.do', { surveyId });
export const provinces = (surveyId: string, pageNo = 1, pageSize = 100) =>
  get<Envelope<Page<NameCount>>>('app/v6/analysis/province-answer-page.do', { surveyId, pageNo, pageSize });
export const sourceStats = (surveyId: string) => get<Envelope<NameCount[] | null>>('app/v6/analysis/source-stats.do', { surveyId });
export const visitLog = (surveyId: string, pageNo: number, pageSize: number) =>
  get<Envelope<Page<LogRow>>>('app/v6/dw-answer-log/list.do', { surveyId, pageNo, pageSize });

/** The envelope body of a refused call (BizError body or HTTP error body). */
export function refusedBody(e: any): any {
  return e?.body ?? e?.response?.data ?? null;
}

/**
 * The survey document an answer was given on (its published version, secrets stripped), under
 * the answer-read rule (owner or data collaborator) and without respondent gates.
 */
export async function answerDoc(answerId: string): Promise<Survey> {
  let reason = '';
  try {
    const r = await reviewSurveyJson(answerId);
    const text = r.data?.surveyJson?.surveyJsonText;
    if (text) {
      await prepareSurvey(text); // functions and regex patterns when the logic uses them
      return loadSurvey(JSON.parse(text));
    }
    reason = r.resultMsg || '';
  } catch (e: any) {
    reason = refusedBody(e)?.resultMsg || e?.message || '';
  }
  throw new Error(reason || 'survey document unavailable');
}
