import { describe, expect, it } from 'vitest';
import { ANSWER_COLORS, contrast, parseColor, styleContrastIssues } from './contrast';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrast('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrast('rgb(0, 0, 0)', 'rgba(255,255,255,1)')).toBeCloseTo(21, 5);
    expect(parseColor('red')).toBeNull();
    expect(Number.isNaN(contrast('red', '#fff'))).toBe(true);
  });
  it('the default answer theme passes 4.5:1 for text and 3:1 for controls', () => {
    expect(contrast(ANSWER_COLORS.theme, ANSWER_COLORS.panel)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ANSWER_COLORS.text, ANSWER_COLORS.panel)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ANSWER_COLORS.muted, ANSWER_COLORS.panel)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ANSWER_COLORS.muted, ANSWER_COLORS.pageBg)).toBeGreaterThanOrEqual(4.5);
    expect(styleContrastIssues({ themeColor: '#015AB4', pageBgColor: ANSWER_COLORS.pageBg, progressColor: '#025bb7' })).toEqual([]);
  });
  it('names what an author colour breaks', () => {
    const issues = styleContrastIssues({ themeColor: '#ffcc00', pageBgColor: '#333333', progressColor: '#eeeeee' });
    expect(issues.map((x) => x.key)).toEqual(['themeText', 'pageText', 'progress']);
    expect(issues[0].ratio).toBeLessThan(4.5);
  });
});
