import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProCard, ProFormSelect, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Empty, Popconfirm, Spin, Tree } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import {
  deptAddUsers,
  deptAll,
  deptDeleteUsers,
  deptUsers,
  flattenDepts,
  userList,
  type AdminUser,
  type Dept,
} from '../../services/api';
import { toast } from '../../utils/toast';
import { namedRowSelection } from '../../utils/a11y';
import LinkButton from '../../components/LinkButton';

function treeData(tree: Dept[] | undefined): any[] {
  return (tree ?? []).map((d) => ({ title: `${d.name} (${d.userCount ?? 0})`, key: d.id, children: treeData(d.children) }));
}

const DeptUser: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [tree, setTree] = useState<Dept[]>();
  const [loading, setLoading] = useState(true);
  const [dept, setDept] = useState<Dept>();
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [addOpen, setAddOpen] = useState(false);

  const loadTree = async () => {
    setLoading(true);
    try {
      const res = await deptAll();
      setTree(res?.data ?? []);
    } catch {
      setTree([]);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    loadTree();
  }, []);

  const remove = async (ids: string[]) => {
    if (!dept) return;
    try {
      await deptDeleteUsers(dept.id, ids);
      toast.success(f('common.operationOk'));
      setSelected([]);
      ref.current?.reload();
      loadTree();
    } catch {
      /* shown */
    }
  };

  const columns: ProColumns<AdminUser>[] = [
    { title: f('admin.user.loginName'), dataIndex: 'loginName' },
    { title: f('admin.user.name'), dataIndex: 'name' },
    { title: f('admin.user.email'), dataIndex: 'email' },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <Popconfirm key="rm" title={f('admin.dept.removeOneConfirm', { name: r.loginName })} onConfirm={() => remove([r.id])}>
          <LinkButton danger>{f('common.remove')}</LinkButton>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <PageContainer>
      <ProCard split="vertical" bordered>
        <ProCard colSpan="280px" title={f('menu.admin.dept')}>
          <Spin spinning={loading}>
            {tree && tree.length === 0 ? (
              <Empty />
            ) : (
              <Tree
                treeData={treeData(tree)}
                defaultExpandAll
                selectedKeys={dept ? [dept.id] : []}
                onSelect={(keys) => {
                  const id = keys[0] as string | undefined;
                  setDept(id ? flattenDepts(tree).find((d) => d.id === id) : undefined);
                  setSelected([]);
                }}
              />
            )}
          </Spin>
        </ProCard>
        <ProCard>
          {!dept ? (
            <Empty description={f('admin.dept.pick')} />
          ) : (
            <ProTable<AdminUser>
              rowKey="id"
              actionRef={ref}
              headerTitle={f('admin.dept.members', { name: dept.name })}
              columns={columns}
              search={false}
              params={{ deptId: dept.id }}
              pagination={{ defaultPageSize: 10 }}
              rowSelection={{ selectedRowKeys: selected, onChange: setSelected, ...namedRowSelection<any>((r) => r.loginName ?? r.name ?? r.id, f) }}
              tableAlertOptionRender={() => (
                <Popconfirm title={f('admin.dept.removeConfirm')} onConfirm={() => remove(selected.map(String))}>
                  <LinkButton danger>{f('common.remove')}</LinkButton>
                </Popconfirm>
              )}
              request={async ({ current, pageSize, deptId }) => {
                const res = await deptUsers({ current, pageSize, deptId });
                return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
              }}
              toolBarRender={() => [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAddOpen(true)}>
                  {f('admin.dept.addUsers')}
                </Button>,
              ]}
            />
          )}
        </ProCard>
      </ProCard>
      <ModalForm
        title={f('admin.dept.addUsers')}
        open={addOpen}
        onOpenChange={setAddOpen}
        modalProps={{ destroyOnClose: true }}
        onFinish={async (v: { userIds: string[] }) => {
          if (!dept) return false;
          try {
            await deptAddUsers(dept.id, v.userIds ?? []);
            toast.success(f('common.operationOk'));
            ref.current?.reload();
            loadTree();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormSelect
          name="userIds"
          label={f('admin.dept.users')}
          mode="multiple"
          showSearch
          placeholder={f('admin.dept.searchUser')}
          rules={[{ required: true, message: f('common.required') }]}
          fieldProps={{ filterOption: false }}
          debounceTime={300}
          request={async ({ keyWords }) => {
            const res = await userList({ current: 1, pageSize: 50, loginName: keyWords || undefined });
            return (res?.data ?? []).map((u) => ({ value: u.id, label: `${u.loginName}${u.name ? ` (${u.name})` : ''}` }));
          }}
        />
      </ModalForm>
    </PageContainer>
  );
};

export default DeptUser;
