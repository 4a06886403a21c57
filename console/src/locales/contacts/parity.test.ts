import { describe, expect, it } from 'vitest';
import en from './en-US';
import ja from './ja-JP';
import ko from './ko-KR';
import ru from './ru-RU';
import th from './th-TH';
import vi from './vi-VN';
import zh from './zh-CN';
import tw from './zh-TW';

const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('contacts texts', () => {
  for (const [lang, msgs] of Object.entries({ 'zh-CN': zh, 'zh-TW': tw, 'ja-JP': ja, 'ko-KR': ko, 'ru-RU': ru, 'th-TH': th, 'vi-VN': vi })) {
    it(`${lang} has every key of en-US, with the same placeholders`, () => {
      const m = msgs as Record<string, string>;
      expect(Object.keys(m).sort()).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(en)) {
        expect(vars(m[k]), k).toEqual(vars(v));
        expect(m[k].trim(), k).not.toBe('');
      }
    });
  }
  it('the translations are not English left in place', () => {
    const sameWord = new Set(['inv.ch.sms', 'ct.email', 'inv.ch.email']); // "SMS", "E-mail" are used as is
    for (const msgs of [tw, ja, ko, ru, th, vi]) {
      const left = Object.entries(en).filter(([k, v]) => (msgs as Record<string, string>)[k] === v && !sameWord.has(k));
      expect(left.map(([k]) => k)).toEqual([]);
    }
  });
});
