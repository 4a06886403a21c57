// dw/my-answer: my answers (submitted and drafts) from app/my-answer/list.do, newest first, with
// score and answering time; page size 10 with total, previous, pager and next (spec section 9).
// The My tasks tab "My answered / Draft surveys" lists the same answers with filters.
import type { ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag } from 'antd';
import React from 'react';
import { myAnswerList, type MyAnswer as Row } from '../../services/contacts';
import { page } from './index';
import { formatDateTime } from '../../utils/format';

/** Answering time as m:ss (h:mm:ss from an hour). */
export function duration(ms: number): string {
  if (!ms || ms < 0) return '-';
  const t = Math.round(ms / 1000);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = String(t % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const MyAnswer: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, unknown>) => intl.formatMessage({ id }, v as any);
  const columns: ProColumns<Row>[] = [
    { title: f('task.survey'), dataIndex: 'surveyName' },
    {
      title: f('task.saveStatus'),
      dataIndex: 'saveStatus',
      render: (_, r) => <Tag color={r.saveStatus === 1 ? 'gold' : 'green'}>{f(r.saveStatus === 1 ? 'task.draft' : 'task.submitted')}</Tag>,
    },
    { title: f('task.score'), dataIndex: 'sumScore', responsive: ['md'] },
    { title: f('task.duration'), dataIndex: 'totalTime', responsive: ['md'], render: (_, r) => duration(r.totalTime) },
    { title: f('task.ip'), dataIndex: 'ipAddr', responsive: ['lg'] },
    { title: f('task.region'), dataIndex: 'city', responsive: ['lg'], render: (_, r) => r.city || '-' },
    { title: f('task.time'), dataIndex: 'endAnDate', renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="v" href={`/v8/diaowen/an/review/${r.sid}/${r.id}`} target="_blank" rel="noreferrer" aria-label={`${f('task.view')}: ${r.surveyName}`}>
          {f('task.view')}
        </a>,
        r.saveStatus === 1 ? (
          <a key="c" href={`/v8/diaowen/an/${r.sid}/${r.id}`} target="_blank" rel="noreferrer" aria-label={`${f('task.continue')}: ${r.surveyName}`}>
            {f('task.continue')}
          </a>
        ) : null,
      ],
    },
  ];
  return (
    <PageContainer title={f('menu.myAnswer')}>
      <ProTable<Row>
        rowKey="id"
        data-testid="my-answers"
        columns={columns}
        search={false}
        pagination={page(f)}
        options={false}
        request={async (p) => {
          const r = await myAnswerList({ current: p.current, pageSize: p.pageSize });
          return { data: r.data ?? [], total: r.total, success: true };
        }}
        locale={{ emptyText: f('task.answeredEmpty') }}
      />
    </PageContainer>
  );
};

export default MyAnswer;
