import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  ModalForm,
  PageContainer,
  ProFormSelect,
  ProFormText,
  ProFormTreeSelect,
  ProTable,
} from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Popconfirm, Space, Tag } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import {
  deptAll,
  roleAll,
  userAdd,
  userDelete,
  userEdit,
  userList,
  userResetLoginCount,
  userResetPwd,
  type AdminUser,
  type Dept,
  type Role,
} from '../../services/api';
import { toast } from '../../utils/toast';
import { namedRowSelection } from '../../utils/a11y';
import { defaultRoleIds } from './userDefaults';
import LinkButton from '../../components/LinkButton';
import { formatDateTime } from '../../utils/format';
import { roleLabel } from '../../utils/perms';

const STATUS_COLOR: Record<number, string> = { 0: 'red', 1: 'orange', 2: 'green' };

export function deptTreeData(tree: Dept[] | undefined): any[] {
  return (tree ?? []).map((d) => ({ title: d.name, value: d.id, key: d.id, children: deptTreeData(d.children) }));
}

const Users: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [resetIds, setResetIds] = useState<string[] | null>(null);
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [roles, setRoles] = useState<Role[] | undefined>(undefined);
  const len = { min: 6, max: 18, message: f('common.len6to18') };

  useEffect(() => {
    roleAll()
      .then((res) => setRoles(res?.data ?? []))
      .catch(() => setRoles([]));
  }, []);

  const statusEnum = {
    0: { text: f('admin.user.status.0'), status: 'Error' },
    1: { text: f('admin.user.status.1'), status: 'Warning' },
    2: { text: f('admin.user.status.2'), status: 'Success' },
  };

  const doDelete = async (ids: string[]) => {
    try {
      await userDelete(ids);
      toast.success(f('common.deleted'));
      setSelected([]);
      ref.current?.reload();
    } catch {
      /* shown by the request layer */
    }
  };

  const columns: ProColumns<AdminUser>[] = [
    { title: f('admin.user.loginName'), dataIndex: 'loginName', copyable: true },
    { title: f('admin.user.name'), dataIndex: 'name' },
    { title: f('admin.user.email'), dataIndex: 'email' },
    { title: f('admin.user.cellphone'), dataIndex: 'cellphone', search: false },
    {
      title: f('admin.user.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum,
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{f(`admin.user.status.${r.status}`)}</Tag>,
    },
    {
      title: f('admin.user.roles'),
      dataIndex: 'roles',
      search: false,
      render: (_, r) => (r.roles ?? []).map((x) => <Tag key={x.id}>{roleLabel(f, x)}</Tag>),
    },
    {
      title: f('admin.user.depts'),
      dataIndex: 'departments',
      search: false,
      render: (_, r) => (r.departments ?? []).map((x) => <Tag key={x.id}>{x.name}</Tag>),
    },
    { title: f('admin.user.loginCount'), dataIndex: 'loginCount', search: false, width: 90 },
    { title: f('admin.user.lastLoginTime'), dataIndex: 'lastLoginTime', search: false, renderText: (v: unknown) => formatDateTime(v) },
    { title: f('common.createTime'), dataIndex: 'createTime', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => [
        <LinkButton
          key="edit"
          data-testid={`edit-${r.loginName}`}
          onClick={() => {
            setEditing(r);
            setEditOpen(true);
          }}
        >
          {f('common.edit')}
        </LinkButton>,
        <LinkButton key="pwd" onClick={() => setResetIds([r.id])}>
          {f('admin.user.resetPwd')}
        </LinkButton>,
        <Popconfirm
          key="count"
          title={f('admin.user.resetLoginCountConfirm')}
          onConfirm={async () => {
            try {
              await userResetLoginCount([r.id]);
              toast.success(f('common.operationOk'));
              ref.current?.reload();
            } catch {
              /* shown */
            }
          }}
        >
          <LinkButton>{f('admin.user.resetLoginCount')}</LinkButton>
        </Popconfirm>,
        r.id !== '1' && (
          <Popconfirm key="del" title={f('admin.user.deleteConfirm', { name: r.loginName })} onConfirm={() => doDelete([r.id])}>
            <LinkButton danger>{f('common.delete')}</LinkButton>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <PageContainer>
      <ProTable<AdminUser>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, ...namedRowSelection<AdminUser>((r) => r.loginName, f) }}
        tableAlertOptionRender={() => (
          <Space>
            <LinkButton onClick={() => setResetIds(selected.map(String))}>{f('admin.user.batchResetPwd')}</LinkButton>
            <Popconfirm
              title={f('common.deleteSelectedConfirm', { n: selected.length })}
              onConfirm={() => doDelete(selected.map(String))}
            >
              <LinkButton danger>{f('common.delete')}</LinkButton>
            </Popconfirm>
          </Space>
        )}
        request={async (params) => {
          const { current, pageSize, loginName, name, email, status } = params as any;
          const res = await userList({ current, pageSize, loginName, name, email, status });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button
            key="add"
            type="primary"
            icon={<PlusOutlined />}
            data-testid="add-user"
            loading={roles === undefined}
            onClick={() => {
              setEditing(null);
              setEditOpen(true);
            }}
          >
            {f('admin.user.add')}
          </Button>,
        ]}
      />

      <ModalForm
        key={editing?.id ?? 'new'}
        title={editing ? f('admin.user.edit') : f('admin.user.add')}
        open={editOpen}
        onOpenChange={setEditOpen}
        modalProps={{ destroyOnClose: true }}
        initialValues={
          editing
            ? {
                ...editing,
                password: '',
                roleIds: editing.roleIds ?? editing.roles?.map((r) => r.id),
                deptIds: editing.deptIds ?? editing.departments?.map((d) => d.id),
              }
            : { status: 2, roleIds: defaultRoleIds(roles), deptIds: [] }
        }
        onFinish={async (v: Record<string, any>) => {
          const body = { ...v, status: Number(v.status), roleIds: v.roleIds ?? [], deptIds: v.deptIds ?? [] };
          try {
            if (editing) await userEdit({ ...body, id: editing.id, password: v.password || '' });
            else await userAdd(body);
            toast.success(f('common.saved'));
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText
          name="loginName"
          label={f('admin.user.loginName')}
          fieldProps={{ id: 'user-loginName' }}
          rules={[{ required: true, message: f('common.required') }, len]}
        />
        <ProFormText name="name" label={f('admin.user.name')} fieldProps={{ id: 'user-name' }} />
        <ProFormText
          name="email"
          label={f('admin.user.email')}
          fieldProps={{ id: 'user-email' }}
          rules={[
            { required: true, message: f('common.required') },
            { type: 'email', message: f('common.email') },
          ]}
        />
        <ProFormText name="cellphone" label={f('admin.user.cellphone')} />
        <ProFormText.Password
          name="password"
          label={f('admin.user.password')}
          placeholder={editing ? f('admin.user.passwordEditHint') : undefined}
          extra={editing ? f('admin.user.passwordEditHint') : undefined}
          fieldProps={{ id: 'user-password', autoComplete: 'new-password' }}
          rules={editing ? [len] : [{ required: true, message: f('common.required') }, len]}
        />
        <ProFormSelect
          name="status"
          label={f('admin.user.status')}
          rules={[{ required: true, message: f('common.required') }]}
          options={[0, 1, 2].map((s) => ({ value: s, label: f(`admin.user.status.${s}`) }))}
        />
        <ProFormSelect
          name="roleIds"
          label={f('admin.user.roles')}
          mode="multiple"
          extra={editing ? undefined : f('admin.user.rolesDefaultHint')}
          fieldProps={{ id: 'user-roles', optionFilterProp: 'label', loading: roles === undefined }}
          options={(roles ?? []).map((r) => ({ value: r.id, label: `${roleLabel(f, r)} (${r.code})` }))}
        />
        <ProFormTreeSelect
          name="deptIds"
          label={f('admin.user.depts')}
          fieldProps={{ multiple: true, treeDefaultExpandAll: true, allowClear: true }}
          request={async () => {
            const res = await deptAll();
            return deptTreeData(res?.data);
          }}
        />
      </ModalForm>

      <ModalForm
        title={resetIds && resetIds.length > 1 ? f('admin.user.batchResetPwd') : f('admin.user.resetPwd')}
        open={!!resetIds}
        onOpenChange={(o) => !o && setResetIds(null)}
        modalProps={{ destroyOnClose: true }}
        onFinish={async (v: { password: string }) => {
          try {
            const res = await userResetPwd(resetIds ?? [], v.password);
            toast.success(f('admin.user.resetPwdDone', { n: res?.data?.updated ?? 0 }));
            const skipped = res?.data?.skipped ?? [];
            if (skipped.length) toast.info(f('admin.user.skipped', { ids: skipped.join(', ') }));
            setResetIds(null);
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText.Password
          name="password"
          label={f('admin.user.newPassword')}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[{ required: true, message: f('common.required') }, len]}
        />
      </ModalForm>
    </PageContainer>
  );
};

export default Users;
