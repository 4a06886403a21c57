// Helpers shared by the answer widgets and pages.
import { useIntl } from '@umijs/max';
import { useCallback } from 'react';
import { sanitizeHtml } from '../RichTextSanitize';
import { MESSAGE_TEXTS, type AnQuestion, type Message, type Option, type Order, type Question, type Text } from '../../survey';

export type Tr = (id: string, values?: Record<string, unknown>) => string;

/** useT: formatMessage with a fallback text. */
export function useT(): Tr {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, unknown>) => intl.formatMessage({ id }, values as any), [intl]);
}

/** msgText translates an engine message by key, falling back to the engine's English text. */
export function msgText(t: Tr, m: Message): string {
  const id = `an.v.${m.key}`;
  const s = t(id, m.params as Record<string, unknown>);
  if (s && s !== id) return s;
  return m.text || MESSAGE_TEXTS[m.key] || m.key;
}

const SAFE_CACHE = new Map<string, string>();
const SAFE_CACHE_MAX = 500;

/**
 * safeHtml is the designer HTML an answer page may insert: the shared rich-text allow-list of
 * RichTextSanitize (the same lists as the server's sanitiser), applied by walking an inert
 * DOMParser document — no script runs and nothing loads while it is parsed. Results are cached
 * (titles re-render on every answer change); the cache holds at most 500 texts.
 */
export function safeHtml(html: string): string {
  if (!html) return '';
  const hit = SAFE_CACHE.get(html);
  if (hit !== undefined) return hit;
  const out = sanitizeHtml(html);
  if (SAFE_CACHE.size >= SAFE_CACHE_MAX) SAFE_CACHE.delete(SAFE_CACHE.keys().next().value as string);
  SAFE_CACHE.set(html, out);
  return out;
}

export function textOf(obj: Text | undefined, plain?: string): string {
  return obj?.dwHtml || obj?.dwText || plain || '';
}

export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
}

export function quTitle(q: Question): string {
  return textOf(q.quTitleObj, q.quTitle);
}

export function optTitle(o: Option): string {
  return textOf(o.optionTitleObj, o.optionTitle || o.optionName);
}

/** The options of a choice question in presentation order (shuffle order applied). */
export function ordered<T extends { dwId?: string }>(list: T[] | undefined, order: string[] | undefined): T[] {
  const l = list ?? [];
  if (!order || order.length === 0) return l;
  const by = new Map(l.map((x) => [x.dwId ?? '', x]));
  const out: T[] = [];
  for (const id of order) {
    const x = by.get(id);
    if (x) {
      out.push(x);
      by.delete(id);
    }
  }
  for (const x of l) if (by.has(x.dwId ?? '')) out.push(x);
  return out;
}

export function optionsOf(q: Question, order?: Order): Option[] {
  const l = q.quRadios?.length ? q.quRadios : q.quCheckboxs?.length ? q.quCheckboxs : q.quScores?.length ? q.quScores : q.quOrderbys?.length ? q.quOrderbys : q.quMultiFillblanks ?? [];
  return ordered(l, order?.options[q.dwId ?? '']);
}

/** isAnswered: a loose "has something" used by the answer card. */
export function hasAnswer(a: AnQuestion | undefined): boolean {
  if (!a) return false;
  if (a.anRadio?.optionDwId) return true;
  if (a.anCheckboxs?.length) return true;
  if (a.anOrders?.length) return true;
  if (a.anMFbks?.some((x) => x.answer)) return true;
  if (a.anScores?.length) return true;
  if (a.anFbk?.answer) return true;
  if (a.anUploadFiles?.length) return true;
  if (a.anMatrixRadios?.length || a.anMatrixCheckboxes?.length || a.anMatrixScales?.length) return true;
  if (a.anMatrixFbks?.some((r) => r.rowAnFbks?.some((c) => c.answer))) return true;
  if (a.anCascades?.length) return true;
  if (a.anScale && a.anScale.answerScore !== undefined) return true;
  if (a.anLocation?.formattedAddress) return true;
  return false;
}

/** Strips empty payloads so the engine and the server see "no answer". */
export function clean(a: AnQuestion | undefined): AnQuestion | undefined {
  if (!a) return undefined;
  const b: AnQuestion = { ...a };
  if (b.anCheckboxs && !b.anCheckboxs.length) delete b.anCheckboxs;
  if (b.anOrders && !b.anOrders.length) delete b.anOrders;
  if (b.anMFbks) {
    b.anMFbks = b.anMFbks.filter((x) => x.answer !== '');
    if (!b.anMFbks.length) delete b.anMFbks;
  }
  if (b.anScores && !b.anScores.length) delete b.anScores;
  if (b.anFbk && !b.anFbk.answer) delete b.anFbk;
  if (b.anUploadFiles && !b.anUploadFiles.length) delete b.anUploadFiles;
  if (b.anMatrixRadios && !b.anMatrixRadios.length) delete b.anMatrixRadios;
  if (b.anMatrixCheckboxes) {
    b.anMatrixCheckboxes = b.anMatrixCheckboxes.filter((r) => r.rowAnCheckboxs.length);
    if (!b.anMatrixCheckboxes.length) delete b.anMatrixCheckboxes;
  }
  if (b.anMatrixFbks) {
    b.anMatrixFbks = b.anMatrixFbks.map((r) => ({ ...r, rowAnFbks: r.rowAnFbks.filter((c) => c.answer !== '') })).filter((r) => r.rowAnFbks.length);
    if (!b.anMatrixFbks.length) delete b.anMatrixFbks;
  }
  if (b.anMatrixScales && !b.anMatrixScales.length) delete b.anMatrixScales;
  if (b.anCascades && !b.anCascades.length) delete b.anCascades;
  const keys = Object.keys(b).filter((k) => k.startsWith('an'));
  if (!keys.length && !b.answerFlag) return undefined;
  return b;
}

export function fmtSeconds(s: number): string {
  s = Math.max(0, Math.floor(s));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${p(m)}:${p(sec)}` : `${p(m)}:${p(sec)}`;
}

export function uuid(): string {
  const c: any = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c?.randomUUID) return c.randomUUID();
  const b = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Random code of the 62-letter alphabet (verification-code component). */
export function randomCode(n = 6): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const b = new Uint8Array(n);
  const c = (globalThis as any).crypto;
  if (c?.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < n; i++) b[i] = Math.floor(Math.random() * 256);
  let s = '';
  // 248 = 4 * 62: drop the rest so every letter is equally likely
  for (let i = 0; i < n; i++) {
    let x = b[i];
    while (x >= 248) x = Math.floor(Math.random() * 248);
    s += A[x % A.length];
  }
  return s;
}

// Local drafts ---------------------------------------------------------------

export const HISTORY_PREFIX = '_dwAnswerHistory_';
export const DRAFT_TTL_MS = 24 * 3600 * 1000;

export type Draft = {
  time: number;
  version?: number | string;
  answerDwId: string;
  answers: AnQuestion[];
  page: number;
  bgAnDate?: string;
};

export function draftKey(surveyId: string, answerDwId: string) {
  return `${surveyId}${HISTORY_PREFIX}${answerDwId}`;
}

/** Purges expired drafts and returns the newest usable draft of the survey. */
export function findDraft(surveyId: string, version: number | string | undefined): Draft | undefined {
  let best: Draft | undefined;
  try {
    const ls = window.localStorage;
    const now = Date.now();
    for (let i = ls.length - 1; i >= 0; i--) {
      const k = ls.key(i);
      if (!k || !k.includes(HISTORY_PREFIX)) continue;
      let d: Draft | undefined;
      try {
        d = JSON.parse(ls.getItem(k) || 'null');
      } catch {
        d = undefined;
      }
      if (!d || typeof d.time !== 'number' || now - d.time > DRAFT_TTL_MS) {
        ls.removeItem(k);
        continue;
      }
      if (!k.startsWith(surveyId + HISTORY_PREFIX)) continue;
      if (String(d.version ?? '') !== String(version ?? '')) {
        ls.removeItem(k);
        continue;
      }
      if (!best || d.time > best.time) best = d;
    }
  } catch {
    /* local storage unavailable: silent */
  }
  return best;
}

export function saveDraft(surveyId: string, d: Draft) {
  try {
    window.localStorage.setItem(draftKey(surveyId, d.answerDwId), JSON.stringify(d));
  } catch {
    /* silent */
  }
}

export function clearDrafts(surveyId: string) {
  try {
    const ls = window.localStorage;
    for (let i = ls.length - 1; i >= 0; i--) {
      const k = ls.key(i);
      if (k && k.startsWith(surveyId + HISTORY_PREFIX)) ls.removeItem(k);
    }
  } catch {
    /* silent */
  }
}

export function nowStr(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
