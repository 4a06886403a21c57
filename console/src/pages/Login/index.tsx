import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormCaptcha, ProFormText } from '@ant-design/pro-components';
import { history, Link, useIntl, useModel, useParams } from '@umijs/max';
import { Alert, Button, Tabs } from 'antd';
import React, { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import LangSwitch from '../../components/LangSwitch';
import { login, sysProperty, type LoginResult } from '../../services/api';
import { setAuthority, setItem, setToken } from '../../utils/storage';
import { safeRedirect } from '../../utils/redirect';
import { toast } from '../../utils/toast';
import styles from './login.less';

type Tab = 'account' | 'sms' | 'app';

const Login: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { initialState, setInitialState } = useModel('@@initialState');
  const params = useParams<{ sid?: string }>();
  const [tab, setTab] = useState<Tab>('account');
  const [error, setError] = useState<string>();
  const [loginTitle, setLoginTitle] = useState<string>();
  const [loginSubTitle, setLoginSubTitle] = useState<string>();
  const [registerEnabled, setRegisterEnabled] = useState(true);

  useEffect(() => {
    sysProperty()
      .then((r) => {
        const lr = r?.data?.propertyJson?.loginRegister;
        if (lr?.loginTitle) setLoginTitle(lr.loginTitle);
        if (lr?.loginSubTitle) setLoginSubTitle(lr.loginSubTitle);
        if (lr?.registerEnabled === false) setRegisterEnabled(false);
      })
      .catch(() => undefined);
  }, []);

  const finish = async (res: LoginResult) => {
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
          currentUser: user ? { ...user, currentAuthority: user.currentAuthority ?? res.currentAuthority } : user,
          authority: res.currentAuthority,
        })),
      );
      const q = new URL(window.location.href).searchParams.get('redirect');
      const fallback = params.sid ? `/v8/diaowen/an/${params.sid}` : '/v8/dw/survey';
      history.replace(safeRedirect(q, fallback));
      return true;
    }
    setError(res?.httpResult?.resultMsg || f('login.failed'));
    return false;
  };

  const submit = async (values: Record<string, string>) => {
    setError(undefined);
    try {
      if (tab === 'account') {
        return await finish(await login({ type: 'account', userName: values.userName, password: values.password }));
      }
      if (tab === 'sms') {
        return await finish(await login({ type: 'sms', userName: values.mobile, mobile: values.mobile, captcha: values.captcha }));
      }
      return false;
    } catch (e: any) {
      // transport failures were already shown by the request layer
      const body = e?.response?.data;
      if (body?.httpResult?.resultMsg) setError(body.httpResult.resultMsg);
      return false;
    }
  };

  const appLogin = async () => {
    setError(undefined);
    try {
      await finish(await login({ type: 'messaging-app' }));
    } catch {
      /* shown by the request layer */
    }
  };

  return (
    <div className={styles.container}>
      <div className={styles.lang}>
        <LangSwitch />
      </div>
      <div className={styles.content}>
        <LoginForm
          logo={<img alt="logo" src="/logo.svg" />}
          title={loginTitle || initialState?.siteInfo?.siteName || f('app.name')}
          subTitle={loginSubTitle || f('login.subTitle')}
          onFinish={submit}
          submitter={tab === 'app' ? false : { searchConfig: { submitText: f('login.submit') } }}
          actions={
            registerEnabled ? (
              <div style={{ textAlign: 'right' }}>
                <Link to="/login/register" data-testid="to-register">
                  {f('login.register')}
                </Link>
              </div>
            ) : null
          }
        >
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setTab(k as Tab);
              setError(undefined);
            }}
            centered
            items={[
              { key: 'account', label: f('login.tab.account') },
              { key: 'sms', label: f('login.tab.sms') },
              { key: 'app', label: f('login.tab.app') },
            ]}
          />
          {error && <Alert data-testid="login-error" style={{ marginBottom: 24 }} message={error} type="error" showIcon />}
          {tab === 'account' && (
            <>
              <ProFormText
                name="userName"
                fieldProps={{ size: 'large', prefix: <UserOutlined />, id: 'login-userName', autoComplete: 'username' }}
                placeholder={f('login.userName')}
                rules={[{ required: true, message: f('login.userName.required') }]}
              />
              <ProFormText.Password
                name="password"
                fieldProps={{ size: 'large', prefix: <LockOutlined />, id: 'login-password', autoComplete: 'current-password' }}
                placeholder={f('login.password')}
                rules={[{ required: true, message: f('login.password.required') }]}
              />
            </>
          )}
          {tab === 'sms' && (
            <>
              <ProFormText
                name="mobile"
                fieldProps={{ size: 'large', prefix: <MobileOutlined /> }}
                placeholder={f('login.mobile')}
                rules={[{ required: true, message: f('login.mobile.required') }]}
              />
              <ProFormCaptcha
                name="captcha"
                phoneName="mobile"
                fieldProps={{ size: 'large', prefix: <LockOutlined /> }}
                placeholder={f('login.captcha')}
                captchaTextRender={(timing, count) => (timing ? `${count}s` : f('login.getCaptcha'))}
                rules={[{ required: true, message: f('login.captcha.required') }]}
                onGetCaptcha={async (mobile) => {
                  // no SMS provider yet: ask the server, which answers "not configured"
                  const res = await login({ type: 'sms', userName: mobile, mobile });
                  setError(res?.httpResult?.resultMsg || f('login.failed'));
                  throw new Error('not configured');
                }}
              />
            </>
          )}
          {tab === 'app' && (
            <div style={{ textAlign: 'center', marginBottom: 24 }}>
              <p>{f('login.appScan')}</p>
              <Button type="primary" onClick={appLogin} data-testid="app-login">
                {f('login.appQr')}
              </Button>
            </div>
          )}
        </LoginForm>
      </div>
    </div>
  );
};

export default Login;
