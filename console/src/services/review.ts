// Review chains, the reviewer's queue and hand grading (docs/api-review.md). Every call
// passes skipErrorHandler: the pages show failures in their own states (a 401 still goes to
// the login page).
import { request } from '@umijs/max';
import { API, type Envelope } from './api';
import type { Page } from './resultsData';

export type AssigneeKind = 'user' | 'dept' | 'role';
export type Assignee = { kind: AssigneeKind; id: string; name?: string };

export type ReviewSettings = {
  surveyId: string;
  enabled: boolean;
  levels: number;
  adminStep: boolean;
  reviewers: Assignee[][];
  admins: Assignee[];
  graders: Assignee[];
  remindMinutes: number;
  escalateMinutes: number;
  revision?: number;
  updatedAt?: string;
};

export type Directory = {
  users: { id: string; loginName: string; name: string }[];
  depts: { id: string; name: string }[];
  roles: { id: string; name: string }[];
};

export type QueueRow = {
  answerId: string;
  surveyId: string;
  sid: string;
  surveyTitle: string;
  step: number;
  enteredAt: string;
  dueAt?: string;
  escalatedFrom?: number;
  reminders?: number;
  endAnDate: string;
  sumScore: number;
  anQuNum: number;
};

export type SurveyCount = { surveyId: string; sid: string; surveyTitle: string; waiting: number; oldest: string };

export type TimelineItem = {
  kind: 'entered' | 'decided' | 'reminded' | 'escalated' | 'ended';
  step: number;
  at: string;
  userId?: string;
  userName?: string;
  verifyValue?: number;
  verifyNote?: string;
};

export type Timeline = {
  answerId: string;
  inChain: boolean;
  levels: number;
  adminStep: boolean;
  step: number;
  state: '' | 'waiting' | 'passed' | 'failed' | 'ended';
  dueAt?: string;
  escalatedFrom?: number;
  reminders?: number;
  canDecide: boolean;
  items: TimelineItem[];
  esAnVerify: Record<string, string>;
};

export type AnswerView = {
  answerId: string;
  surveyId: string;
  sid: string;
  sumScore: number;
  scorePending: boolean;
  bgAnDate: string;
  endAnDate: string;
  totalTime: number;
  anQuNum: number;
  isEff: number;
  handleState: number;
  answerJson: any;
};

export type ReviewView = {
  answer: AnswerView;
  survey: { surveyJson?: { surveyJsonText?: string } };
  timeline: Timeline;
};

export type GradeItem = { quDwId: string; max: number; score: number | null };
export type GradeHistory = {
  userId: string;
  userName: string;
  oldSum: number;
  newSum: number;
  oldScores: { quDwId: string; score: number }[];
  newScores: { quDwId: string; score: number }[];
  createdAt: string;
};
export type GradingView = {
  answer: AnswerView;
  survey: { surveyJson?: { surveyJsonText?: string } };
  items: GradeItem[];
  autoScore: number;
  sumScore: number;
  scorePending: boolean;
  canRegrade: boolean;
  waiting: number;
  history: GradeHistory[];
};
export type GradingSurvey = { surveyId: string; sid: string; surveyTitle: string; waiting: number };
export type ScoreStats = { count: number; avg: number; min: number; max: number; pending: number; buckets: number[] };

const quiet = { skipErrorHandler: true };
const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params, ...quiet });
const post = <T>(path: string, data?: unknown, params?: Record<string, unknown>) =>
  request<T>(`${API}/${path}`, { method: 'POST', data, params, ...quiet });

const R = 'app/v6/review';
const G = 'app/v6/grading';

export const reviewSettings = (surveyId: string) => get<Envelope<ReviewSettings>>(`${R}/settings.do`, { surveyId });
export const saveReviewSettings = (s: ReviewSettings) =>
  post<Envelope<ReviewSettings>>(`${R}/settings-save.do`, {
    surveyId: s.surveyId,
    enabled: s.enabled,
    levels: s.levels,
    adminStep: s.adminStep,
    reviewers: s.reviewers.map((l) => l.map(({ kind, id }) => ({ kind, id }))),
    admins: s.admins.map(({ kind, id }) => ({ kind, id })),
    graders: s.graders.map(({ kind, id }) => ({ kind, id })),
    remindMinutes: s.remindMinutes,
    escalateMinutes: s.escalateMinutes,
  });
export const searchDirectory = (q: string) => get<Envelope<Directory>>(`${R}/directory.do`, { q });
export const reviewQueue = (surveyId: string, pageNo: number, pageSize: number) =>
  get<Envelope<Page<QueueRow>>>(`${R}/queue.do`, { surveyId, pageNo, pageSize });
export const reviewQueueSurveys = () => get<Envelope<SurveyCount[]>>(`${R}/queue-surveys.do`);
export const reviewAnswer = (answerId: string) => get<Envelope<ReviewView>>(`${R}/answer.do`, { answerId });
export const reviewTimeline = (answerId: string) => get<Envelope<Timeline>>(`${R}/timeline.do`, { answerId });
/** answer-verified.do: data is the next row of the same queue (or null). */
export const decide = (answerId: string, verifyValue: 1 | 2, verifyNote: string, verifyLevel?: number) => {
  const q: Record<string, unknown> = { answerId, verifyValue, verifyNote };
  if (verifyLevel) q.verifyLevel = verifyLevel;
  return post<Envelope<{ answerId: string } | null>>('app/v6/dw-answer-data-survey/answer-verified.do', q, q);
};

export const gradingAnswer = (answerId: string) => get<Envelope<GradingView>>(`${G}/answer.do`, { answerId });
export const gradingQueue = (surveyId: string, pageNo = 1, pageSize = 10) =>
  get<Envelope<Page<{ answerId: string; endAnDate: string; sumScore: number }>>>(`${G}/queue.do`, { surveyId, pageNo, pageSize });
export const gradingSurveys = () => get<Envelope<GradingSurvey[]>>(`${G}/surveys.do`);
export const scoreStats = (surveyId: string) => get<Envelope<ScoreStats>>(`${G}/score-stats.do`, { surveyId });
/** answer-custom-score.do: data.esId is the next ungraded answer (null after the last). */
export const saveCustomScores = (answerId: string, scores: { quDwId: string; score: number }[]) =>
  post<Envelope<{ esId: string | null; sumScore: number }>>('app/v6/dw-answer-data-survey/answer-custom-score.do', {
    answerCommon: { answerId },
    anQuestions: scores.map((s) => ({ quDwId: s.quDwId, quCustomScore: s.score })),
  });

/** The step name of a chain step (1-3 levels, 4 administrator). */
export const stepKey = (step: number) => (step === 4 ? 'rv.step.admin' : 'rv.step.level');

/** The grading page of an answer (an/review-event/custom-score/{sid}/{answerId}). */
export const gradingPath = (sid: string, answerId: string) => `/v8/diaowen/an/review-event/custom-score/${sid}/${answerId}`;

/** Every hand score set and valid: 0 … max in steps of 0.5. */
export function validScore(v: number | null | undefined, max: number): boolean {
  if (v === null || v === undefined || Number.isNaN(v)) return false;
  return v >= 0 && v <= max && Math.abs(v * 2 - Math.round(v * 2)) < 1e-9;
}
