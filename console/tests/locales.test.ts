import { describe, expect, it } from 'vitest';
import routes from '../config/routes';
import en from '../src/locales/en-US';
import jaJP from '../src/locales/ja-JP';
import koKR from '../src/locales/ko-KR';
import ruRU from '../src/locales/ru-RU';
import jaShell from '../src/locales/shell/ja-JP';
import koShell from '../src/locales/shell/ko-KR';
import ruShell from '../src/locales/shell/ru-RU';
import thShell from '../src/locales/shell/th-TH';
import viShell from '../src/locales/shell/vi-VN';
import twShell from '../src/locales/shell/zh-TW';
import thTH from '../src/locales/th-TH';
import viVN from '../src/locales/vi-VN';
import zh from '../src/locales/zh-CN';
import twTW from '../src/locales/zh-TW';
import { SUPPORTED } from '../src/utils/language';

declare global {
  interface ImportMeta {
    glob(pattern: string, options: { eager: true; import: 'default' }): Record<string, Record<string, string>>;
  }
}

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

// The six further languages: every key of zh-CN present (untranslated modules fall back to
// English), and the frame (app., menu., error., common.) translated completely: a key added
// to one of those groups in zh-CN fails here until it is translated in every language.
const MORE: Record<string, [Record<string, string>, Record<string, string>]> = {
  'zh-TW': [twTW, twShell],
  'vi-VN': [viVN, viShell],
  'th-TH': [thTH, thShell],
  'ko-KR': [koKR, koShell],
  'ja-JP': [jaJP, jaShell],
  'ru-RU': [ruRU, ruShell],
};
const FRAME = /^(app|menu|error|common)\./;

describe('eight console languages', () => {
  it('every supported language has a locale file', () => {
    expect([...SUPPORTED].sort()).toEqual(['en-US', 'zh-CN', ...Object.keys(MORE)].sort());
  });
  for (const [lang, [all, shell]] of Object.entries(MORE)) {
    it(`${lang} has exactly the keys of zh-CN`, () => {
      const want = Object.keys(zh).sort();
      const got = Object.keys(all).sort();
      expect(want.filter((k) => !got.includes(k)), 'missing').toEqual([]);
      expect(got.filter((k) => !want.includes(k)), 'unused').toEqual([]);
    });
    it(`${lang} translates the whole frame`, () => {
      const frame = Object.keys(zh).filter((k) => FRAME.test(k)).sort();
      expect(Object.keys(shell).sort()).toEqual(frame);
      const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(',');
      for (const k of frame) {
        expect(shell[k], `${lang} ${k}`).not.toBe('');
        expect(ph(shell[k]), `${lang} ${k}`).toBe(ph((zh as any)[k]));
      }
    });
  }
  it('translated frame texts are not left in English', () => {
    const same = (s: Record<string, string>) => Object.keys(s).filter((k) => s[k] === (en as any)[k] && /[a-z]{4}/.test(s[k]) && !/Webhook|DWSurvey|DSL/.test(s[k]));
    for (const [lang, [, shell]] of Object.entries(MORE)) expect(same(shell), lang).toEqual([]);
  });
});

// Languages whose translation is complete: every key of en-US comes from the language's own
// files (src/locales/**/<lang>.ts and results/*-<lang>.ts, not the root file's English fallback)
// and differs from the English text. Add a language here once all its modules are translated.
const COMPLETE = new Set<string>(['ko-KR', 'vi-VN', 'zh-TW', 'ja-JP', 'th-TH', 'ru-RU']);

// Keys whose text is legitimately the same as in English ('*': in every language): product
// and brand names (DWSurvey, WeChat where the language has no local name), technical names
// kept as is (DSL, Webhook) and file formats (Excel, CSV, SPSS, PDF). Texts without any word
// (only placeholders, digits or signs, e.g. "{n}") are exempt by themselves. Keep this list short.
const SAME_AS_EN: Record<string, string[]> = {
  '*': ['app.name'],
  // brand and format names, and the menu entries named after the technical terms Webhook and DSL
  'ko-KR': ['ex.pdf', 'signin.wx.title', 'menu.dws.designDsl', 'menu.dws.designWebhook', 'menu.dws.setWebhook'],
  'vi-VN': ['ex.pdf', 'signin.wx.title', 'menu.dws.designDsl', 'menu.dws.designWebhook', 'menu.dws.setWebhook'],
  // zh-TW keeps the file formats (Excel, CSV, SPSS, PDF) and DSL/Webhook; ja-JP also WeChat, "OK" and "SMS" (usual in Japanese)
  'zh-TW': ['menu.dws.designDsl', 'au.tab.dsl', 'menu.dws.designWebhook', 'menu.dws.setWebhook', 'ex.format.xlsx', 'ex.format.csv', 'ex.format.sav', 'ex.pdf'],
  'ja-JP': ['menu.dws.designDsl', 'au.tab.dsl', 'menu.dws.designWebhook', 'menu.dws.setWebhook', 'ex.format.xlsx', 'ex.format.csv', 'ex.format.sav', 'ex.pdf', 'signin.wx.title', 'common.ok', 'inv.ch.sms'],
  'th-TH': ['signin.wx.title', 'menu.dws.designDsl', 'menu.dws.designWebhook', 'menu.dws.setWebhook'],
  'ru-RU': ['signin.wx.title', 'menu.dws.designDsl', 'menu.dws.designWebhook', 'menu.dws.setWebhook'],
};

// Every locale module file (the root language files are not among them: they only spread).
const MODULES = import.meta.glob('../src/locales/*/*.ts', { eager: true, import: 'default' });

function ownTexts(lang: string): Record<string, string> {
  const own: Record<string, string> = {};
  for (const [path, texts] of Object.entries(MODULES)) {
    if (path.endsWith(`/${lang}.ts`) || path.endsWith(`-${lang}.ts`)) Object.assign(own, texts);
  }
  return own;
}

const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(',');

describe('complete translations', () => {
  it('COMPLETE names supported languages only', () => {
    for (const lang of COMPLETE) expect(Object.keys(MORE), lang).toContain(lang);
  });
  for (const [lang, [all]] of Object.entries(MORE)) {
    it(`${lang} keeps the placeholders of en-US in every text`, () => {
      for (const k of Object.keys(en)) expect(placeholders(all[k] ?? ''), `${lang} ${k}`).toBe(placeholders((en as any)[k]));
    });
    if (!COMPLETE.has(lang)) continue;
    it(`${lang} translates every key of en-US in its own files`, () => {
      const own = ownTexts(lang);
      const allowed = new Set([...SAME_AS_EN['*'], ...(SAME_AS_EN[lang] ?? [])]);
      const missing = Object.keys(en).filter((k) => !(k in own));
      expect(missing, `${lang} missing`).toEqual([]);
      const shown = Object.keys(en).filter((k) => all[k] !== own[k]);
      expect(shown, `${lang} overridden by another file`).toEqual([]);
      const wordy = (s: string) => /\p{L}/u.test(s.replace(/\{\w+\}/g, ''));
      const english = Object.keys(en).filter((k) => own[k] === (en as any)[k] && wordy(own[k]) && !allowed.has(k));
      expect(english, `${lang} left in English`).toEqual([]);
    });
  }
});
