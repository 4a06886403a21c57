import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/answer/en-US';
import zh from '../../../locales/answer/zh-CN';
import { SUPPORTED } from '../../../utils/language';
import { format, getLocale, importMessages, loadMessages, matchAnswerPath, useIntl } from './umi';

describe('light answer entry stand-in for @umijs/max', () => {
  it('matches the answer routes it serves', () => {
    expect(matchAnswerPath('/v8/diaowen/an/abc1234')).toEqual({ sid: 'abc1234' });
    expect(matchAnswerPath('/v8/diaowen/an/m/abc1234')).toEqual({ sid: 'abc1234' });
    expect(matchAnswerPath('/v8/diaowen/an/abc1234/ans-1')).toEqual({ sid: 'abc1234', answerId: 'ans-1' });
    expect(matchAnswerPath('/v8/diaowen/an/abc1234/contacts/c%201')).toEqual({ sid: 'abc1234', relateContactEsId: 'c 1' });
    expect(matchAnswerPath('/v8/dw/survey')).toBeNull();
  });

  it('formats {name} placeholders like react-intl for the answer texts', () => {
    expect(format('Page {cur}/{total}', { cur: 1, total: 3 })).toBe('Page 1/3');
    expect(format('Left {n}', {})).toBe('Left {n}');
    expect(format('No values')).toBe('No values');
  });

  it('the answer texts use only simple placeholders (no plural/select forms the stand-in cannot format)', () => {
    for (const m of [en, zh] as Record<string, string>[]) {
      for (const [k, v] of Object.entries(m)) expect(v, k).not.toMatch(/\{\s*\w+\s*,/);
    }
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });
});

describe('light answer entry: texts per interface language', () => {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../locales/answer');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3));

  it('loads the answer file of each of the eight languages that has one, English for the others', async () => {
    for (const lang of SUPPORTED) {
      const got = await loadMessages(lang);
      const want = files.includes(lang) ? lang : 'en-US';
      expect(got, lang).toBe(want);
      expect(getLocale()).toBe(want);
      const own = (await import(`../../../locales/answer/${want}.ts`)).default as Record<string, string>;
      expect(useIntl().formatMessage({ id: 'an.submit' })).toBe(own['an.submit']);
    }
    expect(files).toContain('zh-CN');
    expect(files).toContain('en-US');
  });

  it('falls back to English when the language file cannot be loaded, and asks only for console languages', async () => {
    const asked: string[] = [];
    const load = (l: string) => {
      asked.push(l);
      return l === 'en-US' ? importMessages(l) : Promise.reject(new Error('chunk missing'));
    };
    expect(await loadMessages('ja-JP', load)).toBe('en-US');
    expect(asked).toEqual(['ja-JP', 'en-US']);
    expect(useIntl().formatMessage({ id: 'an.submit' })).toBe((en as Record<string, string>)['an.submit']);
    await expect(importMessages('../../secret')).rejects.toThrow(/unsupported/);
    await expect(importMessages('de-DE')).rejects.toThrow(/unsupported/);
  });

  it('every answer file present has exactly the keys of en-US and the same placeholders', async () => {
    const keys = Object.keys(en).sort();
    for (const f of files) {
      const m = (await importMessages(f)).default;
      expect(Object.keys(m).sort(), f).toEqual(keys);
      for (const k of keys) {
        const ph = (s: string) => (s.match(/\{\s*\w+\s*\}/g) ?? []).map((x) => x.replace(/\s/g, '')).sort();
        expect(ph(m[k]), `${f} ${k}`).toEqual(ph((en as Record<string, string>)[k]));
      }
    }
  });
});
