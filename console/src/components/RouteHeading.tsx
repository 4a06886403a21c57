import { useIntl, useLocation } from '@umijs/max';
import React from 'react';
import { titleKeyOf } from '../utils/title';

/**
 * The page's h1 for assistive technology: the route's title, visually hidden. The layout renders
 * it on every page; utils/a11y `layoutLandmarks` hides it (the hidden attribute) while the page
 * shows an h1 of its own (the page container's title, the designer's survey title…), so a page
 * has exactly one.
 */
export default function RouteHeading() {
  const { pathname } = useLocation();
  const intl = useIntl();
  const key = titleKeyOf(pathname);
  if (!key) return null;
  return (
    <h1 className="dw-sr-only" data-route-heading="">
      {intl.formatMessage({ id: key })}
    </h1>
  );
}
