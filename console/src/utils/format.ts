// Dates, numbers and percentages in the console language (one place for the whole console and
// the answer pages): Intl.DateTimeFormat / Intl.NumberFormat with the umi locale.
//
// The server sends times as "YYYY-MM-DD HH:mm:ss" (or "YYYY-MM-DD") wall-clock strings in its
// own time zone: they are read as wall-clock values and printed as such (no zone shift).

let source: (() => string | undefined) | undefined;

/** Sets where the console language comes from (app.tsx: umi's getLocale). */
export function setFormatLocaleSource(fn: () => string | undefined) {
  source = fn;
}

/** The language to format in: the given one, else the console's (umi) locale, else <html lang>, else en-US. */
function langOf(lang?: string): string {
  if (lang) return lang;
  try {
    const l = source?.() || globalThis.document?.documentElement?.lang;
    if (l) return l;
  } catch {
    /* no locale yet */
  }
  return 'en-US';
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const WALL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/**
 * parseTime reads a server time: a wall-clock "YYYY-MM-DD[ HH:mm[:ss]]" string, an ISO time with
 * a zone, epoch milliseconds or a Date. Undefined when it is none of these. `dateOnly` tells
 * whether the input had no time of day.
 */
export function parseTime(v: unknown): { d: Date; dateOnly: boolean } | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : { d: v, dateOnly: false };
  if (typeof v === 'number') return Number.isFinite(v) ? { d: new Date(v), dateOnly: false } : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (!s) return undefined;
  const m = WALL.exec(s);
  if (m) {
    const d = new Date(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
    return Number.isNaN(d.getTime()) ? undefined : { d, dateOnly: m[4] === undefined };
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : { d, dateOnly: false };
}

function dateFmt(lang: string) {
  return cached(`d|${lang}`, () => new Intl.DateTimeFormat(lang, { year: 'numeric', month: '2-digit', day: '2-digit' }));
}

function dateTimeFmt(lang: string) {
  return cached(
    `dt|${lang}`,
    () => new Intl.DateTimeFormat(lang, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  );
}

/** A date (no time of day) in the language; texts that are not times come back unchanged. */
export function formatDate(v: unknown, lang?: string): string {
  const p = parseTime(v);
  if (!p) return v == null ? '' : String(v);
  return dateFmt(langOf(lang)).format(p.d);
}

/**
 * A date and time in the language; a date without a time of day prints as a date. Texts that
 * are not times come back unchanged, empty values as ''.
 */
export function formatDateTime(v: unknown, lang?: string): string {
  const p = parseTime(v);
  if (!p) return v == null ? '' : String(v);
  const l = langOf(lang);
  return (p.dateOnly ? dateFmt(l) : dateTimeFmt(l)).format(p.d);
}

/** A time of day (a Date, default now) in the language. */
export function formatTime(d: Date = new Date(), lang?: string): string {
  const l = langOf(lang);
  return cached(`t|${l}`, () => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit', second: '2-digit' })).format(d);
}

/** A number in the language (grouping, decimal sign), at most `digits` decimals (default 2). */
export function formatNumber(n: number, lang?: string, digits = 2): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return String(n ?? '');
  const l = langOf(lang);
  return cached(`n|${l}|${digits}`, () => new Intl.NumberFormat(l, { maximumFractionDigits: digits })).format(n);
}

/**
 * A percentage in the language; `p` is in percent (33.3 = 33.3 %), `digits` the most decimals
 * (default 2), `fixed` prints exactly that many.
 */
export function formatPercent(p: number, lang?: string, digits = 2, fixed = false): string {
  if (typeof p !== 'number' || !Number.isFinite(p)) return String(p ?? '');
  const l = langOf(lang);
  return cached(
    `p|${l}|${digits}|${fixed}`,
    () => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0 }),
  ).format(p / 100);
}

/** A chart axis or tooltip value: numbers and "YYYY-MM-DD" days in the language, else as is. */
export function formatChartValue(v: unknown, lang?: string): string {
  if (typeof v === 'number') return formatNumber(v, lang);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v, lang);
  return v == null ? '' : String(v);
}
