// Deterministic shuffling (Go survey/shuffle.go).
import { isCounted, isGroup } from './docindex';
import type { ExamShuffle, Option, ShuffleAttr } from './model';
import type { Core } from './view';

/** fnv1a32 is 32-bit FNV-1a over the UTF-8 bytes of s. */
export function fnv1a32(s: string): number {
  let h = 2166136261;
  const byte = (b: number) => {
    h = Math.imul(h ^ b, 16777619) >>> 0;
  };
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) byte(c);
    else if (c < 0x800) {
      byte(0xc0 | (c >> 6));
      byte(0x80 | (c & 63));
    } else if (c < 0x10000) {
      const cc = c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
      byte(0xe0 | (cc >> 12));
      byte(0x80 | ((cc >> 6) & 63));
      byte(0x80 | (cc & 63));
    } else {
      byte(0xf0 | (c >> 18));
      byte(0x80 | ((c >> 12) & 63));
      byte(0x80 | ((c >> 6) & 63));
      byte(0x80 | (c & 63));
    }
  }
  return h >>> 0;
}

/** mulberry32 seeded with fnv1a32(seed); each call returns a float in [0, 1). */
export function mulberry32(seed: string): () => number {
  let a = fnv1a32(seed) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** shuffleIds: fixed items keep their index; Fisher–Yates over the movable positions. */
export function shuffleIds(seed: string, ids: string[], fixed?: boolean[]): string[] {
  const out = ids.slice();
  const p: number[] = [];
  for (let i = 0; i < out.length; i++) if (!fixed || !fixed[i]) p.push(i);
  const next = mulberry32(seed);
  for (let i = p.length - 1; i >= 1; i--) {
    const j = Math.floor(next() * (i + 1));
    const t = out[p[i]];
    out[p[i]] = out[p[j]];
    out[p[j]] = t;
  }
  return out;
}

/** The shuffled presentation order for one answer. */
export interface Order {
  questions: string[];
  options: Record<string, string[]>;
  rows: Record<string, string[]>;
  cols: Record<string, string[]>;
}

function shuffleOn(exam: boolean, override: string | undefined): boolean {
  switch ((override ?? '').toLowerCase()) {
    case 'yes':
    case 'true':
    case '1':
      return true;
    case 'no':
    case 'false':
    case '0':
      return false;
  }
  return exam;
}

function list(l: Option[]): [string[], boolean[]] {
  return [l.map((x) => x.dwId ?? ''), l.map((x) => !!x.optionAttr?.fixed)];
}

/** shuffle computes the presentation order for the answer seed. */
export function shuffle(e: Core, seed: string): Order {
  const ex: ExamShuffle = e.s.surveyAttrs?.examAttr?.shuffle ?? {};
  const o: Order = { questions: [], options: {}, rows: {}, cols: {} };
  const qs = e.ix.qs;
  const page = e.ix.page;
  let start = 0;
  for (let i = 0; i <= qs.length; i++) {
    if (i < qs.length && (i === start || page[i] === page[start])) continue;
    if (i === start) break;
    let ids: string[] = [];
    const fixed: boolean[] = [];
    for (let k = start; k < i; k++) {
      const q = qs[k];
      ids.push(q.dwId ?? '');
      fixed.push(!isCounted(q) || !!q.quAttr?.shuffleAttr?.fixed);
    }
    if (ex.question) ids = shuffleIds(seed + '|questions|' + page[start], ids, fixed);
    for (const id of ids) o.questions.push(id);
    start = i;
  }
  qs.forEach((q, qi) => {
    const sa: ShuffleAttr = q.quAttr?.shuffleAttr ?? {};
    const id = q.dwId ?? '';
    const opts = e.ix.opts[qi];
    if (opts.length > 1 && !isGroup(q) && shuffleOn(!!ex.option, sa.option)) {
      const [ids, fixed] = list(opts);
      o.options[id] = shuffleIds(seed + '|options|' + id, ids, fixed);
    }
    const rows = q.quRows ?? [];
    if (rows.length > 1 && shuffleOn(!!ex.rowOption, sa.row)) {
      const [ids, fixed] = list(rows);
      o.rows[id] = shuffleIds(seed + '|rows|' + id, ids, fixed);
    }
    const cols = q.quCols ?? [];
    if (cols.length > 1 && shuffleOn(!!ex.colOption, sa.col)) {
      const [ids, fixed] = list(cols);
      o.cols[id] = shuffleIds(seed + '|cols|' + id, ids, fixed);
    }
  });
  return o;
}
