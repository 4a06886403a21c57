// Compiling the document's DSL texts (Go survey/compile.go).
import { KBinary, KCall, KList, KUnary, SAssign, SGoto, SIf, SValidate, KRef, SComment, type Expr, type Program, type Pos, type Ref, type Stmt } from './dsl/ast';
import { formatProgram } from './dsl/format';
import { checkCall } from './dsl/funcs';
import { parseProgram } from './dsl/parser';
import { DslError } from './dsl/ast';
import type { Index } from './docindex';
import { loadProgram } from './load';
import type { Survey } from './model';
import { goQuote } from './util';

/** One DSL text of a document and where it lives. */
export interface DslSource {
  path: string;
  block: string;
  owner: number;
  text: string;
}

/** An issue found in a document. */
export interface Issue {
  path: string;
  code: string;
  message: string;
  severity: string;
}

/** sources lists every DSL text in evaluation order. */
export function sources(s: Survey): DslSource[] {
  const out: DslSource[] = [];
  if (s.dwDsl) out.push({ path: 'dwDsl', block: 'dwDsl', owner: -1, text: s.dwDsl });
  const l = s.logicDsl;
  if (l) {
    (l.mutexDsl ?? []).forEach((t, i) => out.push({ path: `logicDsl.mutexDsl[${i}]`, block: 'mutexDsl', owner: -1, text: t }));
    (l.quotaDsls ?? []).forEach((t, i) => out.push({ path: `logicDsl.quotaDsls[${i}]`, block: 'quotaDsls', owner: -1, text: t }));
  }
  s.questions.forEach((q, qi) => {
    const l = q.logicDsl;
    if (!l) return;
    const p = `questions[${qi}].logicDsl.`;
    const blocks: [string, string | undefined][] = [
      ['showDsl', l.showDsl], ['hideDsl', l.hideDsl], ['gotoDsl', l.gotoDsl], ['validateDsl', l.validateDsl],
      ['assignmentDsl', l.assignmentDsl], ['mutexDsl', l.mutexDsl],
    ];
    for (const [name, t] of blocks) {
      if (t && t.trim() !== '') out.push({ path: p + name, block: name, owner: qi, text: t });
    }
    (l.quotaDsls ?? []).forEach((t, i) => out.push({ path: `${p}quotaDsls[${i}]`, block: 'quotaDsls', owner: qi, text: t }));
  });
  return out;
}

/** A compiled statement with its origin. */
export interface Rule {
  stmt: Stmt;
  src: DslSource;
  owner: number;
}

export interface Compiled {
  rules: Rule[];
  issues: Issue[];
}

/** walk calls f for every reference node of e. */
export function walk(e: Expr | undefined, f: (e: Expr) => void): void {
  if (!e) return;
  if (e.type === KRef) f(e);
  walk(e.left, f);
  walk(e.right, f);
  if (e.args) for (const a of e.args) walk(a, f);
}

function setId(r: Ref, key: 'quDwId' | 'itemDwId' | 'colDwId', v: string): void {
  if (v) r[key] = v;
  else delete r[key];
}

function setSlot(r: Ref, n: number): void {
  Object.defineProperty(r, 'slot', { value: n, writable: true, enumerable: false, configurable: true });
}

/** compileDsl parses and resolves every DSL text of the document. */
export function compileDsl(s: Survey, ix: Index): Compiled {
  const c: Compiled = { rules: [], issues: [] };
  const srcs = sources(s);
  if (!s.dwDsl && s.dwDslAst !== undefined && s.dwDslAst !== null) {
    const p = loadProgram(s.dwDslAst);
    if (!p) {
      c.issues.push({ path: 'dwDslAst', code: 'dslError', message: 'dwDslAst is not a program', severity: 'error' });
    } else {
      const src: DslSource = { path: 'dwDslAst', block: 'dwDsl', owner: -1, text: '' };
      sanitize(c, src, p);
      add(c, ix, src, p);
      src.text = formatProgram(p); // re-numbered to the current positions
    }
  }
  for (const src of srcs) {
    let p: Program;
    try {
      p = parseProgram(src.text);
    } catch (err) {
      if (!(err instanceof DslError)) throw err;
      c.issues.push({ path: src.path, code: 'dslError', message: err.message, severity: 'error' });
      continue;
    }
    add(c, ix, src, p);
  }
  return c;
}

function add(c: Compiled, ix: Index, src: DslSource, p: Program): void {
  for (const st of p.stmts) {
    if (st.kind === SComment) continue;
    resolveStmt(c, ix, src, st);
    c.rules.push({ stmt: st, src, owner: src.owner });
  }
}

function issue(c: Compiled, src: DslSource, pos: Pos, msg: string): void {
  c.issues.push({ path: src.path, code: 'missingTarget', message: `${pos.line}:${pos.col}: ${msg}`, severity: 'error' });
}

function resolveStmt(c: Compiled, ix: Index, src: DslSource, st: Stmt): void {
  for (const t of st.targets ?? []) resolve(c, ix, src, st.pos, t);
  for (const t of st.others ?? []) resolve(c, ix, src, st.pos, t);
  if (st.target && st.target.name !== 'END') resolve(c, ix, src, st.pos, st.target);
  walk(st.cond, (e) => resolve(c, ix, src, e.pos, e.ref!));
  walk(st.value, (e) => resolve(c, ix, src, e.pos, e.ref!));
  if (st.then) resolveStmt(c, ix, src, st.then);
}

function setNum(r: Ref, key: 'q' | 'a' | 'r' | 'c', v: number): void {
  if (v) r[key] = v;
  else delete r[key];
}

/** refName prints a numbered reference: Q3, Q1A2, Q5R1, Q5R1C2, Q5C2. */
function refName(r: Ref): string {
  let s = `Q${r.q ?? 0}`;
  if (r.a && r.a > 0) s += `A${r.a}`;
  else if (r.r && r.r > 0) {
    s += `R${r.r}`;
    if (r.c && r.c > 0) s += `C${r.c}`;
  } else if (r.c && r.c > 0) s += `C${r.c}`;
  return s;
}

/**
 * resolve fills quDwId/itemDwId/colDwId of a reference. A reference that
 * already carries dwIds (a stored AST) is re-resolved from them first, and
 * its numbers and name are rewritten to the current positions; numbers are
 * used only when no dwId is stored. A stored dwId that no longer exists is
 * reported and the reference is left unresolved (Go compile.go resolve).
 */
function resolve(c: Compiled, ix: Index, src: DslSource, pos: Pos, r: Ref): void {
  const unset = () => {
    setId(r, 'quDwId', '');
    setId(r, 'itemDwId', '');
    setId(r, 'colDwId', '');
    setSlot(r, 0);
  };
  const stored = !!(r.quDwId || r.itemDwId || r.colDwId);
  if (r.var) {
    let qi: number | undefined;
    if (r.quDwId) {
      qi = ix.byId.get(r.quDwId);
      if (qi === undefined) {
        issue(c, src, pos, `question ${r.name} (dwId ${goQuote(r.quDwId)}) no longer exists`);
        unset();
        return;
      }
    } else {
      qi = ix.vars.get(r.name);
      if (qi === undefined) {
        issue(c, src, pos, `unknown variable ${goQuote(r.name)}`);
        unset();
        return;
      }
    }
    setId(r, 'quDwId', ix.qs[qi].dwId ?? '');
    setId(r, 'itemDwId', '');
    setId(r, 'colDwId', '');
    setSlot(r, qi + 1);
    if (ix.vars.get(r.name) !== qi && ix.num[qi] > 0) {
      // The variable was renamed: print the question by number.
      delete r.var;
      setNum(r, 'q', ix.num[qi]);
      setNum(r, 'a', 0);
      setNum(r, 'r', 0);
      setNum(r, 'c', 0);
      r.name = refName(r);
    }
    return;
  }
  let qi: number | undefined;
  if (stored) {
    if (!r.quDwId) {
      issue(c, src, pos, `${r.name} has no question dwId`);
      unset();
      return;
    }
    qi = ix.byId.get(r.quDwId);
    if (qi === undefined) {
      issue(c, src, pos, `question ${r.name} (dwId ${goQuote(r.quDwId)}) no longer exists`);
      unset();
      return;
    }
    if (ix.num[qi] > 0) setNum(r, 'q', ix.num[qi]);
  } else {
    qi = ix.byNum.get(r.q ?? 0);
    if (qi === undefined) {
      issue(c, src, pos, `question ${r.name} does not exist`);
      unset();
      return;
    }
  }
  const q = ix.qs[qi];
  const at = qi;
  setId(r, 'quDwId', q.dwId ?? '');
  setSlot(r, qi + 1);
  const item = (
    idKey: 'itemDwId' | 'colDwId', nKey: 'a' | 'r' | 'c', list: { dwId?: string }[], what: string, kinds: string[],
  ): boolean => {
    const id = r[idKey] ?? '';
    if (id !== '') {
      const o = ix.opt.get(id);
      if (!o || o.q !== at || kinds.indexOf(o.kind) < 0) {
        issue(c, src, pos, `${what} ${r.name} (dwId ${goQuote(id)}) no longer exists`);
        return false;
      }
      setNum(r, nKey, o.n);
      return true;
    }
    const n = r[nKey] ?? 0;
    if (n < 1 || n > list.length) {
      issue(c, src, pos, `${what} ${r.name} does not exist`);
      return false;
    }
    setId(r, idKey, list[n - 1].dwId ?? '');
    return true;
  };
  let ok = true;
  if (r.a && r.a > 0) {
    setId(r, 'colDwId', '');
    ok = item('itemDwId', 'a', ix.opts[qi], 'option', ['option']);
  } else if (r.r && r.r > 0) {
    ok = item('itemDwId', 'r', q.quRows ?? [], 'row', ['row', 'group']);
    if (r.c && r.c > 0) ok = item('colDwId', 'c', q.quCols ?? [], 'column', ['col']) && ok;
    else setId(r, 'colDwId', '');
  } else if (r.c && r.c > 0) {
    setId(r, 'itemDwId', '');
    ok = item('colDwId', 'c', q.quCols ?? [], 'column', ['col']);
  } else {
    // A question reference never carries an item.
    setId(r, 'itemDwId', '');
    setId(r, 'colDwId', '');
  }
  if (!ok) {
    unset();
    return;
  }
  if (stored) r.name = refName(r);
}

/** resolveProgram resolves a parsed program's references against a document (for dwDslAst). */
export function resolveProgram(p: Program, ix: Index): Issue[] {
  const c: Compiled = { rules: [], issues: [] };
  const src: DslSource = { path: 'dwDsl', block: 'dwDsl', owner: -1, text: '' };
  for (const st of p.stmts) resolveStmt(c, ix, src, st);
  return c.issues;
}

/**
 * updateDslAst parses dwDsl and stores its AST (with resolved dwIds) in
 * dwDslAst, like Go's UpdateDslAst. It returns the parse error, or null.
 */
export function updateDslAst(s: Survey, ix: Index): DslError | null {
  if (!s.dwDsl || s.dwDsl.trim() === '') {
    delete s.dwDslAst;
    return null;
  }
  let p: Program;
  try {
    p = parseProgram(s.dwDsl);
  } catch (err) {
    if (err instanceof DslError) return err;
    throw err;
  }
  resolveProgram(p, ix);
  s.dwDslAst = JSON.parse(JSON.stringify(p));
  return null;
}

/** eachRef calls f for every reference of a statement. */
function eachRef(st: Stmt | undefined, f: (r: Ref) => void): void {
  if (!st) return;
  for (const r of st.targets ?? []) f(r);
  for (const r of st.others ?? []) f(r);
  if (st.target) f(st.target);
  walk(st.cond, (e) => f(e.ref!));
  walk(st.value, (e) => f(e.ref!));
  eachRef(st.then, f);
}

/**
 * refreshDslAst re-resolves the stored dwDslAst against the current
 * document after questions or options moved (Go RefreshDslAst): references
 * follow their stored dwIds and are re-numbered. Without issues dwDslAst
 * and dwDsl are rewritten; with issues dwDslAst is rewritten (deleted
 * references keep their stale dwIds) and dwDsl is cleared. Returns the
 * re-numbered text and the issues; a survey without a stored AST is left
 * unchanged.
 */
export function refreshDslAst(s: Survey, ix: Index): { text: string; issues: Issue[] } {
  if (s.dwDslAst === undefined || s.dwDslAst === null) return { text: s.dwDsl ?? '', issues: [] };
  const p = loadProgram(s.dwDslAst);
  if (!p) return { text: '', issues: [{ path: 'dwDslAst', code: 'dslError', message: 'dwDslAst is not a program', severity: 'error' }] };
  const c: Compiled = { rules: [], issues: [] };
  const src: DslSource = { path: 'dwDslAst', block: 'dwDsl', owner: -1, text: '' };
  sanitize(c, src, p);
  const keep = new Map<Ref, [string, string, string]>();
  for (const st of p.stmts) eachRef(st, (r) => keep.set(r, [r.quDwId ?? '', r.itemDwId ?? '', r.colDwId ?? '']));
  const stale: Ref[] = [];
  for (const st of p.stmts) {
    const n = c.issues.length;
    resolveStmt(c, ix, src, st);
    if (c.issues.length > n) eachRef(st, (r) => { if (!r.quDwId && r.name !== 'END') stale.push(r); });
  }
  for (const r of stale) {
    const k = keep.get(r)!;
    setId(r, 'quDwId', k[0]);
    setId(r, 'itemDwId', k[1]);
    setId(r, 'colDwId', k[2]);
  }
  const text = formatProgram(p);
  s.dwDslAst = JSON.parse(JSON.stringify(p));
  if (c.issues.length === 0) s.dwDsl = text;
  else delete s.dwDsl;
  return { text, issues: c.issues };
}

/** sanitize drops the stored-AST statements the engine cannot run (Go Compiled.sanitize). */
function sanitize(c: Compiled, src: DslSource, p: Program): void {
  const keep: Stmt[] = [];
  for (const st of p.stmts) {
    if (!validStmt(st, true)) {
      c.issues.push({
        path: src.path, code: 'dslError', severity: 'error',
        message: `${st.pos.line}:${st.pos.col}: malformed ${goQuote(st.kind)} statement in the stored AST`,
      });
      continue;
    }
    keep.push(st);
  }
  p.stmts = keep;
}

function validStmt(st: Stmt | undefined, top: boolean): boolean {
  if (!st) return false;
  switch (st.kind) {
    case SIf:
      return top && validExpr(st.cond) && !!st.then && st.then.kind !== SIf && validStmt(st.then, false);
    case SGoto:
      return !!st.target;
    case SAssign:
      return !!st.target && validExpr(st.value);
    case SValidate:
      return validExpr(st.cond);
  }
  return true;
}

function validExpr(e: Expr | undefined): boolean {
  if (!e) return false;
  switch (e.type) {
    case KRef:
      return !!e.ref;
    case KUnary:
      return validExpr(e.left);
    case KBinary:
      return validExpr(e.left) && validExpr(e.right);
    case KCall:
      // arity and argument kinds (a regex pattern of the common syntax...) as the parser checks them
      return (e.args ?? []).every(validExpr) && checkCall(e) === null;
    case KList:
      return (e.args ?? []).every(validExpr);
  }
  return true;
}
