import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { history, useIntl, useModel } from '@umijs/max';
import { Dropdown } from 'antd';
import React from 'react';
import { flushSync } from 'react-dom';
import { logout } from '../services/api';
import { clearSession } from '../utils/storage';

const AvatarDropdown: React.FC<{ children?: React.ReactNode }> = ({ children }) => {
  const intl = useIntl();
  const { setInitialState } = useModel('@@initialState');
  const doLogout = async () => {
    try {
      await logout();
    } catch {
      /* token may already be invalid */
    }
    clearSession();
    flushSync(() => setInitialState((s: any) => ({ ...s, currentUser: undefined, authority: undefined })));
    history.replace('/login');
  };
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'user', icon: <UserOutlined />, label: <span data-testid="menu-user-centre">{intl.formatMessage({ id: 'app.userCenter' })}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{intl.formatMessage({ id: 'app.logout' })}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') doLogout();
          else history.push(history.location.pathname.startsWith('/v8/lr') ? '/v8/lr/dw/user' : '/v8/dw/user');
        },
      }}
    >
      <button type="button" className="dw-trigger" data-testid="avatar" aria-haspopup="menu" title={intl.formatMessage({ id: 'app.userMenu' })}>
        {children}
      </button>
    </Dropdown>
  );
};

export default AvatarDropdown;
