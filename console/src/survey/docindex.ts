// Question kind helpers and the document index (Go survey/index.go).
import {
  ChildVerifyCode, TypeCheckbox, TypeCheckboxGroup, TypeCompCheckbox, TypeCompRadio, TypeComponent, TypeImgCheckbox,
  TypeImgCheckboxGroup, TypeImgRadio, TypeMap, TypePageTag, TypeParagraph, TypeRadio, TypeRadioGroup, TypeScrollText,
  TypeUploadFile, TypeUploadImage, TypeVerifyCode, TypeYesNo, type Option, type Question, type Survey,
} from './model';

/** normType maps aliases to the engine type (UPLOAD_IMAGE is an UPLOADFILE...). */
export function normType(t: string): string {
  switch (t) {
    case TypeUploadImage:
      return TypeUploadFile;
    case TypeMap:
    case TypeVerifyCode:
    case TypeScrollText:
      return TypeComponent;
  }
  return t;
}

/** isCounted: every item except PAGETAG and PARAGRAPH is numbered (Qn). */
export function isCounted(q: Question): boolean {
  return q.quType !== TypePageTag && q.quType !== TypeParagraph;
}

/** isDisplayOnly: items that never take an answer. */
export function isDisplayOnly(q: Question): boolean {
  switch (q.quType) {
    case TypePageTag:
    case TypeParagraph:
    case TypeMap:
    case TypeScrollText:
      return true;
    case TypeComponent:
      return (q.childType ?? '') !== ChildVerifyCode;
  }
  return false;
}

export function isMatrix(q: Question): boolean {
  return (q.quType ?? '').startsWith('MATRIX_');
}

export function isGroup(q: Question): boolean {
  const t = q.quType;
  return t === TypeCheckboxGroup || t === TypeRadioGroup || t === TypeImgCheckboxGroup;
}

export function isRadioLike(q: Question): boolean {
  const t = q.quType;
  return t === TypeRadio || t === TypeImgRadio || t === TypeYesNo || t === TypeCompRadio || t === TypeRadioGroup;
}

export function isCheckboxLike(q: Question): boolean {
  const t = q.quType;
  return t === TypeCheckbox || t === TypeImgCheckbox || t === TypeCompCheckbox || t === TypeCheckboxGroup || t === TypeImgCheckboxGroup;
}

/**
 * questionOptions: quRadios, quCheckboxs, quScores, quOrderbys,
 * quMultiFillblanks, then the group options of group questions. Option
 * numbers (QnAm) index this list.
 */
export function questionOptions(q: Question): Option[] {
  const out: Option[] = [];
  const add = (l?: Option[]) => {
    if (l) for (const o of l) out.push(o);
  };
  add(q.quRadios);
  add(q.quCheckboxs);
  add(q.quScores);
  add(q.quOrderbys);
  add(q.quMultiFillblanks);
  if (isGroup(q) && q.quRows) for (const g of q.quRows) add(g.groupOptions);
  return out;
}

/** isRequired: quAttr.isRequired wins over the legacy flat isRequired. */
export function isRequired(q: Question): boolean {
  if (q.quAttr && q.quAttr.isRequired !== undefined) return q.quAttr.isRequired;
  return !!q.isRequired;
}

export type OptKind = 'option' | 'row' | 'col' | 'group';

/** OptRef locates an option-like item. */
export interface OptRef {
  q: number;
  kind: OptKind;
  n: number;
  o: Option;
}

/** Index gives fast lookups over a document. */
export interface Index {
  s: Survey;
  qs: Question[];
  byId: Map<string, number>;
  num: number[];
  byNum: Map<number, number>;
  page: number[];
  pageCount: number;
  opt: Map<string, OptRef>;
  vars: Map<string, number>;
  /** questionOptions per position. */
  opts: Option[][];
  /** options, then rows (non-group), then columns, per position. */
  items: Option[][];
}

export function newIndex(s: Survey): Index {
  const qs = s.questions;
  const ix: Index = {
    s, qs, byId: new Map(), num: new Array(qs.length), byNum: new Map(), page: new Array(qs.length), pageCount: 0,
    opt: new Map(), vars: new Map(), opts: new Array(qs.length), items: new Array(qs.length),
  };
  let page = 1;
  let num = 0;
  qs.forEach((q, i) => {
    if (q.quType === TypePageTag && i > 0) page++;
    ix.page[i] = page;
    if (q.dwId && !ix.byId.has(q.dwId)) ix.byId.set(q.dwId, i);
    ix.num[i] = 0;
    if (isCounted(q)) {
      num++;
      ix.num[i] = num;
      ix.byNum.set(num, i);
    }
    if (q.varAtrrs) {
      for (const n of [q.varAtrrs.defaultName, q.varAtrrs.customName]) {
        if (n && !ix.vars.has(n)) ix.vars.set(n, i);
      }
    }
    const add = (o: Option, kind: OptKind, n: number) => {
      if (o.dwId && !ix.opt.has(o.dwId)) ix.opt.set(o.dwId, { q: i, kind, n, o });
    };
    const opts = questionOptions(q);
    ix.opts[i] = opts;
    opts.forEach((o, n) => add(o, 'option', n + 1));
    const grp = isGroup(q);
    (q.quRows ?? []).forEach((o, n) => add(o, grp ? 'group' : 'row', n + 1));
    (q.quCols ?? []).forEach((o, n) => add(o, 'col', n + 1));
    const items = opts.slice();
    if (!grp && q.quRows) for (const o of q.quRows) items.push(o);
    if (q.quCols) for (const o of q.quCols) items.push(o);
    ix.items[i] = items;
  });
  ix.pageCount = page;
  return ix;
}
