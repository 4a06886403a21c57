// The answer state seen by rules and reference values (Go survey/values.go).
import type { Compiled } from './compile';
import { fix } from './dsl/eval';
import type { Ref } from './dsl/ast';
import { equal, isEmpty, type Value } from './dsl/value';
import { isCheckboxLike, isGroup, isMatrix, isRadioLike, normType, type Index } from './docindex';
import {
  TypeCascade, TypeChenScore, TypeGeolocation, TypeMultiFillblank, TypeOrderQu, TypeScaleNPS, TypeScaleSlider, TypeScore,
  TypeSignature, TypeUploadFile, type AnQuestion, type Option, type Survey,
} from './model';

/** Core is what the engine modules share. */
export interface Core {
  s: Survey;
  ix: Index;
  c: Compiled;
  /** The engine clock's date ("YYYY-MM-DD") in the survey's time zone. */
  today(): string;
}

/** The date of one evaluation, read once from the engine's clock when the input has none. */
export interface DayClock {
  today: string;
}

/** An answer view: answers by question dwId, hidden questions and options, assigned values. */
export class View {
  constructor(
    public e: Core,
    public ans: Map<string, AnQuestion>,
    public hq: boolean[] | null = null,
    public ho: Set<string> | null = null,
    public assigned: Map<string, Value> | null = null,
    public day: DayClock | null = null,
  ) {}

  /** today implements the DSL clock. */
  today(): string {
    if (!this.day) return '';
    if (this.day.today === '') this.day.today = this.e.today();
    return this.day.today;
  }

  answer(qi: number): AnQuestion | undefined {
    if (this.hq !== null && this.hq[qi]) return undefined;
    return this.ans.get(this.e.ix.qs[qi].dwId ?? '');
  }

  optHidden(id: string): boolean {
    return this.ho !== null && this.ho.has(id);
  }

  /** selected reports whether a choice option is selected. */
  selected(qi: number, optId: string): boolean {
    const a = this.answer(qi);
    if (!a || this.optHidden(optId)) return false;
    if (a.anRadio && a.anRadio.optionDwId === optId) return true;
    if (a.anCheckboxs) for (const c of a.anCheckboxs) if (c.optionDwId === optId) return true;
    return false;
  }

  /** lookup implements the DSL Env. */
  lookup(r: Ref): Value {
    const ix = this.e.ix;
    let qi = (r.slot ?? 0) - 1;
    if (qi < 0 || qi >= ix.qs.length || (ix.qs[qi].dwId ?? '') !== (r.quDwId ?? '')) {
      const k = ix.byId.get(r.quDwId ?? '');
      if (k === undefined) return null;
      qi = k;
    }
    if (!r.itemDwId && !r.colDwId) {
      if (this.assigned !== null) {
        const x = this.assigned.get(r.quDwId ?? '');
        if (x !== undefined) return x;
      }
      return this.questionValue(qi);
    }
    return this.itemValue(qi, r.itemDwId ?? '', r.colDwId ?? '');
  }

  /** questionValue is the value of Qn. */
  questionValue(qi: number): Value {
    const e = this.e;
    const q = e.ix.qs[qi];
    const a = this.answer(qi);
    if (!a) return null;
    const t = normType(q.quType);
    const radio = isRadioLike(q);
    if (radio && !isGroup(q)) {
      if (a.anRadio && !this.optHidden(a.anRadio.optionDwId) && e.ix.opt.has(a.anRadio.optionDwId)) {
        return optValue(e, a.anRadio.optionDwId);
      }
      return null;
    }
    if (radio || isCheckboxLike(q)) {
      const l: Value[] = [];
      for (const o of e.ix.opts[qi]) {
        const id = o.dwId ?? '';
        if (this.selected(qi, id)) l.push(optValue(e, id));
      }
      if (l.length === 0) return null;
      if (radio && l.length === 1) return l[0];
      return l;
    }
    switch (t) {
      case TypeOrderQu: {
        const rs: { n: number; id: string }[] = [];
        for (const o of a.anOrders ?? []) {
          if (o.orderNum > 0 && !this.optHidden(o.optionDwId) && ownOpt(e, qi, o.optionDwId)) rs.push({ n: o.orderNum, id: o.optionDwId });
        }
        if (rs.length === 0) return null;
        rs.sort((x, y) => (x.n < y.n ? -1 : x.n > y.n ? 1 : 0));
        return rs.map((r) => optValue(e, r.id));
      }
      case TypeMultiFillblank: {
        const l: Value[] = [];
        for (const o of e.ix.opts[qi]) {
          const s = this.blank(a, o.dwId ?? '');
          if (s !== '') l.push(s);
        }
        return l.length === 0 ? null : l;
      }
      case TypeScore:
      case TypeChenScore: {
        let sum = 0;
        let any = false;
        for (const s of a.anScores ?? []) {
          if (ownOpt(e, qi, s.optionDwId) && !this.optHidden(s.optionDwId)) {
            sum += s.answerScore;
            any = true;
          }
        }
        return any ? (fix(sum) ?? 0) : null;
      }
      case TypeScaleNPS:
      case TypeScaleSlider:
        return a.anScale && a.anScale.answerScore !== undefined ? a.anScale.answerScore : null;
      case TypeUploadFile:
      case TypeSignature: {
        const l: Value[] = [];
        for (const f of a.anUploadFiles ?? []) {
          const n = f.fileName || f.filePath;
          if (n) l.push(n);
        }
        return l.length === 0 ? null : l;
      }
      case TypeCascade: {
        const cs = (a.anCascades ?? []).slice().sort((x, y) => (x.level < y.level ? -1 : x.level > y.level ? 1 : 0));
        const l: Value[] = [];
        for (const c of cs) if (c.value) l.push(c.value);
        return l.length === 0 ? null : l;
      }
      case TypeGeolocation:
        return a.anLocation && a.anLocation.formattedAddress ? a.anLocation.formattedAddress : null;
    }
    if (isMatrix(q)) {
      const l: Value[] = [];
      for (const row of q.quRows ?? []) {
        const x = this.rowValue(qi, a, row);
        if (!isEmpty(x)) l.push(x);
      }
      return l.length === 0 ? null : l;
    }
    if (a.anFbk && a.anFbk.answer) return a.anFbk.answer;
    return null;
  }

  blank(a: AnQuestion, id: string): string {
    if (this.optHidden(id)) return '';
    for (const m of a.anMFbks ?? []) if (m.optionDwId === id) return m.answer ?? '';
    return '';
  }

  /** rowValue is the value of QnRr. */
  rowValue(qi: number, a: AnQuestion, row: Option): Value {
    const id = row.dwId ?? '';
    if (this.optHidden(id)) return null;
    const e = this.e;
    for (const m of a.anMatrixRadios ?? []) {
      if (m.rowDwId === id) {
        const n = colNum(e, qi, m.colDwId);
        if (n > 0) return n;
      }
    }
    for (const m of a.anMatrixCheckboxes ?? []) {
      if (m.rowDwId === id) {
        const l: Value[] = [];
        for (const col of e.ix.qs[qi].quCols ?? []) {
          for (const c of m.rowAnCheckboxs ?? []) {
            if (c.colDwId === (col.dwId ?? '')) l.push(colNum(e, qi, col.dwId ?? ''));
          }
        }
        if (l.length > 0) return l;
      }
    }
    for (const m of a.anMatrixScales ?? []) if (m.rowDwId === id) return m.answerScore;
    for (const m of a.anMatrixFbks ?? []) {
      if (m.rowDwId === id) {
        const l: Value[] = [];
        for (const c of m.rowAnFbks ?? []) if (c.answer) l.push(c.answer);
        if (l.length > 0) return l;
      }
    }
    return null;
  }

  /** itemValue is the value of QnAm, QnRr, QnRrCc and QnCc. */
  itemValue(qi: number, itemId: string, colId: string): Value {
    const e = this.e;
    const q = e.ix.qs[qi];
    const a = this.answer(qi);
    if (itemId === '' && colId !== '') {
      if (!a) return 0;
      let n = 0;
      for (const m of a.anMatrixRadios ?? []) if (m.colDwId === colId && !this.optHidden(m.rowDwId)) n++;
      for (const m of a.anMatrixCheckboxes ?? []) {
        if (this.optHidden(m.rowDwId)) continue;
        for (const c of m.rowAnCheckboxs ?? []) if (c.colDwId === colId) n++;
      }
      return n;
    }
    const ref = e.ix.opt.get(itemId);
    if (!ref) return null;
    if (ref.kind === 'row') {
      if (!a) return null;
      const rv = this.rowValue(qi, a, ref.o);
      if (colId === '') return rv;
      const cn = colNum(e, qi, colId);
      for (const m of a.anMatrixFbks ?? []) {
        if (m.rowDwId === itemId) {
          for (const c of m.rowAnFbks ?? []) if (c.colDwId === colId && c.answer) return c.answer;
          return null;
        }
      }
      return !isEmpty(rv) && equal(rv, cn);
    }
    if (isRadioLike(q) || isCheckboxLike(q)) return this.selected(qi, itemId);
    if (!a) return null;
    switch (normType(q.quType)) {
      case TypeOrderQu:
        for (const o of a.anOrders ?? []) {
          if (o.optionDwId === itemId && o.orderNum > 0 && !this.optHidden(o.optionDwId)) return o.orderNum;
        }
        break;
      case TypeMultiFillblank: {
        const s = this.blank(a, itemId);
        if (s !== '') return s;
        break;
      }
      case TypeScore:
      case TypeChenScore:
        for (const s of a.anScores ?? []) {
          if (s.optionDwId === itemId && !this.optHidden(s.optionDwId)) return s.answerScore;
        }
        break;
    }
    return null;
  }
}

/** optValue: valueAtrrs.customValue when set, otherwise the option's 1-based number. */
export function optValue(e: Core, id: string): Value {
  const ref = e.ix.opt.get(id);
  if (!ref) return null;
  const cv = ref.o.valueAtrrs?.customValue;
  if (cv) return cv;
  return ref.n;
}

export function ownOpt(e: Core, qi: number, id: string): boolean {
  const r = e.ix.opt.get(id);
  return r !== undefined && r.q === qi;
}

export function colNum(e: Core, qi: number, id: string): number {
  const r = e.ix.opt.get(id);
  if (!r || r.q !== qi || r.kind !== 'col') return 0;
  return r.n;
}
