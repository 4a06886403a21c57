// Small helpers that reproduce Go standard-library behaviour the engine
// depends on (strings.TrimSpace, strings.EqualFold, strconv.ParseFloat,
// strconv.Quote), so both engines give identical results.

const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM_RE = new RegExp(`^${SPACE}+|${SPACE}+$`, 'g');

/** Go strings.TrimSpace (Unicode White_Space, not JS's set). */
export function goTrim(s: string): string {
  return s.replace(TRIM_RE, '');
}

/** Case folding good enough for Go strings.EqualFold against ASCII words. */
export function fold(s: string): string {
  return s.toLowerCase().replace(/\u017f/g, 's');
}

/** Go strings.EqualFold. */
export function eqFold(a: string, b: string): boolean {
  return a === b || fold(a) === fold(b);
}

/** Go strings.ToUpper for keyword matching. */
export function upper(s: string): string {
  return s.toUpperCase();
}

const DEC_RE = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const HEX_RE = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?[0-9]+)$/;
const SPECIAL_RE = /^([+-]?)(inf|infinity|nan)$/i;

/**
 * Go strconv.ParseFloat(s, 64): returns the number, or null on a syntax or
 * range error (Go returns ±Inf with ErrRange; callers treat it as an error).
 */
export function goParseFloat(s: string): number | null {
  if (s.indexOf('_') >= 0) {
    // Underscores only between digits (or right after a base prefix).
    if (/(^|[^0-9a-fA-FxX])_|_($|[^0-9a-fA-F])|__/.test(s)) return null;
    s = s.replace(/_/g, '');
  }
  if (DEC_RE.test(s)) {
    const f = Number(s);
    return Number.isFinite(f) ? f : null;
  }
  const sp = SPECIAL_RE.exec(s);
  if (sp) {
    if (sp[2].toLowerCase() === 'nan') return sp[1] === '' ? NaN : null;
    return sp[1] === '-' ? -Infinity : Infinity;
  }
  const h = HEX_RE.exec(s);
  if (h && (h[2] !== '' || h[3] !== '')) {
    let m = 0;
    const digits = h[2] + h[3];
    for (let i = 0; i < digits.length; i++) m = m * 16 + parseInt(digits[i], 16);
    const f = m * Math.pow(2, Number(h[4]) - 4 * h[3].length);
    if (!Number.isFinite(f)) return null;
    return h[1] === '-' ? -f : f;
  }
  return null;
}

/** Number of Unicode code points. */
export function runeLen(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Compare by code point (Go string order), -1/0/1. */
export function cmpCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (astral code points) sort above the rest of the BMP.
      const hx = x >= 0xd800 && x <= 0xdfff;
      const hy = y >= 0xd800 && y <= 0xdfff;
      if (hx !== hy) return hx ? 1 : -1;
      return x < y ? -1 : 1;
    }
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Round2 is Math.round(x*100)/100 (and -0 becomes 0). */
export function round2(x: number): number {
  const r = Math.floor(x * 100 + 0.5) / 100;
  return r === 0 ? 0 : r;
}

function isPrint(cp: number): boolean {
  if (cp === 0x20) return true;
  return /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(String.fromCodePoint(cp));
}

function escapeRune(cp: number, quote: number): string {
  switch (cp) {
    case 7: return '\\a';
    case 8: return '\\b';
    case 12: return '\\f';
    case 10: return '\\n';
    case 13: return '\\r';
    case 9: return '\\t';
    case 11: return '\\v';
    case 0x5c: return '\\\\';
  }
  if (cp === quote) return '\\' + String.fromCodePoint(cp);
  if (isPrint(cp)) return String.fromCodePoint(cp);
  if (cp < 0x80) return '\\x' + cp.toString(16).padStart(2, '0');
  if (cp < 0x10000) return '\\u' + cp.toString(16).padStart(4, '0');
  return '\\U' + cp.toString(16).padStart(8, '0');
}

/** Go strconv.Quote / fmt %q of a string. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) out += escapeRune(ch.codePointAt(0)!, 0x22);
  return out + '"';
}

/** Go fmt %q of a rune. */
export function goQuoteRune(cp: number): string {
  return "'" + escapeRune(cp, 0x27) + "'";
}
