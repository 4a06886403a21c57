// Helpers of the designer: new questions per type, ids, immutable path updates, text helpers.
import type { Option, Question, Survey } from '../../survey';

let seq = 0;
/** A fresh dwId (uuid-like; the server keeps given ids and fills missing ones). */
export function uid(): string {
  const c: any = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c?.randomUUID) return c.randomUUID();
  seq += 1;
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 10)}-${seq}`;
}

export type Doc = Survey & Record<string, any>;

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function plain(html?: string): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html;
  const d = typeof document !== 'undefined' ? document.createElement('div') : null;
  if (!d) return html.replace(/<[^>]*>/g, '');
  d.innerHTML = html.replace(/<(script|style|iframe)[\s\S]*?<\/\1>/gi, '');
  return d.textContent || '';
}

export const quTitleText = (q: Question) => q.quTitleObj?.dwText ?? plain(q.quTitle);
export const optText = (o: Option) => o.optionTitleObj?.dwText ?? plain(o.optionTitle ?? o.optionName);

export function setTitle(q: Question, text: string): Question {
  return { ...q, quTitle: esc(text), quTitleObj: { dwHtml: esc(text), dwText: text } };
}
export function setNote(q: Question, text: string): Question {
  return { ...q, quNote: esc(text), quNoteObj: { dwHtml: esc(text), dwText: text } };
}
/** Rich text (HTML of the allowed subset) of titles, notes and options, and their setters. */
export const quTitleHtml = (q: Question) => q.quTitleObj?.dwHtml ?? q.quTitle ?? '';
export const quNoteHtml = (q: Question) => q.quNoteObj?.dwHtml ?? q.quNote ?? '';
export const optHtml = (o: Option) => o.optionTitleObj?.dwHtml ?? o.optionTitle ?? o.optionName ?? '';
export function setTitleHtml(q: Question, html: string, text: string): Question {
  return { ...q, quTitle: html, quTitleObj: { dwHtml: html, dwText: text } };
}
export function setNoteHtml(q: Question, html: string, text: string): Question {
  return { ...q, quNote: html, quNoteObj: { dwHtml: html, dwText: text } };
}
export function setOptHtml(o: Option, html: string, text: string): Option {
  return { ...o, optionTitle: html, optionTitleObj: { dwHtml: html, dwText: text } };
}
export function newOption(title: string): Option {
  return { dwId: uid(), optionTitle: esc(title), optionTitleObj: { dwHtml: esc(title), dwText: title } };
}
export function setOptTitle(o: Option, text: string): Option {
  return { ...o, optionTitle: esc(text), optionTitleObj: { dwHtml: esc(text), dwText: text } };
}

/** Which option arrays a type edits. */
export function optionKey(t: string): 'quRadios' | 'quCheckboxs' | 'quScores' | 'quOrderbys' | 'quMultiFillblanks' | null {
  switch (t) {
    case 'RADIO':
    case 'YESNO':
    case 'IMGRADIO':
    case 'COMPRADIO':
      return 'quRadios';
    case 'CHECKBOX':
    case 'IMGCHECKBOX':
    case 'COMPCHECKBOX':
      return 'quCheckboxs';
    case 'SCORE':
    case 'CHENSCORE':
      return 'quScores';
    case 'ORDERQU':
      return 'quOrderbys';
    case 'MULTIFILLBLANK':
      return 'quMultiFillblanks';
  }
  return null;
}
export const isGroupType = (t: string) => t === 'CHECKBOXGROUP' || t === 'RADIOGROUP' || t === 'IMGCHECKBOXGROUP';
export const isMatrixType = (t: string) => t.startsWith('MATRIX_');
export const isChoiceType = (t: string) => optionKey(t) === 'quRadios' || optionKey(t) === 'quCheckboxs';
export const isImgType = (t: string) => t.startsWith('IMG');

const opts = (names: string[]) => names.map(newOption);

/** A new question of a toolbar type, with sample options (labels in the UI language). */
export function newQuestion(quType: string, childType: string | undefined, title: string, L: (k: string) => string): Question {
  const q: Question = { dwId: uid(), quType, quAttr: { isRequired: quType !== 'PAGETAG' && quType !== 'PARAGRAPH' && quType !== 'DW_COMPONENT' } };
  if (childType) q.childType = childType;
  Object.assign(q, setTitle(q, title));
  const o = (n: number) => Array.from({ length: n }, (_, i) => `${L('au.d.option')} ${i + 1}`);
  const k = optionKey(quType);
  if (quType === 'YESNO') q.quRadios = opts([L('common.yes'), L('common.no')]);
  else if (k) q[k] = opts(o(quType === 'MULTIFILLBLANK' ? 2 : 3));
  if (isImgType(quType) && k) q[k] = q[k]!.map((x) => ({ ...x, optionImg: { imgSrc: '' } }));
  if (isGroupType(quType)) {
    q.quRows = [1, 2].map((g) => ({
      ...newOption(`${L('au.d.group')} ${g}`),
      groupOptions: opts([`${L('au.d.option')} ${g}.1`, `${L('au.d.option')} ${g}.2`]),
    }));
    if (quType === 'IMGCHECKBOXGROUP') q.quRows.forEach((r) => (r.groupOptions = r.groupOptions!.map((x) => ({ ...x, optionImg: { imgSrc: '' } }))));
  }
  if (isMatrixType(quType)) {
    q.quRows = opts([`${L('au.d.row')} 1`, `${L('au.d.row')} 2`]);
    q.quCols = opts([`${L('au.d.col')} 1`, `${L('au.d.col')} 2`, `${L('au.d.col')} 3`]);
  }
  if (quType === 'SCORE' || quType === 'CHENSCORE') q.paramInt02 = 5;
  if (quType === 'SCALE_NPS') q.quAttr!.scaleAttr = { min: 0, max: 10 };
  if (quType === 'SCALE_SLIDER') q.quAttr!.sliderAttr = { min: 0, max: 100, step: 1 };
  if (quType === 'MATRIX_SCALE') q.quAttr!.scaleAttr = { min: 1, max: 5 };
  if (quType === 'MATRIX_SLIDER') q.quAttr!.sliderAttr = { min: 0, max: 100, step: 1 };
  if (quType === 'FILLBLANK') q.quAttr!.inputAttr = { commonAttr: { inputType: 'Text', checkType: 'NO' } };
  if (quType === 'ANSWER') q.quAttr!.inputAttr = { commonAttr: { inputType: 'Textarea', inputRow: 4 } };
  if (quType === 'UPLOADFILE' || quType === 'UPLOAD_IMAGE') q.quAttr!.uploadAttr = { fileLimit: 1, fileSize: 10 };
  if (childType === 'divider') q.quAttr!.dividerAttr = { content: '', borderStyle: 'solid', contentPosition: 'center' };
  if (childType === 'carousel') q.quAttr!.carouselAttr = { height: 160, autoplay: true };
  if (childType === 'scrolltext') q.quAttr!.scrollTextAttr = { scrollText: { dwHtml: title, dwText: title }, duration: 10 };
  if (quType === 'PAGETAG') {
    q.quTitle = '';
    q.quTitleObj = { dwHtml: '', dwText: '' };
  }
  return q;
}

/** Immutable set of a dotted path ("quAttr.inputAttr.commonAttr.inputType"). */
export function setIn<T extends Record<string, any>>(obj: T, path: string, value: unknown): T {
  const keys = path.split('.');
  const rec = (o: any, i: number): any => {
    const base = o && typeof o === 'object' && !Array.isArray(o) ? { ...o } : {};
    const k = keys[i];
    if (i === keys.length - 1) {
      if (value === undefined) delete base[k];
      else base[k] = value;
    } else base[k] = rec(base[k], i + 1);
    return base;
  };
  return rec(obj, 0);
}
export function getIn(obj: any, path: string): any {
  return path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

/** Question numbers as the respondent sees them (Q1, Q2...: counted questions only). */
export function numbering(qs: Question[]): (number | null)[] {
  let n = 0;
  return qs.map((q) => (q.quType === 'PAGETAG' || q.quType === 'PARAGRAPH' ? null : ++n));
}

/** Re-ids a bank question (bank-qus.do gives fresh ids already; also used for pasting). */
export function reId(q: Question): Question {
  const c: Question = JSON.parse(JSON.stringify(q));
  c.dwId = uid();
  const fix = (l?: Option[]) => l?.forEach((o) => {
    o.dwId = uid();
    fix(o.groupOptions);
  });
  fix(c.quRadios); fix(c.quCheckboxs); fix(c.quScores); fix(c.quOrderbys); fix(c.quMultiFillblanks); fix(c.quRows); fix(c.quCols);
  delete c.questionLogics;
  delete c.logicDsl;
  return c;
}
