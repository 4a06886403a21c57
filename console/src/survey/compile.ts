// Compiling the document's DSL texts (Go survey/compile.go).
import { KRef, SComment, type Expr, type Program, type Pos, type Ref, type Stmt } from './dsl/ast';
import { formatProgram } from './dsl/format';
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
      add(c, ix, { path: 'dwDslAst', block: 'dwDsl', owner: -1, text: formatProgram(p) }, p);
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

function resolve(c: Compiled, ix: Index, src: DslSource, pos: Pos, r: Ref): void {
  if (r.var) {
    const qi = ix.vars.get(r.name);
    if (qi === undefined) {
      issue(c, src, pos, `unknown variable ${goQuote(r.name)}`);
      return;
    }
    setId(r, 'quDwId', ix.qs[qi].dwId ?? '');
    setSlot(r, qi + 1);
    return;
  }
  const qi = ix.byNum.get(r.q ?? 0);
  if (qi === undefined) {
    issue(c, src, pos, `question ${r.name} does not exist`);
    setId(r, 'quDwId', '');
    setId(r, 'itemDwId', '');
    setId(r, 'colDwId', '');
    return;
  }
  const q = ix.qs[qi];
  setId(r, 'quDwId', q.dwId ?? '');
  setSlot(r, qi + 1);
  const item = (list: { dwId?: string }[], n: number, what: string): string => {
    if (n < 1 || n > list.length) {
      issue(c, src, pos, `${what} ${r.name} does not exist`);
      return '';
    }
    return list[n - 1].dwId ?? '';
  };
  if (r.a && r.a > 0) {
    setId(r, 'itemDwId', item(ix.opts[qi], r.a, 'option'));
  } else if (r.r && r.r > 0) {
    setId(r, 'itemDwId', item(q.quRows ?? [], r.r, 'row'));
    if (r.c && r.c > 0) setId(r, 'colDwId', item(q.quCols ?? [], r.c, 'column'));
  } else if (r.c && r.c > 0) {
    setId(r, 'colDwId', item(q.quCols ?? [], r.c, 'column'));
  }
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
