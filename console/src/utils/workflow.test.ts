import { describe, expect, it } from 'vitest';
import en from '../locales/en-US';
import zh from '../locales/zh-CN';
import { WF_STATUSES, wfStatusText, wfStepText } from './workflow';

describe('wfStatusText', () => {
  it('names every Temporal status in both languages', () => {
    for (const loc of [en, zh] as Record<string, string>[]) {
      const f = (id: string) => loc[id] ?? id;
      for (const s of WF_STATUSES) expect(loc[`admin.wf.st.${s}`], s).toBeTruthy();
      expect(wfStatusText(f, 'Running')).toBe(loc['admin.wf.st.Running']);
    }
    expect(wfStatusText((id) => id, 'Completed')).toBe('admin.wf.st.Completed');
  });
  it('keeps an unknown status word', () => {
    expect(wfStatusText(() => 'x', 'Paused')).toBe('Paused');
  });
});

describe('wfStepText', () => {
  const fill = (loc: Record<string, string>) => (id: string, v?: Record<string, string | number>) =>
    (loc[id] ?? id).replace(/\{(\w+)\}/g, (_, k) => String(v?.[k] ?? ''));
  it('names the review and grading steps in both languages', () => {
    for (const loc of [en, zh] as Record<string, string>[]) {
      for (const s of ['level 1', 'level 3', 'administrator', 'passed', 'failed', 'ended', 'grading', 'graded']) {
        const t = wfStepText(fill(loc), s);
        expect(t, s).not.toBe(s);
        expect(t, s).not.toMatch(/^rv\./);
      }
    }
    expect(wfStepText(fill(en as Record<string, string>), 'level 2')).toBe('Level 2');
    expect(wfStepText(fill(zh as Record<string, string>), 'failed')).toBe('已筛除');
  });
  it('keeps any other step word', () => {
    expect(wfStepText(() => 'x', 'level 7')).toBe('level 7');
    expect(wfStepText(() => 'x', 'sending')).toBe('sending');
  });
});
