// The admin back office's list-with-editor pages (resource/poster, resource/style-template,
// system/notice): a ProTable with an "add" button, edit and delete per row, an optional
// enabled/disabled switch, and an add/edit dialog (EditorModal + useEditorForm) whose errors
// appear under their fields once the author has tried to save.
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Modal, Switch } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import type { PageResult } from '../../services/api';
import { toast } from '../../utils/toast';
import ConfirmDelete from '../ConfirmDelete';
import LinkButton from '../LinkButton';
import { formatDateTime } from '../../utils/format';

/** What a page's editor dialog gets: the row to edit (null: a new one), open, and onClose(saved). */
export type EditorProps<T> = { item: T | null; open: boolean; onClose: (saved: boolean) => void };

/**
 * The state of an editor dialog: `touched` once saving was tried (errors show from then on),
 * `saving` while the request runs, `submit(ok, write)` saves when ok (toast, close), `err(msg)`
 * the Form.Item props that tie an error to its field.
 */
export function useEditorForm(open: boolean, onClose: (saved: boolean) => void) {
  const intl = useIntl();
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setTouched(false);
  }, [open]);
  const submit = async (ok: boolean, write: () => Promise<unknown>) => {
    setTouched(true);
    if (!ok) return;
    setSaving(true);
    try {
      await write();
      toast.success(intl.formatMessage({ id: 'common.saved' }));
      onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  const err = (e: string, always = false) => ((touched || always) && e ? { validateStatus: 'error' as const, help: e } : {});
  return { touched, saving, submit, err };
}

/** The add/edit dialog of a list-with-editor page. */
export function EditorModal(props: { open: boolean; title: string; width: number; saving: boolean; onSave: () => void; onClose: (saved: boolean) => void; children: React.ReactNode }) {
  const intl = useIntl();
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width}
      onCancel={() => props.onClose(false)}
      onOk={props.onSave}
      okText={intl.formatMessage({ id: 'common.save' })}
      confirmLoading={props.saving}
      destroyOnClose
    >
      {props.children}
    </Modal>
  );
}

export default function ListWithEditor<T extends { id: string; status?: number }>(props: {
  /** The page's introduction (under its title). */
  intro: string;
  /** The page's own columns; the state switch (with `enable`), "updated" and the actions follow. */
  columns: ProColumns<T>[];
  /** Loads a page of rows; `filters` are the search form's fields passed on. */
  list: (params: Record<string, unknown>) => Promise<PageResult<T> | undefined>;
  filters: string[];
  empty: string;
  addLabel: string;
  addTestId: string;
  deleteConfirm: (r: T) => string;
  remove: (ids: string[]) => Promise<unknown>;
  /** Enables or disables a row: adds the state switch (named "Enable <name>") and "updated" columns. */
  enable?: { name: (r: T) => string; save: (r: T, on: boolean) => Promise<unknown> };
  Editor: React.ComponentType<EditorProps<T>>;
}) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const edit = (t: T | null) => {
    setEditing(t);
    setOpen(true);
  };
  const { enable, Editor } = props;
  const stateColumns: ProColumns<T>[] = enable
    ? [
        {
          title: f('bo.state'),
          dataIndex: 'status',
          valueType: 'select',
          valueEnum: { 1: { text: f('bo.enabled') }, 0: { text: f('bo.disabled') } },
          render: (_, r) => (
            <Switch
              checked={r.status === 1}
              aria-label={f('bo.enableNamed', { name: enable.name(r) })}
              checkedChildren={f('bo.enabled')}
              unCheckedChildren={f('bo.disabled')}
              onChange={async (on) => {
                try {
                  await enable.save(r, on);
                  toast.success(f('common.saved'));
                  ref.current?.reload();
                } catch {
                  // shown by the request layer
                }
              }}
            />
          ),
        },
        { title: f('bo.updated'), dataIndex: 'updateDate', search: false, renderText: (v: unknown) => formatDateTime(v) },
      ]
    : [];
  const columns: ProColumns<T>[] = [
    ...props.columns,
    ...stateColumns,
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <LinkButton key="edit" onClick={() => edit(r)}>
          {f('common.edit')}
        </LinkButton>,
        <ConfirmDelete key="del" title={props.deleteConfirm(r)} onDelete={() => props.remove([r.id])} onDone={() => ref.current?.reload()} />,
      ],
    },
  ];
  return (
    <PageContainer content={props.intro}>
      <ProTable<T>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: props.empty }}
        request={async (p) => {
          const q: Record<string, unknown> = { current: p.current, pageSize: p.pageSize };
          for (const k of props.filters) q[k] = (p as Record<string, unknown>)[k];
          const res = await props.list(q);
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid={props.addTestId} onClick={() => edit(null)}>
            {props.addLabel}
          </Button>,
        ]}
      />
      <Editor
        item={editing}
        open={open}
        onClose={(saved) => {
          setOpen(false);
          if (saved) ref.current?.reload();
        }}
      />
    </PageContainer>
  );
}
