// Pure logic of the default charts (d/chart): what kind of chart a question gets, the chart data,
// the table rows under it and the G2 spec of each chart type. No React, no G2 import: unit tested
// in chartData.test.ts.
import type { ReportQuestion } from '../../services/results';
import { formatChartValue } from '../../utils/format';
import { THEME_COLOR } from './palette';

export type ChartType = 'column' | 'line' | 'pie' | 'bar';
export const CHART_TYPES: ChartType[] = ['column', 'line', 'pie', 'bar'];

/**
 * choice: option counts; matrix: counts by row and column; numeric: averages (score, scale,
 * slider, ranking, matrix scale); nps: promoters / passives / detractors; text: fill-blank answers;
 * none: only the answered count (uploads, signatures, ...).
 */
export type Kind = 'choice' | 'matrix' | 'numeric' | 'nps' | 'text' | 'none';

const TEXT_TYPES = new Set(['FILLBLANK', 'MULTIFILLBLANK', 'ANSWER']);
const MATRIX_COUNT_TYPES = new Set(['MATRIX_RADIO', 'MATRIX_CHECKBOX']);

export function kindOf(q: Pick<ReportQuestion, 'quType' | 'options' | 'numbers' | 'cells' | 'nps'>): Kind {
  if (MATRIX_COUNT_TYPES.has(q.quType) && q.cells?.length) return 'matrix';
  if (q.quType === 'SCALE_NPS' || q.nps) return 'nps';
  if (q.numbers?.length) return 'numeric';
  if (q.options?.length) return 'choice';
  if (TEXT_TYPES.has(q.quType)) return 'text';
  return 'none';
}

/** One chart point; series is set for grouped data (matrix, cross analysis). */
export type Datum = { label: string; value: number; series?: string };

/** Counts and percentages (choice, NPS). */
export type CountRow = { key: string; label: string; count: number; percent: number };
/** Average / min / max (numeric kinds). */
export type NumberRow = { key: string; label: string; count: number; avg: number; min: number; max: number; sum: number };
/** One matrix row: counts per column (by column key) and the row total. */
export type MatrixRow = { key: string; label: string; total: number; cells: Record<string, { count: number; percent: number }> };

export type Labels = {
  /** text shown for an option without a title */
  untitled: string;
  promoters: string;
  passives: string;
  detractors: string;
};

/** Percent with two decimals; 0 when the base is 0. */
export function pct(n: number, base: number): number {
  if (!base) return 0;
  return Math.round((n * 10000) / base) / 100;
}

/** Plain text of a title that may carry HTML (tags dropped, entities decoded). */
export function plainTitle(s: string | undefined | null): string {
  if (!s) return '';
  const noTags = s.replace(/<[^>]*>/g, '');
  return noTags
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, d) => String.fromCharCode(Number(d)))
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * Makes labels unique (G2 merges equal x values): a repeated label gets " (2)", " (3)"...
 * Empty labels become `untitled`.
 */
export function uniqueLabels(titles: string[], untitled: string): string[] {
  const seen = new Map<string, number>();
  return titles.map((t) => {
    const base = plainTitle(t) || untitled;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export type QuestionModel =
  | { kind: 'choice'; data: Datum[]; rows: CountRow[]; answered: number }
  | { kind: 'matrix'; data: Datum[]; rows: MatrixRow[]; cols: { key: string; label: string }[]; answered: number }
  | { kind: 'numeric'; data: Datum[]; rows: NumberRow[]; answered: number }
  | { kind: 'nps'; data: Datum[]; rows: CountRow[]; answered: number; nps: number }
  | { kind: 'text'; answered: number }
  | { kind: 'none'; answered: number };

/** Turns one question of report.do into chart data and table rows. */
export function questionModel(q: ReportQuestion, l: Labels): QuestionModel {
  const kind = kindOf(q);
  const answered = q.count ?? 0;
  switch (kind) {
    case 'choice': {
      const opts = q.options ?? [];
      const labels = uniqueLabels(
        opts.map((o) => o.title),
        l.untitled,
      );
      const rows = opts.map((o, i) => ({ key: o.dwId, label: labels[i], count: o.count, percent: o.percent ?? pct(o.count, answered) }));
      return { kind, answered, rows, data: rows.map((r) => ({ label: r.label, value: r.count })) };
    }
    case 'matrix': {
      const cells = q.cells ?? [];
      const rowOrder: string[] = [];
      const colOrder: string[] = [];
      const rowTitle: Record<string, string> = {};
      const colTitle: Record<string, string> = {};
      for (const c of cells) {
        if (!(c.rowDwId in rowTitle)) (rowOrder.push(c.rowDwId), (rowTitle[c.rowDwId] = c.rowTitle ?? ''));
        if (!(c.colDwId in colTitle)) (colOrder.push(c.colDwId), (colTitle[c.colDwId] = c.colTitle ?? ''));
      }
      const rl = uniqueLabels(
        rowOrder.map((k) => rowTitle[k]),
        l.untitled,
      );
      const cl = uniqueLabels(
        colOrder.map((k) => colTitle[k]),
        l.untitled,
      );
      const rowLabel = Object.fromEntries(rowOrder.map((k, i) => [k, rl[i]]));
      const colLabel = Object.fromEntries(colOrder.map((k, i) => [k, cl[i]]));
      const rows: MatrixRow[] = rowOrder.map((k) => ({ key: k, label: rowLabel[k], total: 0, cells: {} }));
      const byRow = Object.fromEntries(rows.map((r) => [r.key, r]));
      for (const c of cells) byRow[c.rowDwId].total += c.count;
      for (const c of cells) {
        const r = byRow[c.rowDwId];
        r.cells[c.colDwId] = { count: c.count, percent: pct(c.count, r.total) };
      }
      const data = cells.map((c) => ({ label: rowLabel[c.rowDwId], series: colLabel[c.colDwId], value: c.count }));
      return { kind, answered, rows, cols: colOrder.map((k) => ({ key: k, label: colLabel[k] })), data };
    }
    case 'numeric': {
      const nums = q.numbers ?? [];
      const labels = uniqueLabels(
        nums.map((n) => n.title),
        l.untitled,
      );
      const rows = nums.map((n, i) => ({ key: n.dwId, label: labels[i], count: n.count, avg: n.avg, min: n.min, max: n.max, sum: n.sum }));
      return { kind, answered, rows, data: rows.map((r) => ({ label: r.label, value: r.avg })) };
    }
    case 'nps': {
      const n = q.nps ?? { promoters: 0, passives: 0, detractors: 0, docCount: 0, nps: 0 };
      const base = n.docCount || n.promoters + n.passives + n.detractors;
      const rows: CountRow[] = [
        { key: 'p', label: l.promoters, count: n.promoters, percent: pct(n.promoters, base) },
        { key: 's', label: l.passives, count: n.passives, percent: pct(n.passives, base) },
        { key: 'd', label: l.detractors, count: n.detractors, percent: pct(n.detractors, base) },
      ];
      return { kind, answered, rows, nps: n.nps, data: rows.map((r) => ({ label: r.label, value: r.count })) };
    }
    default:
      return { kind, answered };
  }
}

/** Sums grouped data by series (a pie of a matrix shows the column totals). */
export function totalsBySeries(data: Datum[]): Datum[] {
  const out = new Map<string, number>();
  for (const d of data) out.set(d.series ?? d.label, (out.get(d.series ?? d.label) ?? 0) + d.value);
  return [...out].map(([label, value]) => ({ label, value }));
}

export type SpecOptions = {
  /** axis title of the categories (e.g. "Option") */
  labelTitle: string;
  /** axis title of the values (e.g. "Count", "Average") */
  valueTitle: string;
  /** legend title of grouped data (e.g. "Column") */
  seriesTitle?: string;
  /** grouped data: side by side (default) or stacked */
  stacked?: boolean;
  /** values are counts: whole-number ticks only */
  integer?: boolean;
};

const isWhole = (v: unknown) => Number.isInteger(Number(v));

/**
 * G2 (v5) spec of a chart type for the data: interval (column), transposed interval (bar),
 * line with points, theta interval (pie). Grouped data (items with series) is dodged or stacked by
 * series; a pie of grouped data shows the totals by series.
 */
export function buildSpec(type: ChartType, data: Datum[], o: SpecOptions): Record<string, any> {
  const grouped = data.some((d) => d.series !== undefined);
  const axis: Record<string, any> = { x: { title: o.labelTitle }, y: { title: o.valueTitle } };
  if (o.integer) axis.y.tickFilter = isWhole;
  const tooltip = { items: [{ channel: 'y', name: o.valueTitle }] };
  if (type === 'pie') {
    const pd = grouped ? totalsBySeries(data) : data;
    return {
      type: 'interval',
      data: pd,
      coordinate: { type: 'theta', outerRadius: 0.8 },
      transform: [{ type: 'stackY' }],
      encode: { y: 'value', color: 'label' },
      legend: { color: { title: grouped ? o.seriesTitle ?? o.labelTitle : o.labelTitle, position: 'right' } },
      labels: [{ text: (d: Datum) => (d.value ? `${d.label}: ${formatChartValue(d.value)}` : ''), position: 'outside' }],
      tooltip: { title: 'label', items: [{ channel: 'y', name: o.valueTitle }] },
    };
  }
  if (type === 'line') {
    const encode: Record<string, string> = { x: 'label', y: 'value' };
    if (grouped) encode.color = 'series';
    const style = grouped ? {} : { stroke: THEME_COLOR, fill: THEME_COLOR };
    return {
      type: 'view',
      data,
      axis,
      legend: grouped ? { color: { title: o.seriesTitle } } : false,
      children: [
        { type: 'line', encode, style: { ...style, lineWidth: 2 }, tooltip },
        { type: 'point', encode: { ...encode, shape: 'circle' }, style, tooltip: false },
      ],
    };
  }
  // value labels just outside the end of each bar (inside the segments when stacked)
  const label =
    grouped && o.stacked
      ? { text: 'value', position: 'inside' }
      : type === 'bar'
        ? { text: 'value', position: 'right', textAlign: 'start', dx: 4 }
        : { text: 'value', position: 'top', textBaseline: 'bottom', dy: -2 };
  const spec: Record<string, any> = {
    type: 'interval',
    data,
    encode: { x: 'label', y: 'value', color: grouped ? 'series' : 'label' },
    axis,
    legend: grouped ? { color: { title: o.seriesTitle } } : false,
    labels: [label],
    style: { maxWidth: grouped ? 40 : 80 },
    tooltip,
  };
  if (grouped) spec.transform = [{ type: o.stacked ? 'stackY' : 'dodgeX' }];
  if (type === 'bar') {
    spec.coordinate = { transform: [{ type: 'transpose' }] };
    spec.paddingRight = 40;
  } else spec.paddingTop = 24;
  return spec;
}

/** Chart height for the number of categories (bar charts grow with many options). */
export function chartHeight(type: ChartType, categories: number): number {
  if (type === 'bar') return Math.max(240, Math.min(800, 60 + categories * 36));
  return 300;
}

/** File name of a chart export: the title without characters file systems refuse. */
export function pngName(title: string, index: number): string {
  const t = plainTitle(title)
    .replace(/[\\/:*?"<>|\s]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `${String(index).padStart(2, '0')}_${t || 'chart'}.png`;
}
