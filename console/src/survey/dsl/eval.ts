import { KBinary, KBool, KCall, KEmpty, KList, KNum, KRef, KStr, KUnary, type Expr, type Ref } from './ast';
import { callMore, type Clock } from './funcs';
import { asNumber, compare, containsElem, equal, isEmpty, runeLen, truthy, valueString, type Value } from './value';

/** Env resolves references during evaluation; today() (optional) is the engine's clock. */
export interface Env extends Clock {
  lookup(r: Ref): Value;
}

/** mapEnv resolves references by name (tests, previews). */
export function mapEnv(vars: Record<string, Value>): Env {
  return { lookup: (r) => (Object.prototype.hasOwnProperty.call(vars, r.name) ? vars[r.name] : null) };
}

/**
 * fix normalises an arithmetic result: 15 significant digits, -0 becomes 0,
 * NaN and infinities give null.
 */
export function fix(x: number): number | null {
  if (!Number.isFinite(x)) return null;
  if (x === 0) return 0;
  const f = parseFloat(x.toPrecision(15));
  return f === 0 ? 0 : f;
}

function numeric(v: Value): number | null {
  if (Array.isArray(v)) {
    let s = 0;
    for (const x of v) {
      const n = asNumber(x);
      if (n !== null) s += n;
    }
    return fix(s) ?? 0;
  }
  return asNumber(v);
}

/** evalExpr evaluates an expression. */
export function evalExpr(e: Expr, env: Env): Value {
  switch (e.type) {
    case KNum:
      return e.num ?? 0;
    case KStr:
      return e.str ?? '';
    case KBool:
      return !!e.bool;
    case KEmpty:
      return null;
    case KRef:
      return env.lookup(e.ref!);
    case KList:
      return e.args ? e.args.map((a) => evalExpr(a, env)) : [];
    case KUnary: {
      const v = evalExpr(e.left!, env);
      if (e.op === 'not') return !truthy(v);
      const n = numeric(v);
      return n === null ? null : fix(-n);
    }
    case KBinary:
      if (e.op === 'and') return truthy(evalExpr(e.left!, env)) && truthy(evalExpr(e.right!, env));
      if (e.op === 'or') return truthy(evalExpr(e.left!, env)) || truthy(evalExpr(e.right!, env));
      return binary(e.op!, evalExpr(e.left!, env), evalExpr(e.right!, env));
    case KCall:
      return call(e, env);
  }
  return null;
}

/** evalCond evaluates an expression as a condition. */
export function evalCond(e: Expr, env: Env): boolean {
  return truthy(evalExpr(e, env));
}

function binary(op: string, a: Value, b: Value): Value {
  switch (op) {
    case '=':
      return equal(a, b);
    case '!=':
      return !equal(a, b);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const c = compare(a, b);
      if (c === null) return false;
      if (op === '<') return c < 0;
      if (op === '<=') return c <= 0;
      if (op === '>') return c > 0;
      return c >= 0;
    }
    case '+': {
      if (Array.isArray(a) && Array.isArray(b)) return a.concat(b);
      if (isEmpty(a) && isEmpty(b)) return null;
      if (a === '') a = null; // the empty text is empty (acts as 0 next to a number)
      if (b === '') b = null;
      const x = numeric(a);
      const y = numeric(b);
      if (x !== null && y !== null) return fix(x + y);
      if (x !== null && b === null) return fix(x);
      if (y !== null && a === null) return fix(y);
      return valueString(a) + valueString(b);
    }
  }
  if (a === '') a = null;
  if (b === '') b = null;
  const x = numeric(a);
  const y = numeric(b);
  if (op === '-') {
    if (x !== null && b === null) return fix(x);
    if (y !== null && a === null) return fix(-y);
  }
  if (x === null || y === null) return null;
  switch (op) {
    case '-':
      return fix(x - y);
    case '*':
      return fix(x * y);
    case '/':
      return y === 0 ? null : fix(x / y);
    case '%':
      return y === 0 ? null : fix(x % y);
  }
  return null;
}

function flatten(args: Value[]): number[] {
  const out: number[] = [];
  for (const a of args) {
    if (Array.isArray(a)) {
      for (const x of a) {
        const n = asNumber(x);
        if (n !== null) out.push(n);
      }
    } else {
      const n = asNumber(a);
      if (n !== null) out.push(n);
    }
  }
  return out;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** round rounds half away from zero to p decimals after the 15-digit fix. */
export function round(x: number, p: number): number {
  const scale = POW10[p];
  const s = fix(Math.abs(x) * scale) ?? 0;
  let r = Math.floor(s + 0.5) / scale;
  if (x < 0) r = -r;
  return fix(r) ?? 0;
}

function call(e: Expr, env: Env): Value {
  const args = (e.args ?? []).map((a) => evalExpr(a, env));
  switch (e.name) {
    case 'count': {
      const v = args[0];
      if (Array.isArray(v)) {
        let n = 0;
        for (const x of v) if (!isEmpty(x)) n++;
        return n;
      }
      return isEmpty(v) ? 0 : 1;
    }
    case 'empty':
      return isEmpty(args[0]);
    case 'contains': {
      const [a, b] = args;
      if (Array.isArray(a)) {
        if (Array.isArray(b)) {
          for (const x of b) if (!containsElem(a, x)) return false;
          return true;
        }
        return containsElem(a, b);
      }
      if (typeof a === 'string' || typeof a === 'number') {
        if (isEmpty(b)) return false;
        return valueString(a).includes(valueString(b));
      }
      return false;
    }
    case 'anyof':
    case 'allof': {
      const [a, l] = args;
      if (isEmpty(a)) return false;
      const set = Array.isArray(l) ? l : [l];
      const have = Array.isArray(a) ? a : [a];
      if (e.name === 'anyof') {
        for (const x of have) if (containsElem(set, x)) return true;
        return false;
      }
      for (const x of set) if (!containsElem(have, x)) return false;
      return true;
    }
    case 'sum':
    case 'avg': {
      const ns = flatten(args);
      let s = 0;
      for (const n of ns) s += n;
      if (e.name === 'avg') return ns.length === 0 ? null : fix(s / ns.length);
      return fix(s);
    }
    case 'min':
    case 'max': {
      const ns = flatten(args);
      if (ns.length === 0) return null;
      let m = ns[0];
      for (let i = 1; i < ns.length; i++) {
        const n = ns[i];
        if ((e.name === 'min' && n < m) || (e.name === 'max' && n > m)) m = n;
      }
      return m;
    }
    case 'round': {
      const x = asNumber(args[0]);
      if (x === null) return null;
      let p = 0;
      if (args.length > 1) {
        const q = asNumber(args[1]);
        if (q === null || q !== Math.trunc(q) || q < 0 || q > 15) return null;
        p = q;
      }
      return round(x, p);
    }
    case 'abs': {
      const x = asNumber(args[0]);
      return x === null ? null : Math.abs(x);
    }
    case 'len': {
      const v = args[0];
      if (Array.isArray(v)) return v.length;
      if (v === null) return 0;
      return runeLen(valueString(v));
    }
  }
  return callMore(e.name ?? '', args, env) ?? null;
}
