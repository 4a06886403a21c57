import { describe, expect, it } from 'vitest';
import type { CrossTable } from '../../services/results';
import { cleanFilters, crossable, crossProblem, crossView, formatP, TOTAL_KEY } from './crossData';

// 2x2 table: rows Male/Female, cols Yes/No; counts M-Y 3, M-N 1, F-Y 1, F-N 2 (7 pairs)
const table: CrossTable = {
  rowQuDwId: 'g',
  rowTitle: 'Gender',
  total: 7,
  chiSquare: 1.2,
  df: 1,
  pValue: 0.27,
  cols: [
    { optionDwId: 'y', title: 'Yes', total: 4 },
    { optionDwId: 'n', title: 'No', total: 3 },
  ],
  rows: [
    {
      optionDwId: 'm',
      title: 'Male',
      total: 4,
      cells: [
        { colDwId: 'y', count: 3, rowPercent: 75, colPercent: 75 },
        { colDwId: 'n', count: 1, rowPercent: 25, colPercent: 33.33 },
      ],
    },
    {
      optionDwId: 'f',
      title: 'Female',
      total: 3,
      cells: [
        { colDwId: 'y', count: 1, rowPercent: 33.33, colPercent: 25 },
        { colDwId: 'n', count: 2, rowPercent: 66.67, colPercent: 66.67 },
      ],
    },
  ],
};

describe('crossView', () => {
  const v = crossView(table, { untitled: '?', total: 'Total' });
  it('body rows keep the server counts and percentages', () => {
    expect(v.rows.map((r) => [r.key, r.label, r.total])).toEqual([
      ['m', 'Male', 4],
      ['f', 'Female', 3],
    ]);
    expect(v.rows[0].cells.y).toEqual({ count: 3, rowPercent: 75, colPercent: 75 });
    expect(v.rows[1].totalPercent).toBe(42.86);
  });
  it('totals row: column totals, their share of the grand total, 100% by column', () => {
    expect(v.totals.key).toBe(TOTAL_KEY);
    expect(v.totals.label).toBe('Total');
    expect(v.totals.total).toBe(7);
    expect(v.totals.cells.y).toEqual({ count: 4, rowPercent: 57.14, colPercent: 100 });
    expect(v.totals.cells.n).toEqual({ count: 3, rowPercent: 42.86, colPercent: 100 });
  });
  it('grouped chart data: one point per row x column, zero for a missing cell', () => {
    const t2 = { ...table, rows: [{ ...table.rows[0], cells: [table.rows[0].cells[0]] }] };
    const v2 = crossView(t2, { untitled: '?', total: 'Total' });
    expect(v2.data).toEqual([
      { label: 'Male', series: 'Yes', value: 3 },
      { label: 'Male', series: 'No', value: 0 },
    ]);
    expect(v.data).toHaveLength(4);
  });
  it('an empty table has zero percentages', () => {
    const e = crossView({ ...table, total: 0, rows: [], cols: [{ optionDwId: 'y', title: 'Yes', total: 0 }] }, { untitled: '?', total: 'T' });
    expect(e.totals.totalPercent).toBe(0);
    expect(e.totals.cells.y).toEqual({ count: 0, rowPercent: 0, colPercent: 0 });
  });
});

describe('crossable', () => {
  it('offers only choice questions, numbered by their position', () => {
    const out = crossable(
      [
        { quDwId: 'a', quType: 'RADIO', quTitle: '<b>Gender</b>' },
        { quDwId: 'b', quType: 'FILLBLANK', quTitle: 'Name' },
        { quDwId: 'c', quType: 'CHECKBOX', quTitle: '' },
        { quDwId: 'd', quType: 'MATRIX_RADIO', quTitle: 'M' },
        { quDwId: 'e', quType: 'YESNO', quTitle: 'Ok?' },
      ],
      '(untitled)',
    );
    expect(out).toEqual([
      { value: 'a', label: '1. Gender' },
      { value: 'c', label: '3. (untitled)' },
      { value: 'e', label: '5. Ok?' },
    ]);
  });
});

describe('checks and filters', () => {
  it('crossProblem', () => {
    expect(crossProblem(['a'], undefined)).toBe('rs.cross.needCol');
    expect(crossProblem([], 'b')).toBe('rs.cross.needRow');
    expect(crossProblem(['a', 'b'], 'b')).toBe('rs.cross.sameQuestion');
    expect(crossProblem('abcdefghijk'.split(''), 'z')).toBe('rs.cross.tooMany');
    expect(crossProblem(['a'], 'b')).toBe('');
  });
  it('formatP', () => {
    expect(formatP(0.0004)).toBe('< 0.001');
    expect(formatP(0.27)).toBe('0.270');
    expect(formatP(1)).toBe('1.000');
    expect(formatP(NaN)).toBe('-');
  });
  it('cleanFilters drops defaults and empty values', () => {
    expect(cleanFilters({ state: 'all', bgDate: '', endDate: undefined })).toEqual({});
    expect(cleanFilters({ state: 'screened', bgDate: '2026-01-01 00:00:00', endDate: '2026-01-31 23:59:59' })).toEqual({
      state: 'screened',
      bgDate: '2026-01-01 00:00:00',
      endDate: '2026-01-31 23:59:59',
    });
  });
});
