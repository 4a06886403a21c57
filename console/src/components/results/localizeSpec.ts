// Chart numbers and days in the console language: every axis label, tooltip value and value label
// of a G2 spec (and of its children) that sets no formatter of its own goes through formatChartValue.
import { formatChartValue } from '../../utils/format';

type Spec = Record<string, any>;

function axisOf(a: any, fmt: (v: unknown) => string): any {
  if (!a || typeof a !== 'object') return a;
  const out: Spec = { ...a };
  for (const k of ['x', 'y']) {
    const ax = out[k];
    if (ax === false) continue;
    if (ax === undefined || ax === null || typeof ax === 'object') out[k] = { labelFormatter: fmt, ...(ax ?? {}) };
  }
  return out;
}

function tooltipOf(t: any, fmt: (v: unknown) => string): any {
  if (!t || typeof t !== 'object' || !Array.isArray(t.items)) return t;
  return { ...t, items: t.items.map((it: any) => (it && typeof it === 'object' ? { valueFormatter: fmt, ...it } : it)) };
}

function labelsOf(ls: any, fmt: (v: unknown) => string): any {
  if (!Array.isArray(ls)) return ls;
  // a label that shows a field ("value") gets the formatter; a text function formats itself
  return ls.map((l: any) => (l && typeof l === 'object' && typeof l.text === 'string' ? { formatter: fmt, ...l } : l));
}

/** The spec with locale formatters on its axes and tooltips (lang: the console's when not given). */
export function localizeSpec(spec: Spec, lang?: string): Spec {
  const fmt = (v: unknown) => formatChartValue(v, lang);
  const walk = (s: Spec, top: boolean): Spec => {
    const out: Spec = { ...s };
    if (out.axis !== false && !(out.coordinate?.type === 'theta')) {
      if (top || out.axis) out.axis = axisOf(out.axis ?? {}, fmt);
    }
    if (out.tooltip) out.tooltip = tooltipOf(out.tooltip, fmt);
    if (out.labels) out.labels = labelsOf(out.labels, fmt);
    if (Array.isArray(out.children)) out.children = out.children.map((c: any) => (c && typeof c === 'object' ? walk(c, false) : c));
    return out;
  };
  return walk(spec, true);
}
