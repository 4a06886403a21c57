// c/pwd: answer passwords in bulk (generate, list with used counts, enable/disable, delete, export).
import { DownloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ProTable } from '@ant-design/pro-components';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Space, Tag } from 'antd';
import React, { useRef, useState } from 'react';
import { pwdDelete, pwdExport, pwdGenerate, pwdList, pwdSetEnabled, type PasswordRow } from '../../services/collect';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from './Shell';
import { download } from '../../utils/download';
import { errorText } from './util';
import { namedRowSelection } from '../../utils/a11y';
import { formatDateTime } from '../../utils/format';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const ref = useRef<ActionType>();
  const [form] = Form.useForm();
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  const [sel, setSel] = useState<string[]>([]);
  const [filter, setFilter] = useState<{ tag?: string; used?: string }>({});

  const generate = async () => {
    const v = form.getFieldsValue();
    setErr('');
    setBusy(true);
    try {
      const r = await pwdGenerate({
        surveyId: info.id,
        count: Number(v.count),
        length: Number(v.length),
        tag: v.tag || '',
        allowedCount: Number(v.allowedCount),
      });
      toast.success(f('co.pwd.generated', { n: r.data.count }));
      ref.current?.reload();
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const bulk = async (ids: string[], fn: () => Promise<unknown>) => {
    if (!ids.length) return;
    try {
      await fn();
      toast.success(f('common.operationOk'));
      setSel([]);
      ref.current?.reload();
    } catch {
      // the request layer shows the error
    }
  };
  const remove = (ids: string[]) =>
    Modal.confirm({
      title: f('co.pwd.deleteConfirm', { n: ids.length }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as any,
      onOk: () => bulk(ids, () => pwdDelete(info.id, ids)),
    });
  const exportCsv = () =>
    pwdExport({ surveyId: info.id, ...filter })
      .then((b) => download(b as unknown as Blob, `answer-passwords-${info.sid}.csv`))
      .catch(() => toast.error(f('co.pwd.exportFailed')));

  const columns: ProColumns<PasswordRow>[] = [
    { title: f('co.pwd.code'), dataIndex: 'code', search: false, render: (_, r) => <code data-testid="pwd-code">{r.code}</code> },
    { title: f('co.pwd.tag'), dataIndex: 'tag' },
    {
      title: f('co.pwd.used'),
      dataIndex: 'used',
      valueType: 'select',
      valueEnum: { used: { text: f('co.pwd.usedYes') }, unused: { text: f('co.pwd.usedNo') } },
      render: (_, r) => <span data-testid="pwd-used">{`${r.usedCount} / ${r.allowedCount}`}</span>,
    },
    {
      title: f('co.pwd.enabled'),
      dataIndex: 'enabled',
      search: false,
      render: (_, r) => <Tag color={r.enabled ? 'green' : 'default'}>{f(r.enabled ? 'co.pwd.on' : 'co.pwd.off')}</Tag>,
    },
    { title: f('co.pwd.created'), dataIndex: 'createdAt', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="t" data-testid="pwd-toggle" onClick={() => bulk([r.id], () => pwdSetEnabled(info.id, [r.id], !r.enabled))}>
          {f(r.enabled ? 'co.pwd.disable' : 'co.pwd.enable')}
        </a>,
        <a key="d" data-testid="pwd-delete" onClick={() => remove([r.id])}>
          {f('common.delete')}
        </a>,
      ],
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={f('co.pwd.generate')}>
        <Form form={form} name="gen" layout="inline" initialValues={{ count: 10, length: 8, allowedCount: 1, tag: '' }} onFinish={generate}>
          <Form.Item name="count" label={f('co.pwd.count')}>
            <InputNumber data-testid="pwd-count" />
          </Form.Item>
          <Form.Item name="length" label={f('co.pwd.length')}>
            <InputNumber data-testid="pwd-length" />
          </Form.Item>
          <Form.Item name="tag" label={f('co.pwd.tag')}>
            <Input data-testid="pwd-tag" maxLength={64} />
          </Form.Item>
          <Form.Item name="allowedCount" label={f('co.pwd.allowed')}>
            <InputNumber data-testid="pwd-allowed" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="pwd-generate">
              {f('co.pwd.generateBtn')}
            </Button>
          </Form.Item>
        </Form>
        {err && <Alert type="error" showIcon message={err} style={{ marginTop: 12 }} data-testid="pwd-error" />}
      </Card>
      <ProTable<PasswordRow>
        actionRef={ref}
        rowKey="id"
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        rowSelection={{ selectedRowKeys: sel, onChange: (k) => setSel(k as string[]), ...namedRowSelection<PasswordRow>((r) => r.code, f) }}
        toolBarRender={() => [
          <Button key="en" disabled={!sel.length} onClick={() => bulk(sel, () => pwdSetEnabled(info.id, sel, true))}>
            {f('co.pwd.enable')}
          </Button>,
          <Button key="dis" disabled={!sel.length} onClick={() => bulk(sel, () => pwdSetEnabled(info.id, sel, false))}>
            {f('co.pwd.disable')}
          </Button>,
          <Button key="del" danger disabled={!sel.length} onClick={() => remove(sel)}>
            {f('common.delete')}
          </Button>,
          <Button key="exp" icon={<DownloadOutlined />} data-testid="pwd-export" onClick={exportCsv}>
            {f('co.pwd.export')}
          </Button>,
        ]}
        request={async (p) => {
          const q = { tag: p.tag || undefined, used: p.used || undefined };
          setFilter(q);
          const r = await pwdList({ surveyId: info.id, current: p.current, pageSize: p.pageSize, ...q });
          return { data: r.data ?? [], total: r.total, success: true };
        }}
        locale={{ emptyText: f('co.pwd.empty') }}
      />
    </Space>
  );
};

const Page: React.FC = () => <Shell tab="pwd">{(c) => <Body {...c} />}</Shell>;
export default Page;
