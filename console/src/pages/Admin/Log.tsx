import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Space, Switch, Tag } from 'antd';
import React, { useRef, useState } from 'react';
import { logList, type LogRow } from '../../services/api';
import { formatDateTime } from '../../utils/format';

export const OPERATION_TYPES = [
  'login',
  'logout',
  'register',
  'password',
  'create',
  'update',
  'delete',
  'permission_denied',
  'archive',
];

const Log: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const ref = useRef<ActionType>();
  const [archived, setArchived] = useState(false);

  const columns: ProColumns<LogRow>[] = [
    { title: f('admin.log.time'), dataIndex: 'createTime', search: false, width: 170, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('admin.log.time'),
      dataIndex: 'timeRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: {
        transform: (v: [string, string]) => ({ startTime: v?.[0], endTime: v?.[1] }),
      },
    },
    { title: f('admin.log.userName'), dataIndex: 'userName' },
    { title: f('admin.log.name'), dataIndex: 'name', search: false },
    {
      title: f('admin.log.operationType'),
      dataIndex: 'operationType',
      valueType: 'select',
      valueEnum: Object.fromEntries(OPERATION_TYPES.map((o) => [o, { text: f(`admin.log.op.${o}`) }])),
    },
    {
      title: f('admin.log.success'),
      dataIndex: 'success',
      valueType: 'select',
      valueEnum: { 1: { text: f('admin.log.success.1') }, 0: { text: f('admin.log.success.0') } },
      render: (_, r) => (
        <Tag color={r.success ? 'green' : 'red'}>{f(`admin.log.success.${r.success ? 1 : 0}`)}</Tag>
      ),
    },
    { title: f('admin.log.notes'), dataIndex: 'notes', search: false, ellipsis: true },
    { title: f('admin.log.ip'), dataIndex: 'ip', search: false },
  ];

  return (
    <PageContainer>
      <ProTable<LogRow>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        params={{ archived }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        request={async (p) => {
          const { current, pageSize, userName, operationType, success, startTime, endTime } = p as any;
          const res = await logList({
            current,
            pageSize,
            userName,
            operationType,
            success,
            startTime,
            endTime,
            archived: archived ? 1 : undefined,
          });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Space key="arch">
            <Switch checked={archived} onChange={setArchived} data-testid="log-archived" aria-label={f('admin.log.archived')} />
            {f('admin.log.archived')}
          </Space>,
        ]}
      />
    </PageContainer>
  );
};

export default Log;
