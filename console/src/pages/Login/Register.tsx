import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { history, Link, useIntl } from '@umijs/max';
import React from 'react';
import LangSwitch from '../../components/LangSwitch';
import { register } from '../../services/api';
import { toast } from '../../utils/toast';
import styles from './login.less';

const Register: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const len = { min: 6, max: 18, message: f('common.len6to18') };
  return (
    <div className={styles.container}>
      <div className={styles.lang}>
        <LangSwitch />
      </div>
      <main className={styles.content}>
        <LoginForm
          logo={<img alt="" src="/logo.svg" />}
          title={<h1 style={{ font: 'inherit', margin: 0, color: 'inherit' }}>{f('register.title')}</h1>}
          subTitle={f('login.subTitle')}
          submitter={{ searchConfig: { submitText: f('register.submit') } }}
          onFinish={async (values: Record<string, string>) => {
            try {
              await register(values);
              toast.success(f('register.success'));
              history.push('/login');
              return true;
            } catch {
              return false;
            }
          }}
          actions={
            <div style={{ textAlign: 'right' }}>
              <Link to="/login">{f('login.toLogin')}</Link>
            </div>
          }
        >
          <ProFormText
            name="loginName"
            fieldProps={{ size: 'large', prefix: <UserOutlined /> }}
            placeholder={f('register.loginName')}
            rules={[{ required: true, message: f('common.required') }, len]}
          />
          <ProFormText
            name="email"
            fieldProps={{ size: 'large', prefix: <MailOutlined /> }}
            placeholder={f('register.email')}
            rules={[
              { required: true, message: f('common.required') },
              { type: 'email', message: f('common.email') },
            ]}
          />
          <ProFormText name="name" fieldProps={{ size: 'large', prefix: <UserOutlined /> }} placeholder={f('register.name')} />
          <ProFormText.Password
            name="password"
            fieldProps={{ size: 'large', prefix: <LockOutlined /> }}
            placeholder={f('register.password')}
            rules={[{ required: true, message: f('common.required') }, len]}
          />
          <ProFormText.Password
            name="pwdConfirm"
            dependencies={['password']}
            fieldProps={{ size: 'large', prefix: <LockOutlined /> }}
            placeholder={f('register.confirm')}
            rules={[
              { required: true, message: f('common.required') },
              len,
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  !v || getFieldValue('password') === v ? Promise.resolve() : Promise.reject(new Error(f('pwd.mismatch'))),
              }),
            ]}
          />
        </LoginForm>
      </main>
    </div>
  );
};

export default Register;
