import { WechatOutlined } from '@ant-design/icons';
import { PageContainer, ProCard, ProForm, ProFormCaptcha, ProFormText } from '@ant-design/pro-components';
import { useIntl, useModel } from '@umijs/max';
import { Alert, Button, Form } from 'antd';
import React, { useEffect, useState } from 'react';
import { currentUser } from '../services/api';
import { bindPhone, loginOptions, PHONE_PATTERN, sendBindCode, weixinBindQr, type LoginOptions } from '../services/signin';
import { toast } from '../utils/toast';

/** dw/user/phone: bind or change the own phone with a code sent to it; bind WeChat for QR login. */
const UserPhone: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { initialState, setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm();
  const [opts, setOpts] = useState<LoginOptions>();
  const [error, setError] = useState<string>();
  const [info, setInfo] = useState<string>();
  const phone = initialState?.currentUser?.cellphone;

  useEffect(() => {
    loginOptions()
      .then((r) => r?.resultCode === 200 && setOpts(r.data))
      .catch(() => undefined);
  }, []);

  const refresh = async () => {
    const r = await currentUser({ skipErrorHandler: true });
    if (r?.resultCode === 200) setInitialState((s: any) => ({ ...s, currentUser: { ...s?.currentUser, ...r.data } }));
  };

  const errorOf = (e: any) => e?.response?.data?.resultMsg || e?.data?.resultMsg || e?.message;

  return (
    <PageContainer title={f('signin.phone.title')}>
      <ProCard direction="column" gutter={[0, 16]} ghost>
        <ProCard title={f('signin.phone.title')} bordered>
          <p data-testid="current-phone">
            {f('signin.phone.current')}: {phone || f('signin.phone.none')}
          </p>
          {opts && !opts.sms && <Alert type="info" showIcon message={f('signin.phone.smsOff')} style={{ marginBottom: 16 }} />}
          {error && <Alert data-testid="phone-error" type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
          {info && !error && <Alert data-testid="phone-info" type="info" showIcon message={info} style={{ marginBottom: 16 }} />}
          <ProForm
            form={form}
            style={{ maxWidth: 420 }}
            disabled={opts ? !opts.sms : false}
            submitter={{ searchConfig: { submitText: f('signin.phone.bind') }, resetButtonProps: false as any }}
            onFinish={async (v: { phone: string; code: string }) => {
              setError(undefined);
              try {
                const r = await bindPhone(v.phone, v.code);
                if (r?.resultCode !== 200) {
                  setError(r?.resultMsg);
                  return false;
                }
                toast.success(f('signin.phone.bound'));
                setInfo(undefined);
                form.resetFields();
                await refresh();
                return true;
              } catch (e) {
                setError(errorOf(e));
                return false;
              }
            }}
          >
            <ProFormText
              name="phone"
              label={f('signin.phone.new')}
              extra={f('signin.phone.help')}
              fieldProps={{ id: 'bind-phone', autoComplete: 'tel', inputMode: 'tel', 'aria-label': f('signin.phone.new') }}
              rules={[
                { required: true, message: f('login.mobile.required') },
                { pattern: PHONE_PATTERN, message: f('signin.mobile.invalid') },
              ]}
            />
            <ProFormCaptcha
              name="code"
              label={f('signin.phone.code')}
              phoneName="phone"
              countDown={opts?.resendSeconds || 60}
              fieldProps={{ id: 'bind-code', autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6, 'aria-label': f('signin.phone.code') }}
              captchaProps={{ 'data-testid': 'bind-get-code' } as any}
              captchaTextRender={(timing, count) => (timing ? intl.formatMessage({ id: 'signin.code.resend' }, { s: count }) : f('login.getCaptcha'))}
              rules={[
                { required: true, message: f('login.captcha.required') },
                { pattern: /^[0-9]{6}$/, message: f('signin.code.invalid') },
              ]}
              onGetCaptcha={async (p) => {
                setError(undefined);
                let r;
                try {
                  r = await sendBindCode(p);
                } catch (e: any) {
                  r = e?.response?.data;
                }
                if (r?.resultCode !== 200) {
                  setError(r?.resultMsg || f('login.failed'));
                  throw new Error('not sent');
                }
                setInfo(intl.formatMessage({ id: 'signin.code.sent' }, { phone: p }));
              }}
            />
          </ProForm>
        </ProCard>
        {opts?.weixin && (
          <ProCard title={f('signin.wx.title')} bordered>
            <p>{f('signin.wx.bindHelp')}</p>
            <Button
              icon={<WechatOutlined />}
              data-testid="wx-bind"
              onClick={async () => {
                try {
                  const r = await weixinBindQr();
                  if (r?.resultCode === 200 && r.data?.url) window.location.assign(r.data.url);
                  else setError(r?.resultMsg);
                } catch (e) {
                  setError(errorOf(e));
                }
              }}
            >
              {f('signin.wx.bind')}
            </Button>
          </ProCard>
        )}
      </ProCard>
    </PageContainer>
  );
};

export default UserPhone;
