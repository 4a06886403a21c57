import { describe, expect, it } from 'vitest';
import routes from '../config/routes';
import en from '../src/locales/en-US';
import zh from '../src/locales/zh-CN';

function titleKeys(list: any[], out: string[] = []): string[] {
  for (const r of list) {
    if (r.titleKey) out.push(r.titleKey);
    if (r.routes) titleKeys(r.routes, out);
  }
  return out;
}

describe('locales', () => {
  it('zh-CN and en-US have the same keys', () => {
    const a = Object.keys(en).sort();
    const b = Object.keys(zh).sort();
    expect(a.filter((k) => !b.includes(k))).toEqual([]);
    expect(b.filter((k) => !a.includes(k))).toEqual([]);
  });
  it('no empty messages', () => {
    for (const [k, v] of [...Object.entries(en), ...Object.entries(zh)]) expect(v, k).not.toBe('');
  });
  it('every route title and menu name has a message', () => {
    for (const k of titleKeys(routes as any[])) {
      expect(en, k).toHaveProperty([k]);
      expect(zh, k).toHaveProperty([k]);
    }
  });
  it('placeholders match between languages', () => {
    const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(',');
    for (const k of Object.keys(en)) expect(ph((zh as any)[k]), k).toBe(ph((en as any)[k]));
  });
});
