import { describe, expect, it } from 'vitest';
import en from '../locales/en-US';
import zh from '../locales/zh-CN';
import { WF_STATUSES, wfStatusText } from './workflow';

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
