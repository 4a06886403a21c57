// /v8/dw/admin (and /v8/lr/dw/admin): opens the first admin page this user may see, so an
// administrator with only some admin permissions never lands on a 403 page.
import { Navigate, useAccess, useIntl, useLocation } from '@umijs/max';
import { Result } from 'antd';
import React from 'react';
import { firstAdminPath } from './adminHome';

const AdminHome: React.FC = () => {
  const access = useAccess();
  const intl = useIntl();
  const { pathname } = useLocation();
  const to = firstAdminPath(access, pathname);
  return to ? <Navigate to={to} replace /> : <Result status="403" title="403" subTitle={intl.formatMessage({ id: 'app.noAccess' })} />;
};

export default AdminHome;
