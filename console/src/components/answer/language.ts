// Survey content languages on the answer page: the script of a language (a JSON array of
// {lanCode, lanType, lanValue}, services/language on the server) applied to the document.
// Answers are keyed by dwIds, so switching the language keeps every answer.
import type { Option, Question, Survey, Text } from '../../survey';
import { ownBtnText } from '../../survey/defaults';

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

const HINT_ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#34;': '"', '&#39;': "'", '&apos;': "'", '&amp;': '&' };
/**
 * A translated text for a plain field (button, validation hint, placeholder): tags dropped, the
 * entities the server's sanitiser writes decoded, outer space trimmed (Go survey.HintText).
 */
export function hintText(v: string): string {
  return v
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|lt|gt|quot|#34|#39|apos|amp);/g, (e) => HINT_ENTITIES[e])
    .trim();
}

const OPTION_LISTS = ['quRadios', 'quCheckboxs', 'quScores', 'quOrderbys', 'quMultiFillblanks', 'quRows', 'quCols'] as const;
const BUTTONS = ['nextBtnText', 'prevBtnText', 'submitBtnText'] as const;
/** The stored default button texts are not content (shown in the respondent's interface language). */
const btnOf = (doc: Survey, k: (typeof BUTTONS)[number]) => ownBtnText(doc.surveyStyle, k);
const endTextOf = (doc: Survey): string => {
  const t = (doc.surveyAttrs?.endPageAttr as any)?.textAttr?.submitSuccess?.text;
  return typeof t === 'string' ? t : '';
};
const textOf = (t: Text | undefined, p?: string) => t?.dwHtml || t?.dwText || p || '';

/**
 * translationSources lists the translatable texts of a document with their originals, in
 * document order (Go survey.TranslationSources: the same types and order; cascade option
 * labels, listed by the server from the cascade data, are not part of the document).
 */
export function translationSources(doc: Survey): LanItem[] {
  const out: LanItem[] = [];
  const add = (lanCode: string | undefined, lanType: string, lanValue: string | undefined) => {
    if (lanCode && lanValue && lanValue.trim()) out.push({ lanCode, lanType, lanValue });
  };
  const sid = doc.dwId || doc.id;
  add(sid, 'surveyName', textOf(doc.surveyNameObj, doc.surveyName));
  if (doc.surveyDetail) add(sid, 'surveyNote', textOf(doc.surveyDetail.surveyNodeObj, doc.surveyDetail.surveyNote));
  const hints = (code: string | undefined, ia: { commonAttr?: { regexMsg?: string; placeholder?: string } } | undefined) => {
    add(code, 'regexMsg', ia?.commonAttr?.regexMsg);
    add(code, 'placeholder', ia?.commonAttr?.placeholder);
  };
  for (const q of doc.questions ?? []) {
    if (!q) continue;
    add(q.dwId, 'quTitle', textOf(q.quTitleObj, q.quTitle));
    add(q.dwId, 'quNote', textOf(q.quNoteObj, q.quNote));
    hints(q.dwId, q.quAttr?.inputAttr);
    for (const k of OPTION_LISTS) {
      for (const o of q[k] ?? []) {
        if (!o) continue;
        add(o.dwId, 'optionTitle', textOf(o.optionTitleObj, o.optionTitle));
        hints(o.dwId, o.inputAttr);
      }
    }
  }
  for (const k of BUTTONS) add(sid, k, btnOf(doc, k));
  add(sid, 'submitSuccess', endTextOf(doc));
  return out;
}

/**
 * translateSurvey returns a copy of doc with the translated texts of items: survey title and
 * note, question titles and notes, option titles (choices, scores, ranking, blanks, matrix rows
 * and columns), validation hints and placeholders of text inputs, the page buttons the author
 * named and the end page text. Texts without a translation stay as they are (cascade option
 * labels come translated from the cascade data). The original is not changed. Go's
 * survey.Translate does the same (testdata/engine/translate/vectors.json).
 */
export function translateSurvey(doc: Survey, items: LanItem[]): Survey {
  const m = new Map<string, string>();
  for (const it of items) if (it.lanValue !== '') m.set(`${it.lanType}\u0000${it.lanCode}`, it.lanValue);
  const get = (type: string, code: string | undefined) => (code ? m.get(`${type}\u0000${code}`) : undefined);
  const first = (type: string) => {
    for (const it of items) if (it.lanType === type && it.lanValue !== '') return it.lanValue;
    return undefined;
  };
  // a copy of an inputAttr with its translated hints (the same object when none applies)
  const hinted = <T extends { commonAttr?: { regexMsg?: string; placeholder?: string } }>(code: string | undefined, ia: T | undefined): T | undefined => {
    const c = ia?.commonAttr;
    if (!ia || !c) return ia;
    const msg = get('regexMsg', code);
    const ph = get('placeholder', code);
    if (msg === undefined && ph === undefined) return ia;
    return { ...ia, commonAttr: { ...c, ...(msg !== undefined ? { regexMsg: hintText(msg) } : {}), ...(ph !== undefined ? { placeholder: hintText(ph) } : {}) } };
  };
  const opt = (o: Option): Option => {
    const v = get('optionTitle', o.dwId);
    let n: Option = v === undefined ? o : { ...o, optionTitleObj: text(o.optionTitleObj, v), optionTitle: plain(v) };
    const ia = hinted(o.dwId, o.inputAttr);
    if (ia !== o.inputAttr) n = { ...n, inputAttr: ia };
    return n;
  };
  const questions = doc.questions.map((q): Question => {
    let n: Question = q;
    const title = get('quTitle', q.dwId);
    if (title !== undefined) n = { ...n, quTitleObj: text(q.quTitleObj, title), quTitle: plain(title) };
    const note = get('quNote', q.dwId);
    if (note !== undefined) n = { ...n, quNoteObj: text(q.quNoteObj, note), quNote: plain(note) };
    const ia = hinted(q.dwId, q.quAttr?.inputAttr);
    if (q.quAttr && ia !== q.quAttr.inputAttr) n = { ...n, quAttr: { ...q.quAttr, inputAttr: ia } };
    for (const k of OPTION_LISTS) {
      const l = q[k];
      if (l?.length && l.some((o) => opt(o) !== o)) n = { ...n, [k]: l.map(opt) };
    }
    return n;
  });
  const out: Survey = { ...doc, questions };
  const own = (type: string) => get(type, doc.dwId) ?? get(type, doc.id) ?? first(type);
  const name = own('surveyName');
  if (name !== undefined) out.surveyNameObj = text(doc.surveyNameObj, name);
  const note = own('surveyNote');
  if (note !== undefined) out.surveyDetail = { ...(doc.surveyDetail ?? {}), surveyNodeObj: text(doc.surveyDetail?.surveyNodeObj, note) };
  if (doc.surveyStyle) {
    const st = { ...doc.surveyStyle };
    let changed = false;
    for (const k of BUTTONS) {
      const v = own(k);
      if (v === undefined || !btnOf(doc, k)) continue;
      st[k] = hintText(v);
      changed = true;
    }
    if (changed) out.surveyStyle = st;
  }
  const end = own('submitSuccess');
  if (end !== undefined && endTextOf(doc)) {
    const ep = doc.surveyAttrs?.endPageAttr as any;
    out.surveyAttrs = {
      ...doc.surveyAttrs,
      endPageAttr: { ...ep, textAttr: { ...ep.textAttr, submitSuccess: { ...ep.textAttr.submitSuccess, text: end } } },
    };
  }
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
