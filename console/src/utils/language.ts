/** The console languages (src/locales/<tag>.ts each), with their names in themselves. */
export const SUPPORTED = ['zh-CN', 'en-US', 'zh-TW', 'vi-VN', 'th-TH', 'ko-KR', 'ja-JP', 'ru-RU'] as const;
export const LANG_NAMES: Record<string, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
  'vi-VN': 'Tiếng Việt',
  'th-TH': 'ไทย',
  'ko-KR': '한국어',
  'ja-JP': '日本語',
  'ru-RU': 'Русский',
};
export type Lang = (typeof SUPPORTED)[number];
export const FALLBACK: Lang = 'en-US';

/** Normalises one language tag to a supported locale, or undefined. */
export function normalizeLang(tag: string | null | undefined): Lang | undefined {
  if (!tag) return undefined;
  const t = tag.replace('_', '-').toLowerCase();
  if (t === 'zh' || t === 'zh-cn' || t === 'zh-hans' || t.startsWith('zh-hans') || t === 'zh-sg') return 'zh-CN';
  if (t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-TW';
  if (t.startsWith('zh')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-')) return 'en-US';
  const primary: Record<string, Lang> = { vi: 'vi-VN', th: 'th-TH', ko: 'ko-KR', ja: 'ja-JP', ru: 'ru-RU' };
  return primary[t.split('-')[0]];
}

/** Stored choice first, then the browser languages, then English. */
export function resolveLanguage(stored: string | null | undefined, browser: readonly string[] | undefined): Lang {
  const s = normalizeLang(stored);
  if (s) return s;
  for (const b of browser ?? []) {
    const n = normalizeLang(b);
    if (n) return n;
  }
  return FALLBACK;
}
