// G2 specs of the dashboards (data/dashboard, dashboard/analysis): answers per day or week as a
// line, sources as a donut, top surveys as bars. Pure: tested without a browser.
import type { DayCount, NameCount, TopSurvey } from '../../services/backoffice';

const THEME = '#015AB4';

export function lineSpec(rows: DayCount[], countTitle: string) {
  const tooltip = { title: 'day', items: [{ field: 'count', name: countTitle }] };
  return {
    type: 'view',
    data: rows,
    axis: { x: { title: false, labelAutoHide: true }, y: { title: false } },
    children: [
      { type: 'line', encode: { x: 'day', y: 'count' }, style: { stroke: THEME, lineWidth: 2 }, tooltip },
      { type: 'point', encode: { x: 'day', y: 'count', shape: 'circle' }, style: { fill: THEME, r: 2 }, tooltip: false },
    ],
  };
}

export function donutSpec(rows: NameCount[], countTitle: string) {
  return {
    type: 'interval',
    data: rows.filter((r) => r.count > 0),
    coordinate: { type: 'theta', outerRadius: 0.8, innerRadius: 0.5 },
    transform: [{ type: 'stackY' }],
    encode: { y: 'count', color: 'name' },
    legend: { color: { position: 'right', title: false } },
    labels: [{ text: (d: NameCount) => `${d.name}: ${d.count}`, position: 'outside' }],
    tooltip: { title: 'name', items: [{ field: 'count', name: countTitle }] },
  };
}

export function topSpec(rows: TopSurvey[], countTitle: string) {
  return {
    type: 'interval',
    data: rows.map((r) => ({ name: r.surveyName, count: r.answerNum })),
    encode: { x: 'name', y: 'count' },
    coordinate: { transform: [{ type: 'transpose' }] },
    axis: { x: { title: false }, y: { title: false } },
    style: { fill: THEME, maxWidth: 24 },
    labels: [{ text: 'count', position: 'right', textAlign: 'start', dx: 4 }],
    tooltip: { title: 'name', items: [{ field: 'count', name: countTitle }] },
    paddingRight: 40,
  };
}
