// Functions of the condition language added with piping (Go survey/dsl/funcs.go): the table
// of every function's arity, the argument checks, and the new functions' evaluation.
import { DslError, KBinary, KBool, KCall, KEmpty, KList, KNum, KRef, KStr, KUnary, type Expr, type Pos } from './ast';
import { goQuote } from '../util';
import { parseNum, type Value } from './value';

// The functions added with piping are evaluated by ./funcsimpl and regex() patterns by
// ./regex. Both are loaded on demand (loadFunctions), so the answer page carries them only for
// surveys whose logic uses them (survey/optional.ts prepareSurvey). Until they are loaded, the
// new functions are empty (regex() false) and date and pattern literals are not checked: a
// saved document's were checked by the server. Tests, node tools and the designer load them
// at once.
type Patterns = typeof import('./regex');
type Impl = typeof import('./funcsimpl');
let patterns: Patterns | null = null;
let impl: Impl | null = null;

/** setFunctions installs the implementation modules. */
export function setFunctions(f: Impl, p: Patterns) {
  impl = f;
  patterns = p;
}

/** loadFunctions loads the implementations of the new functions and of regex() patterns. */
export async function loadFunctions(): Promise<void> {
  if (!impl || !patterns) {
    const [f, p] = await Promise.all([import('./funcsimpl'), import('./regex')]);
    setFunctions(f, p);
  }
}

/** The implementation module once loaded (the engine's clock uses its todayIn). */
export const functionsImpl = (): Impl | null => impl;
export const patternsImpl = (): Patterns | null => patterns;

/** Built-in functions and their arity [min, max] (-1 = any). */
export const FUNCTIONS: Record<string, [number, number]> = {
  count: [1, 1], empty: [1, 1], contains: [2, 2], anyof: [2, 2], allof: [2, 2],
  sum: [1, -1], min: [1, -1], max: [1, -1], avg: [1, -1], round: [1, 2], abs: [1, 1], len: [1, 1],
  iif: [3, 3], number: [1, 1], text: [1, 1],
  upper: [1, 1], lower: [1, 1], trim: [1, 1], substr: [2, 3], startsWith: [2, 2], endsWith: [2, 2], regex: [2, 2],
  floor: [1, 1], ceil: [1, 1], pow: [2, 2], sqrt: [1, 1],
  today: [0, 0], age: [1, 1], dateDiff: [2, 3], year: [1, 1], month: [1, 1], day: [1, 1],
};

const P_ANY = 0;
const P_NUM = 1;
const P_INT = 2;
const P_TEXT = 3;
const P_DATE = 4;
const P_UNIT = 5;
const P_PATTERN = 6;

const PARAMS: Record<string, number[]> = {
  number: [P_ANY], text: [P_ANY], iif: [P_ANY, P_ANY, P_ANY],
  upper: [P_TEXT], lower: [P_TEXT], trim: [P_TEXT], substr: [P_TEXT, P_INT, P_INT],
  startsWith: [P_TEXT, P_TEXT], endsWith: [P_TEXT, P_TEXT], regex: [P_TEXT, P_PATTERN],
  floor: [P_NUM], ceil: [P_NUM], pow: [P_NUM, P_NUM], sqrt: [P_NUM],
  age: [P_DATE], dateDiff: [P_DATE, P_DATE, P_UNIT], year: [P_DATE], month: [P_DATE], day: [P_DATE],
};

const S_ANY = 0;
const S_NUM = 1;
const S_TEXT = 2;
const S_BOOL = 3;
const S_LIST = 4;
const S_EMPTY = 5;
const KIND_NAME = ['', 'a number', 'a text', 'a true/false value', 'a list', 'empty'];

function staticKind(e: Expr): number {
  switch (e.type) {
    case KNum:
      return S_NUM;
    case KStr:
      return S_TEXT;
    case KBool:
      return S_BOOL;
    case KEmpty:
      return S_EMPTY;
    case KList:
      return S_LIST;
    case KUnary:
      return e.op === 'not' ? S_BOOL : S_NUM;
    case KBinary:
      if (e.op === '+') return S_ANY;
      return e.op === '-' || e.op === '*' || e.op === '/' || e.op === '%' ? S_NUM : S_BOOL;
    case KCall:
      switch (e.name) {
        case 'empty':
        case 'contains':
        case 'anyof':
        case 'allof':
        case 'startsWith':
        case 'endsWith':
        case 'regex':
          return S_BOOL;
        case 'upper':
        case 'lower':
        case 'trim':
        case 'substr':
        case 'text':
        case 'today':
          return S_TEXT;
        case 'iif':
          return S_ANY;
      }
      return S_NUM;
  }
  return S_ANY;
}

/** startPos is the position of the leftmost token of an expression. */
export function startPos(e: Expr): Pos {
  while (e.type === KBinary && e.left) e = e.left;
  return e.pos;
}

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** checkCall checks a call's name, arity and argument kinds (Go CheckCall). */
export function checkCall(e: Expr): DslError | null {
  const name = e.name ?? '';
  const ar = has(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
  if (!ar) return new DslError(e.pos, `unknown function ${goQuote(name)}`);
  const args = e.args ?? [];
  if (args.length < ar[0] || (ar[1] >= 0 && args.length > ar[1])) return new DslError(e.pos, `wrong number of arguments to ${name}`);
  const params = has(PARAMS, name) ? PARAMS[name] : [];
  for (let i = 0; i < args.length && i < params.length; i++) {
    const a = args[i];
    if (!a) break;
    const k = staticKind(a);
    const bad = (want: string) => {
      const found =
        a.type === KStr ? goQuote(a.str ?? '') : a.type === KRef ? 'a variable' : k === S_ANY && (a.type === KCall || a.type === KBinary) ? 'an expression' : KIND_NAME[k];
      return new DslError(startPos(a), `argument ${i + 1} of ${name} must be ${want}, found ${found}`);
    };
    switch (params[i]) {
      case P_NUM:
      case P_INT: {
        const want = params[i] === P_INT ? 'a whole number' : 'a number';
        if (k === S_BOOL || k === S_LIST || k === S_EMPTY) return bad(want);
        if (a.type === KStr) {
          const n = parseNum(a.str ?? '');
          if (n === null || (params[i] === P_INT && n !== Math.trunc(n))) return bad(want);
        }
        if (a.type === KNum && params[i] === P_INT && (a.num ?? 0) !== Math.trunc(a.num ?? 0)) return bad(want);
        break;
      }
      case P_TEXT:
        if (k === S_BOOL || k === S_LIST) return bad('a text');
        break;
      case P_DATE:
        if (k === S_NUM || k === S_BOOL || k === S_LIST || k === S_EMPTY) return bad('a date like "2024-05-31"');
        if (a.type === KStr && impl && !impl.parseDate(a.str ?? '')) return bad('a date like "2024-05-31"');
        break;
      case P_UNIT:
        if (a.type !== KStr || (a.str !== 'd' && a.str !== 'm' && a.str !== 'y')) return bad('"d" (days), "m" (months) or "y" (years)');
        break;
      case P_PATTERN: {
        if (a.type !== KStr) return new DslError(startPos(a), `argument ${i + 1} of regex must be a pattern written as a text literal`);
        const pe = patterns ? patterns.checkPattern(a.str ?? '') : null;
        if (pe) return new DslError({ line: a.pos.line, col: a.pos.col + pe.col }, 'regex: ' + pe.msg);
      }
    }
  }
  return null;
}

/** The engine's clock: an Env with today() gives "YYYY-MM-DD" in the survey's time zone. */
export interface Clock {
  today?(): string;
}

/** callMore evaluates the functions added with piping; undefined for other names. */
export function callMore(name: string, args: Value[], env: Clock): Value | undefined {
  if (!Object.prototype.hasOwnProperty.call(PARAMS, name) && name !== 'today') return undefined;
  return impl ? impl.callMore(name, args, env, patterns) : null;
}

