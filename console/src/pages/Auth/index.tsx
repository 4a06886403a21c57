import { history, Link, useIntl, useModel, useParams } from '@umijs/max';
import { Alert, Button, Card, Spin } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { LoginResult } from '../../services/api';
import { oidcLogin, weixinLogin } from '../../services/signin';
import { setAuthority, setItem, setToken } from '../../utils/storage';
import { toast } from '../../utils/toast';

/** /auth/{kind}: where single sign-on (oidc) and WeChat (weixin) send the browser back with
 * code and state; the server checks the state (one use, 10 minutes) and logs in or binds. */
const Auth: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { kind } = useParams<{ kind: string }>();
  const { setInitialState } = useModel('@@initialState');
  const [error, setError] = useState<string>();
  const [bound, setBound] = useState(false);
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return; // a code can be used once (React's double effects in development)
    once.current = true;
    const q = new URL(window.location.href).searchParams;
    const body = { code: q.get('code') ?? '', state: q.get('state') ?? '', error: q.get('error') ?? undefined };
    const run = async () => {
      let res: (LoginResult & { resultCode?: number; resultMsg?: string; data?: { bound?: boolean } }) | undefined;
      try {
        res = kind === 'oidc' ? await oidcLogin(body) : kind === 'weixin' ? await weixinLogin(body) : undefined;
      } catch (e: any) {
        res = e?.response?.data;
      }
      if (res?.data?.bound) {
        setBound(true);
        toast.success(f('signin.auth.bound'));
        return;
      }
      if (res?.status === 'ok' && res.token) {
        setToken(res.token);
        setAuthority(res.currentAuthority);
        const user = res.httpResult?.data;
        setItem('userName', user?.loginName);
        setItem('loginCount', user?.loginCount ?? '');
        toast.success(f('login.success'));
        flushSync(() =>
          setInitialState((s: any) => ({
            ...s,
            currentUser: user ? { ...user, currentAuthority: user.currentAuthority ?? res!.currentAuthority } : user,
            authority: res!.currentAuthority,
          })),
        );
        history.replace('/v8/dw/survey');
        return;
      }
      setError(res?.httpResult?.resultMsg || res?.resultMsg || f('login.failed'));
    };
    run();
  }, [kind]);

  return (
    <main style={{ display: 'flex', justifyContent: 'center', paddingTop: 96 }}>
      <Card style={{ width: 420 }} title={<h1 style={{ fontSize: 18, margin: 0 }}>{f('login.title')}</h1>}>
        {error ? (
          <>
            <Alert data-testid="auth-error" type="error" showIcon message={f('signin.auth.failed')} description={error} style={{ marginBottom: 16 }} />
            <Link to="/login">{f('signin.auth.back')}</Link>
          </>
        ) : bound ? (
          <>
            <Alert data-testid="auth-bound" type="success" showIcon message={f('signin.auth.bound')} style={{ marginBottom: 16 }} />
            <Button type="primary" onClick={() => history.replace('/v8/dw/user/phone')}>
              {f('signin.auth.toUser')}
            </Button>
          </>
        ) : (
          <div role="status" aria-live="polite" style={{ textAlign: 'center' }}>
            <Spin />
            <p style={{ marginTop: 12 }}>{f('signin.auth.working')}</p>
          </div>
        )}
      </Card>
    </main>
  );
};

export default Auth;
