// Dynamic values of the condition language. A value is a plain JS value:
// null (empty: no answer), number, string, boolean or a list of values.
import { cmpCodePoints, fold, goTrim, runeLen } from '../util';

export type Value = null | number | string | boolean | Value[];

/** The empty rule: null, "" and [] are empty; 0, "0" and booleans are not. */
export function isEmpty(v: Value): boolean {
  return v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A value is true unless it is empty or false. */
export function truthy(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  return !isEmpty(v);
}

const NUM_RE = /^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** parseNum reads a plain decimal number (after trimming spaces). */
export function parseNum(s: string): number | null {
  s = goTrim(s);
  if (s === '' || !NUM_RE.test(s)) return null;
  const f = Number(s);
  return Number.isFinite(f) ? f : null;
}

/** asNumber: numbers as is, numeric strings parsed; null otherwise. */
export function asNumber(v: Value): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return parseNum(v);
  return null;
}

/** formatNumber prints a number exactly as JavaScript's String(n). */
export function formatNumber(f: number): string {
  return String(f);
}

/** valueString converts for concatenation (lists joined with ", "). */
export function valueString(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  let s = '';
  for (let i = 0; i < v.length; i++) {
    if (i > 0) s += ', ';
    s += valueString(v[i]);
  }
  return s;
}

/** fromJSON converts a decoded JSON value; objects become empty. */
export function fromJSON(x: unknown): Value {
  if (typeof x === 'number' || typeof x === 'string' || typeof x === 'boolean') return x;
  if (Array.isArray(x)) return x.map(fromJSON);
  return null;
}

/** The "=" rule (docs/logic-language.md). */
export function equal(a: Value, b: Value): boolean {
  const ae = isEmpty(a);
  const be = isEmpty(b);
  if (ae || be) return ae && be;
  const al = Array.isArray(a);
  const bl = Array.isArray(b);
  if (al && bl) {
    if (a.length !== b.length) return false;
    const used = new Array<boolean>(b.length).fill(false);
    outer: for (const x of a) {
      for (let j = 0; j < b.length; j++) {
        if (!used[j] && equal(x, b[j])) {
          used[j] = true;
          continue outer;
        }
      }
      return false;
    }
    return true;
  }
  if (al) return containsElem(a, b);
  if (bl) return containsElem(b as Value[], a);
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    if (typeof a === 'boolean' && typeof b === 'boolean') return a === b;
    const x = valueString(a);
    const y = valueString(b);
    return x === y || fold(x) === fold(y);
  }
  const x = asNumber(a);
  if (x !== null) {
    const y = asNumber(b);
    if (y !== null) return x === y;
  }
  return valueString(a) === valueString(b);
}

export function containsElem(l: Value[], x: Value): boolean {
  for (const e of l) if (equal(e, x)) return true;
  return false;
}

/**
 * The ordering rule of <, <=, >, >=: -1, 0, 1, or null when the values are
 * not comparable.
 */
export function compare(a: Value, b: Value): number | null {
  const ae = isEmpty(a);
  const be = isEmpty(b);
  if (ae && be) return 0;
  if (ae || be || Array.isArray(a) || Array.isArray(b) || typeof a === 'boolean' || typeof b === 'boolean') {
    return null;
  }
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return cmpCodePoints(a, b);
  return null;
}

export { runeLen };
