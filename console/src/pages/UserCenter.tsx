import { PageContainer, ProCard, ProDescriptions, ProForm, ProFormText } from '@ant-design/pro-components';
import { useIntl, useModel } from '@umijs/max';
import { Form, Tag } from 'antd';
import React from 'react';
import { upPwd } from '../services/api';
import { roleLabel } from '../utils/perms';
import { setToken } from '../utils/storage';
import { toast } from '../utils/toast';

/** User centre: account summary and change password (old, new, confirm; each 6-18 characters). */
const UserCenter: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const [form] = Form.useForm();
  const len = { min: 6, max: 18, message: f('common.len6to18') };
  return (
    <PageContainer title={f('user.title')}>
      <ProCard direction="column" gutter={[0, 16]} ghost>
        <ProCard title={f('user.account')} bordered>
          <ProDescriptions column={2} dataSource={user ?? {}}>
            <ProDescriptions.Item label={f('user.loginName')} dataIndex="loginName" />
            <ProDescriptions.Item label={f('user.name')} dataIndex="name" />
            <ProDescriptions.Item label={f('user.email')} dataIndex="email" />
            <ProDescriptions.Item label={f('user.loginCount')} dataIndex="loginCount" />
            <ProDescriptions.Item label={f('user.lastLoginTime')} dataIndex="lastLoginTime" />
            <ProDescriptions.Item label={f('user.roles')}>
              {(user?.roles ?? []).map((r) => (
                <Tag key={r.id}>{roleLabel(f, r)}</Tag>
              ))}
            </ProDescriptions.Item>
          </ProDescriptions>
        </ProCard>
        <ProCard title={f('user.changePwd')} bordered>
          <ProForm
            form={form}
            style={{ maxWidth: 420 }}
            submitter={{ searchConfig: { submitText: f('common.save') }, resetButtonProps: false as any }}
            onFinish={async (values: { curpwd: string; pwd: string; pwdConfirm: string }) => {
              try {
                const res = await upPwd({ curpwd: values.curpwd, pwd: values.pwd });
                if (res?.data?.token) setToken(res.data.token);
                toast.success(f('user.pwdChanged'));
                form.resetFields();
                return true;
              } catch {
                return false;
              }
            }}
          >
            <ProFormText.Password
              name="curpwd"
              label={f('user.curpwd')}
              fieldProps={{ id: 'curpwd', autoComplete: 'current-password' }}
              rules={[{ required: true, message: f('common.required') }, len]}
            />
            <ProFormText.Password
              name="pwd"
              label={f('user.pwd')}
              fieldProps={{ id: 'pwd', autoComplete: 'new-password' }}
              rules={[{ required: true, message: f('common.required') }, len]}
            />
            <ProFormText.Password
              name="pwdConfirm"
              label={f('user.pwdConfirm')}
              dependencies={['pwd']}
              fieldProps={{ id: 'pwdConfirm', autoComplete: 'new-password' }}
              rules={[
                { required: true, message: f('common.required') },
                len,
                ({ getFieldValue }) => ({
                  validator: (_, v) =>
                    !v || getFieldValue('pwd') === v ? Promise.resolve() : Promise.reject(new Error(f('pwd.mismatch'))),
                }),
              ]}
            />
          </ProForm>
        </ProCard>
      </ProCard>
    </PageContainer>
  );
};

export default UserCenter;
