// Check types (Go survey/checktype.go). The patterns are the same source
// text as Go's, in the common RE2/JavaScript subset.

import { goTrim } from './util';

const CHECK_PATTERNS: Record<string, string> = {
  EMAIL: String.raw`^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$`,
  STRCN: String.raw`^[一-龥]+$`,
  NUM: String.raw`^[+-]?([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\.[0-9]+)?$`,
  DIGITS: String.raw`^[0-9]+$`,
  TEL: String.raw`^((0[0-9]{2,3}-?)?[0-9]{7,8}(-[0-9]{1,6})?|[48]00-?[0-9]{3}-?[0-9]{4})$`,
  PHONE: String.raw`^1[3-9][0-9]{9}$`,
  DATE: String.raw`^[0-9]{4}([-/][0-9]{1,2}([-/][0-9]{1,2}([ T][0-9]{1,2}:[0-9]{2}(:[0-9]{2})?)?)?)?$`,
  TIME: String.raw`^([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$`,
  DATETIME: String.raw`^[0-9]{4}[-/][0-9]{1,2}[-/][0-9]{1,2}[ T]([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$`,
  IDENT_CODE: String.raw`^([0-9]{15}|[0-9]{17}[0-9xX])$`,
  ZIPCODE: String.raw`^[0-9]{6}$`,
  URL: String.raw`^(https?|ftp)://[^ \t\r\n/$.?#][^ \t\r\n]*$`,
};

/** Canonical check types to message keys. */
export const CHECK_KEYS: Record<string, string> = {
  EMAIL: 'email', UNSTRCN: 'unstrcn', STRCN: 'strcn', NUM: 'num', DIGITS: 'digits', TEL: 'tel', PHONE: 'phone',
  TEL_PHONE: 'telPhone', DATE: 'date', TIME: 'time', DATETIME: 'datetime', IDENT_CODE: 'identCode', ZIPCODE: 'zipcode',
  URL: 'url', CUSTOM: 'custom',
};

const compiled = new Map<string, RegExp | null>();

/**
 * compileRegex compiles a pattern with RE2 semantics where they matter
 * (code points); features RE2 does not have (lookaround, backreferences)
 * make the pattern invalid, and an invalid pattern gives null.
 */
export function compileRegex(p: string): RegExp | null {
  let re = compiled.get(p);
  if (re !== undefined) return re;
  re = null;
  if (!/\(\?[=!<]|\\[1-9]|\\k</.test(p)) {
    const q = toRE2Semantics(p);
    try {
      re = new RegExp(q, 'u');
    } catch {
      try {
        re = new RegExp(q);
      } catch {
        re = null;
      }
    }
  }
  compiled.set(p, re);
  return re;
}

/**
 * toRE2Semantics rewrites the pattern so JavaScript matches what Go's RE2
 * matches: outside a character class `.` becomes `[^\n]` (RE2's dot matches
 * \r, U+2028 and U+2029; JavaScript's does not), and `\s`/`\S` become
 * RE2's ASCII set `[\t\n\f\r ]` (JavaScript's `\s` also matches \v and
 * Unicode spaces); inside a class `\s` becomes `\t\n\f\r `.
 */
export function toRE2Semantics(p: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const ch = p[i];
    if (ch === '\\' && i + 1 < p.length) {
      const nx = p[i + 1];
      i++;
      if (nx === 's') out += inClass ? '\\t\\n\\f\\r ' : '[\\t\\n\\f\\r ]';
      else if (nx === 'S' && !inClass) out += '[^\\t\\n\\f\\r ]';
      else out += ch + nx;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
      continue;
    }
    if (ch === '[') {
      inClass = true;
      out += ch;
      // RE2 reads a "]" right after "[" or "[^" as a literal.
      if (p[i + 1] === '^') out += p[++i];
      if (p[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    out += ch === '.' ? '[^\\n]' : ch;
  }
  return out;
}

/** normCheckType maps any known spelling to the canonical name; "" means no check. */
export function normCheckType(t: string): string {
  t = goTrim(t).toUpperCase();
  switch (t) {
    case 'PHONENUM':
      return 'PHONE';
    case 'IDENTCODE':
      return 'IDENT_CODE';
    case 'TELE_PHONE_NUM':
      return 'TEL_PHONE';
    case 'REGEX':
      return 'CUSTOM';
  }
  return Object.prototype.hasOwnProperty.call(CHECK_KEYS, t) ? t : '';
}

function test(name: string, text: string): boolean {
  return compileRegex(CHECK_PATTERNS[name])!.test(text);
}

/** checkText tests a non-empty text against a canonical check type. */
export function checkText(checkType: string, text: string, regex: string): boolean {
  switch (checkType) {
    case '':
      return true;
    case 'UNSTRCN':
      return !test('STRCN', text);
    case 'TEL_PHONE':
      return test('TEL', text) || test('PHONE', text);
    case 'CUSTOM': {
      if (regex === '') return true;
      const re = compileRegex(regex);
      return re === null || re.test(text);
    }
  }
  if (!Object.prototype.hasOwnProperty.call(CHECK_PATTERNS, checkType)) return true;
  return test(checkType, text);
}
