// Pure logic of the cross analysis page (d/cross): which questions can be crossed, the table rows
// of one cross table (counts, row %, column %, totals) and its grouped chart data. Unit tested in
// crossData.test.ts.
import type { CrossTable, ReportQuestion, ResultFilters } from '../../services/results';
import { pct, plainTitle, uniqueLabels, type Datum } from './chartData';

/** Choice question types the server accepts in cross.do (services/analysis isChoice). */
export const CROSS_TYPES = new Set([
  'RADIO',
  'CHECKBOX',
  'YESNO',
  'IMGRADIO',
  'IMGCHECKBOX',
  'COMPRADIO',
  'COMPCHECKBOX',
  'RADIOGROUP',
  'CHECKBOXGROUP',
  'IMGCHECKBOXGROUP',
]);

export type QuestionChoice = { value: string; label: string };

/** Questions that can be a row or the column of a cross analysis, numbered as in the report. */
export function crossable(questions: Pick<ReportQuestion, 'quDwId' | 'quType' | 'quTitle'>[], untitled: string): QuestionChoice[] {
  const out: QuestionChoice[] = [];
  questions.forEach((q, i) => {
    if (CROSS_TYPES.has(q.quType)) out.push({ value: q.quDwId, label: `${i + 1}. ${plainTitle(q.quTitle) || untitled}` });
  });
  return out;
}

export type CrossCellView = { count: number; rowPercent: number; colPercent: number };
/** A body row (an option of the row question) or the totals row (key "__total"). */
export type CrossRowView = { key: string; label: string; total: number; totalPercent: number; cells: Record<string, CrossCellView> };
export type CrossView = {
  cols: { key: string; label: string; total: number }[];
  rows: CrossRowView[];
  totals: CrossRowView;
  data: Datum[];
};

export const TOTAL_KEY = '__total';

/**
 * Table and chart of one cross table. Row % = cell / row total, column % = cell / column total
 * (the server's figures); the totals row carries the column totals with their share of the grand
 * total as row % and 100 as column %.
 */
export function crossView(t: CrossTable, labels: { untitled: string; total: string }): CrossView {
  const cl = uniqueLabels(
    t.cols.map((c) => c.title),
    labels.untitled,
  );
  const rl = uniqueLabels(
    t.rows.map((r) => r.title),
    labels.untitled,
  );
  const cols = t.cols.map((c, i) => ({ key: c.optionDwId, label: cl[i], total: c.total }));
  const colTotal = Object.fromEntries(cols.map((c) => [c.key, c.total]));
  const rows: CrossRowView[] = t.rows.map((r, i) => {
    const cells: Record<string, CrossCellView> = {};
    for (const c of r.cells) {
      cells[c.colDwId] = {
        count: c.count,
        rowPercent: c.rowPercent ?? pct(c.count, r.total),
        colPercent: c.colPercent ?? pct(c.count, colTotal[c.colDwId] ?? 0),
      };
    }
    return { key: r.optionDwId, label: rl[i], total: r.total, totalPercent: pct(r.total, t.total), cells };
  });
  const totals: CrossRowView = {
    key: TOTAL_KEY,
    label: labels.total,
    total: t.total,
    totalPercent: t.total ? 100 : 0,
    cells: Object.fromEntries(cols.map((c) => [c.key, { count: c.total, rowPercent: pct(c.total, t.total), colPercent: c.total ? 100 : 0 }])),
  };
  const data: Datum[] = [];
  for (const r of rows) for (const c of cols) data.push({ label: r.label, series: c.label, value: r.cells[c.key]?.count ?? 0 });
  return { cols, rows, totals, data };
}

/** p-value as text: "< 0.001" for tiny values, else three decimals. */
export function formatP(p: number): string {
  if (!Number.isFinite(p)) return '-';
  if (p < 0.001) return '< 0.001';
  return p.toFixed(3);
}

/** Checks the chosen questions before calling the server; returns a locale id of the problem or ''. */
export function crossProblem(rowIds: string[], colId: string | undefined): string {
  if (!colId) return 'rs.cross.needCol';
  if (!rowIds.length) return 'rs.cross.needRow';
  if (rowIds.includes(colId)) return 'rs.cross.sameQuestion';
  if (rowIds.length > 10) return 'rs.cross.tooMany';
  return '';
}

/** The filters as cross.do wants them: empty values dropped, dates as yyyy-MM-dd[ HH:mm:ss]. */
export function cleanFilters(f: ResultFilters): ResultFilters {
  const out: ResultFilters = {};
  if (f.state && f.state !== 'all') out.state = f.state;
  if (f.bgDate) out.bgDate = f.bgDate;
  if (f.endDate) out.endDate = f.endDate;
  return out;
}
