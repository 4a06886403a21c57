// Respondent-side evaluation calls (answer bundle: plain fetch, no console request layer).
import { call } from './answer';
import type { AnswerSolution, Report } from './eval';

const N = 'none/v6/dw-answer-eval/';
/** save-solution.do: the solutions the server's engine chose (the client's ids are only a hint). */
export const submitSolution = (answerId: string, resumeToken?: string | null, anSolutionIds?: string[]) =>
  call<AnswerSolution>('POST', `${N}save-solution.do`, { body: { answerId, resumeToken: resumeToken || undefined, anSolutionIds } });
export const answerSolution = (answerId: string, resumeToken?: string | null) =>
  call<AnswerSolution>('GET', `${N}answer-solution.do`, { params: { answerId, resumeToken: resumeToken || undefined } });
export const dimensionReport = (answerId: string, resumeToken?: string | null) =>
  call<Report>('GET', `${N}dimension-report.do`, { params: { answerId, resumeToken: resumeToken || undefined } });
