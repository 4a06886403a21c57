// Lottery calls (docs/lottery.md): the author's set-up, winners, delivery and draw record
// (app/v6/lottery/*), the respondent's draw (none/v6/dw-answer-lottery/*, the answer page's
// plain fetch) and the user centre's awards.
import { request } from '@umijs/max';
import { API, type Envelope, type PageResult } from './api';

export type LotteryMode = 'instant' | 'scheduled';
export type Prize = { id: string; name: string; image: string; total: number; stock: number; probability: number; won?: number };
export type Lottery = {
  id: string;
  surveyId: string;
  name: string;
  mode: LotteryMode;
  state: 'open' | 'drawn';
  perKind: 'answer' | 'contact' | 'user';
  eligible: 'complete' | 'passed';
  startAt: string;
  endAt: string;
  drawAt: string;
  drawnAt?: string;
  seed?: string;
  entrantsHash?: string;
  entrants?: number;
  draws?: number;
  winners?: number;
  note: string;
  prizes: Prize[];
  createTime?: string;
};
export type PrizeInput = { id?: string; name: string; image: string; stock: number; probability: number };
export type LotteryInput = Omit<Lottery, 'id' | 'state' | 'prizes'> & { id?: string; prizes: PrizeInput[] };
export type WinnerRow = {
  drawId: string;
  answerId: string;
  prizeId: string;
  prizeName: string;
  code: string;
  userName: string;
  contactName: string;
  confirmName: string;
  confirmPhone: string;
  drawTime: string;
  delivered: boolean;
  deliveredAt: string;
};
export type PrizeSlot = { prizeId: string; total: number };
export type Winner = { entrantId: string; prizeId: string; rank: number };
export type DrawRecord = {
  lotteryId: string;
  algorithm: string;
  state: string;
  seed: string;
  entrantsHash: string;
  drawnAt: string;
  entrants: string[];
  prizes: PrizeSlot[];
  winners: Winner[];
  verified: boolean;
};
export type Award = {
  drawId: string;
  lotteryId: string;
  lotteryName: string;
  surveyId: string;
  surveyName: string;
  prizeName: string;
  prizeImage: string;
  code: string;
  drawTime: string;
  delivered: boolean;
  deliveredAt: string;
};
export type DrawResult = {
  drawId: string;
  won: boolean;
  again: boolean;
  prize?: Prize;
  code?: string;
  delivered: boolean;
  drawTime: string;
  pending?: boolean;
};

const L = 'app/v6/lottery/';
const get = <T>(path: string, params?: Record<string, unknown>) => request<T>(`${API}/${path}`, { method: 'GET', params });
const post = <T>(path: string, data?: unknown) => request<T>(`${API}/${path}`, { method: 'POST', data });

export const lotteryList = (surveyId: string) => get<Envelope<Lottery[]>>(`${L}list.do`, { surveyId });
export const lotterySave = (body: LotteryInput) => post<Envelope<Lottery>>(`${L}save.do`, body);
export const lotteryDelete = (id: string) => post<Envelope>(`${L}delete.do`, { id });
export const lotteryDrawNow = (id: string) => post<Envelope>(`${L}draw-now.do`, { id });
export const lotteryWinners = (p: { lotteryId: string; delivered?: string; code?: string; current: number; pageSize: number }) =>
  get<PageResult<WinnerRow>>(`${L}winners.do`, p);
export const lotteryDeliver = (drawId: string, delivered: boolean) => post<Envelope>(`${L}deliver.do`, { drawId, delivered });
export const lotteryVerify = (lotteryId: string) => get<Envelope<DrawRecord>>(`${L}verify.do`, { lotteryId });
export const myAwards = (p: { current: number; pageSize: number }) => get<PageResult<Award>>('app/user/awards.do', p);
