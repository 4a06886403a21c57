// Pure logic of the raw-data page (d/data): filters → request, row states, formatting, the
// answer-value pickers, and an answer as plain text lines (detail summary and print view).
import { isCounted, type AnQuestion, type Option, type Question, type Survey } from '../../survey';
import type { DataFilter, DataRow, DataState, Report, ValueFilter } from '../../services/resultsData';

export const DATA_STATES: DataState[] = ['all', 'unreviewed', 'reviewed', 'screened'];
export const PAGE_SIZES = [10, 20, 50, 100];

/** The filter form's values. */
export type FilterForm = {
  state?: DataState;
  /** [from, to] as 'YYYY-MM-DD HH:mm:ss' strings (server time zone) */
  range?: [string, string] | null;
  ip?: string;
  city?: string;
  /** "quDwId|optionDwId" or "quDwId|rowDwId|colDwId" */
  values?: string[];
};

/** Builds list.do filters; blank fields are left out. */
export function toFilter(v: FilterForm): DataFilter {
  const f: DataFilter = {};
  if (v.state && v.state !== 'all') f.state = v.state;
  if (v.range?.[0]) f.bgDate = v.range[0];
  if (v.range?.[1]) f.endDate = v.range[1];
  const ip = v.ip?.trim();
  if (ip) f.ip = ip;
  const city = v.city?.trim();
  if (city) f.city = city;
  const values = (v.values ?? []).map(parseValueKey).filter((x): x is ValueFilter => !!x);
  if (values.length) f.values = values;
  return f;
}

/** True when the filter narrows the list (anything but the default "all valid"). */
export function isFiltered(f: DataFilter): boolean {
  return Object.keys(f).length > 0;
}

export function valueKey(v: ValueFilter): string {
  return v.colDwId ? `${v.quDwId}|${v.optionDwId}|${v.colDwId}` : `${v.quDwId}|${v.optionDwId}`;
}

export function parseValueKey(k: string): ValueFilter | null {
  const p = (k ?? '').split('|');
  if (p.length < 2 || !p[0] || !p[1]) return null;
  const v: ValueFilter = { quDwId: p[0], optionDwId: p[1] };
  if (p[2]) v.colDwId = p[2];
  return v;
}

/** A row's review state: screened (isEff 0), unreviewed (handleState 0), passed (1) or reviewed. */
export type RowState = 'screened' | 'unreviewed' | 'passed' | 'reviewed';
export function rowState(r: Pick<DataRow, 'isEff' | 'handleState'>): RowState {
  if (r.isEff === 0) return 'screened';
  if (!r.handleState) return 'unreviewed';
  return r.handleState === 1 ? 'passed' : 'reviewed';
}
export const STATE_COLOR: Record<RowState, string> = { screened: 'red', unreviewed: 'default', passed: 'green', reviewed: 'blue' };

/** Milliseconds as h:mm:ss (m:ss under an hour); '-' when unknown. */
export function fmtDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '-';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** "Province City" without repeating a municipality ("北京市 北京市" → "北京市"). */
export function region(r: { province?: string; city?: string }): string {
  const p = (r.province ?? '').trim();
  const c = (r.city ?? '').trim();
  if (!p && !c) return '';
  if (!p || p === c) return c || p;
  return c ? `${p} ${c}` : p;
}

/** Options of the answer-value filter: choice questions by option, matrix choices by row × column. */
export type ValueChoice = { quDwId: string; title: string; options: { key: string; label: string }[] };
const CHOICE = /^(RADIO|CHECKBOX|YESNO|IMGRADIO|IMGCHECKBOX|IMGCHECKBOXGROUP|CHECKBOXGROUP|RADIOGROUP|COMPRADIO|COMPCHECKBOX)$/;
const MATRIX_CHOICE = /^(MATRIX_RADIO|MATRIX_CHECKBOX)$/;
export function valueChoices(rep: Report | null | undefined): ValueChoice[] {
  const out: ValueChoice[] = [];
  for (const q of rep?.questions ?? []) {
    const title = stripHtml(q.quTitle) || q.quDwId;
    if (CHOICE.test(q.quType) && q.options?.length) {
      out.push({ quDwId: q.quDwId, title, options: q.options.map((o) => ({ key: valueKey({ quDwId: q.quDwId, optionDwId: o.dwId }), label: stripHtml(o.title) || o.dwId })) });
    } else if (MATRIX_CHOICE.test(q.quType) && q.cells?.length) {
      out.push({
        quDwId: q.quDwId,
        title,
        options: q.cells.map((c) => ({
          key: valueKey({ quDwId: q.quDwId, optionDwId: c.rowDwId, colDwId: c.colDwId }),
          label: `${stripHtml(c.rowTitle) || c.rowDwId} × ${stripHtml(c.colTitle) || c.colDwId}`,
        })),
      });
    }
  }
  return out;
}

export function stripHtml(s: string | undefined): string {
  return (s ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The label of a value-filter key (for the chips of the active filters). */
export function valueLabel(choices: ValueChoice[], key: string): string {
  for (const c of choices) {
    const o = c.options.find((x) => x.key === key);
    if (o) return `${c.title}: ${o.label}`;
  }
  return key;
}

// ------------------------------------------------------------------ answers as text

const textOfObj = (o: { dwHtml?: string; dwText?: string } | undefined, plain?: string) => stripHtml(o?.dwHtml || o?.dwText || plain || '');
export const questionTitle = (q: Question) => textOfObj(q.quTitleObj, q.quTitle) || q.dwId || '';
const optionTitle = (o: Option) => textOfObj(o.optionTitleObj, o.optionTitle || o.optionName) || o.dwId || '';

/** Every option-like item of a question by dwId → title (options, group options, rows, columns). */
function titles(q: Question): Map<string, string> {
  const m = new Map<string, string>();
  const add = (l?: Option[]) => {
    for (const o of l ?? []) {
      if (o.dwId) m.set(o.dwId, optionTitle(o));
      add(o.groupOptions);
    }
  };
  add(q.quRadios);
  add(q.quCheckboxs);
  add(q.quScores);
  add(q.quOrderbys);
  add(q.quMultiFillblanks);
  add(q.quRows);
  add(q.quCols);
  return m;
}

/** One answer as readable lines (empty when not answered). */
export function answerLines(q: Question, a: AnQuestion | undefined): string[] {
  if (!a) return [];
  const t = titles(q);
  const name = (id: string) => t.get(id) ?? id;
  const withOther = (o: { optionDwId: string; otherText?: string }) => (o.otherText ? `${name(o.optionDwId)} (${o.otherText})` : name(o.optionDwId));
  const out: string[] = [];
  if (a.anRadio?.optionDwId) out.push(withOther(a.anRadio));
  if (a.anCheckboxs?.length) out.push(a.anCheckboxs.map(withOther).join('; '));
  if (a.anOrders?.length)
    out.push(
      [...a.anOrders]
        .sort((x, y) => x.orderNum - y.orderNum)
        .map((o) => `${o.orderNum}. ${name(o.optionDwId)}`)
        .join('; '),
    );
  for (const m of a.anMFbks ?? []) if (m.answer !== '') out.push(`${name(m.optionDwId)}: ${m.answer}`);
  for (const s of a.anScores ?? []) out.push(`${name(s.optionDwId)}: ${s.answerScore}`);
  if (a.anFbk?.answer) out.push(a.anFbk.answer);
  for (const f of a.anUploadFiles ?? []) out.push(f.fileName || f.filePath);
  for (const r of a.anMatrixRadios ?? []) out.push(`${name(r.rowDwId)}: ${name(r.colDwId)}`);
  for (const r of a.anMatrixCheckboxes ?? []) if (r.rowAnCheckboxs?.length) out.push(`${name(r.rowDwId)}: ${r.rowAnCheckboxs.map((c) => name(c.colDwId)).join(', ')}`);
  for (const r of a.anMatrixFbks ?? [])
    for (const c of r.rowAnFbks ?? []) if (c.answer !== '') out.push(`${name(r.rowDwId)} / ${name(c.colDwId)}: ${c.answer}`);
  for (const r of a.anMatrixScales ?? []) out.push(`${name(r.rowDwId)}: ${r.answerScore}`);
  if (a.anCascades?.length)
    out.push(
      [...a.anCascades]
        .sort((x, y) => x.level - y.level)
        .map((c) => c.value)
        .join(' / '),
    );
  if (a.anScale && a.anScale.answerScore !== undefined && a.anScale.answerScore !== null) out.push(String(a.anScale.answerScore));
  if (a.anLocation) {
    const l = a.anLocation;
    if (l.formattedAddress) out.push(l.formattedAddress);
    else if (l.latitude !== undefined && l.longitude !== undefined) out.push(`${l.latitude}, ${l.longitude}`);
  }
  return out;
}

export type PrintItem = { dwId: string; num: number | null; title: string; lines: string[]; score?: number };

/** The questions of a document with the answer's lines, numbered like the answer page. */
export function printItems(doc: Survey, anQuestions: AnQuestion[]): PrintItem[] {
  const by = new Map(anQuestions.map((a) => [a.quDwId, a]));
  const out: PrintItem[] = [];
  let n = 0;
  for (const q of doc.questions) {
    if (q.quType === 'PAGETAG' || q.quType === 'PARAGRAPH' || q.quType === 'DW_COMPONENT') continue;
    const counted = isCounted(q);
    if (counted) n++;
    const a = by.get(q.dwId ?? '');
    out.push({ dwId: q.dwId ?? '', num: counted ? n : null, title: questionTitle(q), lines: answerLines(q, a), score: a?.quAnScore });
  }
  return out;
}

/** anQuestions of an info.do answerJson (an object or a JSON text). */
export function anQuestionsOf(answerJson: unknown): AnQuestion[] {
  let aj: any = answerJson;
  if (typeof aj === 'string') {
    try {
      aj = JSON.parse(aj);
    } catch {
      return [];
    }
  }
  return Array.isArray(aj?.anQuestions) ? aj.anQuestions.filter(Boolean) : [];
}

/** Server validation errors of edit.do as "question title: message" lines. */
export function editErrorLines(errors: { quDwId?: string; text?: string; key?: string }[] | undefined, doc: Survey | null): string[] {
  const byId = new Map((doc?.questions ?? []).map((q) => [q.dwId ?? '', q]));
  return (errors ?? []).map((e) => {
    const q = e.quDwId ? byId.get(e.quDwId) : undefined;
    const msg = e.text || e.key || '';
    return q ? `${questionTitle(q)}: ${msg}` : msg;
  });
}

/** The rows left after deleting ids from a page (for the selection after a bulk delete). */
export function withoutIds(keys: string[], ids: string[]): string[] {
  const gone = new Set(ids);
  return keys.filter((k) => !gone.has(k));
}

const DEVICES = ['mobile', 'tablet', 'desktop'];
/** A device name for display: the locale text of a known device, else the raw name. */
export function deviceLabel(d: string | undefined, f: (id: string) => string): string {
  if (!d) return '';
  return DEVICES.includes(d) ? f(`rd.device.${d}`) : d;
}
