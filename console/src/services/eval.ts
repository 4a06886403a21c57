// Evaluation calls (services/eval): solutions (design/solution, an-solution, preview-solution),
// dimension groups (design/dimension-group), the answer's dimension report and eval360
// subjects with their aggregated report.
import { request } from '@umijs/max';
import { API, type Envelope } from './api';

export type Solution = { solutionId: string; title: string; content: string };
export type SolutionDesign = { surveyId: string; ruleIds: string[]; solutions: Solution[] };
export type Band = { min: number; max: number; label: string; text: string };
export type EvalItem = { quDwId: string; weight: number };
export type Dimension = { id?: string; name: string; items: EvalItem[]; bands: Band[] };
export type Group = { id?: string; surveyId: string; name: string; note: string; dimensions: Dimension[] };
export type DimScore = { id: string; name: string; score: number; max: number; percent: number; answered: number; band?: Band };
export type GroupScore = { id: string; name: string; note: string; dimensions: DimScore[] };
export type Report = { answerId: string; surveyId: string; surveyName: string; surveyType: string; endAnDate: string; groups: GroupScore[] };
export type RaterRole = 'self' | 'manager' | 'peer' | 'subordinate' | 'other';
export const RATER_ROLES: RaterRole[] = ['self', 'manager', 'peer', 'subordinate', 'other'];
export type RaterView = { id?: string; role: RaterRole; name: string; token?: string; answered?: boolean };
export type Subject = { id?: string; surveyId: string; name: string; anonMin: number; raters: RaterView[] };
export type DimRoleScore = { score: number; max: number; percent: number };
export type RoleScores = { role: string; raters: number; hidden: boolean; scores?: Record<string, DimRoleScore> };
export type SubjectReport = { subject: Subject; anonMin: number; dimensions: DimScore[]; self: RoleScores; others: RoleScores; roles: RoleScores[] };
export type AnswerSolution = { answerId: string; surveyId: string; sid: string; surveyName: string; sumScore: number; anSolutionIds: string[]; solutions: Solution[] };

const E = 'app/v6/dw-eval/';
const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params });
const post = <T>(path: string, data?: unknown) => request<T>(`${API}/${path}`, { method: 'POST', data });

export const solutions = (surveyId: string) => get<Envelope<SolutionDesign>>(`${E}solutions.do`, { surveyId });
export const saveSolutions = (surveyId: string, list: Solution[]) => post<Envelope<SolutionDesign>>(`${E}save-solutions.do`, { surveyId, solutions: list });
export const dimensionGroups = (surveyId: string) => get<Envelope<Group[]>>(`${E}dimension-groups.do`, { surveyId });
export const saveDimensionGroup = (g: Group) => post<Envelope<Group>>(`${E}save-dimension-group.do`, g);
export const deleteDimensionGroup = (id: string) => post<Envelope>(`${E}delete-dimension-group.do`, { id });
export const subjects = (surveyId: string) => get<Envelope<Subject[]>>(`${E}subjects.do`, { surveyId });
export const saveSubject = (s: Subject) => post<Envelope<Subject>>(`${E}save-subject.do`, s);
export const deleteSubject = (id: string) => post<Envelope>(`${E}delete-subject.do`, { id });
export const subjectReport = (subjectId: string) => get<Envelope<SubjectReport>>(`${E}subject-report.do`, { subjectId });
