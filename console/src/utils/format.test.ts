import { describe, expect, it } from 'vitest';
import { SUPPORTED } from './language';
import { formatChartValue, formatDate, formatDateTime, formatNumber, formatPercent, parseTime, setFormatLocaleSource } from './format';
import { localizeSpec } from '../components/results/localizeSpec';

// What Intl gives for 25 Nov 2026 in each console language (the server's wall-clock string).
const DATES: Record<string, string> = {
  'zh-CN': '2026/11/25',
  'en-US': '11/25/2026',
  'zh-TW': '2026/11/25',
  'vi-VN': '25/11/2026',
  'th-TH': '25/11/2569', // Buddhist era, as Thai readers expect
  'ko-KR': '2026. 11. 25.',
  'ja-JP': '2026/11/25',
  'ru-RU': '25.11.2026',
};

describe('format: dates per console language', () => {
  it('has a date for every console language', () => {
    expect(Object.keys(DATES).sort()).toEqual([...SUPPORTED].sort());
  });
  for (const lang of SUPPORTED) {
    it(`${lang}: a server date and date-time`, () => {
      expect(formatDate('2026-11-25 16:05:09', lang)).toBe(DATES[lang]);
      expect(formatDateTime('2026-11-25', lang)).toBe(DATES[lang]);
      const dt = formatDateTime('2026-11-25 16:05:09', lang);
      expect(dt).toContain(DATES[lang]);
      expect(dt).toMatch(/05/);
      expect(dt).toMatch(/09/);
      expect(dt).not.toBe('2026-11-25 16:05:09');
    });
  }
  it('reads the wall clock without a zone shift', () => {
    expect(formatDateTime('2026-01-02 03:04:05', 'en-GB')).toBe('02/01/2026, 03:04:05');
    expect(formatDateTime('2026-01-02 23:04:05', 'ru-RU')).toBe('02.01.2026, 23:04:05');
    expect(formatDateTime('2026-01-02 23:04:05', 'ja-JP')).toBe('2026/01/02 23:04:05');
  });
  it('leaves texts that are not times, and empty values', () => {
    expect(formatDateTime('-', 'ru-RU')).toBe('-');
    expect(formatDateTime('soon', 'ja-JP')).toBe('soon');
    expect(formatDateTime(undefined, 'ja-JP')).toBe('');
    expect(formatDateTime(null, 'ja-JP')).toBe('');
    expect(parseTime('')).toBeUndefined();
  });
  it('follows the console language when none is given', () => {
    let cur = 'ru-RU';
    setFormatLocaleSource(() => cur);
    expect(formatDate('2026-11-25')).toBe('25.11.2026');
    cur = 'ja-JP';
    expect(formatDate('2026-11-25')).toBe('2026/11/25');
    expect(formatPercent(12.5)).toBe('12.5%');
    cur = 'en-US';
  });
});

describe('format: numbers and percentages', () => {
  it('groups and marks decimals per language', () => {
    expect(formatNumber(1234567.891, 'en-US')).toBe('1,234,567.89');
    expect(formatNumber(1234567.891, 'ru-RU')).toBe('1\u00a0234\u00a0567,89');
    expect(formatNumber(1234.5, 'vi-VN')).toBe('1.234,5');
    expect(formatNumber(3, 'ja-JP')).toBe('3');
  });
  it('percentages in percent units, per language', () => {
    expect(formatPercent(60, 'en-US')).toBe('60%');
    expect(formatPercent(66.666, 'en-US')).toBe('66.67%');
    expect(formatPercent(66.666, 'ru-RU')).toBe('66,67\u00a0%');
    expect(formatPercent(50, 'en-US', 2, true)).toBe('50.00%');
    expect(formatPercent(50, 'vi-VN', 2, true)).toBe('50,00%');
    expect(formatPercent(12.5, 'ko-KR')).toBe('12.5%');
  });
  it('chart values: numbers and days', () => {
    expect(formatChartValue(1500, 'ru-RU')).toBe('1\u00a0500');
    expect(formatChartValue('2026-11-25', 'ja-JP')).toBe('2026/11/25');
    expect(formatChartValue('Option A', 'ja-JP')).toBe('Option A');
  });
});

describe('localizeSpec', () => {
  it('adds formatters to axes and tooltips that set none, children too', () => {
    const s = localizeSpec(
      {
        type: 'view',
        axis: { x: { title: 'Day' }, y: { title: 'Answers', labelFormatter: 'keep' } },
        children: [{ type: 'line', tooltip: { items: [{ channel: 'y', name: 'Answers' }] } }, { type: 'point', tooltip: false }],
      },
      'ru-RU',
    );
    expect(s.axis.x.title).toBe('Day');
    expect(s.axis.x.labelFormatter('2026-11-25')).toBe('25.11.2026');
    expect(s.axis.y.labelFormatter).toBe('keep');
    expect(s.children[0].tooltip.items[0].valueFormatter(2500)).toBe('2\u00a0500');
    expect(s.children[0].tooltip.items[0].name).toBe('Answers');
    expect(s.children[1].tooltip).toBe(false);
    expect(s.children[0].axis).toBeUndefined();
  });
  it('leaves pies without axes', () => {
    const s = localizeSpec({ type: 'interval', coordinate: { type: 'theta' }, tooltip: { title: 'label', items: [{ channel: 'y' }] } }, 'en-US');
    expect(s.axis).toBeUndefined();
    expect(s.tooltip.items[0].valueFormatter(1234)).toBe('1,234');
  });
  it('formats value labels that show a field, keeps their own formatter and text functions', () => {
    const own = (v: unknown) => `#${v}`;
    const text = (d: { value: number }) => `A: ${d.value}`;
    const s = localizeSpec({ type: 'interval', labels: [{ text: 'value', position: 'top' }, { text: 'value', formatter: own }, { text }] }, 'ru-RU');
    expect(s.labels[0].formatter(2500)).toBe('2\u00a0500');
    expect(s.labels[0].position).toBe('top');
    expect(s.labels[1].formatter).toBe(own);
    expect(s.labels[2]).toEqual({ text });
  });
});
