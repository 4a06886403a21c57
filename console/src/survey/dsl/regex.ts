// The pattern language of regex(s, pattern) (Go survey/dsl/regex.go): the regular-expression
// syntax that means the same in RE2 and JavaScript. checkPattern refuses anything else with the
// same messages and columns as Go. Matching uses a small Thompson-NFA (no backtracking), so a
// pattern never takes more than O(text × pattern) steps, and the result equals RE2's.

export const MAX_PATTERN_LEN = 500;
export const MAX_PATTERN_SIZE = 5000;
const MAX_REPEAT = 1000;
const LITERAL_ESCAPES = '^$\\.*+?()[]{}|/';

export class PatternError extends Error {
  constructor(readonly col: number, readonly msg: string) {
    super(`pattern column ${col}: ${msg}`);
  }
}

// Parsed pattern tree.
type CharSet = { neg: boolean; ranges: number[]; classes: string };
type Node =
  | { t: 'char'; set: CharSet }
  | { t: 'any' }
  | { t: 'bol' }
  | { t: 'eol' }
  | { t: 'wb'; neg: boolean }
  | { t: 'cat'; xs: Node[] }
  | { t: 'alt'; xs: Node[] }
  | { t: 'rep'; x: Node; lo: number; hi: number };

interface Summary {
  size: number;
  rep: boolean;
  anchor: boolean;
  node: Node;
}

const goQuoteRune = (c: number) => {
  const s = String.fromCodePoint(c);
  return c === 0x27 ? "'\\''" : `'${s}'`;
};

class PatParser {
  i = 0;
  constructor(readonly src: number[]) {}
  more() {
    return this.i < this.src.length;
  }
  peek() {
    return this.src[this.i];
  }
  fail(msg: string): PatternError {
    return new PatternError(this.i + 1, msg);
  }
  is(c: string) {
    return this.more() && this.src[this.i] === c.charCodeAt(0);
  }

  alt(depth: number): Summary {
    if (depth > 100) throw this.fail('groups nested too deeply');
    const xs: Node[] = [];
    let size = 0;
    let rep = false;
    for (;;) {
      const n = this.concat(depth);
      size += n.size + 1;
      rep = rep || n.rep;
      xs.push(n.node);
      if (!this.is('|')) break;
      this.i++;
    }
    return { size, rep, anchor: false, node: xs.length === 1 ? xs[0] : { t: 'alt', xs } };
  }

  concat(depth: number): Summary {
    const xs: Node[] = [];
    let size = 0;
    let rep = false;
    while (this.more() && !this.is('|') && !this.is(')')) {
      const start = this.i;
      const a = this.atom(depth);
      if (this.is('*') || this.is('+') || this.is('?') || this.is('{')) {
        if (a.anchor) throw this.fail('an anchor cannot be repeated');
        const [lo, hi] = this.quant();
        if (this.is('?')) this.i++;
        if (this.is('*') || this.is('+') || this.is('?') || this.is('{')) {
          throw this.fail('a repetition cannot be repeated (write one repetition, or a group)');
        }
        if ((hi < 0 || hi > 1) && a.rep) {
          throw new PatternError(start + 1, 'nested repetition such as (a+)+ is refused: it takes exponential time in backtracking engines; repeat the inner part only');
        }
        let copies = hi < 0 ? lo + 1 : hi;
        if (copies < 1) copies = 1;
        a.size = a.size * copies + 1;
        a.rep = a.rep || hi !== lo;
        a.node = { t: 'rep', x: a.node, lo, hi };
      }
      size += a.size;
      rep = rep || a.rep;
      xs.push(a.node);
    }
    return { size, rep, anchor: false, node: xs.length === 1 ? xs[0] : { t: 'cat', xs } };
  }

  quant(): [number, number] {
    const c = String.fromCharCode(this.peek());
    this.i++;
    if (c === '*') return [0, -1];
    if (c === '+') return [1, -1];
    if (c === '?') return [0, 1];
    const num = (): number | null => {
      const s = this.i;
      while (this.more() && this.peek() >= 0x30 && this.peek() <= 0x39) this.i++;
      if (this.i === s || this.i - s > 4) return null;
      return Number(String.fromCharCode(...this.src.slice(s, this.i)));
    };
    const lo = num();
    if (lo === null) throw this.fail('expected a count like {2} or {1,3}');
    let hi: number | null = lo;
    if (this.is(',')) {
      this.i++;
      if (this.is('}')) hi = -1;
      else if ((hi = num()) === null) throw this.fail('expected a count like {2} or {1,3}');
    }
    if (!this.is('}')) throw this.fail('expected } to close the count');
    this.i++;
    if (lo > MAX_REPEAT || hi > MAX_REPEAT) throw this.fail(`a count is at most ${MAX_REPEAT}`);
    if (hi >= 0 && hi < lo) throw this.fail(`the counts {${lo},${hi}} are out of order`);
    return [lo, hi];
  }

  atom(depth: number): Summary {
    const c = this.peek();
    const ch = String.fromCodePoint(c);
    const one = (node: Node, anchor = false): Summary => ({ size: 1, rep: false, anchor, node });
    switch (ch) {
      case '(': {
        this.i++;
        if (this.is('?')) {
          if (this.i + 1 < this.src.length && this.src[this.i + 1] === 0x3a) this.i += 2;
          else throw this.fail('only (?:...) groups are allowed: look-around, named groups and flags mean different things in the two engines');
        }
        const n = this.alt(depth + 1);
        if (!this.is(')')) throw this.fail('missing )');
        this.i++;
        return { size: n.size + 2, rep: n.rep, anchor: false, node: n.node };
      }
      case '[':
        return this.cls();
      case '^':
        this.i++;
        return one({ t: 'bol' }, true);
      case '$':
        this.i++;
        return one({ t: 'eol' }, true);
      case '.':
        this.i++;
        return one({ t: 'any' });
      case '\\': {
        this.i++;
        if (!this.more()) throw this.fail('the pattern ends with \\');
        const e = String.fromCodePoint(this.peek());
        if (e === 'b' || e === 'B') {
          this.i++;
          return one({ t: 'wb', neg: e === 'B' }, true);
        }
        const ctl = CONTROL[e];
        if (ctl !== undefined) {
          this.i++;
          return one({ t: 'char', set: { neg: false, ranges: [ctl, ctl], classes: '' } });
        }
        if ('dDwW'.includes(e)) {
          this.i++;
          return one({ t: 'char', set: { neg: false, ranges: [], classes: e } });
        }
        if (LITERAL_ESCAPES.includes(e)) {
          this.i++;
          const k = e.charCodeAt(0);
          return one({ t: 'char', set: { neg: false, ranges: [k, k], classes: '' } });
        }
        if (e === 's' || e === 'S') throw this.fail(`\\${e} is refused: the two engines disagree on which characters are spaces; write [ \\t\\n\\r\\f] or its complement`);
        if (e >= '0' && e <= '9') throw this.fail('back-references are not allowed');
        throw this.fail(`\\${e} is not allowed here`);
      }
      case '*':
      case '+':
      case '?':
      case '{':
        throw this.fail('nothing to repeat');
      case ']':
      case '}':
        throw this.fail(`a lone ${ch} must be written \\${ch}`);
    }
    this.i++;
    return one({ t: 'char', set: { neg: false, ranges: [c, c], classes: '' } });
  }

  cls(): Summary {
    const open = this.i;
    this.i++;
    const set: CharSet = { neg: false, ranges: [], classes: '' };
    if (this.is('^')) {
      this.i++;
      set.neg = true;
    }
    if (this.is(']')) throw this.fail('an empty class is not allowed; write \\] for a bracket');
    const item = (): number | null => {
      const c = this.peek();
      if (c === 0x5b) throw this.fail('write \\[ for a bracket inside a class');
      if (c === 0x5c) {
        this.i++;
        if (!this.more()) throw this.fail('the pattern ends with \\');
        const e = String.fromCodePoint(this.peek());
        this.i++;
        if ('dDwW'.includes(e)) {
          set.classes += e;
          return null;
        }
        const ctl = CONTROL[e];
        if (ctl !== undefined) return ctl;
        if (e === '-' || LITERAL_ESCAPES.includes(e)) return e.charCodeAt(0);
        this.i--;
        if (e === 's' || e === 'S') throw this.fail(`\\${e} is refused: the two engines disagree on which characters are spaces; write [ \\t\\n\\r\\f]`);
        throw this.fail(`\\${e} is not allowed in a class`);
      }
      this.i++;
      return c;
    };
    for (;;) {
      if (!this.more()) {
        this.i = open;
        throw this.fail('missing ] to close the class');
      }
      if (this.is(']')) {
        this.i++;
        return { size: 1, rep: false, anchor: false, node: { t: 'char', set } };
      }
      const lo = item();
      if (this.i + 1 < this.src.length && this.is('-') && this.src[this.i + 1] !== 0x5d) {
        const dash = this.i;
        this.i++;
        const hi = item();
        if (lo === null || hi === null) {
          this.i = dash;
          throw this.fail('a range needs a character on both sides');
        }
        if (hi < lo) {
          this.i = dash;
          throw this.fail(`the range ${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)} is out of order`);
        }
        set.ranges.push(lo, hi);
      } else if (lo !== null) set.ranges.push(lo, lo);
    }
  }
}

const CONTROL: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11 };

function parse(pat: string): Node {
  const cps = Array.from(pat, (c) => c.codePointAt(0)!);
  if (cps.length > MAX_PATTERN_LEN) throw new PatternError(MAX_PATTERN_LEN + 1, `the pattern is longer than ${MAX_PATTERN_LEN} characters`);
  const p = new PatParser(cps);
  const n = p.alt(0);
  if (p.more()) {
    if (p.is(')')) throw p.fail('unmatched )');
    throw p.fail(`unexpected ${goQuoteRune(p.peek())}`);
  }
  if (n.size > MAX_PATTERN_SIZE) throw new PatternError(1, `the pattern expands to more than ${MAX_PATTERN_SIZE} steps; use smaller repetition counts`);
  return n.node;
}

/** checkPattern returns the refusal of a pattern, or null when it is of the common syntax. */
export function checkPattern(pat: string): PatternError | null {
  try {
    parse(pat);
    return null;
  } catch (e) {
    if (e instanceof PatternError) return e;
    throw e;
  }
}

// Thompson NFA ----------------------------------------------------------------------------

const enum Op {
  Char,
  Any,
  Split,
  Jmp,
  Bol,
  Eol,
  Wb,
  Nwb,
  Match,
}
interface Inst {
  op: Op;
  set?: CharSet;
  x?: number;
  y?: number;
}

function compile(n: Node): Inst[] {
  const prog: Inst[] = [];
  const emit = (i: Inst) => prog.push(i) - 1;
  const gen = (n: Node): void => {
    switch (n.t) {
      case 'char':
        emit({ op: Op.Char, set: n.set });
        return;
      case 'any':
        emit({ op: Op.Any });
        return;
      case 'bol':
        emit({ op: Op.Bol });
        return;
      case 'eol':
        emit({ op: Op.Eol });
        return;
      case 'wb':
        emit({ op: n.neg ? Op.Nwb : Op.Wb });
        return;
      case 'cat':
        for (const x of n.xs) gen(x);
        return;
      case 'alt': {
        const jumps: number[] = [];
        for (let k = 0; k < n.xs.length - 1; k++) {
          const sp = emit({ op: Op.Split });
          prog[sp].x = prog.length;
          gen(n.xs[k]);
          jumps.push(emit({ op: Op.Jmp }));
          prog[sp].y = prog.length;
        }
        gen(n.xs[n.xs.length - 1]);
        for (const j of jumps) prog[j].x = prog.length;
        return;
      }
      case 'rep': {
        for (let k = 0; k < n.lo; k++) gen(n.x);
        if (n.hi < 0) {
          const sp = emit({ op: Op.Split });
          prog[sp].x = prog.length;
          gen(n.x);
          emit({ op: Op.Jmp, x: sp });
          prog[sp].y = prog.length;
        } else {
          const outs: number[] = [];
          for (let k = n.lo; k < n.hi; k++) {
            const sp = emit({ op: Op.Split });
            prog[sp].x = prog.length;
            outs.push(sp);
            gen(n.x);
          }
          for (const sp of outs) prog[sp].y = prog.length;
        }
      }
    }
  };
  gen(n);
  emit({ op: Op.Match });
  return prog;
}

const isWord = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

function inSet(set: CharSet, c: number): boolean {
  let hit = false;
  for (let k = 0; k < set.ranges.length && !hit; k += 2) hit = c >= set.ranges[k] && c <= set.ranges[k + 1];
  for (let k = 0; k < set.classes.length && !hit; k++) {
    const cl = set.classes[k];
    const digit = c >= 0x30 && c <= 0x39;
    hit = cl === 'd' ? digit : cl === 'D' ? !digit : cl === 'w' ? isWord(c) : !isWord(c);
  }
  return hit !== set.neg;
}

const compiled = new Map<string, Inst[] | null>();

/** matchPattern reports whether text contains a match of a checked pattern (false otherwise). */
export function matchPattern(pat: string, text: string): boolean {
  let prog = compiled.get(pat);
  if (prog === undefined) {
    try {
      prog = compile(parse(pat));
    } catch {
      prog = null;
    }
    if (compiled.size < 2000) compiled.set(pat, prog);
  }
  if (!prog) return false;
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  const n = cps.length;
  let cur: number[] = [];
  let next: number[] = [];
  const mark = new Int32Array(prog.length).fill(-1);
  // add follows empty transitions from pc at position i (gen = the list being built).
  const add = (list: number[], pc: number, i: number, gen: number) => {
    const stack = [pc];
    while (stack.length) {
      const p = stack.pop()!;
      if (mark[p] === gen) continue;
      mark[p] = gen;
      const ins = prog![p];
      switch (ins.op) {
        case Op.Jmp:
          stack.push(ins.x!);
          break;
        case Op.Split:
          stack.push(ins.y!, ins.x!);
          break;
        case Op.Bol:
          if (i === 0) stack.push(p + 1);
          break;
        case Op.Eol:
          if (i === n) stack.push(p + 1);
          break;
        case Op.Wb:
        case Op.Nwb: {
          const b = (i > 0 && isWord(cps[i - 1])) !== (i < n && isWord(cps[i]));
          if (b === (ins.op === Op.Wb)) stack.push(p + 1);
          break;
        }
        default:
          list.push(p);
      }
    }
  };
  let gen = 0;
  for (let i = 0; i <= n; i++) {
    add(cur, 0, i, gen); // unanchored search: a thread may start at every position
    for (const pc of cur) if (prog[pc].op === Op.Match) return true;
    if (i === n) break;
    gen++;
    const c = cps[i];
    next.length = 0;
    for (const pc of cur) {
      const ins = prog[pc];
      if ((ins.op === Op.Char && inSet(ins.set!, c)) || (ins.op === Op.Any && c !== 10)) add(next, pc + 1, i + 1, gen);
    }
    [cur, next] = [next, cur];
  }
  return false;
}
