// Respondent-side lottery calls (answer bundle: plain fetch; the page shows every failure itself).
import { call } from './answer';
import type { DrawRecord, DrawResult, Lottery } from './lottery';

const N = 'none/v6/dw-answer-lottery/';
export type DrawBody = { lotteryId: string; surveyId: string; answerId: string; resumeToken?: string | null };
export const publicLottery = (lotteryId: string, surveyId: string) => call<Lottery>('GET', `${N}info.do`, { params: { lotteryId, surveyId } });
export const drawLottery = (b: DrawBody) => call<DrawResult>('POST', `${N}draw.do`, { body: { ...b, resumeToken: b.resumeToken || undefined } });
export const myDraw = (b: DrawBody) => call<DrawResult | null>('GET', `${N}my-draw.do`, { params: { ...b } });
export const drawRecord = (lotteryId: string, surveyId: string) => call<DrawRecord>('GET', `${N}draw-record.do`, { params: { lotteryId, surveyId } });
