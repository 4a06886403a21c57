// Logic passes, mutual exclusion and quotas (Go survey/logic.go).
import { walk } from './compile';
import { isCheckboxLike, isRadioLike, normType } from './docindex';
import { SAssign, SGoto, SHide, SIf, SMutex, SQuota, SShow, SSolution, SValidate, type Ref } from './dsl/ast';
import { evalCond, evalExpr } from './dsl/eval';
import { isEmpty, truthy, type Value } from './dsl/value';
import { newMsg, type Message } from './messages';
import {
  TypeChenScore, TypeMultiFillblank, TypeOrderQu, TypePageTag, TypeScaleNPS, TypeScaleSlider, TypeScore,
  type AnOption, type AnQuestion, type QuestionLogic,
} from './model';
import { eqFold, goTrim } from './util';
import { View, type Core } from './view';

/** An assign target's value (null when no assign statement for it fired). */
export interface Assignment {
  quDwId: string;
  value: Value;
}

/** A failing validate rule shown on a question. */
export interface Hint {
  quDwId: string;
  message: string;
}

/** The state of one quota statement. */
export interface QuotaHit {
  /** Stable storage key: the targets' option dwIds joined by "+". */
  key: string;
  /** Display text, e.g. "Q1A1 and Q2A2". */
  quota: string;
  cap: number;
  count: number;
  matched: boolean;
  full: boolean;
}

export interface PassState {
  hq: boolean[];
  ho: Set<string>;
  solutions: string[];
  assigned: Map<string, Value>;
  assignList: Assignment[];
  hints: Hint[];
  end: boolean;
}

/** logicKind normalises a questionLogics logicType: GO, SHOW, SOLUTION or "". */
export function logicKind(t: string): string {
  switch (goTrim(t).toUpperCase()) {
    case '1':
    case 'GO':
    case 'JUMP':
      return 'GO';
    case '2':
    case 'SHOW':
      return 'SHOW';
    case '3':
    case 'SOLUTION':
      return 'SOLUTION';
  }
  return '';
}

export function isEndTarget(id: string): boolean {
  const u = id.toUpperCase();
  return u === 'END' || u === 'END1' || u === 'END2';
}

/** ruleMatches reports whether a questionLogics rule fires for the question's answer. */
export function ruleMatches(e: Core, v: View, qi: number, r: QuestionLogic): boolean {
  const q = e.ix.qs[qi];
  const a = v.answer(qi);
  if (!a) return false;
  const t = normType(q.quType);
  const cmp = (x: number): boolean => {
    const s = r.scoreNum ?? 0;
    switch ((r.geLe ?? '').toUpperCase()) {
      case 'LT':
        return x < s;
      case 'LTE':
      case 'LE':
        return x <= s;
      case 'GT':
        return x > s;
      case 'GTE':
      case 'GE':
        return x >= s;
    }
    return true;
  };
  if (isRadioLike(q) || isCheckboxLike(q)) {
    const ids = r.cgQuItemId ?? [];
    if (ids.length === 0) return !isEmpty(v.questionValue(qi));
    const all = eqFold(r.cgMode ?? '', 'and');
    for (const id of ids) {
      const s = v.selected(qi, id);
      if (s && !all) return true;
      if (!s && all) return false;
    }
    return all;
  }
  if (t === TypeOrderQu || t === TypeScore || t === TypeChenScore || t === TypeMultiFillblank) {
    let ids = r.cgQuItemId ?? [];
    if (ids.length === 0) ids = e.ix.opts[qi].map((o) => o.dwId ?? '');
    for (const id of ids) {
      const x = v.itemValue(qi, id, '');
      if (isEmpty(x)) continue;
      if (typeof x !== 'number' || cmp(x)) return true;
    }
    return false;
  }
  if (t === TypeScaleNPS || t === TypeScaleSlider) {
    const x = v.questionValue(qi);
    return !isEmpty(x) && cmp(x as number);
  }
  return !isEmpty(v.questionValue(qi));
}

/** pass computes hidden questions/options, solutions, assignments and hints. */
export function pass(e: Core, v: View): PassState {
  const qs = e.ix.qs;
  const n = qs.length;
  const ps: PassState = {
    hq: new Array<boolean>(n).fill(false), ho: new Set(), solutions: [], assigned: new Map(), assignList: [], hints: [], end: false,
  };
  const showTarget = new Array<boolean>(n).fill(false);
  const shown = new Array<boolean>(n).fill(false);
  const optShowTarget = new Set<string>();
  const optShown = new Set<string>();
  const forced = new Array<boolean>(n).fill(false);
  const seenSol = new Set<string>();
  const addSol = (id: string) => {
    if (!seenSol.has(id)) {
      seenSol.add(id);
      ps.solutions.push(id);
    }
  };
  const hideRange = (from: number, target: string) => {
    let to = n;
    if (!isEndTarget(target)) {
      const ti = e.ix.byId.get(target);
      if (ti === undefined || ti <= from) return;
      to = ti;
    } else {
      ps.end = true;
    }
    for (let i = from + 1; i < to; i++) if (qs[i].quType !== TypePageTag) forced[i] = true;
  };
  for (let qi = 0; qi < n; qi++) {
    const q = qs[qi];
    if (q.quAttr && q.quAttr.hideQu) forced[qi] = true;
    const logics = q.questionLogics;
    if (!logics) continue;
    for (const r of logics) {
      const kind = logicKind(r.logicType ?? '');
      if (kind === 'SHOW') {
        for (const t of r.skQuId ?? []) {
          const ti = e.ix.byId.get(t);
          if (ti !== undefined) showTarget[ti] = true;
        }
      }
      if (!ruleMatches(e, v, qi, r)) continue;
      switch (kind) {
        case 'GO':
          if (r.skQuId && r.skQuId.length > 0) hideRange(qi, r.skQuId[0]);
          break;
        case 'SHOW':
          for (const t of r.skQuId ?? []) {
            const ti = e.ix.byId.get(t);
            if (ti !== undefined) shown[ti] = true;
          }
          break;
        case 'SOLUTION':
          for (const t of r.skQuId ?? []) addSol(t);
          break;
      }
    }
  }
  const env = new View(e, v.ans, v.hq, v.ho, ps.assigned, v.day);
  const assignOrder: string[] = [];
  const assignSeen = new Set<string>();
  const hintSeen = new Set<string>();
  const hints: Hint[] = [];
  for (const r of e.c.rules) {
    let st = r.stmt;
    let fired = true;
    if (st.kind === SIf) {
      fired = evalCond(st.cond!, env);
      st = st.then!;
    }
    switch (st.kind) {
      case SShow:
      case SHide:
        for (const t of st.targets ?? []) {
          const qi = e.ix.byId.get(t.quDwId ?? '');
          if (qi === undefined) continue;
          if (st.kind === SShow && r.stmt.kind === SIf) {
            if (t.itemDwId) optShowTarget.add(t.itemDwId);
            else showTarget[qi] = true;
          }
          if (!fired) continue;
          if (st.kind === SShow && t.itemDwId) optShown.add(t.itemDwId);
          else if (st.kind === SShow) shown[qi] = true;
          else if (t.itemDwId) ps.ho.add(t.itemDwId);
          else forced[qi] = true;
        }
        break;
      case SGoto: {
        if (!fired) continue;
        let from = r.owner;
        walk(r.stmt.cond, (x) => {
          const qi = e.ix.byId.get(x.ref!.quDwId ?? '');
          if (qi !== undefined && qi > from) from = qi;
        });
        if (from < 0) continue;
        const target = st.target!.name === 'END' ? 'END' : (st.target!.quDwId ?? '');
        hideRange(from, target);
        break;
      }
      case SAssign: {
        const id = st.target!.quDwId ?? '';
        if (!e.ix.byId.has(id)) continue; // unresolved target (reported by compileDsl)
        if (!assignSeen.has(id)) {
          assignSeen.add(id);
          assignOrder.push(id);
        }
        if (fired) {
          const x = evalExpr(st.value!, env);
          ps.assigned.set(id, x === '' ? null : x); // the empty text is empty: no answer is written
        }
        break;
      }
      case SSolution:
        if (fired) addSol(st.message ?? '');
        break;
      case SValidate: {
        if (!fired) continue;
        let targets: Ref[] = st.targets ?? [];
        let answered = false;
        const refs: Ref[] = [];
        walk(st.cond, (x) => {
          refs.push(x.ref!);
          if (!isEmpty(env.lookup({ name: '', quDwId: x.ref!.quDwId }))) answered = true;
        });
        if (!answered || evalCond(st.cond!, env)) continue;
        if (targets.length === 0) targets = refs;
        const msg = st.message ?? '';
        for (const t of targets) {
          const qd = t.quDwId ?? '';
          const k = qd + '\u0000' + msg;
          if (e.ix.byId.has(qd) && !hintSeen.has(k)) {
            hintSeen.add(k);
            hints.push({ quDwId: qd, message: msg });
          }
        }
        break;
      }
    }
  }
  for (let i = 0; i < n; i++) ps.hq[i] = forced[i] || (showTarget[i] && !shown[i]);
  for (let qi = 0; qi < n; qi++) {
    for (const o of e.ix.items[qi]) {
      const id = o.dwId ?? '';
      if (optShowTarget.has(id) && !optShown.has(id)) ps.ho.add(id);
      const sb = o.showBy;
      if (sb && sb.length > 0) {
        let ok = false;
        for (const src of sb) {
          const ref = e.ix.opt.get(src);
          if (ref && v.selected(ref.q, src)) {
            ok = true;
            break;
          }
        }
        if (!ok) ps.ho.add(id);
      }
    }
  }
  const pos = (h: Hint) => e.ix.byId.get(h.quDwId)!;
  hints.sort((x, y) => pos(x) - pos(y));
  for (const h of hints) if (!ps.hq[pos(h)]) ps.hints.push(h);
  for (const id of assignOrder) {
    const x = ps.assigned.get(id);
    ps.assignList.push({ quDwId: id, value: x === undefined ? null : x });
  }
  return ps;
}

function cloneAnswer(a: AnQuestion): AnQuestion {
  return { ...a };
}

/**
 * applyMutex applies mutex statements and exclusive options. With changed
 * on one side the other side is unchecked; otherwise a conflict is an error.
 */
export function applyMutex(e: Core, ans: Map<string, AnQuestion>, changed: string, unchecked: Set<string>): Map<number, Message> {
  const errs = new Map<number, Message>();
  const v = new View(e, ans);
  const uncheck = (ids: Set<string>) => {
    for (const [qid, a] of ans) {
      const c = cloneAnswer(a);
      let touched = false;
      if (a.anRadio && ids.has(a.anRadio.optionDwId)) {
        unchecked.add(a.anRadio.optionDwId);
        delete c.anRadio;
        touched = true;
      }
      const keep: AnOption[] = [];
      for (const o of a.anCheckboxs ?? []) {
        if (ids.has(o.optionDwId)) {
          unchecked.add(o.optionDwId);
          touched = true;
          continue;
        }
        keep.push(o);
      }
      if (touched) {
        if (keep.length > 0) c.anCheckboxs = keep;
        else delete c.anCheckboxs;
        ans.set(qid, c);
      }
    }
  };
  const selectedOf = (refs: Ref[]): Set<string> => {
    const out = new Set<string>();
    for (const r of refs) {
      const id = r.itemDwId ?? '';
      const ref = e.ix.opt.get(id);
      if (ref && v.selected(ref.q, id)) out.add(id);
    }
    return out;
  };
  const inRefs = (refs: Ref[], id: string) => refs.some((r) => (r.itemDwId ?? '') === id);
  for (const r of e.c.rules) {
    if (r.stmt.kind !== SMutex) continue;
    const targets = r.stmt.targets ?? [];
    const others = r.stmt.others ?? [];
    const a = selectedOf(targets);
    const b = selectedOf(others);
    if (a.size === 0 || b.size === 0) continue;
    if (changed !== '' && a.has(changed) && inRefs(targets, changed)) uncheck(b);
    else if (changed !== '' && b.has(changed) && inRefs(others, changed)) uncheck(a);
    else {
      // The question of the first option of the second group that exists.
      let qi = -1;
      for (const o of others) {
        const ref = e.ix.opt.get(o.itemDwId ?? '');
        if (ref) {
          qi = ref.q;
          break;
        }
      }
      if (qi >= 0 && !errs.has(qi)) errs.set(qi, newMsg(e.ix.qs[qi].dwId ?? '', 'mutex'));
    }
  }
  e.ix.qs.forEach((q, qi) => {
    if (!isCheckboxLike(q)) return;
    const mutual: string[] = [];
    const others: string[] = [];
    for (const o of e.ix.opts[qi]) {
      const id = o.dwId ?? '';
      if (!v.selected(qi, id)) continue;
      if (o.optionAttrs && o.optionAttrs.mutual) mutual.push(id);
      else others.push(id);
    }
    if (mutual.length === 0 || mutual.length + others.length < 2) return;
    if (changed !== '' && mutual.indexOf(changed) >= 0) {
      const drop = new Set(others);
      for (const m of mutual) if (m !== changed) drop.add(m);
      uncheck(drop);
    } else if (changed !== '' && others.indexOf(changed) >= 0) {
      uncheck(new Set(mutual));
    } else if (!errs.has(qi)) {
      errs.set(qi, newMsg(q.dwId ?? '', 'mutual'));
    }
  });
  return errs;
}

/** quotaStorageKey is the stable key of a quota: its targets' option dwIds joined by "+" in source order. */
export function quotaStorageKey(refs: Ref[]): string {
  return refs.map((r) => r.itemDwId || r.name).join('+');
}

/** quotaKey is the canonical text of a quota's targets. */
export function quotaKey(refs: Ref[]): string {
  return refs.map((r) => r.name).join(' and ');
}

function quotaMatches(e: Core, v: View, refs: Ref[]): boolean {
  const groups = new Map<string, boolean>();
  for (const r of refs) {
    const qd = r.quDwId ?? '';
    if (!groups.has(qd)) groups.set(qd, false);
    const ref = e.ix.opt.get(r.itemDwId ?? '');
    if (ref && !groups.get(qd)) groups.set(qd, truthy(v.itemValue(ref.q, r.itemDwId ?? '', r.colDwId ?? '')));
  }
  for (const ok of groups.values()) if (!ok) return false;
  return groups.size > 0;
}

export function quotas(e: Core, v: View, counts: Record<string, number> | undefined): QuotaHit[] {
  const out: QuotaHit[] = [];
  for (const r of e.c.rules) {
    if (r.stmt.kind !== SQuota) continue;
    const targets = r.stmt.targets ?? [];
    const key = quotaStorageKey(targets);
    const cap = Math.trunc(r.stmt.cap ?? 0);
    const count = counts && Object.prototype.hasOwnProperty.call(counts, key) ? counts[key] : 0;
    const matched = quotaMatches(e, v, targets);
    out.push({ key, quota: quotaKey(targets), cap, count, matched, full: matched && count + 1 > cap });
  }
  return out;
}

/** quotaErrors puts a quotaFull error on the question of the first target of every full quota. */
export function quotaErrors(e: Core, hits: QuotaHit[]): Map<number, Message> {
  const errs = new Map<number, Message>();
  let i = 0;
  for (const r of e.c.rules) {
    if (r.stmt.kind !== SQuota) continue;
    const h = hits[i++];
    if (!h.full) continue;
    const qi = e.ix.byId.get(r.stmt.targets![0].quDwId ?? '');
    if (qi !== undefined && !errs.has(qi)) errs.set(qi, newMsg(e.ix.qs[qi].dwId ?? '', 'quotaFull', { quota: h.quota }));
  }
  return errs;
}
