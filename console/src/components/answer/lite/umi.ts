// Stand-in for '@umijs/max' in the light answer entry (scripts/build-answer.mjs aliases the
// module here): the two hooks the answer components use, without umi's runtime, react-intl
// or antd. The umi build keeps using the real module; the components are the same.
import { useMemo } from 'react';
import { resolveLanguage } from '../../../utils/language';
import { getItem } from '../../../utils/storage';

export function currentLocale(): string {
  let nav: readonly string[] = [];
  try {
    nav = navigator.languages?.length ? navigator.languages : [navigator.language];
  } catch {
    /* no navigator */
  }
  const lang = resolveLanguage(getItem('language'), nav);
  // the answer texts exist in zh-CN and en-US; other console languages answer in English
  return lang === 'zh-CN' ? lang : 'en-US';
}

/** Replaces {name} placeholders (the answer texts use no plural or select forms). */
export function format(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\s*(\w+)\s*\}/g, (all, k: string) => (k in values && values[k] !== undefined && values[k] !== null ? String(values[k]) : all));
}

let messages: Record<string, string> = {};

/**
 * Loads the texts of the interface language (one chunk per language, so a page loads only its
 * own; tests/locales.test.ts keeps both with the same keys). Called by entry.tsx before rendering.
 */
export async function loadMessages(): Promise<void> {
  messages = intl.locale === 'zh-CN' ? (await import('../../../locales/answer/zh-CN')).default : (await import('../../../locales/answer/en-US')).default;
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
