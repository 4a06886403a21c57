import { PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { DrawerForm, PageContainer, ProFormText, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Tag } from 'antd';
import React, { useRef, useState } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import ConfirmDelete from '../../components/ConfirmDelete';
import { siteHostDelete, siteHostSave, siteHosts, type SiteHost } from '../../services/adminResources';
import { siteGet } from '../../services/api';
import { toast } from '../../utils/toast';
import { formValues, saveBody, SiteFields, type SiteData } from './SiteForm';
import { formatDateTime } from '../../utils/format';

const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:\d+)?$/i;

/** ent/site-domain: hostnames that have their own branding (one installation, several domains). */
const SiteDomain: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<SiteHost | null>(null);
  const [base, setBase] = useState<SiteData>();

  const openEditor = async (h: SiteHost | null) => {
    setEditing(h);
    if (!h) {
      // a new hostname starts from the site-wide settings
      const res = await siteGet().catch(() => undefined);
      setBase(res?.data);
    } else setBase(h.settings);
    setOpen(true);
  };

  const columns: ProColumns<SiteHost>[] = [
    { title: f('site.hostname'), dataIndex: 'hostname', render: (_, r) => <Tag>{r.hostname}</Tag> },
    { title: f('admin.site.siteName'), dataIndex: ['settings', 'footerInfo', 'siteName'] },
    {
      title: f('admin.site.primaryColor'),
      dataIndex: ['settings', 'propertyJson', 'sysTheme', 'primaryColor'],
      render: (_, r) => {
        const c = r.settings?.propertyJson?.sysTheme?.primaryColor;
        return c ? (
          <span>
            <span aria-hidden style={{ display: 'inline-block', width: 14, height: 14, background: c, verticalAlign: 'middle', marginRight: 6, borderRadius: 3 }} />
            {c}
          </span>
        ) : (
          '—'
        );
      },
    },
    { title: f('site.updated'), dataIndex: 'updateTime', renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="edit" role="button" tabIndex={0} onClick={() => openEditor(r)} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && openEditor(r)}>
          {f('common.edit')}
        </a>,
        <ConfirmDelete key="del" title={f('site.hostDeleteConfirm', { host: r.hostname })} onDelete={() => siteHostDelete(r.hostname)} onDone={() => ref.current?.reload()} />,
      ],
    },
  ];

  return (
    <PageContainer content={f('site.domainIntro')}>
      <ProTable<SiteHost>
        rowKey="hostname"
        actionRef={ref}
        columns={columns}
        search={false}
        pagination={false}
        locale={{ emptyText: f('site.hostEmpty') }}
        request={async () => {
          const res = await siteHosts();
          return { data: res?.data ?? [], success: true };
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="add-host" onClick={() => openEditor(null)}>
            {f('site.hostAdd')}
          </Button>,
        ]}
      />
      <DrawerForm<SiteData & { hostname: string }>
        key={editing?.hostname ?? `new-${open}`}
        title={editing ? f('site.hostEdit', { host: editing.hostname }) : f('site.hostAdd')}
        open={open}
        onOpenChange={setOpen}
        width={680}
        drawerProps={{ destroyOnClose: true }}
        initialValues={{ hostname: editing?.hostname ?? '', ...formValues(base) }}
        onFinish={async (v) => {
          try {
            await siteHostSave(editing?.hostname ?? v.hostname, saveBody(base, v));
            toast.success(f('common.saved'));
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText
          name="hostname"
          label={f('site.hostname')}
          disabled={!!editing}
          placeholder="survey.example.com"
          fieldProps={{ id: 'host-name' }}
          rules={[
            { required: true, whitespace: true, message: f('common.required') },
            { pattern: HOST, message: f('site.hostRule') },
          ]}
        />
        <SiteFields idPrefix="host" />
      </DrawerForm>
    </PageContainer>
  );
};

export default SiteDomain;
