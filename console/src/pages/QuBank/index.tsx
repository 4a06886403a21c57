// Question banks: list, add, edit, delete, import.
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ModalForm, PageContainer, ProFormText, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Button, Space } from 'antd';
import ConfirmDelete from '../../components/ConfirmDelete';
import React, { useRef, useState } from 'react';
import { bankAdd, bankDelete, bankEdit, bankList, type Bank } from '../../services/authoring';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const Banks: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [edit, setEdit] = useState<Partial<Bank> | null>(null);
  const columns: ProColumns<Bank>[] = [
    { title: f('au.bank.name'), dataIndex: 'bankName', render: (_, r) => <a data-testid="bank-name" onClick={() => history.push(`/v8/dw/qu-bank/question-list/${r.id}`)}>{r.bankName}</a> },
    { title: f('au.bank.note'), dataIndex: 'bankNote', search: false },
    { title: f('au.bank.quNum'), dataIndex: 'quNum', search: false },
    { title: f('au.s.updated'), dataIndex: 'updateDate', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          <a onClick={() => history.push(`/v8/dw/qu-bank/question-list/${r.id}`)}>{f('au.bank.questions')}</a>
          <a onClick={() => setEdit(r)}>{f('common.edit')}</a>
          <a onClick={() => history.push(`/v8/dw/import-bank/${r.id}`)}>{f('au.imp.bank')}</a>
          <ConfirmDelete title={f('au.bank.deleteConfirm')} onDelete={() => bankDelete(r.id)} onDone={() => ref.current?.reload()} />
        </Space>
      ),
    },
  ];
  return (
    <PageContainer>
      <ProTable<Bank>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        locale={{ emptyText: f('au.bank.none') }}
        request={async (p) => {
          const r = await bankList({ current: p.current, pageSize: p.pageSize, bankName: (p as any).bankName });
          return { data: r.data ?? [], total: r.total, success: true };
        }}
        toolBarRender={() => [
          <Button key="imp" onClick={() => history.push('/v8/dw/import-bank')}>
            {f('au.imp.bank')}
          </Button>,
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="add-bank" onClick={() => setEdit({})}>
            {f('au.bank.add')}
          </Button>,
        ]}
      />
      <ModalForm
        title={edit?.id ? f('common.edit') : f('au.bank.add')}
        open={!!edit}
        initialValues={edit ?? {}}
        modalProps={{ destroyOnClose: true, onCancel: () => setEdit(null) }}
        onFinish={async (v) => {
          try {
            if (edit?.id) await bankEdit({ ...v, id: edit.id });
            else await bankAdd(v);
            toast.success(f('common.saved'));
            setEdit(null);
            ref.current?.reload();
            return true;
          } catch {
            return false;
          }
        }}
      >
        <ProFormText name="bankName" label={f('au.bank.name')} fieldProps={{ id: 'bank-name', maxLength: 32 }} rules={[{ required: true }]} />
        <ProFormTextArea name="bankNote" label={f('au.bank.note')} />
      </ModalForm>
    </PageContainer>
  );
};

export default Banks;
