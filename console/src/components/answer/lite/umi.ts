// Stand-in for '@umijs/max' in the light answer entry (scripts/build-answer.mjs aliases the
// module here): the two hooks the answer components use, without umi's runtime, react-intl
// or antd. The umi build keeps using the real module; the components are the same.
import { useMemo } from 'react';
import { FALLBACK, resolveLanguage, SUPPORTED } from '../../../utils/language';
import { getItem } from '../../../utils/storage';

/** The interface language of the page: the console's resolution (stored choice, browser, English). */
export function currentLocale(): string {
  let nav: readonly string[] = [];
  try {
    nav = navigator.languages?.length ? navigator.languages : [navigator.language];
  } catch {
    /* no navigator */
  }
  return resolveLanguage(getItem('language'), nav);
}

/** Replaces {name} placeholders (the answer texts use no plural or select forms). */
export function format(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\s*(\w+)\s*\}/g, (all, k: string) => (k in values && values[k] !== undefined && values[k] !== null ? String(values[k]) : all));
}

let messages: Record<string, string> = {};

/**
 * The answer texts of a language: locales/answer/<lang>.ts, one chunk per file (esbuild bundles
 * every file the template matches, so a language whose file is added later is picked up without
 * a change here; a missing file rejects). Only the eight console languages are asked for.
 */
export function importMessages(lang: string): Promise<{ default: Record<string, string> }> {
  if (!(SUPPORTED as readonly string[]).includes(lang)) return Promise.reject(new Error(`unsupported language ${lang}`));
  return import(`../../../locales/answer/${lang}.ts`);
}

/**
 * Loads the texts of the interface language (tests/locales.test.ts keeps every answer file with
 * the keys of en-US): the language's own file when there is one, else English (the product's
 * fallback), and the page's locale follows what was loaded. Called by entry.tsx before rendering.
 */
export async function loadMessages(want: string = intl.locale, load = importMessages): Promise<string> {
  let lang = want;
  let m: Record<string, string> | undefined;
  try {
    m = (await load(lang)).default;
  } catch {
    m = undefined;
  }
  if (!m || typeof m !== 'object') {
    lang = FALLBACK;
    m = (await load(FALLBACK)).default;
  }
  messages = m;
  intl.locale = lang;
  return lang;
}

const intl = {
  locale: currentLocale(),
  get messages() {
    return messages;
  },
  formatMessage: ({ id, defaultMessage }: { id: string; defaultMessage?: string }, values?: Record<string, unknown>) => format(messages[id] ?? defaultMessage ?? id, values),
};

export function useIntl() {
  return intl;
}

export function getLocale() {
  return intl.locale;
}

/** The answer routes served by the light entry (config/routes.ts ANSWER_PAGES). */
const PATTERNS: [RegExp, string[]][] = [
  [/^\/v8\/diaowen\/an\/m\/([^/]+)\/?$/, ['sid']],
  [/^\/v8\/diaowen\/an\/([^/]+)\/contacts\/([^/]+)\/?$/, ['sid', 'relateContactEsId']],
  [/^\/v8\/diaowen\/an\/([^/]+)\/([^/]+)\/?$/, ['sid', 'answerId']],
  [/^\/v8\/diaowen\/an\/([^/]+)\/?$/, ['sid']],
];

export function matchAnswerPath(pathname: string): Record<string, string> | null {
  for (const [re, names] of PATTERNS) {
    const m = re.exec(pathname);
    if (!m) continue;
    const out: Record<string, string> = {};
    names.forEach((n, i) => {
      out[n] = decodeURIComponent(m[i + 1]);
    });
    return out;
  }
  return null;
}

export function useParams(): Record<string, string | undefined> {
  return useMemo(() => matchAnswerPath(window.location.pathname) ?? {}, []);
}
