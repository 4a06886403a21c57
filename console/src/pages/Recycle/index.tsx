// Recycle bin: restore or purge deleted surveys.
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Popconfirm, Space } from 'antd';
import React, { useRef } from 'react';
import { recycleList, recyclePurge, recycleRestore, type SurveyRow } from '../../services/authoring';
import { toast } from '../../utils/toast';
import LinkButton from '../../components/LinkButton';
import { formatDateTime } from '../../utils/format';

const Recycle: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      toast.success(ok);
      ref.current?.reload();
    } catch {
      // shown by the request layer
    }
  };
  const columns: ProColumns<SurveyRow>[] = [
    { title: f('au.s.name'), dataIndex: 'surveyName' },
    { title: f('au.s.type'), dataIndex: 'surveyType', search: false, render: (_, r) => f(`au.type.${r.surveyType}`) },
    { title: f('au.s.answers'), dataIndex: 'answerNum', search: false },
    { title: f('au.rec.deleteDate'), dataIndex: 'deleteDate', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          <LinkButton data-testid="row-restore" onClick={() => act(() => recycleRestore(r.id), f('au.rec.restored'))}>
            {f('au.rec.restore')}
          </LinkButton>
          <Popconfirm title={f('au.rec.purgeConfirm')} okButtonProps={{ danger: true, 'data-testid': 'confirm-purge' } as any} onConfirm={() => act(() => recyclePurge(r.id), f('au.rec.purged'))}>
            <LinkButton data-testid="row-purge" danger>
              {f('au.rec.purge')}
            </LinkButton>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <PageContainer>
      <ProTable<SurveyRow>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        locale={{ emptyText: f('au.rec.empty') }}
        request={async (p) => {
          const r = await recycleList({ current: p.current, pageSize: p.pageSize, surveyName: (p as any).surveyName });
          return { data: r.data ?? [], total: r.total, success: true };
        }}
      />
    </PageContainer>
  );
};

export default Recycle;
