// Pure logic of the overview, source and region pages: figures and G2 specs (drawn by
// components/results/G2Chart, which loads G2 on first use and applies the palette).
import type { NameCount } from '../../services/resultsData';
import { THEME_COLOR } from '../../components/results/palette';

/** Milliseconds as a short human duration: "45s", "3m 05s", "1h 02m". */
export function shortDuration(ms: number | null | undefined): string {
  if (!ms || !Number.isFinite(ms) || ms <= 0) return '0s';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** Percent with at most two decimals ("12.5%"). */
export function pct(v: number | null | undefined): string {
  const n = Number(v ?? 0);
  if (!Number.isFinite(n)) return '0%';
  return `${Math.round(n * 100) / 100}%`;
}

/**
 * Every day from the first to the last day with answers (missing days count 0), so the line
 * does not jump over quiet days. Days are "YYYY-MM-DD"; at most `max` days (the latest).
 */
export function fillDays(days: { day: string; count: number }[] | null | undefined, max = 366): { day: string; count: number }[] {
  const list = (days ?? []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.day)).sort((a, b) => a.day.localeCompare(b.day));
  if (list.length === 0) return [];
  const by = new Map(list.map((d) => [d.day, d.count]));
  const out: { day: string; count: number }[] = [];
  const start = Date.UTC(+list[0].day.slice(0, 4), +list[0].day.slice(5, 7) - 1, +list[0].day.slice(8, 10));
  const last = list[list.length - 1].day;
  for (let t = start, i = 0; i < 4000; t += 86400000, i++) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, count: by.get(day) ?? 0 });
    if (day >= last) break;
  }
  return out.slice(-max);
}

/** Names for display: the empty name gets `blank` (e.g. "Direct" for no source code). */
export function labelled(rows: NameCount[] | null | undefined, blank: string, nameOf?: (n: string) => string): NameCount[] {
  return (rows ?? []).map((r) => ({ ...r, name: r.name ? (nameOf ? nameOf(r.name) : r.name) : blank }));
}

/** Counts are whole numbers: no 0.2 ticks on small axes. */
const wholeTicks = (d: number) => Number.isInteger(d);

/** Answers per day: a line with points. */
export function lineSpec(days: { day: string; count: number }[], yTitle: string) {
  return {
    type: 'view',
    data: days,
    axis: { x: { title: false, labelAutoRotate: true }, y: { title: yTitle, tickFilter: wholeTicks } },
    scale: { y: { nice: true, domainMin: 0 } },
    children: [
      { type: 'line', encode: { x: 'day', y: 'count' }, style: { stroke: THEME_COLOR, lineWidth: 2 } },
      { type: 'point', encode: { x: 'day', y: 'count' }, style: { fill: THEME_COLOR, r: 3 }, tooltip: { title: 'day', items: [{ channel: 'y', name: yTitle }] } },
    ],
  };
}

/** A pie (donut) by name. */
export function pieSpec(rows: NameCount[]) {
  return {
    type: 'interval',
    data: rows,
    encode: { y: 'count', color: 'name' },
    transform: [{ type: 'stackY' }],
    coordinate: { type: 'theta', outerRadius: 0.85, innerRadius: 0.45 },
    legend: { color: { position: 'bottom', layout: { justifyContent: 'center' } } },
    labels: [{ text: (d: NameCount) => `${d.percent}%`, style: { fontSize: 11 }, transform: [{ type: 'overlapHide' }] }],
    tooltip: { title: 'name', items: [{ channel: 'y' }] },
  };
}

/** Horizontal bars by name, one colour each. */
export function barSpec(rows: NameCount[], yTitle: string) {
  return {
    type: 'interval',
    data: rows,
    encode: { x: 'name', y: 'count', color: 'name' },
    coordinate: { transform: [{ type: 'transpose' }] },
    paddingRight: 32,
    axis: { x: { title: false }, y: { title: yTitle, tickFilter: wholeTicks } },
    scale: { y: { nice: true, domainMin: 0 } },
    legend: false,
    labels: [{ text: 'count', position: 'right', dx: 4, style: { fontSize: 11 } }],
    tooltip: { title: 'name', items: [{ channel: 'y', name: yTitle }] },
  };
}

/** Chart height for n horizontal bars. */
export function barHeight(n: number): number {
  return Math.max(160, Math.min(640, 48 + n * 32));
}
