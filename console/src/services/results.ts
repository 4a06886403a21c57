// Results calls of the charts and cross analysis pages (docs/api-results.md): per-question
// report, statistics shape, fill-blank answer pages, cross analysis. Raw data lives in
// ./resultsData.ts.
import { request } from '@umijs/max';
import { API, type Envelope } from './api';

export type NPSItem = { promoters: number; passives: number; detractors: number; docCount: number; nps: number };
export type ReportOption = { dwId: string; title: string; count: number; percent: number };
export type ReportNumber = { dwId: string; title: string; count: number; sum: number; avg: number; min: number; max: number };
export type ReportCell = { rowDwId: string; colDwId: string; count: number; percent: number; rowTitle?: string; colTitle?: string };
export type TextRow = { answerId: string; optionDwId?: string; text: string; endAnDate: string };
export type TextPage = { pageNo: number; pageSize: number; totalItems: number; totalPage: number; result: TextRow[] | null };
export type ReportQuestion = {
  quDwId: string;
  quType: string;
  quTitle: string;
  count: number;
  percent: number;
  options?: ReportOption[];
  numbers?: ReportNumber[];
  cells?: ReportCell[];
  nps?: NPSItem;
  texts?: TextPage;
};
export type Report = { surveyId: string; total: number; questions: ReportQuestion[] };

export type StatItem = {
  docCount: number;
  statsAvg: number;
  statsCount: number;
  statsMax: number;
  statsMin: number;
  statsSum: number;
  rowAnAggMap?: Record<string, StatItem>;
};
export type SurveyStats = {
  countRadio: Record<string, StatItem>;
  countCheckbox: Record<string, StatItem>;
  countQu: Record<string, StatItem>;
  optionStats: Record<string, StatItem>;
  count_matrix_radio: Record<string, StatItem>;
  count_matrix_checkbox: Record<string, StatItem>;
  nps: Record<string, NPSItem>;
  total: number;
};

/** Filters of the raw data and the cross analysis (state, submit time range). */
export type ResultFilters = { state?: 'all' | 'unreviewed' | 'reviewed' | 'screened'; bgDate?: string; endDate?: string };

export type CrossCell = { colDwId: string; count: number; rowPercent: number; colPercent: number };
export type CrossRow = { optionDwId: string; title: string; cells: CrossCell[]; total: number };
export type CrossCol = { optionDwId: string; title: string; total: number };
export type CrossTable = {
  rowQuDwId: string;
  rowTitle: string;
  rows: CrossRow[];
  cols: CrossCol[];
  total: number;
  chiSquare: number;
  df: number;
  pValue: number;
};
export type Cross = { colQuDwId: string; colTitle: string; tables: CrossTable[] };

const quiet = { skipErrorHandler: true };
const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params, ...quiet });
const post = <T>(path: string, data?: unknown) => request<T>(`${API}/${path}`, { method: 'POST', data, ...quiet });

export const report = (surveyId: string) => get<Envelope<Report>>('app/stats/report.do', { surveyId });
export const reportTexts = (surveyId: string, quDwId: string, pageNo: number, pageSize = 10) =>
  get<Envelope<TextPage>>('app/stats/report.do', { surveyId, quDwId, pageNo, pageSize });
export const surveyStats = (surveyId: string) => get<Envelope<SurveyStats>>('app/v6/dw-answer-data-survey/survey-stats.do', { surveyId });
export const cross = (body: { surveyId: string; rowQuDwIds: string[]; colQuDwId: string; filters?: ResultFilters }) =>
  post<Envelope<Cross>>('app/v6/dw-answer-data-survey/cross.do', body);
