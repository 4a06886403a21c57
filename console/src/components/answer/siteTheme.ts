// The site's theme on answer pages: get-sys-property for this hostname (per-domain branding,
// services/site) gives the theme colour and logo used when the survey sets none of its own.
import { useEffect, useState } from 'react';
import { safeNavigationUrl } from '../../utils/safeUrl';

export type SiteTheme = { primaryColor?: string; logo?: string; siteName?: string };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Keeps only what is safe to use: a hex colour and an http(s) or same-site logo address. */
export function cleanSiteTheme(data: any): SiteTheme {
  const th = data?.propertyJson?.sysTheme ?? {};
  return {
    primaryColor: typeof th.primaryColor === 'string' && HEX.test(th.primaryColor) ? th.primaryColor : undefined,
    logo: safeNavigationUrl(th.logo) || undefined,
    siteName: typeof data?.siteName === 'string' ? data.siteName : undefined,
  };
}

let loading: Promise<SiteTheme> | undefined;

/** Loads the site theme once per page (failures give no theme: the page keeps its defaults). */
export function loadSiteTheme(): Promise<SiteTheme> {
  loading ??= fetch(`/api/dwsurvey/anon/web/get-sys-property?hostname=${encodeURIComponent(window.location.hostname)}`, { credentials: 'same-origin' })
    .then((r) => r.json())
    .then((b) => cleanSiteTheme(b?.data))
    .catch(() => ({}));
  return loading;
}

export function useSiteTheme(): SiteTheme {
  const [t, setT] = useState<SiteTheme>({});
  useEffect(() => {
    let live = true;
    void loadSiteTheme().then((v) => live && setT(v));
    return () => {
      live = false;
    };
  }, []);
  return t;
}
