import { describe, expect, it } from 'vitest';
import en from '../locales/en-US';
import zh from '../locales/zh-CN';
import { WF_STATUSES, WF_TYPES, wfStatusText, wfStepText } from './workflow';

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

describe('wfStepText for every workflow type', () => {
  const fill = (loc: Record<string, string>) => (id: string, v?: Record<string, string | number>) =>
    (loc[id] ?? id).replace(/\{(\w+)\}/g, (_, k) => String(v?.[k] ?? ''));
  it('names what a running workflow of each type does, in both languages, never the raw word', () => {
    for (const loc of [en, zh] as Record<string, string>[]) {
      for (const type of WF_TYPES) {
        expect(loc[`bo.wf.step.${type}`], type).toBeTruthy();
        expect(wfStepText(fill(loc), '', type)).toBe(loc[`bo.wf.step.${type}`]);
        expect(wfStepText(fill(loc), 'sending batch 3', type)).toBe(loc[`bo.wf.step.${type}`]);
      }
    }
    expect(wfStepText(fill(en as Record<string, string>), '', 'ExportWorkflow')).toBe('Writing the export file');
  });
  it('keeps the review and grading words and leaves a closed one without a known step empty', () => {
    expect(wfStepText(fill(en as Record<string, string>), 'level 2', 'ReviewWorkflow', false)).toBe('Level 2');
    expect(wfStepText(fill(en as Record<string, string>), 'graded', 'GradingWorkflow', false)).not.toBe('graded');
    expect(wfStepText(fill(en as Record<string, string>), '', 'CollectionWorkflow', false)).toBe('');
    expect(wfStepText(fill(en as Record<string, string>), 'x', 'SomeOtherWorkflow')).toBe('x');
  });
});
