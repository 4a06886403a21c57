// Stored answer placeholders (Go survey/pipestore.go): the pipeable texts of a document, the
// placeholder checks (checkPipes, pinned by testdata/engine/pipecheck/check.json) and the
// designer's renumbering after questions or options move (refreshPipes). Not used by the
// answer page.
import type { Issue } from './compile';
import { newIndex, type Index } from './docindex';
import { loadSurvey } from './load';
import type { Survey } from './model';
import { PIPE_MAX_FALLBACK, resolvePipeTarget, scanPipes, type PipeMode, type PipeTarget } from './pipe';
import { isIdentRune, isIdentStart } from './dsl/lexer';

/** One stored placeholder: the name it was written with and the dwIds it quoted. */
export interface PipeRef {
  name: string;
  quDwId?: string;
  itemDwId?: string;
  colDwId?: string;
}

export type PipeRefs = Record<string, PipeRef[]>;

type Obj = Record<string, any>;

/** A place where one form of a text is stored: obj[field], obj being at path from the root. */
interface Slot {
  obj: Obj;
  field: string;
  path: (string | number)[];
}

/** One pipeable text: its dwPipes key, document path, owning position, scan mode and stored forms. */
export interface PipeSource {
  key: string;
  path: string;
  owner: number;
  mode: PipeMode;
  slots: Slot[];
  forms: string[];
}

const OPTION_LISTS = ['quRadios', 'quCheckboxs', 'quScores', 'quOrderbys', 'quMultiFillblanks', 'quRows', 'quCols'] as const;

/** pipeSources lists the pipeable texts in Go's PipeTexts order (works on raw and loaded documents). */
export function pipeSources(doc: Obj): PipeSource[] {
  const out: PipeSource[] = [];
  const add = (key: string, path: string, owner: number, mode: PipeMode, slots: Slot[]) => {
    const forms: string[] = [];
    const keep: Slot[] = [];
    for (const sl of slots) {
      const v = sl.obj?.[sl.field];
      if (typeof v !== 'string' || v === '') continue;
      keep.push(sl);
      if (!forms.includes(v)) forms.push(v);
    }
    if (forms.length) out.push({ key, path, owner, mode, slots: keep, forms });
  };
  const textSlots = (o: Obj, path: (string | number)[], plain: string, obj: string): Slot[] => {
    const t = o[obj];
    const sl: Slot[] = [{ obj: o, field: plain, path }];
    if (t && typeof t === 'object') sl.push({ obj: t, field: 'dwHtml', path: [...path, obj] }, { obj: t, field: 'dwText', path: [...path, obj] });
    return sl;
  };
  const qs: Obj[] = Array.isArray(doc.questions) ? doc.questions : [];
  const end = qs.length;
  qs.forEach((q, i) => {
    if (!q || typeof q !== 'object') return;
    const p = `questions[${i}]`;
    const id = q.dwId ?? '';
    const qp = ['questions', i];
    add(`${id}/quTitle`, `${p}.quTitle`, i, 'html', textSlots(q, qp, 'quTitle', 'quTitleObj'));
    add(`${id}/quNote`, `${p}.quNote`, i, 'html', textSlots(q, qp, 'quNote', 'quNoteObj'));
    if (q.solution && typeof q.solution === 'object') {
      const sp = [...qp, 'solution'];
      add(`${id}/solution`, `${p}.solution`, end, 'html', [{ obj: q.solution, field: 'dwHtml', path: sp }, { obj: q.solution, field: 'dwText', path: sp }]);
    }
    const opt = (o: Obj, path: string, op: (string | number)[]) => {
      if (!o || typeof o !== 'object') return;
      add(`${o.dwId ?? ''}/optionTitle`, `${path}.optionTitle`, i, 'html', textSlots(o, op, 'optionTitle', 'optionTitleObj'));
    };
    for (const name of OPTION_LISTS) {
      const l = q[name];
      if (!Array.isArray(l)) continue;
      l.forEach((o: Obj, j: number) => {
        opt(o, `${p}.${name}[${j}]`, [...qp, name, j]);
        if (o && name === 'quRows' && Array.isArray(o.groupOptions)) {
          o.groupOptions.forEach((g: Obj, k: number) => opt(g, `${p}.quRows[${j}].groupOptions[${k}]`, [...qp, 'quRows', j, 'groupOptions', k]));
        }
      });
    }
  });
  const ep = doc.surveyAttrs?.endPageAttr;
  if (ep && typeof ep === 'object') {
    const ss = ep.textAttr?.submitSuccess;
    const epp = ['surveyAttrs', 'endPageAttr'];
    if (ss && typeof ss === 'object') add('survey/submitSuccess', 'surveyAttrs.endPageAttr.textAttr.submitSuccess.text', end, 'html', [{ obj: ss, field: 'text', path: [...epp, 'textAttr', 'submitSuccess'] }]);
    if (ep.redirectionAttr && typeof ep.redirectionAttr === 'object') {
      add('survey/reqUrl', 'surveyAttrs.endPageAttr.redirectionAttr.reqUrl', end, 'url', [{ obj: ep.redirectionAttr, field: 'reqUrl', path: [...epp, 'redirectionAttr'] }]);
    }
  }
  const st = doc.surveyStyle;
  if (st && typeof st === 'object') {
    for (const f of ['submitBtnText', 'nextBtnText', 'prevBtnText']) add(`survey/${f}`, `surveyStyle.${f}`, end, 'text', [{ obj: st, field: f, path: ['surveyStyle'] }]);
  }
  return out;
}

function refOf(ix: Index, name: string, t: PipeTarget): PipeRef {
  const r: PipeRef = { name, quDwId: ix.qs[t.qi].dwId ?? '' };
  if (t.kind === 'option' || t.kind === 'row' || t.kind === 'group') r.itemDwId = t.item!.dwId ?? '';
  else if (t.kind === 'cell') {
    r.itemDwId = t.item!.dwId ?? '';
    r.colDwId = t.col!.dwId ?? '';
  } else if (t.kind === 'col') r.colDwId = t.col!.dwId ?? '';
  return r;
}

/** nameOf is the current name of a stored reference ('' when what it quoted is gone). */
export function nameOf(ix: Index, r: PipeRef): string {
  const qi = ix.byId.get(r.quDwId ?? '');
  if (qi === undefined || ix.num[qi] === 0) return '';
  if (!r.itemDwId && !r.colDwId && ix.vars.get(r.name) === qi) return r.name;
  const name = `Q${ix.num[qi]}`;
  const find = (id: string, ...kinds: string[]) => {
    const o = ix.opt.get(id);
    return o && o.q === qi && kinds.includes(o.kind) ? o.n : 0;
  };
  if (r.itemDwId && r.colDwId) {
    const rn = find(r.itemDwId, 'row');
    const cn = find(r.colDwId, 'col');
    return rn && cn ? `${name}R${rn}C${cn}` : '';
  }
  if (r.itemDwId) {
    const a = find(r.itemDwId, 'option');
    if (a) return `${name}A${a}`;
    const rr = find(r.itemDwId, 'row', 'group');
    return rr ? `${name}R${rr}` : '';
  }
  if (r.colDwId) {
    const c = find(r.colDwId, 'col');
    return c ? `${name}C${c}` : '';
  }
  return name;
}

const runes = (s: string) => Array.from(s).length;

/** checkPipes: the stored entries and the issues of every placeholder (Go CheckPipes). */
export function checkPipes(s: Survey): { refs: PipeRefs; issues: Issue[] } {
  const ix = newIndex(s);
  const refs: PipeRefs = {};
  const issues: Issue[] = [];
  const add = (severity: string, path: string, code: string, message: string) => issues.push({ path, code, message, severity });
  const stored: PipeRefs = ((s as Obj).dwPipes ?? {}) as PipeRefs;
  for (const t of pipeSources(s as Obj)) {
    const st = Object.prototype.hasOwnProperty.call(stored, t.key) && Array.isArray(stored[t.key]) ? stored[t.key] : [];
    const seen = new Set<string>();
    const once = (code: string, raw: string) => {
      const k = code + '\u0000' + raw;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    };
    const keep: PipeRef[] = [];
    t.forms.forEach((form, fi) => {
      const used = new Array<boolean>(st.length).fill(false);
      for (const part of scanPipes(form, t.mode)) {
        if (part.name === '') continue;
        const raw = part.raw;
        const fl = runes(part.fallback);
        if (fl > PIPE_MAX_FALLBACK && once('pipeFallback', raw)) {
          add('error', t.path, 'pipeFallback', `the fallback of {${part.name}|…} is ${fl} characters long; at most ${PIPE_MAX_FALLBACK} are allowed`);
        }
        const k = st.findIndex((r, j) => !used[j] && r && r.name === part.name);
        if (k >= 0 && st[k].quDwId) {
          used[k] = true;
          const ref = st[k];
          const cur = nameOf(ix, ref);
          if (cur === '') {
            if (once('pipeDeleted', raw)) add('error', t.path, 'pipeDeleted', `{${part.name}} quotes a question or option that was deleted; remove it or pick another answer`);
            if (fi === 0) keep.push(ref);
            continue;
          }
          if (cur !== part.name) {
            if (once('pipeMoved', raw)) add('error', t.path, 'pipeMoved', `{${part.name}} was written for what is now {${cur}} (questions or options moved since); write {${cur}}`);
            if (fi === 0) keep.push(ref);
            continue;
          }
        } else if (k >= 0) used[k] = true;
        const target = resolvePipeTarget(ix, part.name);
        if (!target) {
          if (once('pipeUnknown', raw)) add('warning', t.path, 'pipeUnknown', `${raw} names no question or variable and is shown as typed (write {{ for a literal brace)`);
          continue;
        }
        if (target.qi >= t.owner && once('pipeLater', raw)) {
          add('warning', t.path, 'pipeLater', `{${part.name}} quotes ${target.qi === t.owner ? 'its own question' : 'a later question'}: respondents see the fallback until it is answered`);
        }
        if (fi === 0) keep.push(refOf(ix, part.name, target));
      }
      for (const name of unclosedPipes(form, t.mode)) {
        if (resolvePipeTarget(ix, name) && once('pipeUnclosed', name)) add('warning', t.path, 'pipeUnclosed', `{${name} has no closing brace and is shown as typed`);
      }
    });
    if (keep.length) refs[t.key] = keep;
  }
  return { refs, issues };
}

function unclosedPipes(text: string, mode: PipeMode): string[] {
  const out: string[] = [];
  for (const part of scanPipes(text, mode, () => false)) {
    let lit = part.lit;
    for (;;) {
      const k = lit.indexOf('{');
      if (k < 0) break;
      lit = lit.slice(k + 1);
      let j = 0;
      while (j < lit.length) {
        const cp = lit.codePointAt(j)!;
        if (j === 0 ? !isIdentStart(cp) : !isIdentRune(cp)) break;
        j += cp > 0xffff ? 2 : 1;
      }
      if (j === 0) continue;
      if (j === lit.length || (lit[j] !== '}' && lit[j] !== '|')) out.push(lit.slice(0, j));
      else if (lit[j] === '|' && lit.indexOf('}', j) < 0) out.push(lit.slice(0, j));
    }
  }
  return out;
}

/**
 * refreshPipes renumbers the placeholders of `after` (a document just changed from `before` by
 * moving, adding or deleting questions or options) so they keep quoting the same answers, the
 * way refreshDslAst renumbers logic. Each placeholder is followed by its stored dwIds, or, when
 * it has none yet, by the question it named in `before`. A placeholder whose question or option
 * was deleted keeps its text and a stale entry, so checkPipes reports it and save refuses it.
 * Returns a new document that shares every unchanged object with `after` (so memoised views of
 * untouched questions do not re-render) and whether any text changed.
 */
export function refreshPipes(before: Obj, after: Obj): { doc: Obj; changed: boolean } {
  if (!after.dwPipes && !mayHavePipes(after)) return { doc: after, changed: false }; // nothing to follow
  const bix = newIndex(loadSurvey(JSON.parse(JSON.stringify(before))));
  const aix = newIndex(loadSurvey(JSON.parse(JSON.stringify(after))));
  const stored: PipeRefs = (after.dwPipes && typeof after.dwPipes === 'object' ? after.dwPipes : {}) as PipeRefs;
  const refs: PipeRefs = {};
  const changes: { slot: Slot; value: string }[] = [];
  for (const t of pipeSources(after)) {
    const st = Array.isArray(stored[t.key]) ? stored[t.key] : [];
    let keep: PipeRef[] | null = null;
    const rewritten = new Map<string, string>();
    for (const form of t.forms) {
      const used = new Array<boolean>(st.length).fill(false);
      const kept: PipeRef[] = [];
      let out = '';
      let last = 0;
      for (const part of scanPipes(form, t.mode)) {
        if (part.name === '') continue;
        let ref: PipeRef | null = null;
        const k = st.findIndex((r, j) => !used[j] && r && r.name === part.name && !!r.quDwId);
        if (k >= 0) {
          used[k] = true;
          ref = st[k];
        } else {
          const bt = resolvePipeTarget(bix, part.name);
          if (bt) ref = refOf(bix, part.name, bt);
        }
        if (!ref) continue; // unknown: stays as typed
        const cur = nameOf(aix, ref);
        const name = cur || part.name; // deleted: keep the text, keep the stale entry
        kept.push({ ...ref, name });
        if (name !== part.name) {
          out += form.slice(last, part.offset) + '{' + name + part.raw.slice(1 + part.name.length);
          last = part.offset + part.raw.length;
        }
      }
      out += form.slice(last);
      if (out !== form) rewritten.set(form, out);
      if (keep === null) keep = kept;
    }
    for (const slot of t.slots) {
      const nv = rewritten.get(slot.obj[slot.field]);
      if (nv !== undefined) changes.push({ slot, value: nv });
    }
    if (keep && (keep as PipeRef[]).length) refs[t.key] = keep;
  }
  // copy on write: clone each object on the way to a changed field once
  const clones = new Map<object, Obj>();
  const root: Obj = { ...after };
  clones.set(after, root);
  for (const { slot, value } of changes) {
    let orig: any = after;
    let copy: any = root;
    for (const k of slot.path) {
      const child = orig[k];
      let c = clones.get(child);
      if (!c) {
        c = Array.isArray(child) ? child.slice() : { ...child };
        clones.set(child, c!);
      }
      copy[k] = c;
      orig = child;
      copy = c;
    }
    copy[slot.field] = value;
  }
  if (Object.keys(refs).length) root.dwPipes = refs;
  else delete root.dwPipes;
  return { doc: root, changed: changes.length > 0 };
}

/** A quick look for "{" in the texts that can hold placeholders (no copy of the document). */
export function mayHavePipes(doc: any): boolean {
  const has = (v: any) => typeof v === 'string' && v.indexOf('{') >= 0;
  const text = (o: any, plain: string, obj: string) => o && (has(o[plain]) || has(o[obj]?.dwHtml) || has(o[obj]?.dwText));
  const opt = (o: any): boolean => text(o, 'optionTitle', 'optionTitleObj') || (o?.groupOptions ?? []).some(opt);
  for (const q of doc.questions ?? []) {
    if (!q) continue;
    if (text(q, 'quTitle', 'quTitleObj') || text(q, 'quNote', 'quNoteObj') || has(q.solution?.dwHtml)) return true;
    for (const k of ['quRadios', 'quCheckboxs', 'quScores', 'quOrderbys', 'quMultiFillblanks', 'quRows', 'quCols']) if ((q[k] ?? []).some(opt)) return true;
  }
  const ep = doc.surveyAttrs?.endPageAttr;
  const st = doc.surveyStyle ?? {};
  return has(ep?.textAttr?.submitSuccess?.text) || has(ep?.redirectionAttr?.reqUrl) || has(st.submitBtnText) || has(st.nextBtnText) || has(st.prevBtnText);
}

/** structureKey summarises question and option identity and order (refresh when it changes). */
export function structureKey(doc: Obj): string {
  const parts: string[] = [];
  for (const q of Array.isArray(doc.questions) ? doc.questions : []) {
    if (!q) continue;
    parts.push('q' + (q.dwId ?? '') + ':' + (q.quType ?? ''));
    for (const name of OPTION_LISTS) {
      const l = q[name];
      if (!Array.isArray(l)) continue;
      for (const o of l) {
        parts.push((o?.dwId ?? '') + (name === 'quCols' ? 'c' : ''));
        if (Array.isArray(o?.groupOptions)) for (const g of o.groupOptions) parts.push('g' + (g?.dwId ?? ''));
      }
    }
    const v = q.varAtrrs;
    if (v) parts.push('v' + (v.defaultName ?? '') + '/' + (v.customName ?? ''));
  }
  return parts.join('|');
}
