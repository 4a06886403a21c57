import type { ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Segmented } from 'antd';
import React, { useState } from 'react';
import { adminAnswerLog, type AnswerLogRow } from '../../services/backoffice';
import { formatDateTime } from '../../utils/format';

/**
 * survey/answer-log (admin): every answer page event of every survey (event, IP, IP region,
 * time, count). Rows older than the retention move to the archive by the daily archive workflow.
 */
const AnswerLog: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [archived, setArchived] = useState(false);
  const columns: ProColumns<AnswerLogRow>[] = [
    { title: f('bo.log.survey'), dataIndex: 'survey', render: (_, r) => r.surveyName || r.surveyId, fieldProps: { placeholder: f('bo.log.surveyPh') } },
    { title: f('bo.log.event'), dataIndex: 'event' },
    { title: f('bo.log.ip'), dataIndex: 'ip', fieldProps: { placeholder: f('bo.log.ipPh') } },
    { title: f('bo.log.region'), dataIndex: 'region', search: false, render: (_, r) => [r.province, r.city].filter(Boolean).join(' ') || '—' },
    { title: f('bo.log.time'), dataIndex: 'createTime', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('bo.log.time'),
      dataIndex: 'timeRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ startTime: v?.[0], endTime: v?.[1] }) },
    },
    { title: f('bo.log.count'), dataIndex: 'count', search: false },
  ];
  return (
    <PageContainer content={f('bo.log.intro')}>
      <ProTable<AnswerLogRow>
        rowKey="id"
        columns={columns}
        params={{ archived }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: f(archived ? 'bo.log.archiveEmpty' : 'bo.log.empty') }}
        request={async (p) => {
          const { current, pageSize, survey, event, ip, startTime, endTime } = p as any;
          const res = await adminAnswerLog({ current, pageSize, survey, event, ip, startTime, endTime, archived: archived ? 1 : undefined });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Segmented
            key="arch"
            aria-label={f('bo.log.view')}
            value={archived ? 'archive' : 'live'}
            onChange={(v) => setArchived(v === 'archive')}
            options={[
              { value: 'live', label: f('bo.log.live') },
              { value: 'archive', label: f('bo.log.archive') },
            ]}
          />,
        ]}
      />
    </PageContainer>
  );
};

export default AnswerLog;
