import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { LoginForm, ProFormCaptcha, ProFormText } from '@ant-design/pro-components';
import { history, Link, useIntl, useModel, useParams } from '@umijs/max';
import { Alert, Button, Divider, Tabs } from 'antd';
import React, { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import LangSwitch from '../../components/LangSwitch';
import { contactLogin, contactUpPwd, login, sysProperty, type LoginResult } from '../../services/api';
import { loginOptions, oidcStart, PHONE_PATTERN, phoneLogin, sendLoginCode, weixinQr, type LoginOptions } from '../../services/signin';
import { setAuthority, setItem, setToken } from '../../utils/storage';
import { safeRedirect } from '../../utils/redirect';
import { toast } from '../../utils/toast';
import styles from './login.less';

type Tab = 'account' | 'sms' | 'app' | 'pwd';

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
  const [opts, setOpts] = useState<LoginOptions>();
  const [info, setInfo] = useState<string>();

  useEffect(() => {
    loginOptions()
      .then((r) => r?.resultCode === 200 && setOpts(r.data))
      .catch(() => undefined);
  }, []);

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
    if (res?.status === 'ok' && res.token && res.type === 'contact') {
      // a contact answers only: keep its token for the answer page and go back there
      setToken(res.token);
      toast.success(f('login.success'));
      const q = new URL(window.location.href).searchParams.get('redirect');
      window.location.replace(safeRedirect(q, `/v8/diaowen/an/${params.sid}`));
      return true;
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
      if (tab === 'pwd' && params.sid) {
        // a contact changes its password: log in with the current one, then replace it
        const res = await contactLogin({ sid: params.sid, userName: values.userName, password: values.password });
        if (res?.status !== 'ok' || !res.token) {
          setError(res?.httpResult?.resultMsg || f('login.failed'));
          return false;
        }
        if (res.type !== 'contact') {
          setError(f('ct.pwd.notContact'));
          return false;
        }
        const up = await contactUpPwd(res.token, { curpwd: values.password, pwd: values.newPassword });
        if (up.resultCode !== 200) {
          setError(up.resultMsg || f('login.failed'));
          return false;
        }
        toast.success(f('ct.pwd.changed'));
        return finish(res);
      }
      if (tab === 'account' && params.sid) {
        return await finish(await contactLogin({ sid: params.sid, userName: values.userName, password: values.password }));
      }
      if (tab === 'account') {
        return await finish(await login({ type: 'account', userName: values.userName, password: values.password }));
      }
      if (tab === 'sms') {
        return await finish(await phoneLogin(values.mobile, values.captcha));
      }
      return false;
    } catch (e: any) {
      // transport failures were already shown by the request layer
      const body = e?.response?.data;
      if (body?.httpResult?.resultMsg) setError(body.httpResult.resultMsg);
      return false;
    }
  };

  // contacts of /login/an/{sid} change their password here (not a tab: four tabs overflow the card)
  const togglePwd = () => {
    setTab(tab === 'pwd' ? 'account' : 'pwd');
    setError(undefined);
  };

  // WeChat QR and single sign-on leave for the provider's page; the console's /auth/{kind}
  // page finishes the login when the provider sends the browser back
  const leaveFor = async (start: typeof weixinQr) => {
    setError(undefined);
    try {
      const r = await start();
      if (r?.resultCode === 200 && r.data?.url) {
        window.location.assign(r.data.url);
        return;
      }
      setError(r?.resultMsg || f('login.failed'));
    } catch (e: any) {
      setError(e?.response?.data?.resultMsg || f('login.failed'));
    }
  };
  const appLogin = () => leaveFor(weixinQr);
  const tabs = [
    { key: 'account', label: f('login.tab.account') },
    ...(opts?.sms ? [{ key: 'sms', label: f('login.tab.sms') }] : []),
    ...(opts?.weixin ? [{ key: 'app', label: f('login.tab.app') }] : []),
  ];

  return (
    <div className={styles.container}>
      <div className={styles.lang}>
        <LangSwitch />
      </div>
      <main className={styles.content}>
        <LoginForm
          logo={<img alt="" src="/logo.svg" />}
          title={<h1 style={{ font: 'inherit', margin: 0, color: 'inherit' }}>{loginTitle || initialState?.siteInfo?.siteName || f('app.name')}</h1>}
          subTitle={loginSubTitle || f('login.subTitle')}
          onFinish={submit}
          submitter={tab === 'app' ? false : { searchConfig: { submitText: f('login.submit') } }}
          actions={
            <>
              {opts?.oidc && tab !== 'pwd' && (
                <>
                  <Divider plain>{f('signin.or')}</Divider>
                  <Button block size="large" icon={<SafetyOutlined />} data-testid="sso-login" onClick={() => leaveFor(oidcStart)} style={{ marginBottom: 16 }}>
                    {opts.oidcButton || f('signin.sso')}
                  </Button>
                </>
              )}
              {registerEnabled || params.sid ? (
              <div style={{ display: 'flex', justifyContent: 'space-between' }}>
                {params.sid ? (
                  <a role="button" tabIndex={0} data-testid="contact-pwd" onClick={togglePwd} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), togglePwd())}>
                    {f(tab === 'pwd' ? 'ct.pwd.back' : 'ct.pwd.tab')}
                  </a>
                ) : (
                  <span />
                )}
                {registerEnabled && (
                  <Link to="/login/register" data-testid="to-register">
                    {f('login.register')}
                  </Link>
                )}
              </div>
            ) : null}
            </>
          }
        >
          {tab === 'pwd' && <h2 style={{ textAlign: 'center', fontSize: 16 }}>{f('ct.pwd.tab')}</h2>}
          <Tabs
            style={tab === 'pwd' ? { display: 'none' } : undefined}
            activeKey={tab}
            onChange={(k) => {
              setTab(k as Tab);
              setError(undefined);
            }}
            centered
            items={tabs}
          />
          {error && <Alert data-testid="login-error" style={{ marginBottom: 24 }} message={error} type="error" showIcon />}
          {info && !error && tab === 'sms' && <Alert data-testid="login-info" style={{ marginBottom: 24 }} message={info} type="info" showIcon />}
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
                fieldProps={{ size: 'large', prefix: <MobileOutlined />, id: 'login-mobile', autoComplete: 'tel', 'aria-label': f('login.mobile'), inputMode: 'tel' }}
                placeholder={f('login.mobile')}
                rules={[
                  { required: true, message: f('login.mobile.required') },
                  { pattern: PHONE_PATTERN, message: f('signin.mobile.invalid') },
                ]}
              />
              <ProFormCaptcha
                name="captcha"
                phoneName="mobile"
                countDown={opts?.resendSeconds || 60}
                fieldProps={{ size: 'large', prefix: <LockOutlined />, id: 'login-captcha', autoComplete: 'one-time-code', 'aria-label': f('login.captcha'), inputMode: 'numeric', maxLength: 6 }}
                captchaProps={{ 'data-testid': 'get-code' } as any}
                placeholder={f('login.captcha')}
                captchaTextRender={(timing, count) => (timing ? intl.formatMessage({ id: 'signin.code.resend' }, { s: count }) : f('login.getCaptcha'))}
                rules={[
                  { required: true, message: f('login.captcha.required') },
                  { pattern: /^[0-9]{6}$/, message: f('signin.code.invalid') },
                ]}
                onGetCaptcha={async (mobile) => {
                  setError(undefined);
                  setInfo(undefined);
                  let res;
                  try {
                    res = await sendLoginCode(mobile);
                  } catch (e: any) {
                    res = e?.response?.data;
                  }
                  if (res?.resultCode !== 200) {
                    setError(res?.resultMsg || f('login.failed'));
                    throw new Error('not sent'); // no countdown
                  }
                  setInfo(intl.formatMessage({ id: 'signin.code.sent' }, { phone: mobile }));
                }}
              />
            </>
          )}
          {tab === 'pwd' && (
            <>
              <ProFormText
                name="userName"
                fieldProps={{ size: 'large', prefix: <UserOutlined />, id: 'pwd-userName', autoComplete: 'username' }}
                placeholder={f('login.userName')}
                rules={[{ required: true, message: f('login.userName.required') }]}
              />
              <ProFormText.Password
                name="password"
                fieldProps={{ size: 'large', prefix: <LockOutlined />, id: 'pwd-current', autoComplete: 'current-password', 'aria-label': f('ct.pwd.current') }}
                placeholder={f('ct.pwd.current')}
                rules={[{ required: true, message: f('login.password.required') }]}
              />
              <ProFormText.Password
                name="newPassword"
                fieldProps={{ size: 'large', prefix: <LockOutlined />, id: 'pwd-new', autoComplete: 'new-password', 'aria-label': f('ct.pwd.new') }}
                placeholder={f('ct.pwd.new')}
                rules={[{ required: true, message: f('ct.rule.password') }, { min: 6, max: 18, message: f('ct.rule.password') }]}
              />
              <ProFormText.Password
                name="newPassword2"
                dependencies={['newPassword']}
                fieldProps={{ size: 'large', prefix: <LockOutlined />, id: 'pwd-new2', autoComplete: 'new-password', 'aria-label': f('ct.pwd.repeat') }}
                placeholder={f('ct.pwd.repeat')}
                rules={[
                  { required: true, message: f('ct.pwd.mismatch') },
                  ({ getFieldValue }) => ({
                    validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(f('ct.pwd.mismatch')))),
                  }),
                ]}
              />
            </>
          )}
          {tab === 'app' && (
            <div style={{ textAlign: 'center', marginBottom: 24 }}>
              <p>{f('signin.wx.scan')}</p>
              <Button type="primary" icon={<WechatOutlined />} onClick={appLogin} data-testid="app-login">
                {f('signin.wx.open')}
              </Button>
            </div>
          )}

        </LoginForm>
      </main>
    </div>
  );
};

export default Login;
