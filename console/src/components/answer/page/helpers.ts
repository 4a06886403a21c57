// Pure helpers of the answer page: phases, constants, document loading and time limits.
import { isCounted, loadSurvey, type AnQuestion, type Question, type Survey } from '../../../survey';
import { TransportError } from '../../../services/answer';
import type { Tr } from '../util';

export type Phase = 'loading' | 'message' | 'answer' | 'done';

export const AUTO_NEXT_TYPES = new Set(['RADIO', 'YESNO', 'IMGRADIO', 'ORDERQU', 'SCORE', 'CHENSCORE', 'SCALE_NPS', 'SCALE_SLIDER', 'MATRIX_RADIO', 'MATRIX_SCALE', 'MATRIX_SLIDER', 'CASCADE']);
export const RESERVED = new Set(['anPwd', 'dwSource', 'source', 'ResourceToken', 'code', 'answerId', 'lang']);
export const NAME_RE = /^[\u4e00-\u9fa5]{2,20}$/;
export const PHONE_RE = /^1[3-9]\d{9}$/;

export function errText(t: Tr, e: unknown): string {
  if (e instanceof TransportError) return e.kind === 'timeout' ? t('an.error.timeout') : e.kind === 'network' ? t('an.error.network') : t('an.error.http', { code: e.status });
  return t('an.error.network');
}

/** Inserts a page break between questions (one question per page). */
export function onePerPage(s: Survey): Survey {
  const out: Question[] = [];
  s.questions.forEach((q, i) => {
    if (i > 0 && isCounted(q) && out[out.length - 1]?.quType !== 'PAGETAG') out.push({ quType: 'PAGETAG', dwId: `opoq-${i}` });
    out.push(q);
  });
  return { ...s, questions: out };
}

export function parseDoc(text: string | undefined): { doc: Survey; raw: any } | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text);
    const doc = loadSurvey(raw);
    return { doc, raw };
  } catch {
    return null;
  }
}

/** A designer's own button text, or the translated default (the stored default is Chinese). */
export function btnText(custom: string | undefined, def: string, tr: string): string {
  return custom && custom !== def ? custom : tr;
}

/** Whether a local draft holds the same answers as the loaded ones (flags ignored). */
export function sameAnswers(list: AnQuestion[], loaded: Record<string, AnQuestion>): boolean {
  const norm = (a: AnQuestion) => JSON.stringify({ ...a, answerFlag: undefined });
  const ids = Object.keys(loaded);
  if (list.length !== ids.length) return false;
  return list.every((a) => loaded[a.quDwId] && norm(loaded[a.quDwId]) === norm(a));
}

export function timeLimit(x: any): number {
  if (!x || !x.enabled) return 0;
  const n = Number(x.time);
  return n > 0 ? n * 60 : 0;
}
