// dw/my-task: Pending surveys (bound to me, not yet answered; tab key "first", the default) and
// My answered / Draft surveys (tab key "three"). app/task/task.do and app/task/answer-surveys.do,
// page size 10 with total, previous, pager and next (spec section 9).
import type { ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { history, useIntl, useLocation } from '@umijs/max';
import { Tabs, Tag } from 'antd';
import React from 'react';
import { answeredList, taskList, type AnsweredSurvey, type Task } from '../../services/contacts';
import { formatDateTime } from '../../utils/format';

/** The spec's list paging: 10 a page, the total, previous, pager and next. */
export const page = (f: (id: string, v?: Record<string, unknown>) => string) =>
  ({ defaultPageSize: 10, showSizeChanger: false, showTotal: (t: number) => f('task.total', { n: t }) }) as const;

export const AnsweredTable: React.FC<{ f: (id: string, v?: Record<string, unknown>) => string; testid: string }> = ({ f, testid }) => {
  const columns: ProColumns<AnsweredSurvey>[] = [
    { title: f('task.survey'), dataIndex: 'surveyName', render: (_, r) => <span data-testid="task-answered-name">{r.surveyName}</span> },
    {
      title: f('task.saveStatus'),
      dataIndex: 'saveStatus',
      valueType: 'select',
      valueEnum: { 0: { text: f('task.submitted') }, 1: { text: f('task.draft') } },
      render: (_, r) => <Tag color={r.saveStatus === 1 ? 'gold' : 'green'}>{f(r.saveStatus === 1 ? 'task.draft' : 'task.submitted')}</Tag>,
    },
    { title: f('task.ip'), dataIndex: 'ipAddr', search: false, responsive: ['md'] },
    { title: f('task.region'), dataIndex: 'city', search: false, responsive: ['md'], render: (_, r) => [r.province, r.city].filter(Boolean).join(' ') || '-' },
    { title: f('task.time'), dataIndex: 'endAnDate', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="v" href={`/v8/diaowen/an/review/${r.sid}/${r.id}`} target="_blank" rel="noreferrer">
          {f('task.view')}
        </a>,
        r.collecting ? (
          <a key="e" href={`/v8/diaowen/an/${r.sid}/${r.id}`} target="_blank" rel="noreferrer">
            {f(r.saveStatus === 1 ? 'task.continue' : 'task.edit')}
          </a>
        ) : null,
      ],
    },
  ];
  return (
    <ProTable<AnsweredSurvey>
      rowKey="id"
      data-testid={testid}
      columns={columns}
      search={{ labelWidth: 'auto' }}
      pagination={page(f)}
      options={false}
      request={async (p) => {
        const r = await answeredList({ current: p.current, pageSize: p.pageSize, surveyName: p.surveyName, saveStatus: p.saveStatus });
        return { data: r.data ?? [], total: r.total, success: true };
      }}
      locale={{ emptyText: f('task.answeredEmpty') }}
    />
  );
};

const MyTask: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, unknown>) => intl.formatMessage({ id }, v as any);
  const loc = useLocation();
  const tab = new URLSearchParams(loc.search).get('tab') === 'three' ? 'three' : 'first';
  const columns: ProColumns<Task>[] = [
    { title: f('task.survey'), dataIndex: 'surveyName', render: (_, r) => <span data-testid="task-pending-name">{r.surveyName}</span> },
    { title: f('task.sender'), dataIndex: 'createUserName', responsive: ['md'] },
    { title: f('task.received'), dataIndex: 'createTime', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="a" href={r.answerUrl} target="_blank" rel="noreferrer" data-testid="task-answer">
          {f('task.answerNow')}
        </a>,
      ],
    },
  ];
  return (
    <PageContainer title={f('menu.myTask')}>
      <Tabs
        activeKey={tab}
        onChange={(k) => history.replace(`${loc.pathname}?tab=${k}`)}
        items={[
          {
            key: 'first',
            label: f('task.pending'),
            children: (
              <ProTable<Task>
                rowKey="id"
                data-testid="task-pending"
                columns={columns}
                search={{ labelWidth: 'auto' }}
                pagination={page(f)}
                options={false}
                request={async (p) => {
                  const r = await taskList({ current: p.current, pageSize: p.pageSize, surveyName: p.surveyName, createUserName: p.createUserName });
                  return { data: r.data ?? [], total: r.total, success: true };
                }}
                locale={{ emptyText: f('task.pendingEmpty') }}
              />
            ),
          },
          { key: 'three', label: f('task.answered'), children: <AnsweredTable f={f} testid="task-answered" /> },
        ]}
      />
    </PageContainer>
  );
};

export default MyTask;
