import { getLocale, setLocale } from '@umijs/max';
import { resolveLanguage } from './language';
import { getItem, setItem } from './storage';
import { updateTitle } from './title';

const UMI_KEY = 'umi_locale';

/**
 * Stored choice ('language') first, else the browser language with English fallback.
 * Runs before the first render so umi's locale plugin starts with the right language; also sets
 * <html lang> (screen readers pick their voice by it).
 */
export function applyStoredLanguage() {
  try {
    const lang = resolveLanguage(getItem('language'), navigator.languages?.length ? navigator.languages : [navigator.language]);
    document.documentElement.lang = lang;
    window.localStorage.setItem(UMI_KEY, lang);
  } catch {
    /* no storage */
  }
}

export function currentLang() {
  return getLocale();
}

/** Switches the language and stores the choice. */
export function switchLang(lang: string) {
  setItem('language', lang);
  document.documentElement.lang = lang;
  // umi's setLocale is a no-op when its own stored key already equals lang: call it first
  setLocale(lang, false);
  window.localStorage.setItem(UMI_KEY, lang);
  setTimeout(() => updateTitle(), 0);
}
