import { describe, expect, it } from 'vitest';
import { normalizeLang, resolveLanguage } from '../src/utils/language';
import { menuForPath } from '../src/utils/menu';
import { safeRedirect } from '../src/utils/redirect';

describe('language', () => {
  it('stored choice wins', () => {
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('en-US', ['zh-CN'])).toBe('en-US');
  });
  it('browser language otherwise, English fallback', () => {
    expect(resolveLanguage(null, ['zh-CN', 'en'])).toBe('zh-CN');
    expect(resolveLanguage(null, ['zh'])).toBe('zh-CN');
    expect(resolveLanguage(null, ['fr-FR', 'de'])).toBe('en-US');
    expect(resolveLanguage(null, ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(resolveLanguage('xx', undefined)).toBe('en-US');
    expect(normalizeLang('en')).toBe('en-US');
  });
});

describe('menuForPath', () => {
  const menus = [
    { path: '/v8/lr', children: [{ path: '/v8/lr/dw/survey', name: 'survey' }] },
    { path: '/v8', children: [{ path: '/v8/dw/survey', name: 'survey' }] },
    { path: '/v8/dws', children: [] },
  ];
  it('keeps the menu of the layout in use', () => {
    expect(menuForPath(menus, '/v8/lr/dw/user').map((m) => m.path)).toEqual(['/v8/lr/dw/survey']);
    expect(menuForPath(menus, '/v8/dw/user').map((m) => m.path)).toEqual(['/v8/dw/survey', '/v8/dws']);
  });
});

describe('safeRedirect', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/v8/dw/admin/system/log')).toBe('/v8/dw/admin/system/log');
    expect(safeRedirect('https://evil.example')).toBe('/v8/dw/survey');
    expect(safeRedirect('//evil.example')).toBe('/v8/dw/survey');
    expect(safeRedirect('/login')).toBe('/v8/dw/survey');
    expect(safeRedirect(null)).toBe('/v8/dw/survey');
  });
});

describe('eight console languages', () => {
  it('maps browser tags to the supported locales', () => {
    expect(resolveLanguage(null, ['zh-TW'])).toBe('zh-TW');
    expect(resolveLanguage(null, ['zh-HK'])).toBe('zh-TW');
    expect(resolveLanguage(null, ['zh-Hant-TW'])).toBe('zh-TW');
    expect(resolveLanguage(null, ['zh-Hans-CN'])).toBe('zh-CN');
    expect(resolveLanguage(null, ['ja'])).toBe('ja-JP');
    expect(resolveLanguage(null, ['ko-KR'])).toBe('ko-KR');
    expect(resolveLanguage(null, ['ru-RU', 'en'])).toBe('ru-RU');
    expect(resolveLanguage(null, ['th'])).toBe('th-TH');
    expect(resolveLanguage(null, ['vi-VN'])).toBe('vi-VN');
    expect(resolveLanguage(null, ['de-DE', 'ja-JP'])).toBe('ja-JP');
    expect(resolveLanguage('ru-RU', ['ja'])).toBe('ru-RU');
    expect(resolveLanguage(null, ['de-DE'])).toBe('en-US');
  });
});
