import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProFormText, ProFormTreeSelect, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button } from 'antd';
import ConfirmDelete from '../../components/ConfirmDelete';
import React, { useRef, useState } from 'react';
import { deptAdd, deptAll, deptDelete, deptEdit, type Dept as D } from '../../services/api';
import { toast } from '../../utils/toast';
import { deptTreeData } from './Users';

/** Strips empty children so rows without children do not show an expand icon. */
function clean(tree: D[] | undefined): D[] {
  return (tree ?? []).map((d) => {
    const c = clean(d.children);
    return c.length ? { ...d, children: c } : { ...d, children: undefined };
  });
}

const Dept: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Partial<D> | null>(null);

  const columns: ProColumns<D>[] = [
    { title: f('admin.dept.name'), dataIndex: 'name' },
    { title: f('admin.dept.code'), dataIndex: 'code' },
    { title: f('admin.dept.userCount'), dataIndex: 'userCount', width: 100 },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a
          key="child"
          onClick={() => {
            setEditing({ parentId: r.id });
            setOpen(true);
          }}
        >
          {f('admin.dept.addChild')}
        </a>,
        <a
          key="edit"
          onClick={() => {
            setEditing(r);
            setOpen(true);
          }}
        >
          {f('common.edit')}
        </a>,
        <ConfirmDelete key="del" title={f('admin.dept.deleteConfirm', { name: r.name })} onDelete={() => deptDelete(r.id)} onDone={() => ref.current?.reload()} />,
      ],
    },
  ];

  return (
    <PageContainer>
      <ProTable<D>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        search={false}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        request={async () => {
          const res = await deptAll();
          return { data: clean(res?.data), success: true };
        }}
        toolBarRender={() => [
          <Button
            key="add"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {f('admin.dept.add')}
          </Button>,
        ]}
      />
      <ModalForm
        key={editing?.id ?? `new-${editing?.parentId ?? ''}`}
        title={editing?.id ? f('admin.dept.edit') : f('admin.dept.add')}
        open={open}
        onOpenChange={setOpen}
        modalProps={{ destroyOnClose: true }}
        initialValues={editing ?? {}}
        onFinish={async (v: Record<string, any>) => {
          const body = { name: v.name, code: v.code ?? '', parentId: v.parentId ?? '' };
          try {
            if (editing?.id) await deptEdit({ ...body, id: editing.id });
            else await deptAdd(body);
            toast.success(f('common.saved'));
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText
          name="name"
          label={f('admin.dept.name')}
          rules={[
            { required: true, message: f('common.required') },
            { max: 18, message: f('common.max18') },
          ]}
        />
        <ProFormText name="code" label={f('admin.dept.code')} rules={[{ max: 18, message: f('common.max18') }]} />
        <ProFormTreeSelect
          name="parentId"
          label={f('admin.dept.parent')}
          fieldProps={{ allowClear: true, treeDefaultExpandAll: true }}
          request={async () => {
            const res = await deptAll();
            return deptTreeData(res?.data);
          }}
        />
      </ModalForm>
    </PageContainer>
  );
};

export default Dept;
