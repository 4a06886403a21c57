import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProFormSelect, ProFormText, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Switch } from 'antd';
import React, { useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { adminGroupAdd, adminGroupDelete, adminGroupEdit, adminGroups, adminSurveyUsers, type AdminGroup } from '../../services/backoffice';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

/** survey/group (admin): the survey groups of every author. */
const SurveyGroups: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<AdminGroup | null>(null);
  const edit = (g: AdminGroup | null) => {
    setEditing(g);
    setOpen(true);
  };

  const columns: ProColumns<AdminGroup>[] = [
    { title: f('bo.group.name'), dataIndex: 'groupName' },
    { title: f('bo.survey.owner'), dataIndex: 'owner', render: (_, r) => (r.ownerName ? `${r.userName} (${r.ownerName})` : r.userName) },
    { title: f('bo.group.description'), dataIndex: 'groupDescription', search: false, ellipsis: true },
    { title: f('bo.group.surveys'), dataIndex: 'surveyCount', search: false },
    {
      title: f('bo.state'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { 1: { text: f('bo.enabled') }, 0: { text: f('bo.disabled') } },
      render: (_, r) => (
        <Switch
          checked={r.status === 1}
          aria-label={f('bo.enableNamed', { name: r.groupName })}
          checkedChildren={f('bo.enabled')}
          unCheckedChildren={f('bo.disabled')}
          onChange={async (on) => {
            try {
              await adminGroupEdit({ id: r.id, groupName: r.groupName, status: on ? 1 : 0 });
              toast.success(f('common.saved'));
              ref.current?.reload();
            } catch {
              // shown by the request layer
            }
          }}
        />
      ),
    },
    { title: f('common.createTime'), dataIndex: 'createDate', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="edit" role="button" tabIndex={0} onClick={() => edit(r)} onKeyDown={(e) => e.key === 'Enter' && edit(r)}>
          {f('common.edit')}
        </a>,
        <ConfirmDelete key="del" title={f('bo.group.deleteConfirm', { name: r.groupName })} onDelete={() => adminGroupDelete([r.id])} onDone={() => ref.current?.reload()} />,
      ],
    },
  ];

  return (
    <PageContainer content={f('bo.group.intro')}>
      <ProTable<AdminGroup>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: f('bo.group.empty') }}
        request={async (p) => {
          const { current, pageSize, groupName, owner, status } = p as any;
          const res = await adminGroups({ current, pageSize, groupName, owner, status });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="add-group" onClick={() => edit(null)}>
            {f('bo.group.add')}
          </Button>,
        ]}
      />
      <ModalForm
        key={editing?.id ?? 'new'}
        title={editing ? f('bo.group.edit') : f('bo.group.add')}
        open={open}
        onOpenChange={setOpen}
        width={520}
        modalProps={{ destroyOnClose: true }}
        initialValues={editing ? { groupName: editing.groupName, groupDescription: editing.groupDescription } : {}}
        onFinish={async (v: Record<string, any>) => {
          try {
            if (editing) await adminGroupEdit({ id: editing.id, groupName: v.groupName, groupDescription: v.groupDescription ?? '' });
            else await adminGroupAdd({ groupName: v.groupName, groupDescription: v.groupDescription ?? '', userId: v.userId ?? '' });
            toast.success(f('common.saved'));
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText
          name="groupName"
          label={f('bo.group.name')}
          fieldProps={{ id: 'group-name' }}
          rules={[
            { required: true, whitespace: true, message: f('bo.group.nameRule') },
            { max: 18, message: f('common.max18') },
          ]}
        />
        <ProFormTextArea name="groupDescription" label={f('bo.group.description')} fieldProps={{ id: 'group-desc', rows: 2 }} rules={[{ max: 255, message: f('bo.max255') }]} />
        {!editing && (
          <ProFormSelect
            name="userId"
            label={f('bo.survey.owner')}
            tooltip={f('bo.group.ownerHint')}
            showSearch
            debounceTime={300}
            fieldProps={{ id: 'group-owner', 'aria-label': f('bo.survey.owner'), filterOption: false } as any}
            request={async ({ keyWords }) => {
              const res = await adminSurveyUsers(keyWords ?? '');
              return (res?.data ?? []).map((u) => ({ label: u.name ? `${u.loginName} (${u.name})` : u.loginName, value: u.id }));
            }}
          />
        )}
      </ModalForm>
    </PageContainer>
  );
};

export default SurveyGroups;
