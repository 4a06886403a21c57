import type { RequestConfig, RunTimeLayoutConfig } from '@umijs/max';
import { getLocale, history } from '@umijs/max';
import React, { Suspense } from 'react';
import { requestConfig } from './requestConfig';
import { currentUser as fetchCurrentUser, footerInfo, sysProperty, type FooterInfo, type PropertyJson, type SafeUser } from './services/api';
import RouteHeading from './components/RouteHeading';
import SiteTheme from './components/SiteTheme';
import { safeNavigationUrl } from './utils/safeUrl';
import { t } from './utils/i18n';
import { inertTableMeasureRows, keyboardLinks, layoutLandmarks } from './utils/a11y';
import { applyStoredLanguage } from './utils/languageRuntime';
import { setFormatLocaleSource } from './utils/format';
import { isLrPath, isPublicPath, menuForPath } from './utils/menu';
import { getAuthority, getToken, setAuthority, setItem } from './utils/storage';
import { setSiteName, updateTitle } from './utils/title';

applyStoredLanguage();
setFormatLocaleSource(getLocale);
inertTableMeasureRows();
layoutLandmarks(() => t('app.mainMenu'), () => t('app.breadcrumb'));
keyboardLinks();

// Header widgets and result pages load on demand: the entry bundle is shared by the
// respondent answer pages, whose first load must stay small.
const AvatarDropdown = React.lazy(() => import('./components/AvatarDropdown'));
const LangSwitch = React.lazy(() => import('./components/LangSwitch'));
const NoticeBell = React.lazy(() => import('./components/NoticeBell'));
const Result = React.lazy(() => import('antd/es/result'));
const lazy = (node: React.ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

export type InitialState = {
  currentUser?: SafeUser;
  authority?: string[];
  siteInfo?: FooterInfo;
  /** The site's theme colour and logo (get-sys-property for this hostname). */
  siteTheme?: NonNullable<PropertyJson['sysTheme']>;
  fetchUserInfo?: () => Promise<SafeUser | undefined>;
};



async function loadUser(): Promise<SafeUser | undefined> {
  if (!getToken()) return undefined;
  try {
    const res = await fetchCurrentUser({ skipErrorHandler: true });
    const u = res?.data;
    if (u) {
      if (u.currentAuthority) setAuthority(u.currentAuthority);
      setItem('userName', u.loginName);
    }
    return u;
  } catch {
    return undefined;
  }
}

export async function getInitialState(): Promise<InitialState> {
  const [site, user, prop] = await Promise.all([
    footerInfo()
      .then((r) => r?.data)
      .catch(() => undefined),
    isPublicPath(window.location.pathname) ? Promise.resolve(undefined) : loadUser(),
    sysProperty()
      .then((r) => r?.data?.propertyJson?.sysTheme)
      .catch(() => undefined),
  ]);
  setSiteName(site?.siteName);
  updateTitle();
  return {
    currentUser: user,
    authority: user?.currentAuthority ?? getAuthority(),
    siteInfo: site,
    siteTheme: prop ?? undefined,
    fetchUserInfo: loadUser,
  };
}

export function onRouteChange({ location }: { location: Location }) {
  updateTitle(location.pathname);
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const pathname = history.location.pathname;
  const lr = isLrPath(pathname);
  return {
    logo: safeNavigationUrl(initialState?.siteTheme?.logo) || '/logo.svg',
    title: initialState?.siteInfo?.siteName || 'DWSurvey',
    layout: lr ? 'side' : 'top',
    splitMenus: false,
    fixedHeader: true,
    fixSiderbar: true,
    contentWidth: 'Fluid',
    menu: { locale: true },
    rightContentRender: false,
    actionsRender: () => [
      ...(initialState?.currentUser ? [<React.Fragment key="notice">{lazy(<NoticeBell />)}</React.Fragment>] : []),
      <React.Fragment key="lang">{lazy(<LangSwitch />)}</React.Fragment>,
    ],
    avatarProps: {
      src: initialState?.currentUser?.avatar || '/avatar.svg',
      size: 'small',
      // decorative: the user's name is shown next to it (and names the menu button)
      alt: '',
      title: initialState?.currentUser?.name || initialState?.currentUser?.loginName,
      render: (_: unknown, dom: React.ReactNode) => <Suspense fallback={dom}><AvatarDropdown>{dom}</AvatarDropdown></Suspense>,
    },
    postMenuData: (menus: any[] | undefined) => menuForPath(menus ?? [], history.location.pathname),
    onPageChange: () => {
      const { location } = history;
      if (!initialState?.currentUser && !isPublicPath(location.pathname)) {
        const redirect = encodeURIComponent(location.pathname + location.search);
        history.replace(`/login?redirect=${redirect}`);
      }
      updateTitle(location.pathname);
    },
    childrenRender: (children: React.ReactNode) => (
      <>
        <SiteTheme />
        <RouteHeading />
        {children}
      </>
    ),
    unAccessible: lazy(<Result status="403" title="403" subTitle={t('app.noAccess')} />),
    noFound: lazy(<Result status="404" title="404" subTitle={t('app.notFound')} />),
    token: {
      header: { colorBgMenuItemSelected: 'rgba(1,90,180,0.08)' },
    },
  };
};

export const request: RequestConfig = requestConfig;
