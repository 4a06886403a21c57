// dw/contacts: the address book — groups and contacts (search, paging, add, edit, delete,
// move), import from .xlsx/.xls with a per-row preview, export (docs/contacts.md).
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Col, Form, Input, List, Modal, Row, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import {
  contactDelete,
  contactExport,
  contactImport,
  contactList,
  contactMove,
  contactSave,
  contactTemplate,
  groupDelete,
  groupList,
  groupSave,
  type Contact,
  type Group,
  type ImportResult,
} from '../../services/contacts';
import { namedRowSelection } from '../../utils/a11y';
import { download } from '../../utils/download';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';

const PHONE = /^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/;

const ContactsPage: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, unknown>) => intl.formatMessage({ id }, v as any);
  const ref = useRef<ActionType>();
  const [groups, setGroups] = useState<Group[]>([]);
  const [group, setGroup] = useState('');
  const [keyword, setKeyword] = useState('');
  const [sel, setSel] = useState<string[]>([]);
  const [editing, setEditing] = useState<Partial<Contact> | null>(null);
  const [groupEdit, setGroupEdit] = useState<{ id?: string; name: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [moving, setMoving] = useState(false);

  const loadGroups = useCallback(() => {
    groupList()
      .then((r) => setGroups(r.data ?? []))
      .catch(() => undefined);
  }, []);
  useEffect(loadGroups, [loadGroups]);
  const reload = () => {
    ref.current?.reload();
    loadGroups();
  };

  const removeContacts = (ids: string[]) =>
    Modal.confirm({
      title: f('ct.deleteConfirm', { n: ids.length }),
      content: f('ct.deleteHint'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as any,
      onOk: async () => {
        await contactDelete(ids);
        toast.success(f('common.operationOk'));
        setSel([]);
        reload();
      },
    });
  const removeGroup = (g: Group) =>
    Modal.confirm({
      title: f('ct.group.deleteConfirm', { name: g.name }),
      content: f('ct.group.deleteHint'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as any,
      onOk: async () => {
        await groupDelete(g.id);
        if (group === g.id) setGroup('');
        reload();
      },
    });
  const exportXlsx = () =>
    contactExport({ groupId: group, keyword })
      .then((b) => download(b as unknown as Blob, 'contacts.xlsx'))
      .catch(() => toast.error(f('ct.exportFailed')));

  const columns: ProColumns<Contact>[] = [
    { title: f('ct.account'), dataIndex: 'account', render: (_, r) => <span data-testid="ct-account">{r.account}</span> },
    { title: f('ct.name'), dataIndex: 'name' },
    { title: f('ct.email'), dataIndex: 'email', responsive: ['md'] },
    { title: f('ct.phone'), dataIndex: 'phone', responsive: ['md'] },
    { title: f('ct.job'), dataIndex: 'jobTitle', responsive: ['lg'] },
    { title: f('ct.group'), dataIndex: 'groupName', responsive: ['lg'] },
    {
      title: f('ct.verified'),
      dataIndex: 'verified',
      render: (_, r) => <Tag color={r.verified ? 'green' : 'default'}>{f(r.verified ? 'ct.verifiedYes' : 'ct.verifiedNo')}</Tag>,
    },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <Button key="e" type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={f('ct.editOf', { name: r.name })}>
          {f('common.edit')}
        </Button>,
        <Button key="d" type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => removeContacts([r.id])} aria-label={f('ct.deleteOf', { name: r.name })}>
          {f('common.delete')}
        </Button>,
      ],
    },
  ];

  return (
    <PageContainer title={f('menu.contacts')}>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Card
            size="small"
            title={f('ct.groups')}
            extra={
              <Button size="small" icon={<PlusOutlined />} onClick={() => setGroupEdit({ name: '' })} data-testid="ct-group-add">
                {f('ct.group.add')}
              </Button>
            }
          >
            <List
              size="small"
              dataSource={[{ id: '', name: f('ct.group.all'), count: -1 } as Group, { id: 'none', name: f('ct.group.none'), count: -1 } as Group, ...groups]}
              renderItem={(g) => (
                <List.Item
                  style={{ cursor: 'pointer', background: group === g.id ? '#e6f0fa' : undefined, paddingInline: 8 }}
                  actions={
                    g.id && g.id !== 'none'
                      ? [
                          <Button
                            key="r"
                            type="text"
                            size="small"
                            icon={<EditOutlined />}
                            onClick={(e) => (e.stopPropagation(), setGroupEdit({ id: g.id, name: g.name }))}
                            aria-label={f('ct.group.renameOf', { name: g.name })}
                          />,
                          <Button
                            key="d"
                            type="text"
                            size="small"
                            icon={<DeleteOutlined />}
                            onClick={(e) => (e.stopPropagation(), removeGroup(g))}
                            aria-label={f('ct.group.deleteOf', { name: g.name })}
                          />,
                        ]
                      : []
                  }
                >
                  <Button
                    type="text"
                    size="small"
                    aria-pressed={group === g.id}
                    data-testid="ct-group"
                    style={{ fontWeight: group === g.id ? 600 : undefined, paddingInline: 0, textAlign: 'start', whiteSpace: 'normal', height: 'auto' }}
                    onClick={() => {
                      setGroup(g.id);
                      ref.current?.reloadAndRest?.();
                    }}
                  >
                    {g.name}
                    {g.count >= 0 ? ` (${g.count})` : ''}
                  </Button>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={18}>
          <ProTable<Contact>
            actionRef={ref}
            rowKey="id"
            columns={columns}
            search={false}
            params={{ group, keyword }}
            pagination={{ defaultPageSize: 10, showSizeChanger: true }}
            rowSelection={{ selectedRowKeys: sel, onChange: (k) => setSel(k as string[]), ...namedRowSelection<Contact>((r) => r.name, f) }}
            headerTitle={
              <Input.Search
                allowClear
                placeholder={f('ct.searchHint')}
                aria-label={f('ct.search')}
                onSearch={(v) => setKeyword(v.trim())}
                style={{ width: 260 }}
                data-testid="ct-search"
              />
            }
            toolBarRender={() => [
              <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ groupId: group !== 'none' ? group : '' })} data-testid="ct-add">
                {f('ct.add')}
              </Button>,
              <Button key="imp" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="ct-import">
                {f('ct.import')}
              </Button>,
              <Button key="exp" icon={<DownloadOutlined />} onClick={exportXlsx} data-testid="ct-export">
                {f('ct.export')}
              </Button>,
              <Button key="mv" disabled={!sel.length} onClick={() => setMoving(true)} data-testid="ct-move">
                {f('ct.move')}
              </Button>,
              <Button key="del" danger disabled={!sel.length} onClick={() => removeContacts(sel)} data-testid="ct-delete">
                {f('common.delete')}
              </Button>,
            ]}
            request={async (p) => {
              const r = await contactList({ current: p.current, pageSize: p.pageSize, groupId: group, keyword });
              return { data: r.data ?? [], total: r.total, success: true };
            }}
            locale={{ emptyText: f('ct.empty') }}
          />
        </Col>
      </Row>
      {editing && <ContactForm f={f} groups={groups} value={editing} onClose={() => setEditing(null)} onSaved={reload} />}
      {groupEdit && <GroupForm f={f} value={groupEdit} onClose={() => setGroupEdit(null)} onSaved={reload} />}
      {importing && <ImportDialog f={f} groups={groups} group={group} onClose={() => setImporting(false)} onSaved={reload} />}
      <Modal
        open={moving}
        title={f('ct.moveTitle', { n: sel.length })}
        onCancel={() => setMoving(false)}
        footer={null}
        destroyOnClose
      >
        <Form
          layout="vertical"
          name="move"
          onFinish={async (v) => {
            await contactMove(sel, v.groupId ?? '');
            setMoving(false);
            setSel([]);
            reload();
          }}
        >
          <Form.Item name="groupId" label={f('ct.group')}>
            <Select allowClear options={groups.map((g) => ({ value: g.id, label: g.name }))} placeholder={f('ct.group.none')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="ct-move-ok">
            {f('ct.move')}
          </Button>
        </Form>
      </Modal>
    </PageContainer>
  );
};

type F = (id: string, v?: Record<string, unknown>) => string;

const ContactForm: React.FC<{ f: F; groups: Group[]; value: Partial<Contact>; onClose: () => void; onSaved: () => void }> = ({
  f,
  groups,
  value,
  onClose,
  onSaved,
}) => {
  const [form] = Form.useForm();
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setErr('');
    try {
      await contactSave({ ...v, id: value.id, groupId: v.groupId ?? '' });
      toast.success(f('common.saved'));
      onSaved();
      onClose();
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={f(value.id ? 'ct.edit' : 'ct.add')} onCancel={onClose} onOk={save} confirmLoading={busy} okButtonProps={{ 'data-testid': 'ct-save' } as any}>
      <Form form={form} layout="vertical" initialValues={{ ...value, password: '' }} name="contact">
        <Form.Item name="account" label={f('ct.account')} rules={[{ required: true, message: f('ct.rule.account') }, { max: 64, message: f('ct.rule.tooLong', { n: 64 }) }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={f('ct.name')} rules={[{ required: true, message: f('ct.rule.name') }, { max: 64, message: f('ct.rule.tooLong', { n: 64 }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={f('ct.email')} rules={[{ type: 'email', message: f('ct.rule.email') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={f('ct.phone')} rules={[{ pattern: PHONE, message: f('ct.rule.phone') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="jobTitle" label={f('ct.job')} rules={[{ max: 64, message: f('ct.rule.tooLong', { n: 64 }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="groupId" label={f('ct.group')}>
          <Select allowClear options={groups.map((g) => ({ value: g.id, label: g.name }))} placeholder={f('ct.group.none')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={f('ct.password')}
          extra={f(value.id ? 'ct.passwordKeep' : 'ct.passwordHint')}
          rules={[{ min: 6, max: 18, message: f('ct.rule.password') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="verified" label={f('ct.verified')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      {err && <Alert type="error" showIcon message={err} data-testid="ct-error" />}
    </Modal>
  );
};

const GroupForm: React.FC<{ f: F; value: { id?: string; name: string }; onClose: () => void; onSaved: () => void }> = ({ f, value, onClose, onSaved }) => {
  const [form] = Form.useForm();
  const [err, setErr] = useState('');
  const save = async () => {
    const v = await form.validateFields();
    try {
      await groupSave({ id: value.id, name: v.name });
      onSaved();
      onClose();
    } catch (e) {
      setErr(errorText(e));
    }
  };
  return (
    <Modal open title={f(value.id ? 'ct.group.rename' : 'ct.group.add')} onCancel={onClose} onOk={save} okButtonProps={{ 'data-testid': 'ct-group-save' } as any}>
      <Form form={form} layout="vertical" initialValues={value} name="group">
        <Form.Item name="name" label={f('ct.group.name')} rules={[{ required: true, whitespace: true, message: f('ct.rule.group') }, { max: 18, message: f('ct.rule.group') }]}>
          <Input />
        </Form.Item>
      </Form>
      {err && <Alert type="error" showIcon message={err} />}
    </Modal>
  );
};

/** Import: choose a file, preview (bad rows listed with their reasons), then save the good rows. */
const ImportDialog: React.FC<{ f: F; groups: Group[]; group: string; onClose: () => void; onSaved: () => void }> = ({ f, groups, group, onClose, onSaved }) => {
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState(group === 'none' ? '' : group);
  const [pre, setPre] = useState<ImportResult | null>(null);
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (confirm: boolean, fl = file) => {
    if (!fl) return;
    setBusy(true);
    setErr('');
    try {
      const r = await contactImport(fl, target, confirm);
      if (confirm) {
        toast.success(f('ct.imp.saved', { n: r.data.saved }));
        onSaved();
        onClose();
      } else {
        setPre(r.data);
      }
    } catch (e) {
      setPre(null);
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={f('ct.import')}
      onCancel={onClose}
      footer={[
        <Button key="t" onClick={() => contactTemplate().then((b) => download(b as unknown as Blob, 'contacts-template.xlsx'))}>
          {f('ct.imp.template')}
        </Button>,
        <Button key="c" onClick={onClose}>
          {f('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" disabled={!pre || pre.good === 0} loading={busy} onClick={() => run(true)} data-testid="ct-imp-confirm">
          {f('ct.imp.confirm', { n: pre?.good ?? 0 })}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{f('ct.imp.hint')}</Typography.Paragraph>
        <Space wrap>
          <span>{f('ct.imp.target')}</span>
          <Select
            style={{ minWidth: 180 }}
            allowClear
            value={target || undefined}
            onChange={(v) => setTarget(v ?? '')}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            placeholder={f('ct.group.none')}
            aria-label={f('ct.imp.target')}
          />
          <Upload
            accept=".xlsx,.xls"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(fl) => {
              setFile(fl);
              setPre(null);
              run(false, fl);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="ct-imp-file">
              {file ? file.name : f('ct.imp.choose')}
            </Button>
          </Upload>
        </Space>
        {err && <Alert type="error" showIcon message={err} data-testid="ct-imp-error" />}
        {pre && (
          <>
            <Alert
              type={pre.bad ? 'warning' : 'success'}
              showIcon
              data-testid="ct-imp-summary"
              message={f('ct.imp.summary', { rows: pre.rows, good: pre.good, bad: pre.bad })}
            />
            {pre.bad > 0 && (
              <Table
                size="small"
                rowKey="line"
                data-testid="ct-imp-errors"
                pagination={{ pageSize: 10 }}
                dataSource={pre.errors}
                columns={[
                  { title: f('ct.imp.line'), dataIndex: 'line', width: 70 },
                  { title: f('ct.account'), dataIndex: 'account' },
                  { title: f('ct.name'), dataIndex: 'name' },
                  { title: f('ct.imp.reasons'), dataIndex: 'reasons', render: (r: string[]) => r.join('; ') },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
};

export default ContactsPage;
