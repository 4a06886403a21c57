import { describe, expect, it } from 'vitest';
import en from '../../../locales/answer/en-US';
import zh from '../../../locales/answer/zh-CN';
import { format, matchAnswerPath } from './umi';

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
