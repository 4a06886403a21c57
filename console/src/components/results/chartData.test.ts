import { describe, expect, it } from 'vitest';
import type { ReportQuestion } from '../../services/results';
import { buildSpec, chartHeight, kindOf, pct, plainTitle, pngName, questionModel, totalsBySeries, uniqueLabels } from './chartData';
import { THEME_COLOR } from './palette';

const L = { untitled: '(untitled)', promoters: 'P', passives: 'S', detractors: 'D' };
const q = (o: Partial<ReportQuestion>): ReportQuestion => ({ quDwId: 'q', quType: 'RADIO', quTitle: 'Q', count: 0, percent: 0, ...o });

describe('kindOf', () => {
  it('classifies by type and data', () => {
    expect(kindOf(q({ options: [{ dwId: 'a', title: 'A', count: 1, percent: 100 }] }))).toBe('choice');
    expect(kindOf(q({ quType: 'MATRIX_RADIO', cells: [{ rowDwId: 'r', colDwId: 'c', count: 0, percent: 0 }] }))).toBe('matrix');
    expect(kindOf(q({ quType: 'MATRIX_SCALE', numbers: [{ dwId: 'r', title: 'R', count: 1, sum: 3, avg: 3, min: 3, max: 3 }] }))).toBe('numeric');
    expect(kindOf(q({ quType: 'SCALE_NPS', numbers: [{ dwId: 'q', title: 'Q', count: 1, sum: 9, avg: 9, min: 9, max: 9 }] }))).toBe('nps');
    expect(kindOf(q({ quType: 'FILLBLANK' }))).toBe('text');
    expect(kindOf(q({ quType: 'UPLOADFILE' }))).toBe('none');
    // a matrix without cells (no columns) has nothing to draw
    expect(kindOf(q({ quType: 'MATRIX_RADIO', cells: [] }))).toBe('none');
  });
});

describe('helpers', () => {
  it('pct rounds to two decimals and guards zero', () => {
    expect(pct(1, 3)).toBe(33.33);
    expect(pct(2, 3)).toBe(66.67);
    expect(pct(5, 0)).toBe(0);
  });
  it('plainTitle strips tags and decodes entities', () => {
    expect(plainTitle('<p>Tom &amp; Jerry&nbsp;&lt;3</p>')).toBe('Tom & Jerry <3');
    expect(plainTitle(undefined)).toBe('');
  });
  it('uniqueLabels numbers repeats and names empty ones', () => {
    expect(uniqueLabels(['A', 'A', '', 'B', 'A'], '?')).toEqual(['A', 'A (2)', '?', 'B', 'A (3)']);
  });
  it('pngName keeps a safe file name', () => {
    expect(pngName('What is <b>your</b> age? / years', 3)).toBe('03_What_is_your_age_years.png');
    expect(pngName('', 12)).toBe('12_chart.png');
  });
  it('chartHeight grows for bars only', () => {
    expect(chartHeight('column', 30)).toBe(300);
    expect(chartHeight('bar', 3)).toBe(240);
    expect(chartHeight('bar', 20)).toBe(780);
    expect(chartHeight('bar', 100)).toBe(800);
  });
});

describe('questionModel', () => {
  it('choice: counts and server percentages in option order', () => {
    const m = questionModel(
      q({
        count: 4,
        options: [
          { dwId: 'a', title: 'Red', count: 3, percent: 75 },
          { dwId: 'b', title: '', count: 1, percent: 25 },
          { dwId: 'c', title: 'Red', count: 0, percent: 0 },
        ],
      }),
      L,
    );
    expect(m.kind).toBe('choice');
    if (m.kind !== 'choice') return;
    expect(m.rows.map((r) => [r.key, r.label, r.count, r.percent])).toEqual([
      ['a', 'Red', 3, 75],
      ['b', '(untitled)', 1, 25],
      ['c', 'Red (2)', 0, 0],
    ]);
    expect(m.data).toEqual([
      { label: 'Red', value: 3 },
      { label: '(untitled)', value: 1 },
      { label: 'Red (2)', value: 0 },
    ]);
    expect(m.answered).toBe(4);
  });

  it('matrix: rows with per-column counts, row totals and row percentages; grouped data', () => {
    const cell = (r: string, c: string, n: number) => ({ rowDwId: r, colDwId: c, count: n, percent: 0, rowTitle: r.toUpperCase(), colTitle: `c${c}` });
    const m = questionModel(q({ quType: 'MATRIX_CHECKBOX', count: 3, cells: [cell('r1', '1', 2), cell('r1', '2', 1), cell('r2', '1', 0), cell('r2', '2', 3)] }), L);
    expect(m.kind).toBe('matrix');
    if (m.kind !== 'matrix') return;
    expect(m.cols).toEqual([
      { key: '1', label: 'c1' },
      { key: '2', label: 'c2' },
    ]);
    expect(m.rows[0]).toEqual({ key: 'r1', label: 'R1', total: 3, cells: { '1': { count: 2, percent: 66.67 }, '2': { count: 1, percent: 33.33 } } });
    expect(m.rows[1].total).toBe(3);
    expect(m.rows[1].cells['1']).toEqual({ count: 0, percent: 0 });
    expect(m.data).toContainEqual({ label: 'R2', series: 'c2', value: 3 });
    expect(m.data).toHaveLength(4);
  });

  it('numeric: averages as chart values, min/max/count in rows', () => {
    const m = questionModel(
      q({ quType: 'SCORE', count: 2, numbers: [{ dwId: 's1', title: 'Taste', count: 2, sum: 7, avg: 3.5, min: 3, max: 4 }] }),
      L,
    );
    expect(m.kind).toBe('numeric');
    if (m.kind !== 'numeric') return;
    expect(m.rows).toEqual([{ key: 's1', label: 'Taste', count: 2, avg: 3.5, min: 3, max: 4, sum: 7 }]);
    expect(m.data).toEqual([{ label: 'Taste', value: 3.5 }]);
  });

  it('nps: three groups with shares of the answers and the score', () => {
    const m = questionModel(q({ quType: 'SCALE_NPS', count: 4, nps: { promoters: 2, passives: 1, detractors: 1, docCount: 4, nps: 25 } }), L);
    expect(m.kind).toBe('nps');
    if (m.kind !== 'nps') return;
    expect(m.nps).toBe(25);
    expect(m.rows.map((r) => [r.label, r.count, r.percent])).toEqual([
      ['P', 2, 50],
      ['S', 1, 25],
      ['D', 1, 25],
    ]);
  });

  it('nps without data yields zeros', () => {
    const m = questionModel(q({ quType: 'SCALE_NPS' }), L);
    expect(m.kind === 'nps' && m.rows.every((r) => r.count === 0 && r.percent === 0)).toBe(true);
  });
});

describe('buildSpec', () => {
  const flat = [
    { label: 'A', value: 2 },
    { label: 'B', value: 5 },
  ];
  const grouped = [
    { label: 'R1', series: 'X', value: 1 },
    { label: 'R1', series: 'Y', value: 2 },
    { label: 'R2', series: 'X', value: 3 },
    { label: 'R2', series: 'Y', value: 4 },
  ];
  const o = { labelTitle: 'Option', valueTitle: 'Count', seriesTitle: 'Column' };

  it('column: interval with axis titles from the caller', () => {
    const s = buildSpec('column', flat, o);
    expect(s.type).toBe('interval');
    expect(s.encode).toEqual({ x: 'label', y: 'value', color: 'label' });
    expect(s.axis.x.title).toBe('Option');
    expect(s.axis.y.title).toBe('Count');
    expect(s.coordinate).toBeUndefined();
    expect(s.transform).toBeUndefined();
    expect(s.legend).toBe(false);
  });

  it('bar: transposed interval', () => {
    const s = buildSpec('bar', flat, o);
    expect(s.type).toBe('interval');
    expect(s.coordinate).toEqual({ transform: [{ type: 'transpose' }] });
  });

  it('line: line and point layers in the theme colour', () => {
    const s = buildSpec('line', flat, o);
    expect(s.type).toBe('view');
    expect(s.children.map((c: any) => c.type)).toEqual(['line', 'point']);
    expect(s.children[0].style.stroke).toBe(THEME_COLOR);
    expect(s.data).toBe(flat);
  });

  it('pie: theta coordinate stacked by value, legend by label', () => {
    const s = buildSpec('pie', flat, o);
    expect(s.coordinate.type).toBe('theta');
    expect(s.transform).toEqual([{ type: 'stackY' }]);
    expect(s.encode).toEqual({ y: 'value', color: 'label' });
    expect(s.labels[0].text({ label: 'A', value: 2 })).toBe('A: 2');
    expect(s.labels[0].text({ label: 'A', value: 0 })).toBe('');
  });

  it('grouped data: dodged or stacked by series, legend titled; pie sums by series', () => {
    const s = buildSpec('column', grouped, o);
    expect(s.encode.color).toBe('series');
    expect(s.transform).toEqual([{ type: 'dodgeX' }]);
    expect(s.legend.color.title).toBe('Column');
    expect(buildSpec('column', grouped, { ...o, stacked: true }).transform).toEqual([{ type: 'stackY' }]);
    expect(buildSpec('line', grouped, o).children[0].encode.color).toBe('series');
    const p = buildSpec('pie', grouped, o);
    expect(p.data).toEqual([
      { label: 'X', value: 4 },
      { label: 'Y', value: 6 },
    ]);
    expect(totalsBySeries(flat)).toEqual(flat);
  });

  it('texts of another language change the spec', () => {
    const a = buildSpec('column', flat, o);
    const b = buildSpec('column', flat, { labelTitle: '选项', valueTitle: '数量' });
    expect(a.axis).not.toEqual(b.axis);
    expect(b.tooltip.items[0].name).toBe('数量');
  });
});

describe('buildSpec details', () => {
  const flat = [{ label: 'A', value: 2 }];
  it('count charts keep whole-number ticks only', () => {
    const s = buildSpec('column', flat, { labelTitle: 'x', valueTitle: 'y', integer: true });
    expect(s.axis.y.tickFilter(2)).toBe(true);
    expect(s.axis.y.tickFilter(2.5)).toBe(false);
    expect(buildSpec('column', flat, { labelTitle: 'x', valueTitle: 'y' }).axis.y.tickFilter).toBeUndefined();
  });
  it('labels sit outside the bar end; bars leave room on the right', () => {
    expect(buildSpec('column', flat, { labelTitle: 'x', valueTitle: 'y' }).labels[0]).toMatchObject({ position: 'top', textBaseline: 'bottom' });
    const b = buildSpec('bar', flat, { labelTitle: 'x', valueTitle: 'y' });
    expect(b.labels[0]).toMatchObject({ position: 'right', textAlign: 'start' });
    expect(b.paddingRight).toBeGreaterThan(0);
  });
});
