import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProFormDigit, ProFormSelect, ProFormText, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Modal, Popconfirm, Switch, Tag, Typography } from 'antd';
import React, { useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { appAdd, appDelete, appEdit, appList, appRenew, type OpenApp, type OpenAppCreated } from '../../services/adminResources';
import { userList } from '../../services/api';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

/** system/app-secret: open API applications; a secret is shown once, when created or renewed. */
const AppSecret: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<OpenApp | null>(null);
  const [shown, setShown] = useState<OpenAppCreated | null>(null);

  const setStatus = async (r: OpenApp, on: boolean) => {
    try {
      await appEdit({ id: r.id, status: on ? 1 : 0 });
      toast.success(f('common.saved'));
      ref.current?.reload();
    } catch {
      // shown by the request layer
    }
  };

  const columns: ProColumns<OpenApp>[] = [
    { title: f('appSecret.name'), dataIndex: 'appName' },
    {
      title: f('appSecret.key'),
      dataIndex: 'appKey',
      search: false,
      render: (_, r) => (
        <Typography.Text code copyable={{ text: r.appKey, tooltips: [f('appSecret.copy'), f('appSecret.copied')] }}>
          {r.appKey}
        </Typography.Text>
      ),
    },
    { title: f('appSecret.secret'), dataIndex: 'secretMasked', search: false },
    {
      title: f('appSecret.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { 1: { text: f('appSecret.enabled') }, 0: { text: f('appSecret.disabled') } },
      render: (_, r) => (
        <Switch
          checked={r.status === 1}
          aria-label={f('appSecret.switchLabel', { name: r.appName })}
          checkedChildren={f('appSecret.enabled')}
          unCheckedChildren={f('appSecret.disabled')}
          onChange={(on) => setStatus(r, on)}
        />
      ),
    },
    { title: f('appSecret.user'), dataIndex: 'userName', search: false },
    { title: f('appSecret.rateLimit'), dataIndex: 'rateLimit', search: false, render: (_, r) => f('appSecret.perMinute', { n: r.rateLimit }) },
    { title: f('appSecret.description'), dataIndex: 'description', search: false, ellipsis: true },
    { title: f('appSecret.lastUsed'), dataIndex: 'lastUsedTime', search: false, render: (_, r) => (r.lastUsedTime ? formatDateTime(r.lastUsedTime) : '—') },
    { title: f('common.createTime'), dataIndex: 'createTime', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a
          key="edit"
          role="button"
          tabIndex={0}
          onClick={() => {
            setEditing(r);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setEditing(r);
              setOpen(true);
            }
          }}
        >
          {f('common.edit')}
        </a>,
        <Popconfirm
          key="renew"
          title={f('appSecret.renewConfirm', { name: r.appName })}
          onConfirm={async () => {
            try {
              const res = await appRenew(r.id);
              setShown(res.data);
              ref.current?.reload();
            } catch {
              // shown by the request layer
            }
          }}
        >
          <a role="button" tabIndex={0}>
            {f('appSecret.renew')}
          </a>
        </Popconfirm>,
        <ConfirmDelete
          key="del"
          title={f('appSecret.deleteConfirm', { name: r.appName })}
          onDelete={() => appDelete([r.id])}
          onDone={() => ref.current?.reload()}
        />,
      ],
    },
  ];

  return (
    <PageContainer content={f('appSecret.intro')}>
      <ProTable<OpenApp>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10 }}
        locale={{ emptyText: f('appSecret.empty') }}
        request={async ({ current, pageSize, appName, status }) => {
          const res = await appList({ current, pageSize, appName, status });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button
            key="add"
            type="primary"
            icon={<PlusOutlined />}
            data-testid="add-app"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {f('appSecret.add')}
          </Button>,
        ]}
      />
      <ModalForm
        key={editing?.id ?? 'new'}
        title={editing ? f('appSecret.edit') : f('appSecret.add')}
        open={open}
        onOpenChange={setOpen}
        width={560}
        modalProps={{ destroyOnClose: true }}
        initialValues={
          editing
            ? { appName: editing.appName, description: editing.description, rateLimit: editing.rateLimit, userId: editing.userId }
            : { rateLimit: 600 }
        }
        onFinish={async (v: Record<string, any>) => {
          const body = { appName: v.appName, description: v.description ?? '', rateLimit: v.rateLimit, userId: v.userId ?? '' };
          try {
            if (editing) {
              await appEdit({ ...body, id: editing.id });
              toast.success(f('common.saved'));
            } else {
              const res = await appAdd(body);
              setShown(res.data);
            }
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText
          name="appName"
          label={f('appSecret.name')}
          fieldProps={{ id: 'app-name' }}
          rules={[
            { required: true, whitespace: true, message: f('common.required') },
            { max: 18, message: f('common.max18') },
          ]}
        />
        <ProFormTextArea
          name="description"
          label={f('appSecret.description')}
          fieldProps={{ id: 'app-description', rows: 2 }}
          rules={[{ max: 200, message: f('appSecret.max200') }]}
        />
        <ProFormSelect
          name="userId"
          label={f('appSecret.user')}
          tooltip={f('appSecret.userHint')}
          showSearch
          fieldProps={{ id: 'app-user', 'aria-label': f('appSecret.user'), filterOption: false } as any}
          placeholder={f('appSecret.userPlaceholder')}
          debounceTime={300}
          request={async ({ keyWords }) => {
            try {
              const res = await userList({ current: 1, pageSize: 20, loginName: keyWords, status: 2 });
              const opts = (res?.data ?? []).map((u) => ({ label: u.name ? `${u.loginName} (${u.name})` : u.loginName, value: u.id }));
              if (editing && !opts.some((o) => o.value === editing.userId)) opts.unshift({ label: editing.userName, value: editing.userId });
              return opts;
            } catch {
              return editing ? [{ label: editing.userName, value: editing.userId }] : [];
            }
          }}
        />
        <ProFormDigit
          name="rateLimit"
          label={f('appSecret.rateLimit')}
          fieldProps={{ id: 'app-rate', precision: 0, addonAfter: f('appSecret.perMinuteUnit') }}
          min={1}
          max={6000}
          rules={[{ required: true, message: f('appSecret.rateRange') }]}
        />
      </ModalForm>
      <Modal
        open={!!shown}
        title={f('appSecret.shownTitle')}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)} data-testid="secret-done">
            {f('appSecret.shownDone')}
          </Button>
        }
        maskClosable={false}
        destroyOnClose
      >
        {shown && (
          <>
            <Alert type="warning" showIcon message={f('appSecret.shownOnce')} style={{ marginBottom: 16 }} />
            <p>
              <strong>{f('appSecret.key')}</strong>
              <br />
              <Typography.Text code copyable data-testid="shown-key">
                {shown.appKey}
              </Typography.Text>
            </p>
            <p>
              <strong>{f('appSecret.secret')}</strong>
              <br />
              <Typography.Text code copyable data-testid="shown-secret">
                {shown.appSecret}
              </Typography.Text>
            </p>
            <Typography.Paragraph type="secondary">{f('appSecret.docsHint')}</Typography.Paragraph>
            <Tag>{shown.appName}</Tag>
          </>
        )}
      </Modal>
    </PageContainer>
  );
};

export default AppSecret;
