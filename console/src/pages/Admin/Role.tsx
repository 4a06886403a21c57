import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProForm, ProFormText, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Col, Divider, Row, Spin, Tag, Typography } from 'antd';
import ConfirmDelete from '../../components/ConfirmDelete';
import React, { useEffect, useRef, useState } from 'react';
import { permList, roleAdd, roleDelete, roleEdit, roleList, type Perm, type Role as R } from '../../services/api';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';
import { permGroupLabel, permLabel, roleLabel, roleNote } from '../../utils/perms';

export function groupPerms(perms: Perm[]): [string, Perm[]][] {
  const m = new Map<string, Perm[]>();
  for (const p of perms) {
    const g = p.group || '-';
    if (!m.has(g)) m.set(g, []);
    m.get(g)!.push(p);
  }
  return [...m.entries()];
}

const PermChecks: React.FC<{ value?: string[]; onChange?: (v: string[]) => void; perms: Perm[]; disabled?: boolean }> = ({
  value,
  onChange,
  perms,
  disabled,
}) => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange?.(v as string[])} disabled={disabled} style={{ width: '100%' }}>
      <div style={{ width: '100%' }}>
        {groupPerms(perms).map(([g, list]) => (
          <div key={g} data-perm-group={g}>
            <Divider orientation="left" plain style={{ margin: '8px 0' }}>
              {permGroupLabel(f, g)}
            </Divider>
            <Row gutter={[8, 8]}>
              {list.map((p) => (
                <Col span={12} key={p.code}>
                  <Checkbox value={p.code} data-perm={p.code}>
                    <span data-perm-label={p.code}>{permLabel(f, p)}</span>{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.code}
                    </Typography.Text>
                  </Checkbox>
                </Col>
              ))}
            </Row>
          </div>
        ))}
      </div>
    </Checkbox.Group>
  );
};

const Role: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [perms, setPerms] = useState<Perm[]>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<R | null>(null);
  const readOnly = editing?.type === 1;

  useEffect(() => {
    permList()
      .then((r) => setPerms(r?.data ?? []))
      .catch(() => setPerms([]));
  }, []);

  const permName = new Map((perms ?? []).map((p) => [p.code, permLabel(f, p)]));

  const columns: ProColumns<R>[] = [
    {
      title: f('admin.role.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <>
          {roleLabel(f, r)} {r.type === 1 && <Tag color="blue">{f('admin.role.type.1')}</Tag>}
        </>
      ),
    },
    { title: f('admin.role.code'), dataIndex: 'code', search: false },
    {
      title: f('admin.role.type'),
      dataIndex: 'type',
      search: false,
      render: (_, r) => <Tag color={r.type === 1 ? 'blue' : 'default'}>{f(`admin.role.type.${r.type === 1 ? 1 : 2}`)}</Tag>,
    },
    { title: f('admin.role.note'), dataIndex: 'note', search: false, ellipsis: true, render: (_, r) => roleNote(f, r) || '-' },
    {
      title: f('admin.role.perms'),
      dataIndex: 'permissionCodes',
      search: false,
      render: (_, r) =>
        (r.permissionCodes ?? []).map((c) => (
          <Tag key={c} title={c}>
            {permName.get(c) ?? permLabel(f, { code: c })}
          </Tag>
        )),
    },
    { title: f('common.createTime'), dataIndex: 'createTime', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) =>
        r.type === 1
          ? [
              <Tag key="ro">{f('admin.role.readonly')}</Tag>,
              <a
                key="view"
                onClick={() => {
                  setEditing(r);
                  setOpen(true);
                }}
              >
                {f('common.view')}
              </a>,
            ]
          : [
              <a
                key="edit"
                onClick={() => {
                  setEditing(r);
                  setOpen(true);
                }}
              >
                {f('common.edit')}
              </a>,
              <ConfirmDelete key="del" title={f('admin.role.deleteConfirm', { name: r.name })} onDelete={() => roleDelete(r.id)} onDone={() => ref.current?.reload()} />,
            ],
    },
  ];

  const nameRules = [
    { required: true, message: f('common.required') },
    { max: 18, message: f('common.max18') },
  ];

  return (
    <PageContainer>
      <ProTable<R>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10 }}
        request={async ({ current, pageSize, name }) => {
          const res = await roleList({ current, pageSize, name });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button
            key="add"
            type="primary"
            icon={<PlusOutlined />}
            data-testid="add-role"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {f('admin.role.add')}
          </Button>,
        ]}
      />
      <ModalForm
        key={editing?.id ?? 'new'}
        title={readOnly ? f('admin.role.view') : editing ? f('admin.role.edit') : f('admin.role.add')}
        open={open}
        onOpenChange={setOpen}
        width={720}
        disabled={readOnly}
        modalProps={{ destroyOnClose: true }}
        submitter={readOnly ? false : undefined}
        initialValues={
          editing
            ? { ...editing, name: roleLabel(f, editing), note: roleNote(f, editing), permissionCodes: editing.permissionCodes ?? [] }
            : { permissionCodes: [] }
        }
        onFinish={async (v: Record<string, any>) => {
          const body = { name: v.name, code: v.code, note: v.note ?? '', permissionCodes: v.permissionCodes ?? [] };
          try {
            if (editing) await roleEdit({ ...body, id: editing.id });
            else await roleAdd(body);
            toast.success(f('common.saved'));
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        {readOnly && <Alert type="info" showIcon message={f('admin.role.systemHint')} style={{ marginBottom: 16 }} />}
        <ProFormText name="name" label={f('admin.role.name')} fieldProps={{ id: 'role-name' }} rules={nameRules} />
        <ProFormText name="code" label={f('admin.role.code')} fieldProps={{ id: 'role-code' }} rules={nameRules} />
        <ProFormTextArea name="note" label={f('admin.role.note')} fieldProps={{ rows: 2 }} />
        <ProForm.Item name="permissionCodes" label={f('admin.role.perms')}>
          {perms ? <PermChecks perms={perms} disabled={readOnly} /> : <Spin />}
        </ProForm.Item>
      </ModalForm>
    </PageContainer>
  );
};

export default Role;
