// Survey content languages on the answer page: the script of a language (a JSON array of
// {lanCode, lanType, lanValue}, services/language on the server) applied to the document.
// Answers are keyed by dwIds, so switching the language keeps every answer.
import type { Option, Question, Survey, Text } from '../../survey';

export type LanItem = { lanCode: string; lanType: string; lanValue: string };
export type SurveyLanguage = { id?: string; languageCode: string; languageName?: string };

/** parseLanguageScript accepts the script as a JSON string or an array; null when malformed. */
export function parseLanguageScript(data: unknown): LanItem[] | null {
  let v = data;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(v)) return null;
  const out: LanItem[] = [];
  for (const x of v) {
    if (!x || typeof x !== 'object') return null;
    const { lanCode, lanType, lanValue } = x as Record<string, unknown>;
    if (typeof lanCode !== 'string' || typeof lanType !== 'string' || typeof lanValue !== 'string') return null;
    out.push({ lanCode, lanType, lanValue });
  }
  return out;
}

const plain = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
const text = (old: Text | undefined, v: string): Text => ({ ...(old ?? {}), dwHtml: v, dwText: plain(v) });

const OPTION_LISTS = ['quRadios', 'quCheckboxs', 'quScores', 'quOrderbys', 'quMultiFillblanks', 'quRows', 'quCols'] as const;

/**
 * translateSurvey returns a copy of doc with the translated texts of items: survey title and
 * note, question titles and notes, option titles (choices, scores, ranking, blanks, matrix rows
 * and columns). Texts without a translation stay as they are. The original is not changed.
 */
export function translateSurvey(doc: Survey, items: LanItem[]): Survey {
  const m = new Map<string, string>();
  for (const it of items) if (it.lanValue !== '') m.set(`${it.lanType}\u0000${it.lanCode}`, it.lanValue);
  const get = (type: string, code: string | undefined) => (code ? m.get(`${type}\u0000${code}`) : undefined);
  const first = (type: string) => {
    for (const it of items) if (it.lanType === type && it.lanValue !== '') return it.lanValue;
    return undefined;
  };
  const opt = (o: Option): Option => {
    const v = get('optionTitle', o.dwId);
    return v === undefined ? o : { ...o, optionTitleObj: text(o.optionTitleObj, v), optionTitle: plain(v) };
  };
  const questions = doc.questions.map((q): Question => {
    let n: Question = q;
    const title = get('quTitle', q.dwId);
    if (title !== undefined) n = { ...n, quTitleObj: text(q.quTitleObj, title), quTitle: plain(title) };
    const note = get('quNote', q.dwId);
    if (note !== undefined) n = { ...n, quNoteObj: text(q.quNoteObj, note), quNote: plain(note) };
    for (const k of OPTION_LISTS) {
      const l = q[k];
      if (l?.length && l.some((o) => get('optionTitle', o.dwId) !== undefined)) n = { ...n, [k]: l.map(opt) };
    }
    return n;
  });
  const out: Survey = { ...doc, questions };
  const name = get('surveyName', doc.dwId) ?? get('surveyName', doc.id) ?? first('surveyName');
  if (name !== undefined) out.surveyNameObj = text(doc.surveyNameObj, name);
  const note = get('surveyNote', doc.dwId) ?? get('surveyNote', doc.id) ?? first('surveyNote');
  if (note !== undefined) out.surveyDetail = { ...(doc.surveyDetail ?? {}), surveyNodeObj: text(doc.surveyDetail?.surveyNodeObj, note) };
  return out;
}

/** Local storage key of the respondent's chosen content language of a survey. */
export const langKey = (surveyId: string) => `dwAnswerLanguage_${surveyId}`;

export function storedLanguage(surveyId: string): string {
  try {
    return window.localStorage.getItem(langKey(surveyId)) ?? '';
  } catch {
    return '';
  }
}

/** Stores the choice; '' (the original texts) is stored as '-' so that it wins over the browser language. */
export function storeLanguage(surveyId: string, code: string) {
  try {
    window.localStorage.setItem(langKey(surveyId), code || ORIGINAL);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
}

export function forgetLanguage(surveyId: string) {
  try {
    window.localStorage.removeItem(langKey(surveyId));
  } catch {
    /* silent */
  }
}

/** The stored choice meaning "the original texts". */
export const ORIGINAL = '-';

/**
 * initialLanguage picks the content language on load: the URL's (?lang=), else the stored choice
 * ('' for the original texts), else the browser language when the survey offers it (exactly, or
 * by the primary subtag of one side: en-US finds en; zh-CN does not find zh-TW), else the original. notFound: a requested or stored
 * code the survey no longer offers.
 */
export function initialLanguage(offered: SurveyLanguage[], requested: string | null, stored: string, browser: readonly string[]): { code: string; notFound: boolean } {
  const has = (c: string) => offered.some((l) => l.languageCode === c);
  for (const want of [requested, stored]) {
    if (!want) continue;
    if (want === ORIGINAL) return { code: '', notFound: false };
    if (has(want)) return { code: want, notFound: false };
    return { code: '', notFound: true };
  }
  for (const b of browser) {
    if (!b) continue;
    const exact = offered.find((l) => l.languageCode.toLowerCase() === b.toLowerCase());
    if (exact) return { code: exact.languageCode, notFound: false };
    // en-US finds en and en finds en-GB, but zh-CN does not find zh-TW
    const lb = b.toLowerCase();
    const near = offered.find((l) => {
      const lc = l.languageCode.toLowerCase();
      return lc === lb.split('-')[0] || lb === lc.split('-')[0];
    });
    if (near) return { code: near.languageCode, notFound: false };
  }
  return { code: '', notFound: false };
}
