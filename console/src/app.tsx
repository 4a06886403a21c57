import type { RequestConfig, RunTimeLayoutConfig } from '@umijs/max';
import { history } from '@umijs/max';
import React, { Suspense } from 'react';
import { requestConfig } from './requestConfig';
import { currentUser as fetchCurrentUser, footerInfo, type FooterInfo, type SafeUser } from './services/api';
import { t } from './utils/i18n';
import { applyStoredLanguage } from './utils/languageRuntime';
import { isLrPath, isPublicPath, menuForPath } from './utils/menu';
import { getAuthority, getToken, setAuthority, setItem } from './utils/storage';
import { setSiteName, updateTitle } from './utils/title';

applyStoredLanguage();

// Header widgets and result pages load on demand: the entry bundle is shared by the
// respondent answer pages, whose first load must stay small.
const AvatarDropdown = React.lazy(() => import('./components/AvatarDropdown'));
const LangSwitch = React.lazy(() => import('./components/LangSwitch'));
const Result = React.lazy(() => import('antd/es/result'));
const lazy = (node: React.ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

export type InitialState = {
  currentUser?: SafeUser;
  authority?: string[];
  siteInfo?: FooterInfo;
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
  const [site, user] = await Promise.all([
    footerInfo()
      .then((r) => r?.data)
      .catch(() => undefined),
    isPublicPath(window.location.pathname) ? Promise.resolve(undefined) : loadUser(),
  ]);
  setSiteName(site?.siteName);
  updateTitle();
  return {
    currentUser: user,
    authority: user?.currentAuthority ?? getAuthority(),
    siteInfo: site,
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
    logo: '/logo.svg',
    title: initialState?.siteInfo?.siteName || 'DWSurvey',
    layout: lr ? 'side' : 'top',
    splitMenus: false,
    fixedHeader: true,
    fixSiderbar: true,
    contentWidth: 'Fluid',
    menu: { locale: true },
    rightContentRender: false,
    actionsRender: () => [<React.Fragment key="lang">{lazy(<LangSwitch />)}</React.Fragment>],
    avatarProps: {
      src: initialState?.currentUser?.avatar || '/avatar.svg',
      size: 'small',
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
    unAccessible: lazy(<Result status="403" title="403" subTitle={t('app.noAccess')} />),
    noFound: lazy(<Result status="404" title="404" subTitle={t('app.notFound')} />),
    token: {
      header: { colorBgMenuItemSelected: 'rgba(1,90,180,0.08)' },
    },
  };
};

export const request: RequestConfig = requestConfig;
