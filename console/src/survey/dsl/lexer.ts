import { DslError, type Pos } from './ast';
import { goQuote, goQuoteRune, goTrim } from '../util';

/** Token kinds. */
export const Tok = { EOF: 0, Newline: 1, Ident: 2, Number: 3, String: 4, Op: 5, Comment: 6 } as const;
export type TokKind = (typeof Tok)[keyof typeof Tok];

export interface Token {
  kind: TokKind;
  text: string;
  num: number;
  pos: Pos;
}

export function tokString(t: Token): string {
  switch (t.kind) {
    case Tok.EOF:
      return 'end of input';
    case Tok.Newline:
      return 'end of line';
    case Tok.String:
      return 'string ' + goQuote(t.text);
    case Tok.Comment:
      return 'comment';
  }
  return goQuote(t.text);
}

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

export function isIdentStart(cp: number): boolean {
  if (cp === 0x5f || cp === 0x24) return true;
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return LETTER.test(String.fromCodePoint(cp));
}

export function isIdentRune(cp: number): boolean {
  if (cp >= 0x30 && cp <= 0x39) return true;
  if (isIdentStart(cp)) return true;
  return cp >= 0x80 && DIGIT.test(String.fromCodePoint(cp));
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const OPS1 = '()[],=<>+-*/%!';
const OPS2 = ['==', '!=', '<>', '<=', '>=', '&&', '||'];

/** lex splits src into tokens. Newlines and ';' both end a statement. */
export function lex(src: string): Token[] {
  const toks: Token[] = [];
  let line = 1;
  let col = 1;
  let i = 0;
  const n = src.length;
  const cpAt = (k: number) => src.codePointAt(k)!;
  const width = (cp: number) => (cp > 0xffff ? 2 : 1);
  // adv moves k code points forward.
  const adv = (k: number) => {
    for (let m = 0; m < k; m++) {
      i += width(cpAt(i));
      col++;
    }
  };
  const tok = (kind: TokKind, text: string, pos: Pos, num = 0) => toks.push({ kind, text, num, pos });
  while (i < n) {
    const r = cpAt(i);
    const ch = src[i];
    const p: Pos = { line, col };
    if (ch === '\n') {
      tok(Tok.Newline, '\n', p);
      i++;
      line++;
      col = 1;
    } else if (ch === ';') {
      tok(Tok.Newline, ';', p);
      adv(1);
    } else if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\u00a0' || ch === '\ufeff') {
      adv(1);
    } else if (ch === '#' || (ch === '/' && src[i + 1] === '/')) {
      let j = src.indexOf('\n', i);
      if (j < 0) j = n;
      const raw = src.slice(i, j);
      tok(Tok.Comment, goTrim(raw.slice(ch === '#' ? 1 : 2)), p);
      let cps = 0;
      for (let k = i; k < j; k += width(cpAt(k))) cps++;
      adv(cps);
    } else if (ch === '"' || ch === "'") {
      adv(1);
      let sb = '';
      let closed = false;
      while (i < n) {
        const c = src[i];
        if (c === '\n') break;
        if (c === ch) {
          adv(1);
          closed = true;
          break;
        }
        if (c === '\\') {
          if (i + 1 >= n) break;
          const e = cpAt(i + 1);
          switch (e) {
            case 0x6e:
              sb += '\n';
              break;
            case 0x74:
              sb += '\t';
              break;
            case 0x5c:
            case 0x22:
            case 0x27:
              sb += String.fromCodePoint(e);
              break;
            default:
              throw new DslError({ line, col }, 'unknown escape \\' + String.fromCodePoint(e));
          }
          adv(2);
          continue;
        }
        const cp = cpAt(i);
        sb += String.fromCodePoint(cp);
        adv(1);
      }
      if (!closed) throw new DslError(p, 'unterminated string');
      tok(Tok.String, sb, p);
    } else if (isDigit(ch) || (ch === '.' && isDigit(src[i + 1]))) {
      let j = i;
      while (isDigit(src[j])) j++;
      if (src[j] === '.') {
        j++;
        while (isDigit(src[j])) j++;
      }
      if (src[j] === 'e' || src[j] === 'E') {
        let k = j + 1;
        if (src[k] === '+' || src[k] === '-') k++;
        if (isDigit(src[k])) {
          while (isDigit(src[k])) k++;
          j = k;
        }
      }
      const text = src.slice(i, j);
      const f = Number(text);
      if (!Number.isFinite(f)) throw new DslError(p, 'bad number ' + text);
      tok(Tok.Number, text, p, f);
      adv(j - i);
      if (i < n && isIdentRune(cpAt(i))) throw new DslError({ line, col }, 'unexpected character after number');
    } else if (isIdentStart(r)) {
      let j = i;
      let cnt = 0;
      while (j < n) {
        const c = cpAt(j);
        if (!isIdentRune(c)) break;
        j += width(c);
        cnt++;
      }
      tok(Tok.Ident, src.slice(i, j), p);
      adv(cnt);
    } else {
      const two = src.slice(i, i + 2);
      if (two.length === 2 && OPS2.indexOf(two) >= 0) {
        tok(Tok.Op, two, p);
        adv(2);
        continue;
      }
      if (r < 0x80 && OPS1.indexOf(ch) >= 0) {
        tok(Tok.Op, ch, p);
        adv(1);
        continue;
      }
      throw new DslError(p, 'unexpected character ' + goQuoteRune(r));
    }
  }
  tok(Tok.EOF, '', { line, col });
  return toks;
}
