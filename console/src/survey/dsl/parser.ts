import {
  DslError,
  KBinary,
  KBool,
  KCall,
  KEmpty,
  KList,
  KNum,
  KRef,
  KStr,
  KUnary,
  SAssign,
  SComment,
  SGoto,
  SIf,
  SMutex,
  SQuota,
  SSolution,
  SValidate,
  type Expr,
  type Pos,
  type Program,
  type Ref,
  type Stmt,
} from './ast';
import { lex, Tok, tokString, type Token } from './lexer';
import { goQuote } from '../util';
import { checkCall, FUNCTIONS } from './funcs';

export { FUNCTIONS };

const KEYWORDS = new Set([
  'if', 'then', 'and', 'or', 'not', 'show', 'hide', 'goto', 'assign', 'solution', 'validate', 'on', 'set',
  'quota', 'mutex', 'with', 'true', 'false', 'empty', 'END',
]);

/** IsKeyword reports reserved words. */
export function isKeyword(s: string): boolean {
  return KEYWORDS.has(s.trim());
}

const REF_RE = /^Q([1-9][0-9]{0,5})(?:A([1-9][0-9]{0,5})|R([1-9][0-9]{0,5})(?:C([1-9][0-9]{0,5}))?|C([1-9][0-9]{0,5}))?$/;

/** parseRef classifies a reference name. */
export function parseRef(name: string): Ref {
  const m = REF_RE.exec(name);
  if (!m) return { name, var: true };
  const r: Ref = { name, q: +m[1] };
  if (m[2]) r.a = +m[2];
  if (m[3]) r.r = +m[3];
  if (m[4]) r.c = +m[4];
  if (m[5]) r.c = +m[5];
  return r;
}

const CMP_OPS: Record<string, string> = { '=': '=', '==': '=', '!=': '!=', '<>': '!=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const MAX_DEPTH = 200;

class Parser {
  i = 0;
  d = 0;
  constructor(public toks: Token[]) {}
  peek(): Token {
    return this.toks[this.i];
  }
  next(): Token {
    const t = this.toks[this.i];
    if (t.kind !== Tok.EOF) this.i++;
    return t;
  }
  isWord(w: string): boolean {
    const t = this.peek();
    return t.kind === Tok.Ident && t.text === w;
  }
  isOp(o: string): boolean {
    const t = this.peek();
    return t.kind === Tok.Op && t.text === o;
  }
  fail(t: Token, msg: string): DslError {
    return new DslError(t.pos, msg);
  }
  expectWord(w: string): void {
    if (!this.isWord(w)) throw this.fail(this.peek(), `expected ${goQuote(w)}, found ${tokString(this.peek())}`);
    this.next();
  }
  enter(t: Token): void {
    this.d++;
    if (this.d > MAX_DEPTH) throw this.fail(t, 'expression nested too deeply');
  }

  statement(): Stmt {
    const t = this.peek();
    if (t.kind !== Tok.Ident) throw this.fail(t, `expected a statement, found ${tokString(t)}`);
    switch (t.text) {
      case 'if': {
        this.next();
        const cond = this.expr();
        this.expectWord('then');
        const a = this.action();
        return { kind: SIf, pos: t.pos, cond, then: a };
      }
      case 'validate': {
        this.next();
        const cond = this.expr();
        const m = this.peek();
        if (m.kind !== Tok.String) throw this.fail(m, `expected the message string of validate, found ${tokString(m)}`);
        this.next();
        const s: Stmt = { kind: SValidate, pos: t.pos, cond };
        if (this.isWord('on')) {
          this.next();
          s.targets = this.refList(true);
        }
        if (m.text !== '') s.message = m.text;
        return s;
      }
      case 'set': {
        this.next();
        const refs: Ref[] = [];
        for (;;) {
          const r = this.ref(false);
          if (!r.a) {
            throw this.fail(this.toks[this.i - 1], `a quota counts options: expected an option reference like Q1A1, found ${goQuote(r.name)}`);
          }
          refs.push(r);
          if (!this.isWord('and')) break;
          this.next();
        }
        this.expectWord('quota');
        if (!this.isOp('=')) throw this.fail(this.peek(), `expected "=", found ${tokString(this.peek())}`);
        this.next();
        const n = this.peek();
        if (n.kind !== Tok.Number || !Number.isInteger(n.num) || n.num >= 9223372036854775808) {
          throw this.fail(n, `expected a whole number quota, found ${tokString(n)}`);
        }
        this.next();
        const s: Stmt = { kind: SQuota, pos: t.pos, targets: refs };
        if (n.num !== 0) s.cap = n.num;
        return s;
      }
      case 'mutex': {
        this.next();
        const a = this.refList(false);
        this.expectWord('with');
        const b = this.refList(false);
        for (const r of [...a, ...b]) {
          if (!r.a && !r.r && !r.c) throw this.fail(t, `mutex groups list options, rows or columns, found ${goQuote(r.name)}`);
        }
        return { kind: SMutex, pos: t.pos, targets: a, others: b };
      }
    }
    return this.action();
  }

  action(): Stmt {
    const t = this.peek();
    if (t.kind !== Tok.Ident) throw this.fail(t, `expected show, hide, goto, assign or solution, found ${tokString(t)}`);
    switch (t.text) {
      case 'show':
      case 'hide': {
        this.next();
        return { kind: t.text, pos: t.pos, targets: this.refList(true) };
      }
      case 'goto': {
        this.next();
        if (this.isWord('END')) {
          this.next();
          return { kind: SGoto, pos: t.pos, target: { name: 'END' } };
        }
        const r = this.ref(false);
        if (r.var || r.a || r.r || r.c) {
          throw this.fail(this.toks[this.i - 1], `goto needs a question number like Q9 or END, found ${goQuote(r.name)}`);
        }
        return { kind: SGoto, pos: t.pos, target: r };
      }
      case 'assign': {
        this.next();
        const r = this.ref(true);
        if ((r.r || r.c) && !r.a) {
          throw this.fail(this.toks[this.i - 1], `assign needs a question or blank, found ${goQuote(r.name)}`);
        }
        if (!this.isOp('=')) throw this.fail(this.peek(), `expected "=" after assign target, found ${tokString(this.peek())}`);
        this.next();
        const v = this.expr();
        return { kind: SAssign, pos: t.pos, target: r, value: v };
      }
      case 'solution': {
        this.next();
        const m = this.peek();
        if (m.kind !== Tok.String) throw this.fail(m, `expected the solution id string, found ${tokString(m)}`);
        this.next();
        const s: Stmt = { kind: SSolution, pos: t.pos };
        if (m.text !== '') s.message = m.text;
        return s;
      }
    }
    throw this.fail(t, `expected a statement (if, show, hide, goto, assign, solution, validate, set, mutex), found ${tokString(t)}`);
  }

  ref(allowVar: boolean): Ref {
    const t = this.peek();
    if (t.kind !== Tok.Ident || KEYWORDS.has(t.text)) throw this.fail(t, `expected a reference like Q3 or Q1A2, found ${tokString(t)}`);
    const r = parseRef(t.text);
    if (r.var && !allowVar) throw this.fail(t, `expected a reference like Q3 or Q1A2, found ${goQuote(t.text)}`);
    this.next();
    return r;
  }

  refList(allowVar: boolean): Ref[] {
    const out: Ref[] = [];
    for (;;) {
      out.push(this.ref(allowVar));
      if (!this.isOp(',')) return out;
      this.next();
    }
  }

  expr(): Expr {
    let l = this.and();
    while (this.isWord('or') || this.isOp('||')) {
      const t = this.next();
      const r = this.and();
      l = { type: KBinary, pos: t.pos, op: 'or', left: l, right: r };
    }
    return l;
  }

  and(): Expr {
    let l = this.not();
    while (this.isWord('and') || this.isOp('&&')) {
      const t = this.next();
      const r = this.not();
      l = { type: KBinary, pos: t.pos, op: 'and', left: l, right: r };
    }
    return l;
  }

  not(): Expr {
    if (this.isWord('not') || this.isOp('!')) {
      const t = this.next();
      this.enter(t);
      const e = this.not();
      this.d--;
      return { type: KUnary, pos: t.pos, op: 'not', left: e };
    }
    return this.cmp();
  }

  cmp(): Expr {
    const l = this.add();
    const t = this.peek();
    const op = t.kind === Tok.Op ? CMP_OPS[t.text] : undefined;
    if (op) {
      this.next();
      const r = this.add();
      const n = this.peek();
      if (n.kind === Tok.Op && CMP_OPS[n.text]) throw this.fail(n, 'comparisons do not chain; use and');
      return { type: KBinary, pos: t.pos, op, left: l, right: r };
    }
    return l;
  }

  add(): Expr {
    let l = this.mul();
    while (this.isOp('+') || this.isOp('-')) {
      const t = this.next();
      const r = this.mul();
      l = { type: KBinary, pos: t.pos, op: t.text, left: l, right: r };
    }
    return l;
  }

  mul(): Expr {
    let l = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const t = this.next();
      const r = this.unary();
      l = { type: KBinary, pos: t.pos, op: t.text, left: l, right: r };
    }
    return l;
  }

  unary(): Expr {
    if (this.isOp('-')) {
      const t = this.next();
      this.enter(t);
      const e = this.unary();
      this.d--;
      return { type: KUnary, pos: t.pos, op: '-', left: e };
    }
    return this.primary();
  }

  primary(): Expr {
    const t = this.peek();
    switch (t.kind) {
      case Tok.Number: {
        this.next();
        const e: Expr = { type: KNum, pos: t.pos };
        if (t.num !== 0) e.num = t.num;
        return e;
      }
      case Tok.String: {
        this.next();
        const e: Expr = { type: KStr, pos: t.pos };
        if (t.text !== '') e.str = t.text;
        return e;
      }
      case Tok.Op:
        if (t.text === '(') {
          this.enter(t);
          this.next();
          const e = this.expr();
          if (!this.isOp(')')) throw this.fail(this.peek(), `expected ")", found ${tokString(this.peek())}`);
          this.next();
          this.d--;
          return e;
        }
        if (t.text === '[') {
          this.enter(t);
          this.next();
          const args = this.args(']');
          this.d--;
          const e: Expr = { type: KList, pos: t.pos };
          if (args.length) e.args = args;
          return e;
        }
        break;
      case Tok.Ident: {
        if (t.text === 'true' || t.text === 'false') {
          this.next();
          const e: Expr = { type: KBool, pos: t.pos };
          if (t.text === 'true') e.bool = true;
          return e;
        }
        const nx = this.toks[this.i + 1];
        if (nx && nx.kind === Tok.Op && nx.text === '(') {
          const ar = Object.prototype.hasOwnProperty.call(FUNCTIONS, t.text) ? FUNCTIONS[t.text] : undefined;
          if (!ar) throw this.fail(t, `unknown function ${goQuote(t.text)}`);
          this.enter(t);
          this.next();
          this.next();
          const args = this.args(')');
          this.d--;
          const e: Expr = { type: KCall, pos: t.pos, name: t.text };
          if (args.length) e.args = args;
          const err = checkCall(e);
          if (err) throw err;
          return e;
        }
        if (t.text === 'empty') {
          this.next();
          return { type: KEmpty, pos: t.pos };
        }
        if (KEYWORDS.has(t.text)) throw this.fail(t, `unexpected keyword ${goQuote(t.text)} in expression`);
        this.next();
        return { type: KRef, pos: t.pos, ref: parseRef(t.text) };
      }
    }
    throw this.fail(t, `expected a value, found ${tokString(t)}`);
  }

  args(closing: string): Expr[] {
    const out: Expr[] = [];
    if (this.isOp(closing)) {
      this.next();
      return out;
    }
    for (;;) {
      out.push(this.expr());
      if (this.isOp(',')) {
        this.next();
        continue;
      }
      if (this.isOp(closing)) {
        this.next();
        return out;
      }
      throw this.fail(this.peek(), `expected "," or ${goQuote(closing)}, found ${tokString(this.peek())}`);
    }
  }
}

/** Parse a program. Throws a DslError (with line and column) on bad input. */
export function parseProgram(src: string): Program {
  const p = new Parser(lex(src));
  const prog: Program = { stmts: [] };
  for (;;) {
    const t = p.peek();
    if (t.kind === Tok.EOF) return prog;
    if (t.kind === Tok.Newline) {
      p.next();
      continue;
    }
    if (t.kind === Tok.Comment) {
      p.next();
      const c: Stmt = { kind: SComment, pos: t.pos };
      if (t.text !== '') c.message = t.text;
      prog.stmts.push(c);
      continue;
    }
    const s = p.statement();
    const c = p.peek();
    if (c.kind === Tok.Comment) {
      p.next();
      if (c.text !== '') s.comment = c.text;
    }
    const e = p.peek();
    if (e.kind !== Tok.Newline && e.kind !== Tok.EOF) throw p.fail(e, `expected end of statement, found ${tokString(e)}`);
    prog.stmts.push(s);
  }
}

/** Like parseProgram, but returns the error instead of throwing. */
export function tryParseProgram(src: string): { program: Program; error?: undefined } | { program?: undefined; error: DslError } {
  try {
    return { program: parseProgram(src) };
  } catch (e) {
    if (e instanceof DslError) return { error: e };
    throw e;
  }
}

/** Parse a single expression (a condition). */
export function parseExpr(src: string): Expr {
  const toks = lex(src).filter((t) => t.kind !== Tok.Newline && t.kind !== Tok.Comment);
  const p = new Parser(toks);
  const e = p.expr();
  const t = p.peek();
  if (t.kind !== Tok.EOF) throw p.fail(t, `unexpected ${tokString(t)} after expression`);
  return e;
}

export type { Pos };
