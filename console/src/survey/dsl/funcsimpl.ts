// Evaluation of the functions added with piping (Go survey/dsl/funcs.go): loaded on demand by
// ./funcs (loadFunctions).
import type { Clock } from './funcs';
import { goTrim } from '../util';
import { asNumber, isEmpty, parseNum, truthy, valueString, type Value } from './value';

type Patterns = typeof import('./regex');

const text = (s: string): Value => (s === '' ? null : s);
const isList = Array.isArray;

/** callMore evaluates the functions added with piping; undefined for other names. */
export function callMore(name: string, args: Value[], env: Clock, patterns: Patterns | null): Value | undefined {
  switch (name) {
    case 'iif':
      return truthy(args[0]) ? args[1] : args[2];
    case 'number': {
      const a = args[0];
      if (typeof a === 'number') return a;
      if (typeof a === 'boolean') return a ? 1 : 0;
      if (typeof a === 'string') return parseNum(a);
      return null;
    }
    case 'text':
      return text(valueString(args[0]));
    case 'upper':
    case 'lower':
      return isEmpty(args[0]) ? null : text(mapCase(valueString(args[0]), name === 'upper'));
    case 'trim':
      return text(goTrim(valueString(args[0])));
    case 'substr':
      return substr(args);
    case 'startsWith':
    case 'endsWith': {
      const [a, b] = args;
      if (isEmpty(a) || isEmpty(b) || isList(a) || isList(b)) return false;
      return name === 'startsWith' ? valueString(a).startsWith(valueString(b)) : valueString(a).endsWith(valueString(b));
    }
    case 'regex': {
      const [a, p] = args;
      if (isEmpty(a) || isList(a) || typeof p !== 'string') return false;
      return patterns ? patterns.matchPattern(p, valueString(a)) : false;
    }
    case 'floor':
    case 'ceil': {
      const x = asNumber(args[0]);
      return x === null ? null : fix(name === 'floor' ? Math.floor(x) : Math.ceil(x));
    }
    case 'sqrt': {
      const x = asNumber(args[0]);
      return x === null || x < 0 ? null : fix(Math.sqrt(x));
    }
    case 'pow': {
      const x = asNumber(args[0]);
      const y = asNumber(args[1]);
      return x === null || y === null ? null : pow(x, y);
    }
    case 'today': {
      const d = env.today ? parseDate(env.today()) : null;
      return d ? dateString(d) : null;
    }
    case 'year':
    case 'month':
    case 'day': {
      const d = dateArg(args[0]);
      return d ? d[name === 'year' ? 0 : name === 'month' ? 1 : 2] : null;
    }
    case 'age':
    case 'dateDiff': {
      const a = dateArg(args[0]);
      if (!a) return null;
      let b: DateParts | null;
      let unit = 'y';
      if (name === 'age') {
        b = env.today ? parseDate(env.today()) : null;
      } else {
        b = dateArg(args[1]);
        unit = 'd';
        if (args.length > 2) {
          if (typeof args[2] !== 'string') return null;
          unit = args[2];
        }
      }
      if (!b) return null;
      if (unit === 'd') return days(b) - days(a);
      if (unit === 'm') return monthsBetween(a, b);
      if (unit === 'y') return Math.trunc(monthsBetween(a, b) / 12);
      return null;
    }
  }
  return undefined;
}

// fix without importing eval (eval imports this module)
function fix(x: number): number | null {
  if (!Number.isFinite(x)) return null;
  if (x === 0) return 0;
  const f = parseFloat(x.toPrecision(15));
  return f === 0 ? 0 : f;
}

function substr(args: Value[]): Value {
  if (isEmpty(args[0]) || isList(args[0])) return null;
  const rs = Array.from(valueString(args[0]));
  const n = rs.length;
  const st = asNumber(args[1]);
  if (st === null) return null;
  let start = Math.max(Math.min(Math.trunc(st), 1e9), -1e9);
  if (start < 0) start = Math.max(0, start + n);
  if (start >= n) return null;
  let end = n;
  if (args.length > 2) {
    const l = asNumber(args[2]);
    if (l === null) return null;
    const ln = Math.max(Math.min(Math.trunc(l), 1e9), -1e9);
    if (ln <= 0) return null;
    if (start + ln < end) end = start + ln;
  }
  return rs.slice(start, end).join('');
}

/** pow: repeated squaring for whole exponents up to 1024, else the platform's power to 12 digits. */
export function pow(x: number, y: number): Value {
  if (y === Math.trunc(y) && Math.abs(y) <= 1024) {
    let n = Math.abs(y);
    let r = 1;
    let b = x;
    while (n > 0) {
      if (n & 1) r *= b;
      b *= b;
      n >>= 1;
    }
    if (y < 0) {
      if (r === 0) return null;
      r = 1 / r;
    }
    return fix(r);
  }
  const r = Math.pow(x, y);
  if (!Number.isFinite(r)) return null;
  return fix(parseFloat(r.toPrecision(12)));
}

// Characters kept by upper() (multi-character full uppercase mappings) and characters that
// newer browsers case-map but Go's Unicode 15.0 tables do not (kept by both).
function keepUpper(r: number): boolean {
  if (r === 0xdf || r === 0x149 || r === 0x1f0 || r === 0x390 || r === 0x3b0 || r === 0x587) return true;
  if ((r >= 0x1e96 && r <= 0x1e9a) || (r >= 0xfb00 && r <= 0xfb06) || (r >= 0xfb13 && r <= 0xfb17)) return true;
  if (r >= 0x1f50 && r <= 0x1f56 && r % 2 === 0) return true;
  if (r >= 0x1f80 && r <= 0x1faf) return true;
  return KEEP_UPPER.has(r);
}
const KEEP_UPPER = new Set([
  0x1fb2, 0x1fb3, 0x1fb4, 0x1fb6, 0x1fb7, 0x1fbc, 0x1fc2, 0x1fc3, 0x1fc4, 0x1fc6, 0x1fc7, 0x1fcc, 0x1fd2, 0x1fd3, 0x1fd6, 0x1fd7,
  0x1fe2, 0x1fe3, 0x1fe4, 0x1fe6, 0x1fe7, 0x1ff2, 0x1ff3, 0x1ff4, 0x1ff6, 0x1ff7, 0x1ffc,
]);
/** Code points with case mappings added in Unicode 15.1 to 17.0 (after Go's tables): kept by both. */
const newerCase = (r: number) =>
  r === 0x19b || r === 0x264 || r === 0x1c89 || r === 0x1c8a || (r >= 0xa7cb && r <= 0xa7cf) || (r >= 0xa7d2 && r <= 0xa7d5) ||
  (r >= 0xa7da && r <= 0xa7dc) || (r >= 0x10d50 && r <= 0x10d85) || (r >= 0x16ea0 && r <= 0x16ed3);

export function mapCase(s: string, up: boolean): string {
  let out = '';
  for (const ch of s) {
    const r = ch.codePointAt(0)!;
    if (r < 0x80) {
      out += up ? ch.toUpperCase() : ch.toLowerCase();
      continue;
    }
    if (newerCase(r) || (up ? keepUpper(r) : r === 0x130)) {
      out += ch;
      continue;
    }
    const m = up ? ch.toUpperCase() : ch.toLowerCase();
    out += m.length === ch.length || Array.from(m).length === 1 ? m : ch;
  }
  return out;
}

// Dates -----------------------------------------------------------------------------------

/** [year, month, day] */
export type DateParts = [number, number, number];

const dateString = (d: DateParts) => `${String(d[0]).padStart(4, '0')}-${String(d[1]).padStart(2, '0')}-${String(d[2]).padStart(2, '0')}`;

function days(d: DateParts): number {
  let [y] = d;
  const [, m, dd] = d;
  if (m <= 2) y--;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + dd - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function monthsBetween(a: DateParts, b: DateParts): number {
  let m = b[0] * 12 + b[1] - (a[0] * 12 + a[1]);
  if (m > 0 && b[2] < a[2]) m--;
  else if (m < 0 && b[2] > a[2]) m++;
  return m;
}

function daysIn(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

const DATE_RE = /^(\d{4})(?:年(\d{1,2})月(\d{1,2})日|([-/.])(\d{1,2})(?:\4(\d{1,2}))?)(.*)$/s;
const TIME_RE = /^\d{1,2}:\d\d(?::\d\d)?$/;

/** parseDate reads the survey date formats (Go ParseDate); null when not a date. */
export function parseDate(s: string): DateParts | null {
  const m = DATE_RE.exec(goTrim(s));
  if (!m) return null;
  const y = +m[1];
  let mo: number;
  let d: number;
  const rest = m[7];
  if (m[2] !== undefined) {
    mo = +m[2];
    d = +m[3];
  } else {
    mo = +m[5];
    if (m[6] === undefined) {
      if (rest !== '') return null;
      d = 1;
    } else d = +m[6];
  }
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return null;
  if (rest !== '') {
    if (rest[0] !== ' ' && rest[0] !== 'T') return null;
    const t = rest.slice(1).replace(/^ +/, '');
    if (!TIME_RE.test(t)) return null;
    const [h, mi, sec] = t.split(':').map(Number);
    if (h >= 24 || mi >= 60 || (sec ?? 0) >= 60) return null;
  }
  return [y, mo, d];
}

function dateArg(v: Value): DateParts | null {
  return typeof v === 'string' ? parseDate(v) : null;
}

/** todayIn is the date ("YYYY-MM-DD") at epoch milliseconds ms in an IANA time zone (UTC when unknown). */
export function todayIn(ms: number, zone: string): string {
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    f = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const p: Record<string, string> = {};
  for (const x of f.formatToParts(new Date(ms))) p[x.type] = x.value;
  return `${p.year.padStart(4, '0')}-${p.month}-${p.day}`;
}
