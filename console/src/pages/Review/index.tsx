// dw/my-review: the reviewer's and grader's home - answers waiting at a step I may decide
// (oldest first, counted per survey) and the surveys with answers waiting for my grading.
import { PageContainer } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Alert, Badge, Button, Card, Empty, List, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import React, { useCallback, useEffect, useState } from 'react';
import { stepName } from '../../components/review/ChainTimeline';
import ReviewDialog from '../../components/review/ReviewDialog';
import {
  gradingPath,
  gradingQueue,
  gradingSurveys,
  reviewQueue,
  reviewQueueSurveys,
  type GradingSurvey,
  type QueueRow,
  type SurveyCount,
} from '../../services/review';
import type { Page as DataPage } from '../../services/resultsData';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const ReviewHome: React.FC = () => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const [surveys, setSurveys] = useState<SurveyCount[] | null>(null);
  const [grading, setGrading] = useState<GradingSurvey[] | null>(null);
  const [survey, setSurvey] = useState('');
  const [paging, setPaging] = useState({ no: 1, size: 10 });
  const [page, setPage] = useState<DataPage<QueueRow> | null>(null);
  const [loading, setLoading] = useState(true);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const reload = useCallback(() => setN((x) => x + 1), []);

  useEffect(() => {
    let live = true;
    reviewQueueSurveys()
      .then((r) => live && setSurveys(r.data ?? []))
      .catch((e) => live && setErr(errorText(e)));
    gradingSurveys()
      .then((r) => live && setGrading(r.data ?? []))
      .catch(() => live && setGrading([]));
    return () => {
      live = false;
    };
  }, [n]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    reviewQueue(survey, paging.no, paging.size)
      .then((r) => live && (setPage(r.data), setErr('')))
      .catch((e) => live && setErr(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [survey, paging, n]);

  const gradeNext = async (g: GradingSurvey) => {
    try {
      const r = await gradingQueue(g.surveyId, 1, 1);
      const first = r.data.result?.[0];
      if (first) history.push(gradingPath(g.sid, first.answerId));
      else {
        toast.info(f('rv.home.noneToGrade'));
        reload();
      }
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const columns: ColumnsType<QueueRow> = [
    { title: f('rv.col.survey'), dataIndex: 'surveyTitle', render: (v, r) => <span data-testid="queue-survey">{v || r.sid}</span> },
    {
      title: f('rv.col.step'),
      dataIndex: 'step',
      width: 170,
      render: (v, r) => (
        <Space size={4} wrap>
          <Tag color="blue" data-testid="queue-step" data-step={v}>{stepName(f, v)}</Tag>
          {r.escalatedFrom ? <Tag color="orange">{f('rv.tl.escalatedTag', { n: r.escalatedFrom })}</Tag> : null}
        </Space>
      ),
    },
    { title: f('rv.col.waitingSince'), dataIndex: 'enteredAt', width: 170, render: (v: unknown) => formatDateTime(v) },
    { title: f('rv.col.due'), dataIndex: 'dueAt', width: 170, render: (v) => (v ? formatDateTime(v) : '-') },
    { title: f('rv.col.reminders'), dataIndex: 'reminders', width: 90, align: 'right', render: (v) => v || 0 },
    { title: f('rv.col.submitted'), dataIndex: 'endAnDate', width: 170, render: (v: unknown) => formatDateTime(v) },
    {
      title: f('rv.col.actions'),
      key: 'a',
      width: 100,
      render: (_, r) => (
        <Button size="small" type="link" onClick={() => setOpen(r.answerId)} data-testid="queue-review">
          {f('rv.home.review')}
        </Button>
      ),
    },
  ];

  return (
    <PageContainer title={f('menu.myReview')} data-testid="review-home">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {err && <Alert type="error" showIcon message={err} action={<Button size="small" onClick={reload}>{f('rv.retry')}</Button>} data-testid="review-home-error" />}
        <Card size="small" title={f('rv.home.bySurvey')} data-testid="review-home-surveys">
          {surveys && surveys.length === 0 ? (
            <Empty description={f('rv.home.emptyQueue')} />
          ) : (
            <Space wrap>
              <Button type={survey === '' ? 'primary' : 'default'} onClick={() => (setSurvey(''), setPaging((p) => ({ ...p, no: 1 })))}>
                {f('rv.home.all')}
              </Button>
              {(surveys ?? []).map((s) => (
                <Badge key={s.surveyId} count={s.waiting} overflowCount={9999}>
                  <Button
                    type={survey === s.surveyId ? 'primary' : 'default'}
                    onClick={() => (setSurvey(s.surveyId), setPaging((p) => ({ ...p, no: 1 })))}
                    data-testid="review-home-survey"
                    data-waiting={s.waiting}
                  >
                    {s.surveyTitle || s.sid}
                  </Button>
                </Badge>
              ))}
            </Space>
          )}
        </Card>
        <Card size="small" title={<span data-testid="review-home-total" data-total={page?.totalItems ?? 0}>{f('rv.home.queue', { n: page?.totalItems ?? 0 })}</span>}>
          <Table<QueueRow>
            rowKey="answerId"
            size="small"
            loading={loading}
            columns={columns}
            dataSource={page?.result ?? []}
            scroll={{ x: 900 }}
            locale={{ emptyText: <Empty description={f('rv.home.emptyQueue')} /> }}
            pagination={{
              current: paging.no,
              pageSize: paging.size,
              total: page?.totalItems ?? 0,
              showSizeChanger: true,
              showTotal: (t) => f('rv.home.total', { n: t }),
              onChange: (no, size) => setPaging({ no: size !== paging.size ? 1 : no, size }),
            }}
          />
        </Card>
        <Card size="small" title={f('rv.home.grading')} data-testid="review-home-grading">
          <List
            dataSource={grading ?? []}
            loading={grading === null}
            locale={{ emptyText: <Empty description={f('rv.home.emptyGrading')} /> }}
            renderItem={(g) => (
              <List.Item
                actions={[
                  <Button key="g" type="primary" size="small" onClick={() => gradeNext(g)} data-testid="grading-next">
                    {f('rv.home.gradeNext')}
                  </Button>,
                ]}
              >
                <span data-testid="grading-survey" data-waiting={g.waiting}>
                  {g.surveyTitle || g.sid} · {f('rv.home.waitingGrading', { n: g.waiting })}
                </span>
              </List.Item>
            )}
          />
        </Card>
      </Space>
      <ReviewDialog answerId={open} onClose={() => setOpen(null)} onChanged={reload} onOpen={(id) => setOpen(id)} />
    </PageContainer>
  );
};

export default ReviewHome;
