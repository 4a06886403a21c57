// Stand-in for '@umijs/max' in the light answer entry (scripts/build-answer.mjs aliases the
// module here): the two hooks the answer components use, without umi's runtime, react-intl
// or antd. The umi build keeps using the real module; the components are the same.
import { useMemo } from 'react';
import en from '../../../locales/answer/en-US';
import zh from '../../../locales/answer/zh-CN';
import { resolveLanguage } from '../../../utils/language';
import { getItem } from '../../../utils/storage';

const MESSAGES: Record<string, Record<string, string>> = { 'en-US': en, 'zh-CN': zh };

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

const intl = (() => {
  const locale = currentLocale();
  const messages = MESSAGES[locale] ?? en;
  return {
    locale,
    messages,
    formatMessage: ({ id, defaultMessage }: { id: string; defaultMessage?: string }, values?: Record<string, unknown>) =>
      format(messages[id] ?? en[id as keyof typeof en] ?? defaultMessage ?? id, values),
  };
})();

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
