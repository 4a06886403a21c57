import { describe, expect, it } from 'vitest';
import { barHeight, barSpec, fillDays, labelled, lineSpec, pct, pieSpec, shortDuration } from './AnalysisLogic';

describe('overview figures', () => {
  it('short durations', () => {
    expect(shortDuration(0)).toBe('0s');
    expect(shortDuration(undefined)).toBe('0s');
    expect(shortDuration(45_400)).toBe('45s');
    expect(shortDuration(185_000)).toBe('3m 05s');
    expect(shortDuration(3_720_000)).toBe('1h 02m');
  });
  it('percentages', () => {
    expect(pct(12.345)).toBe('12.35%');
    expect(pct(100)).toBe('100%');
    expect(pct(null)).toBe('0%');
    expect(pct(Number.NaN)).toBe('0%');
  });
  it('fills the quiet days between answers, across a month end', () => {
    expect(
      fillDays([
        { day: '2026-03-02', count: 1 },
        { day: '2026-02-27', count: 4 },
        { day: 'bad', count: 9 },
      ]),
    ).toEqual([
      { day: '2026-02-27', count: 4 },
      { day: '2026-02-28', count: 0 },
      { day: '2026-03-01', count: 0 },
      { day: '2026-03-02', count: 1 },
    ]);
    expect(fillDays(null)).toEqual([]);
    expect(fillDays([{ day: '2026-01-01', count: 1 }, { day: '2026-12-31', count: 1 }], 10)).toHaveLength(10);
  });
  it('labels the blank name', () => {
    expect(labelled([{ name: '', count: 2, percent: 50 }, { name: 'wx', count: 2, percent: 50 }], 'Direct').map((r) => r.name)).toEqual(['Direct', 'wx']);
    expect(labelled([{ name: 'mobile', count: 1, percent: 100 }], '-', (n) => n.toUpperCase())[0].name).toBe('MOBILE');
  });
});

describe('chart specs', () => {
  const rows = [{ name: 'a', count: 3, percent: 75 }, { name: 'b', count: 1, percent: 25 }];
  it('line over days with the data', () => {
    const s = lineSpec([{ day: '2026-01-01', count: 2 }], 'Answers');
    expect(s.data).toHaveLength(1);
    expect(s.children.map((c) => c.type)).toEqual(['line', 'point']);
  });
  it('pie is a stacked theta interval coloured by name', () => {
    const s = pieSpec(rows);
    expect(s.coordinate.type).toBe('theta');
    expect(s.encode).toEqual({ y: 'count', color: 'name' });
    expect(s.labels[0].text(rows[0])).toBe('75%');
  });
  it('bar is transposed with one colour per name', () => {
    const s = barSpec(rows, 'n');
    expect(s.coordinate.transform[0].type).toBe('transpose');
    expect(s.encode.color).toBe('name');
    expect(barHeight(1)).toBe(160);
    expect(barHeight(100)).toBe(640);
  });
});
