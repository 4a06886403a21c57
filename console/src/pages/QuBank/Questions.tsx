// Questions of one bank.
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { history, useIntl, useParams } from '@umijs/max';
import { Button } from 'antd';
import ConfirmDelete from '../../components/ConfirmDelete';
import React, { useRef } from 'react';
import { plain } from '../../components/design/model';
import { bankDeleteQuestion, bankQuestions, type BankQuestion } from '../../services/authoring';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const Questions: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { dwQuBankId = '' } = useParams();
  const ref = useRef<any>();
  return (
    <PageContainer onBack={() => history.push('/v8/dw/qu-bank')}>
      <ProTable<BankQuestion>
        rowKey="id"
        actionRef={ref}
        search={false}
        locale={{ emptyText: f('au.bank.noQuestions') }}
        request={async () => {
          const r = await bankQuestions(dwQuBankId);
          return { data: r.data ?? [], success: true, total: r.data?.length ?? 0 };
        }}
        toolBarRender={() => [
          <Button key="imp" onClick={() => history.push(`/v8/dw/import-bank/${dwQuBankId}`)}>
            {f('au.imp.bank')}
          </Button>,
        ]}
        columns={[
          { title: f('au.bank.quTitle'), dataIndex: 'quTitle', render: (_, r) => plain(r.quTitle) },
          { title: f('au.s.type'), dataIndex: 'quType', render: (_, r) => f(`dw.quType.${r.quType}`) },
          { title: f('common.createTime'), dataIndex: 'createDate', renderText: (v: unknown) => formatDateTime(v) },
          {
            title: f('common.actions'),
            valueType: 'option',
            render: (_, r) => (
              <ConfirmDelete title={f('common.deleteConfirm')} onDelete={() => bankDeleteQuestion(r.id)} onDone={() => ref.current?.reload()} />
            ),
          },
        ]}
      />
    </PageContainer>
  );
};

export default Questions;
