// Answer piping (Go survey/pipe.go): earlier answers quoted in later texts. The syntax and
// rules are in docs/logic-language.md ("Answer piping"); both engines are pinned by
// testdata/engine/piping/*.json. A piped answer is always text, never markup.
import { newIndex, isCheckboxLike, isGroup, isMatrix, isRadioLike, normType, questionOptions, type Index } from './docindex';
import { fix } from './dsl/eval';
import { isIdentRune, isIdentStart } from './dsl/lexer';
import { isKeyword, parseRef } from './dsl/parser';
import {
  TypeCascade, TypeChenScore, TypeGeolocation, TypeMultiFillblank, TypeOrderQu, TypeScaleNPS, TypeScaleSlider, TypeScore,
  TypeSignature, TypeUploadFile, type AnQuestion, type Option, type Question, type Survey, type Text,
} from './model';

/** The longest fallback (code points) the checker accepts. */
export const PIPE_MAX_FALLBACK = 200;

const LIST_SEP = ', ';
const ROW_SEP = '; ';
const ROW_LABEL_SEP = ': ';

/** One translated text of a content language (services/language script item). */
export interface LangItem {
  lanCode: string;
  lanType: string;
  lanValue: string;
}

/** A scanned piece of text: literal (name '') or a placeholder. */
export interface PipePart {
  lit: string;
  name: string;
  fallback: string;
  hasFallback: boolean;
  raw: string;
  /** Offset of the part in the source (UTF-16 units). */
  offset: number;
}

export type PipeMode = 'text' | 'html' | 'url';

const lit = (s: string, offset: number): PipePart => ({ lit: s, name: '', fallback: '', hasFallback: false, raw: '', offset });

/**
 * scanPipes splits text into literal parts and placeholders (Go ScanPipes). isRef decides
 * whether a name is a reference (undefined accepts every name).
 */
export function scanPipes(text: string, mode: PipeMode, isRef?: (name: string) => boolean): PipePart[] {
  const out: PipePart[] = [];
  let buf = '';
  let bufStart = 0;
  const flush = (at: number) => {
    if (buf !== '') out.push(lit(buf, bufStart));
    buf = '';
    bufStart = at;
  };
  let from = 0;
  let to = text.length;
  if (mode === 'url') {
    const q = text.indexOf('?');
    if (q < 0) return [lit(text, 0)];
    from = q + 1;
    const h = text.indexOf('#', from);
    if (h >= 0) to = h;
    buf = text.slice(0, from);
  }
  let i = from;
  while (i < to) {
    const c = text[i];
    if (mode === 'html' && c === '<') {
      let j = text.indexOf('>', i);
      if (j < 0 || j >= to) j = to - 1;
      buf += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c !== '{') {
      buf += c;
      i++;
      continue;
    }
    if (i + 1 < to && text[i + 1] === '{') {
      flush(i);
      out.push(lit('{', i));
      bufStart = i + 2;
      i += 2;
      continue;
    }
    const p = scanPlaceholder(text, i, to, mode);
    if (p && (!isRef || isRef(p.name))) {
      flush(i);
      p.offset = i;
      out.push(p);
      bufStart = i + p.raw.length;
      i += p.raw.length;
      continue;
    }
    buf += '{';
    i++;
  }
  buf += text.slice(to);
  flush(text.length);
  return out;
}

function scanPlaceholder(s: string, at: number, to: number, mode: PipeMode): PipePart | null {
  let j = at + 1;
  while (j < to) {
    const cp = s.codePointAt(j)!;
    if (j === at + 1 ? !isIdentStart(cp) : !isIdentRune(cp)) break;
    j += cp > 0xffff ? 2 : 1;
  }
  if (j === at + 1 || j >= to) return null;
  const name = s.slice(at + 1, j);
  if (s[j] === '}') return { lit: '', name, fallback: '', hasFallback: false, raw: s.slice(at, j + 1), offset: at };
  if (s[j] === '|') {
    for (let k = j + 1; k < to; k++) {
      const c = s[k];
      if (c === '}') return { lit: '', name, fallback: s.slice(j + 1, k), hasFallback: true, raw: s.slice(at, k + 1), offset: at };
      if (c === '{' || c === '\n' || c === '\r' || (c === '<' && mode === 'html')) return null;
    }
  }
  return null;
}

/** A resolved placeholder reference. */
export interface PipeTarget {
  qi: number;
  kind: '' | 'option' | 'row' | 'group' | 'cell' | 'col';
  item?: Option;
  col?: Option;
}

/** resolvePipeTarget resolves a reference name by the current numbering (null: not a reference). */
export function resolvePipeTarget(ix: Index, name: string): PipeTarget | null {
  if (isKeyword(name)) return null;
  const r = parseRef(name);
  if (r.var) {
    const qi = ix.vars.get(name);
    return qi === undefined ? null : { qi, kind: '' };
  }
  const qi = ix.byNum.get(r.q!);
  if (qi === undefined) return null;
  const q = ix.qs[qi];
  const pick = (l: Option[] | undefined, n: number) => (l && n >= 1 && n <= l.length ? l[n - 1] : undefined);
  if (r.a) {
    const o = pick(ix.opts[qi], r.a);
    return o ? { qi, kind: 'option', item: o } : null;
  }
  if (r.r) {
    const row = pick(q.quRows, r.r);
    if (!row) return null;
    const kind = isGroup(q) ? 'group' : 'row';
    if (r.c) {
      const col = pick(q.quCols, r.c);
      return col && kind === 'row' ? { qi, kind: 'cell', item: row, col } : null;
    }
    return { qi, kind, item: row };
  }
  if (r.c) {
    const col = pick(q.quCols, r.c);
    return col ? { qi, kind: 'col', col } : null;
  }
  return { qi, kind: '' };
}

/** Renders piped texts of one document in one content language (Go Piper). */
export class Piper {
  readonly ix: Index;
  private lang: Map<string, string> | null = null;
  private cache = new Map<string, PipeTarget | null>();
  private scans = new Map<string, PipePart[]>();

  /** parts scans a text once (texts re-render on every answer change). */
  parts(text: string, mode: PipeMode): PipePart[] {
    const k = mode + '\u0000' + text;
    let p = this.scans.get(k);
    if (!p) {
      p = scanPipes(text, mode, this.resolves);
      if (this.scans.size < 10000) this.scans.set(k, p);
    }
    return p;
  }

  constructor(s: Survey | Index, lang?: LangItem[] | null) {
    this.ix = 'qs' in s ? s : newIndex(s);
    for (const it of lang ?? []) {
      if (it.lanType === 'optionTitle' && it.lanValue !== '') (this.lang ??= new Map()).set(it.lanCode, plainText(it.lanValue));
    }
  }

  /** resolves reports whether name is a placeholder reference of the document. */
  resolves = (name: string): boolean => this.target(name) !== null;

  target(name: string): PipeTarget | null {
    let t = this.cache.get(name);
    if (t === undefined) {
      t = resolvePipeTarget(this.ix, name);
      if (this.cache.size < 10000) this.cache.set(name, t);
    }
    return t;
  }

  /** with binds answers (the first entry per question counts). */
  with(answers: readonly (AnQuestion | null | undefined)[]): Piped {
    const m = new Map<string, AnQuestion>();
    for (const a of answers) if (a && !m.has(a.quDwId)) m.set(a.quDwId, a);
    return new Piped(this, m);
  }

  /** label is an option's (row's, column's) plain text in the content language. */
  label(o: Option): string {
    const t = this.lang?.get(o.dwId ?? '');
    if (t !== undefined) return t;
    const obj = o.optionTitleObj;
    if (obj) {
      const a = collapseSpace(obj.dwText ?? '');
      if (a) return a;
      const b = plainText(obj.dwHtml ?? '');
      if (b) return b;
    }
    return plainText(o.optionTitle ?? '') || plainText(o.optionName ?? '');
  }

  chosen(o: Option, other: string | undefined): string {
    return collapseSpace(other ?? '') || this.label(o);
  }
}

function choice(a: AnQuestion, id: string | undefined) {
  if (a.anRadio && a.anRadio.optionDwId === id) return a.anRadio;
  for (const c of a.anCheckboxs ?? []) if (c && c.optionDwId === id) return c;
  return null;
}

function blankText(a: AnQuestion, id: string | undefined): string {
  for (const m of a.anMFbks ?? []) if (m && m.optionDwId === id) return m.answer ?? '';
  return '';
}

/** Texts rendered against one set of answers. */
export class Piped {
  constructor(readonly p: Piper, readonly ans: Map<string, AnQuestion>) {}

  text(s: string): string {
    return this.render(s, 'text');
  }
  /** html renders sanitised rich text: values escaped, tags never substituted. */
  html(s: string): string {
    return this.render(s, 'html');
  }
  /** url substitutes only in the query, percent-encoded. */
  url(s: string): string {
    return this.render(s, 'url');
  }

  render(s: string, mode: PipeMode): string {
    if (s.indexOf('{') < 0) return s;
    let out = '';
    for (const part of this.p.parts(s, mode)) {
      if (part.name === '') {
        out += part.lit;
        continue;
      }
      const v = this.value(part.name);
      if (v !== '') out += mode === 'html' ? escapeHTML(v) : mode === 'url' ? percentEncode(v) : v;
      else if (part.hasFallback) out += mode === 'url' ? percentEncode(part.fallback) : part.fallback;
    }
    return out;
  }

  /** value is the plain text of one reference ('' when unanswered, hidden or unknown). */
  value(name: string): string {
    const t = this.p.target(name);
    if (!t) return '';
    const q = this.p.ix.qs[t.qi];
    const a = this.ans.get(q.dwId ?? '');
    if (!a || a.isLogicHide) return '';
    switch (t.kind) {
      case '':
        return this.question(q, t.qi, a);
      case 'option':
        return this.option(q, a, t.item!);
      case 'row':
      case 'group':
        return this.row(q, a, t.item!);
      case 'cell':
        return this.cell(q, a, t.item!, t.col!);
      case 'col': {
        let n = 0;
        for (const m of a.anMatrixRadios ?? []) if (m && m.colDwId === t.col!.dwId) n++;
        for (const m of a.anMatrixCheckboxes ?? []) {
          if (!m) continue;
          for (const c of m.rowAnCheckboxs ?? []) if (c && c.colDwId === t.col!.dwId) n++;
        }
        return String(n);
      }
    }
    return '';
  }

  private question(q: Question, qi: number, a: AnQuestion): string {
    const p = this.p;
    const t = normType(q.quType);
    const assigned = a.anFbk ? a.anFbk.answer ?? '' : '';
    const opts = p.ix.opts[qi];
    const list = (l: string[]) => (l.length ? l.join(LIST_SEP) : assigned);
    if (isRadioLike(q) || isCheckboxLike(q)) {
      const l: string[] = [];
      for (const o of opts) {
        const c = choice(a, o.dwId);
        if (c) l.push(p.chosen(o, c.otherText));
      }
      return list(l);
    }
    switch (t) {
      case TypeOrderQu: {
        const rs: { n: number; o: Option }[] = [];
        for (const o of opts) {
          for (const r of a.anOrders ?? []) {
            if (r && r.optionDwId === o.dwId && r.orderNum > 0) {
              rs.push({ n: r.orderNum, o });
              break;
            }
          }
        }
        rs.sort((x, y) => x.n - y.n);
        return list(rs.map((r) => p.label(r.o)));
      }
      case TypeMultiFillblank: {
        const l: string[] = [];
        for (const o of opts) {
          const s = blankText(a, o.dwId);
          if (s !== '') l.push(s);
        }
        return list(l);
      }
      case TypeScore:
      case TypeChenScore: {
        let sum = 0;
        let any = false;
        for (const o of opts) {
          for (const s of a.anScores ?? []) {
            if (s && s.optionDwId === o.dwId) {
              sum += s.answerScore;
              any = true;
              break;
            }
          }
        }
        return any ? String(fix(sum) ?? 0) : assigned;
      }
      case TypeScaleNPS:
      case TypeScaleSlider:
        return a.anScale && a.anScale.answerScore != null ? String(a.anScale.answerScore) : assigned;
      case TypeUploadFile:
      case TypeSignature: {
        const l: string[] = [];
        for (const f of a.anUploadFiles ?? []) {
          if (!f) continue;
          const n = f.fileName || f.filePath;
          if (n) l.push(n);
        }
        return list(l);
      }
      case TypeCascade: {
        const cs = (a.anCascades ?? []).filter((c) => c && c.value !== '' && c.value != null);
        cs.sort((x, y) => x.level - y.level);
        return list(cs.map((c) => c.value));
      }
      case TypeGeolocation:
        return a.anLocation?.formattedAddress || assigned;
    }
    if (isMatrix(q)) {
      const l: string[] = [];
      for (const row of q.quRows ?? []) {
        const s = this.row(q, a, row);
        if (s !== '') l.push(p.label(row) + ROW_LABEL_SEP + s);
      }
      return l.length ? l.join(ROW_SEP) : assigned;
    }
    return assigned;
  }

  private option(q: Question, a: AnQuestion, o: Option): string {
    const t = normType(q.quType);
    if (isRadioLike(q) || isCheckboxLike(q)) {
      const c = choice(a, o.dwId);
      return c ? this.p.chosen(o, c.otherText) : '';
    }
    switch (t) {
      case TypeOrderQu:
        for (const r of a.anOrders ?? []) if (r && r.optionDwId === o.dwId && r.orderNum > 0) return String(r.orderNum);
        return '';
      case TypeScore:
      case TypeChenScore:
        for (const s of a.anScores ?? []) if (s && s.optionDwId === o.dwId) return String(s.answerScore);
        return '';
      case TypeMultiFillblank:
        return blankText(a, o.dwId);
    }
    return '';
  }

  private row(q: Question, a: AnQuestion, row: Option): string {
    const p = this.p;
    if (isGroup(q)) {
      const l: string[] = [];
      for (const o of row.groupOptions ?? []) {
        const c = choice(a, o.dwId);
        if (c) l.push(p.chosen(o, c.otherText));
      }
      return l.join(LIST_SEP);
    }
    const cols = q.quCols ?? [];
    for (const m of a.anMatrixRadios ?? []) {
      if (m && m.rowDwId === row.dwId) {
        const c = cols.find((x) => x.dwId === m.colDwId);
        if (c) return p.label(c);
      }
    }
    for (const m of a.anMatrixCheckboxes ?? []) {
      if (m && m.rowDwId === row.dwId) {
        const l: string[] = [];
        for (const c of cols) if ((m.rowAnCheckboxs ?? []).some((x) => x && x.colDwId === c.dwId)) l.push(p.label(c));
        if (l.length) return l.join(LIST_SEP);
      }
    }
    for (const m of a.anMatrixScales ?? []) if (m && m.rowDwId === row.dwId) return String(m.answerScore);
    for (const m of a.anMatrixFbks ?? []) {
      if (m && m.rowDwId === row.dwId) {
        const l: string[] = [];
        for (const c of cols) {
          const x = (m.rowAnFbks ?? []).find((f) => f && f.colDwId === c.dwId);
          if (x && x.answer) l.push(x.answer);
        }
        return l.join(LIST_SEP);
      }
    }
    return '';
  }

  private cell(q: Question, a: AnQuestion, row: Option, col: Option): string {
    for (const m of a.anMatrixFbks ?? []) {
      if (m && m.rowDwId === row.dwId) {
        for (const x of m.rowAnFbks ?? []) if (x && x.colDwId === col.dwId) return x.answer ?? '';
        return '';
      }
    }
    for (const m of a.anMatrixRadios ?? []) if (m && m.rowDwId === row.dwId && m.colDwId === col.dwId) return this.p.label(col);
    for (const m of a.anMatrixCheckboxes ?? []) {
      if (m && m.rowDwId === row.dwId && (m.rowAnCheckboxs ?? []).some((x) => x && x.colDwId === col.dwId)) return this.p.label(col);
    }
    return '';
  }
}

/** renderPiped: one plain text (Go RenderPiped). */
export function renderPiped(text: string, doc: Survey, answers: AnQuestion[], lang?: LangItem[] | null): string {
  return text.indexOf('{') < 0 ? text : new Piper(doc, lang).with(answers).text(text);
}

// Text helpers (Go twins in pipe.go) ----------------------------------------------------

const BLOCK_TAGS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'blockquote', 'table']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const SPACES = /[ \t\n\r\f\u00a0]+/g;

/** collapseSpace turns runs of space, tab, CR, LF, FF and NBSP into one space and trims. */
export function collapseSpace(s: string): string {
  const t = s.replace(SPACES, ' ');
  return t.slice(t[0] === ' ' ? 1 : 0, t.length > 0 && t[t.length - 1] === ' ' ? t.length - 1 : t.length);
}

/**
 * plainText flattens sanitised rich text: tags removed (block tags and <br> become a space),
 * &amp; &lt; &gt; &quot; &#39; &apos; &nbsp; and numeric references decoded, spaces collapsed.
 */
export function plainText(html: string): string {
  if (html.indexOf('<') < 0 && html.indexOf('&') < 0) return collapseSpace(html);
  let b = '';
  let i = 0;
  while (i < html.length) {
    const c = html[i];
    if (c === '<') {
      const j = html.indexOf('>', i);
      if (j < 0) {
        b += html.slice(i);
        break;
      }
      let tag = html.slice(i + 1, j);
      if (tag[0] === '/') tag = tag.slice(1);
      const m = /^[A-Za-z0-9]*/.exec(tag)![0];
      if (BLOCK_TAGS.has(m.toLowerCase())) b += ' ';
      i = j + 1;
    } else if (c === '&') {
      const [r, n] = decodeEntity(html, i);
      if (n > 0) {
        b += r;
        i += n;
      } else {
        b += c;
        i++;
      }
    } else {
      b += c;
      i++;
    }
  }
  return collapseSpace(b);
}

function decodeEntity(s: string, at: number): [string, number] {
  const semi = s.indexOf(';', at);
  const end = semi < 0 ? -1 : semi - at;
  if (end < 2 || end > 10) return ['', 0];
  const body = s.slice(at + 1, at + end);
  if (body[0] === '#') {
    let n: number;
    if (body[1] === 'x' || body[1] === 'X') {
      if (!/^[0-9a-fA-F]+$/.test(body.slice(2))) return ['', 0];
      n = parseInt(body.slice(2), 16);
    } else {
      if (!/^[0-9]+$/.test(body.slice(1))) return ['', 0];
      n = parseInt(body.slice(1), 10);
    }
    if (n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return ['', 0];
    return [String.fromCodePoint(n), end + 1];
  }
  const r = Object.prototype.hasOwnProperty.call(NAMED, body) ? NAMED[body] : undefined;
  return r === undefined ? ['', 0] : [r, end + 1];
}

/** escapeHTML escapes & < > " ' as Go's html.EscapeString. */
export function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&#34;' : '&#39;'));
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const utf8 = new TextEncoder();

/** percentEncode keeps the RFC 3986 unreserved characters and encodes every other UTF-8 byte. */
export function percentEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    if (ch.length === 1 && UNRESERVED.test(ch)) {
      out += ch;
      continue;
    }
    for (const b of utf8.encode(ch)) out += '%' + (b < 16 ? '0' : '') + b.toString(16).toUpperCase();
  }
  return out;
}

// The answer page's view of piped texts -------------------------------------------------

const hasBrace = (s: string | undefined) => !!s && s.indexOf('{') >= 0;
const OPTION_FIELDS = ['quRadios', 'quCheckboxs', 'quScores', 'quOrderbys', 'quMultiFillblanks', 'quRows', 'quCols'] as const;

/**
 * DocPiper gives the answer page the questions whose texts quote answers, rendered for the
 * current answers: copies of those questions with titles, notes, solutions and option, row,
 * column and group texts piped (as HTML: the page inserts every form through its sanitiser,
 * so values are escaped and show as typed). Questions without placeholders are not listed, and a
 * question whose rendering did not change keeps its previous copy, so React skips it.
 */
export class DocPiper {
  readonly piper: Piper;
  /** Positions of the questions with at least one resolvable placeholder. */
  readonly piped: number[];
  private last = new Map<string, { sig: string; q: Question }>();

  constructor(readonly doc: Survey, lang?: LangItem[] | null) {
    this.piper = new Piper(doc, lang);
    const has = (s: string | undefined) => hasBrace(s) && scanPipes(s!, 'html', this.piper.resolves).some((p) => p.name !== '');
    const optHas = (o: Option | undefined): boolean =>
      !!o && (has(o.optionTitle) || has(o.optionTitleObj?.dwHtml) || has(o.optionTitleObj?.dwText) || (o.groupOptions ?? []).some(optHas));
    this.piped = [];
    doc.questions.forEach((q, i) => {
      if (has(q.quTitle) || has(q.quTitleObj?.dwHtml) || has(q.quTitleObj?.dwText) || has(q.quNote) || has(q.quNoteObj?.dwHtml) ||
        has(q.quNoteObj?.dwText) || has(q.solution?.dwHtml) || has(q.solution?.dwText) || OPTION_FIELDS.some((f) => (q[f] ?? []).some(optHas))) {
        this.piped.push(i);
      }
    });
  }

  /** render returns the piped copies by question dwId for these (effective) answers. */
  render(answers: readonly AnQuestion[]): Map<string, Question> {
    const out = new Map<string, Question>();
    if (!this.piped.length) return out;
    const v = this.piper.with(answers);
    const h = (s: string | undefined) => (hasBrace(s) ? v.html(s!) : s);
    const text = (t: Text | undefined) => (t && (hasBrace(t.dwHtml) || hasBrace(t.dwText)) ? { ...t, dwHtml: h(t.dwHtml), dwText: h(t.dwText) } : t);
    const opt = (o: Option): Option => {
      const groups = o.groupOptions?.map(opt);
      const changed = hasBrace(o.optionTitle) || hasBrace(o.optionTitleObj?.dwHtml) || hasBrace(o.optionTitleObj?.dwText) || groups?.some((g, k) => g !== o.groupOptions![k]);
      if (!changed) return o;
      const c: Option = { ...o, optionTitle: h(o.optionTitle), optionTitleObj: text(o.optionTitleObj) };
      if (groups) c.groupOptions = groups;
      return c;
    };
    for (const i of this.piped) {
      const q = this.doc.questions[i];
      const c: Question = { ...q, quTitle: h(q.quTitle), quTitleObj: text(q.quTitleObj), quNote: h(q.quNote), quNoteObj: text(q.quNoteObj), solution: text(q.solution) };
      for (const f of OPTION_FIELDS) if (q[f]) c[f] = q[f]!.map(opt);
      let sig = [c.quTitle, c.quTitleObj?.dwHtml, c.quTitleObj?.dwText, c.quNote, c.quNoteObj?.dwHtml, c.quNoteObj?.dwText, c.solution?.dwHtml, c.solution?.dwText].join('\u0000');
      for (const f of OPTION_FIELDS) {
        for (const o of c[f] ?? []) {
          if (o === undefined) continue;
          sig += '\u0001' + (o.optionTitle ?? '') + '\u0000' + (o.optionTitleObj?.dwHtml ?? '') + '\u0000' + (o.optionTitleObj?.dwText ?? '');
          for (const g of o.groupOptions ?? []) sig += '\u0002' + (g.optionTitle ?? '') + '\u0000' + (g.optionTitleObj?.dwHtml ?? '');
        }
      }
      const id = q.dwId ?? `#${i}`;
      const prev = this.last.get(id);
      if (prev && prev.sig === sig) out.set(id, prev.q);
      else {
        this.last.set(id, { sig, q: c });
        out.set(id, c);
      }
    }
    return out;
  }
}
