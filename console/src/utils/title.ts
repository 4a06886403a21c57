import { matchRoutes } from '@umijs/max';
import routes from '../../config/routes';
import { t } from './i18n';

type Flat = { path: string; titleKey: string };

function flatten(list: any[], out: Flat[] = []): Flat[] {
  for (const r of list) {
    if (r.path && r.titleKey && !r.redirect) out.push({ path: r.path, titleKey: r.titleKey });
    if (r.routes) flatten(r.routes, out);
  }
  return out;
}

const FLAT = flatten(routes as any[]);
let siteName = '';

export function setSiteName(name: string | undefined) {
  siteName = name || '';
}

/** Locale id of the page title of a path, from the route metadata. */
export function titleKeyOf(pathname: string): string | undefined {
  const m = matchRoutes(FLAT, pathname);
  return m?.length ? (m[m.length - 1].route as Flat).titleKey : undefined;
}

/** Page title = route title + site name (from anon/web/footer-info.do). */
export function pageTitle(pathname = window.location.pathname) {
  const key = titleKeyOf(pathname);
  const page = key ? t(key) : '';
  const site = siteName || t('app.name');
  return page ? `${page} - ${site}` : site;
}

export function updateTitle(pathname = window.location.pathname) {
  document.title = pageTitle(pathname);
}
