// Answer validation (Go survey/validate.go).
import { CHECK_KEYS, checkText, normCheckType } from './checktype';
import { isCheckboxLike, isGroup, isMatrix, isRadioLike, isRequired, normType } from './docindex';
import { isEmpty, valueString } from './dsl/value';
import { DEFAULT_CUSTOM_MESSAGE, newMsg, withQu, type Message } from './messages';
import {
  InputNumber, TypeAnswer, TypeBigQu, TypeChenScore, TypeColorPicker, TypeEnumQu, TypeFillblank, TypeMatrixCheckbox,
  TypeMatrixNumber, TypeMatrixRadio, TypeMultiFillblank, TypeOrderQu, TypeScaleNPS, TypeScaleSlider, TypeScore,
  TypeSignature, TypeUploadFile, TypeUploadImage, type AnOption, type AnQuestion, type DateTimeAttr, type InputAttr,
  type Question,
} from './model';
import { cmpCodePoints, goParseFloat, goTrim, round2, runeLen } from './util';
import type { Core, View } from './view';

/** The maximum text length of an input that sets no maxlength (Go DefaultMaxlength). */
export const DEFAULT_MAXLENGTH = 119;

/**
 * validateText checks a text input against its input attributes and
 * returns the first failing message (without quDwId) or null. Empty text
 * is accepted (required is checked by the caller).
 */
export function validateText(text: string, ia: InputAttr | undefined, legacyCheckType: string): Message | null {
  if (text === '') return null;
  const c = ia?.commonAttr ?? {};
  let ct = normCheckType(c.checkType ?? '');
  if (ct === '') ct = normCheckType(legacyCheckType);
  const dt = ia?.dateTimeAttr;
  if ((dt && dt.isRange) || (count(text, ',') === 1 && (ct === 'TIME' || ct === 'DATE' || ct === 'DATETIME'))) {
    const k = text.indexOf(',');
    if (k >= 0) {
      const parts = [text.slice(0, k), text.slice(k + 1)];
      for (const p of parts) {
        if (p !== '' && !checkText(ct, p, '')) return newMsg('', CHECK_KEYS[ct] ?? '');
      }
      if (parts[0] !== '' && parts[1] !== '' && cmpCodePoints(padTime(parts[1]), padTime(parts[0])) < 0) return newMsg('', 'timeRange');
      return timeWindow(parts, dt);
    }
  }
  if (!checkText(ct, text, c.regex ?? '')) {
    if (ct === 'CUSTOM') return newMsg('', 'custom', { message: c.regexMsg || DEFAULT_CUSTOM_MESSAGE });
    return newMsg('', CHECK_KEYS[ct] ?? '');
  }
  switch (ct) {
    case '':
    case 'EMAIL':
    case 'URL':
    case 'UNSTRCN':
    case 'STRCN': {
      const n = runeLen(text);
      const min = c.minlength ?? 0;
      let max = c.maxlength ?? 0;
      if (!(max > 0)) max = DEFAULT_MAXLENGTH; // spec: "Input defaults: maxlength 119"
      if (min > 0 && n < min) return newMsg('', 'minLength', { n: min });
      if (n > max) return newMsg('', 'maxLength', { n: max });
    }
  }
  if (ct === 'NUM' || ct === 'DIGITS' || c.inputType === InputNumber) {
    const f = goParseFloat(goTrim(text).split(',').join(''));
    if (f === null) return newMsg('', 'num');
    const na = ia?.numAttr;
    if (na) {
      const min = na.min ?? 0;
      const max = na.max ?? 0;
      if (min > 0 && f < min) return newMsg('', 'minValue', { n: min });
      if (max > 0 && f > max) return newMsg('', 'maxValue', { n: max });
    }
  }
  return timeWindow([text], dt);
}

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** padTime left-pads "9:05" to "09:05" so times compare as strings. */
function padTime(s: string): string {
  s = goTrim(s);
  return s.indexOf(':') === 1 ? '0' + s : s;
}

function timeWindow(vals: string[], dt: DateTimeAttr | undefined): Message | null {
  const r = dt?.timeRange?.range;
  if (!r || r.length !== 2) return null;
  const lo = padTime(r[0]);
  const hi = padTime(r[1]);
  for (const v of vals) {
    if (v === '') continue;
    const p = padTime(v);
    if (cmpCodePoints(p, lo) < 0 || cmpCodePoints(p, hi) > 0) return newMsg('', 'timeOutOfRange', { min: r[0], max: r[1] });
  }
  return null;
}

const IMAGE_EXTS = ['.jpg', '.jpeg', '.png', '.gif', '.bmp'];
const DOC_EXTS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx'];

/**
 * validateQuestion returns the first failing message of a visible question
 * or null: required, validate-rule hint, then the type checks.
 */
export function validateQuestion(e: Core, v: View, qi: number, hint: string | undefined): Message | null {
  const q = e.ix.qs[qi];
  const id = q.dwId ?? '';
  const a = v.answer(qi)!;
  const val = v.questionValue(qi);
  const t = normType(q.quType);
  if (isEmpty(val)) {
    if (isRequired(q)) return newMsg(id, t === TypeSignature ? 'signatureEmpty' : 'required');
    if (hint !== undefined) return newMsg(id, 'validateRule', { message: hint });
    return null;
  }
  if (hint !== undefined) return newMsg(id, 'validateRule', { message: hint });
  if (isGroup(q)) {
    const rows = q.quRows ?? [];
    for (let gi = 0; gi < rows.length; gi++) {
      const g = rows[gi];
      let n = 0;
      for (const o of g.groupOptions ?? []) if (v.selected(qi, o.dwId ?? '')) n++;
      const oa = g.optionAttr;
      if (oa) {
        const min = oa.minAn ?? 0;
        const max = oa.maxAn ?? 0;
        if (min > 0 && n < min) return newMsg(id, 'groupMin', { i: gi + 1, n: min }, g.dwId ?? '');
        if (max > 0 && n > max) return newMsg(id, 'groupMax', { i: gi + 1, n: max }, g.dwId ?? '');
      }
    }
    return choiceChecks(e, v, qi, a);
  }
  if (isRadioLike(q) || isCheckboxLike(q)) return choiceChecks(e, v, qi, a);
  if (t === TypeOrderQu) {
    const ranked = Array.isArray(val) ? val.length : 0;
    let opts = 0;
    for (const o of e.ix.opts[qi]) if (!v.optHidden(o.dwId ?? '')) opts++;
    let need = opts;
    const top = q.quAttr?.orderQuAttr?.topNum ?? 0;
    if (top > 0 && Math.trunc(top) < opts) need = Math.trunc(top);
    if (isRequired(q) && ranked < need) return newMsg(id, 'orderRequired', { n: need });
  } else if (t === TypeMultiFillblank) {
    const opts = e.ix.opts[qi];
    for (let bi = 0; bi < opts.length; bi++) {
      const o = opts[bi];
      const oid = o.dwId ?? '';
      if (v.optHidden(oid)) continue;
      const text = v.blank(a, oid);
      if (text === '') {
        if (isRequired(q) && o.isRequired) return newMsg(id, 'blankRequired', { i: bi + 1 }, oid);
        continue;
      }
      const m = validateText(text, o.inputAttr, '');
      if (m) return withQu(m, id, oid);
    }
  } else if (t === TypeScore || t === TypeChenScore) {
    if (isRequired(q)) {
      for (const o of e.ix.opts[qi]) {
        const oid = o.dwId ?? '';
        if (!v.optHidden(oid) && isEmpty(v.itemValue(qi, oid, ''))) return newMsg(id, 'scoreRequired', undefined, oid);
      }
    }
  } else if (t === TypeScaleNPS || t === TypeScaleSlider) {
    let lo = 0;
    let hi = 10;
    let mn: number | undefined;
    let mx: number | undefined;
    if (t === TypeScaleSlider) {
      hi = 100;
      mn = q.quAttr?.sliderAttr?.min;
      mx = q.quAttr?.sliderAttr?.max;
    } else {
      mn = q.quAttr?.scaleAttr?.min;
      mx = q.quAttr?.scaleAttr?.max;
    }
    if (mn !== undefined) lo = mn;
    if (mx !== undefined) hi = mx;
    const x = val as number;
    if (x < lo || x > hi) return newMsg(id, 'outOfRange', { min: lo, max: hi });
  } else if (t === TypeUploadFile) {
    return uploadChecks(q, a);
  } else if (isMatrix(q)) {
    return matrixChecks(e, v, qi, a);
  } else if (t === TypeFillblank || t === TypeColorPicker || t === TypeAnswer || t === TypeBigQu || t === TypeEnumQu) {
    const m = validateText(valueString(val), q.quAttr?.inputAttr, q.checkType ?? '');
    if (m) return withQu(m, id, '');
  }
  return null;
}

function choiceChecks(e: Core, v: View, qi: number, a: AnQuestion): Message | null {
  const q = e.ix.qs[qi];
  const id = q.dwId ?? '';
  const opts = e.ix.opts[qi];
  let n = 0;
  for (const o of opts) if (v.selected(qi, o.dwId ?? '')) n++;
  if (isCheckboxLike(q)) {
    const min = q.minLimit ?? 0;
    const max = q.maxLimit ?? 0;
    if (min > 0 && n < min) return newMsg(id, 'minOptions', { n: min });
    if (max > 0 && n > max) return newMsg(id, 'maxOptions', { n: max });
  }
  const chosen: AnOption[] = [];
  if (a.anRadio) chosen.push(a.anRadio);
  if (a.anCheckboxs) for (const c of a.anCheckboxs) chosen.push(c);
  for (const o of opts) {
    const oid = o.dwId ?? '';
    if (!((o.showOptionNote ?? 0) > 0 || (o.isNote ?? 0) > 0) || !v.selected(qi, oid)) continue;
    let text = '';
    for (const c of chosen) if (c.optionDwId === oid) text = c.otherText ?? '';
    if (text === '') {
      if (o.inputAttr?.commonAttr?.isRequired === true) return newMsg(id, 'required', undefined, oid);
      continue;
    }
    const m = validateText(text, o.inputAttr, '');
    if (m) return withQu(m, id, oid);
  }
  return null;
}

function uploadChecks(q: Question, a: AnQuestion): Message | null {
  const id = q.dwId ?? '';
  let limit = q.fileLimit ?? 0;
  let size = q.fileSize ?? 0;
  let accept = q.fileAccept ?? '';
  let custom = q.customFileAccept ?? '';
  const u = q.quAttr?.uploadAttr;
  if (u) {
    limit = u.fileLimit ?? 0;
    size = u.fileSize ?? 0;
    accept = u.fileAccept ?? '';
    custom = u.customFileAccept ?? '';
  }
  const isImage = q.quType === TypeUploadImage;
  if (size <= 0) size = 20;
  const files = a.anUploadFiles ?? [];
  if (limit > 0 && files.length > limit) return newMsg(id, 'fileCount', { n: limit });
  let exts: string[] = [];
  if (isImage) exts = ['.jpg', '.jpeg', '.png'];
  else if (accept === '1') exts = IMAGE_EXTS;
  else if (accept === '2') exts = DOC_EXTS;
  else if (accept === '100') {
    for (let x of custom.split(',')) {
      x = goTrim(x).toLowerCase();
      if (x !== '') exts.push(x.startsWith('.') ? x : '.' + x);
    }
  }
  for (const f of files) {
    const fs = f.fileSize ?? 0;
    if (isImage && fs > 500 * 1024) return newMsg(id, 'imageSize', { n: 500 }, f.filePath);
    if (!isImage && fs > size * 1024 * 1024) return newMsg(id, 'fileSize', { n: size }, f.filePath);
    if (exts.length > 0) {
      const name = (f.fileName || f.filePath || '').toLowerCase();
      const i = name.lastIndexOf('.');
      const ext = i >= 0 ? name.slice(i) : '';
      if (exts.indexOf(ext) < 0) return newMsg(id, 'fileType', { ext }, f.filePath);
    }
  }
  return null;
}

function matrixChecks(e: Core, v: View, qi: number, a: AnQuestion): Message | null {
  const q = e.ix.qs[qi];
  const id = q.dwId ?? '';
  const t = q.quType;
  const colCount = new Map<string, number>();
  const rows = q.quRows ?? [];
  for (let ri = 0; ri < rows.length; ri++) {
    const row = rows[ri];
    const rid = row.dwId ?? '';
    if (v.optHidden(rid)) continue;
    const rv = v.rowValue(qi, a, row);
    if (isEmpty(rv)) {
      if (isRequired(q)) return newMsg(id, 'rowRequired', { i: ri + 1 }, rid);
      continue;
    }
    const n = t === TypeMatrixCheckbox && Array.isArray(rv) ? rv.length : 1;
    const oa = row.optionAttr;
    if (oa && (t === TypeMatrixCheckbox || t === TypeMatrixRadio)) {
      const min = oa.minAn ?? 0;
      const max = oa.maxAn ?? 0;
      if (min > 0 && n < min) return newMsg(id, 'rowMin', { i: ri + 1, n: min }, rid);
      if (max > 0 && n > max) return newMsg(id, 'rowMax', { i: ri + 1, n: max }, rid);
    }
    for (const m of a.anMatrixFbks ?? []) {
      if (m.rowDwId !== rid) continue;
      for (const c of m.rowAnFbks ?? []) {
        if (!c.answer) continue;
        let ia = q.quAttr?.inputAttr;
        const ref = e.ix.opt.get(c.colDwId);
        if (ref && ref.o.inputAttr) ia = ref.o.inputAttr;
        const msg = validateText(c.answer, ia, t === TypeMatrixNumber ? 'NUM' : '');
        if (msg) return withQu(msg, id, rid);
      }
    }
  }
  for (const m of a.anMatrixRadios ?? []) {
    if (!v.optHidden(m.rowDwId)) colCount.set(m.colDwId, (colCount.get(m.colDwId) ?? 0) + 1);
  }
  for (const m of a.anMatrixCheckboxes ?? []) {
    if (v.optHidden(m.rowDwId)) continue;
    for (const c of m.rowAnCheckboxs ?? []) colCount.set(c.colDwId, (colCount.get(c.colDwId) ?? 0) + 1);
  }
  if (t === TypeMatrixCheckbox || t === TypeMatrixRadio) {
    const cols = q.quCols ?? [];
    for (let ci = 0; ci < cols.length; ci++) {
      const col = cols[ci];
      const oa = col.optionAttr;
      if (!oa) continue;
      const n = colCount.get(col.dwId ?? '') ?? 0;
      const min = oa.minAn ?? 0;
      const max = oa.maxAn ?? 0;
      if (min > 0 && n < min) return newMsg(id, 'colMin', { i: ci + 1, n: min }, col.dwId ?? '');
      if (max > 0 && n > max) return newMsg(id, 'colMax', { i: ci + 1, n: max }, col.dwId ?? '');
    }
  }
  return null;
}

/**
 * pageMinTime checks the page minimum time: spentSeconds on the page
 * against minMinutes. It returns null when the page may change.
 */
export function pageMinTime(spentSeconds: number, minMinutes: number): Message | null {
  if (minMinutes <= 0) return null;
  const x = round2(spentSeconds / 60);
  if (spentSeconds / 60 >= minMinutes) return null;
  return newMsg('', 'pageMinTime', { x, n: minMinutes });
}
