export const SUPPORTED = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof SUPPORTED)[number];
export const FALLBACK: Lang = 'en-US';

/** Normalises one language tag to a supported locale, or undefined. */
export function normalizeLang(tag: string | null | undefined): Lang | undefined {
  if (!tag) return undefined;
  const t = tag.replace('_', '-').toLowerCase();
  if (t === 'zh' || t === 'zh-cn' || t === 'zh-hans' || t.startsWith('zh-hans') || t === 'zh-sg') return 'zh-CN';
  if (t.startsWith('zh')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-')) return 'en-US';
  return undefined;
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
