// A webhook's delivery log: deliveries by state with their attempts, replay one or all failed.
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Modal, Popconfirm, Radio, Space, Spin, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { hookAttempts, hookDeliveries, hookReplay, type Attempt, type Delivery, type Hook } from '../../services/webhook';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

type F = (id: string, v?: Record<string, any>) => string;

const STATE_COLOR: Record<string, string> = { delivered: 'green', retrying: 'orange', failed: 'red', pending: 'default' };
const OUTCOME_COLOR: Record<string, string> = { delivered: 'green', retry: 'orange', failed: 'red', gone: 'red', skipped: 'default' };

const Attempts: React.FC<{ surveyId: string; deliveryId: string; f: F }> = ({ surveyId, deliveryId, f }) => {
  const [rows, setRows] = useState<Attempt[] | null>(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    hookAttempts(surveyId, deliveryId)
      .then((r) => setRows(r.data ?? []))
      .catch((e) => setErr(errorText(e)));
  }, [surveyId, deliveryId]);
  if (err) return <Alert type="error" showIcon message={err} />;
  if (!rows) return <Spin size="small" />;
  return (
    <Table
      size="small"
      rowKey="no"
      pagination={false}
      dataSource={rows}
      data-testid="wh-attempts"
      columns={[
        { title: f('wh.log.attemptNo'), dataIndex: 'no', width: 60 },
        { title: f('wh.log.attemptAt'), dataIndex: 'at', width: 170 },
        {
          title: f('wh.log.outcome'),
          dataIndex: 'outcome',
          width: 120,
          render: (o: string) => <Tag color={OUTCOME_COLOR[o]}>{f(`wh.outcome.${o}`)}</Tag>,
        },
        { title: f('wh.log.lastStatus'), dataIndex: 'status', width: 90, render: (s: number) => s || '-' },
        { title: f('wh.log.latency'), dataIndex: 'latencyMs', width: 100 },
        {
          title: f('wh.log.response'),
          key: 'resp',
          render: (_: unknown, a: Attempt) => (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}>
              {[a.error, a.response].filter(Boolean).join('\n')}
            </Typography.Paragraph>
          ),
        },
      ]}
    />
  );
};

const DeliveryLog: React.FC<{ surveyId: string; hook: Hook; f: F; onClose: () => void }> = ({ surveyId, hook, f, onClose }) => {
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Delivery[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const reload = useCallback(() => setN((x) => x + 1), []);
  const pageSize = 10;

  useEffect(() => {
    let live = true;
    setLoading(true);
    hookDeliveries({ surveyId, hookId: hook.id, state, current: page, pageSize })
      .then((r) => live && (setRows(r.data), setTotal(r.total), setErr('')))
      .catch((e) => live && setErr(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [surveyId, hook.id, state, page, n]);

  const replay = async (b: { ids?: string[]; allFailed?: boolean }) => {
    try {
      const r = await hookReplay({ surveyId, hookId: hook.id, ...b });
      toast.success(f(r.data.more ? 'wh.log.replayedMore' : 'wh.log.replayed', { n: r.data.count }));
      reload();
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  const name = hook.name || f(`wh.target.${hook.target}`);

  return (
    <Drawer open width={Math.min(1000, typeof window !== 'undefined' ? window.innerWidth : 1000)} title={f('wh.log.title', { name })} onClose={onClose} destroyOnClose>
      <Space wrap style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <Radio.Group
          value={state}
          onChange={(e) => (setState(e.target.value), setPage(1))}
          optionType="button"
          aria-label={f('wh.log.filter')}
          data-testid="wh-log-filter"
          options={['', 'pending', 'retrying', 'delivered', 'failed'].map((s) => ({
            value: s,
            label: <span data-testid={`wh-log-filter-${s || 'all'}`}>{f(s ? `wh.state.${s}` : 'wh.state.all')}</span>,
          }))}
        />
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reload} aria-label={f('common.refresh')} data-testid="wh-log-refresh">
            {f('common.refresh')}
          </Button>
          <Button
            danger
            disabled={!hook.enabled}
            onClick={() =>
              Modal.confirm({
                title: f('wh.log.replayAllConfirm'),
                okButtonProps: { 'data-testid': 'confirm-ok' } as any,
                onOk: () => replay({ allFailed: true }),
              })
            }
            data-testid="wh-log-replay-all"
          >
            {f('wh.log.replayAll')}
          </Button>
        </Space>
      </Space>
      {err && <Alert type="error" showIcon message={err} style={{ marginBottom: 12 }} />}
      <Table
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        data-testid="wh-log-table"
        locale={{ emptyText: f('wh.log.empty') }}
        scroll={{ x: 860 }}
        pagination={{ current: page, pageSize, total, onChange: setPage, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (d: Delivery) => <Attempts surveyId={surveyId} deliveryId={d.id} f={f} />,
          rowExpandable: (d: Delivery) => d.attempts > 0,
          expandIcon: ({ expanded, onExpand, record, expandable }) =>
            expandable ? (
              <Button
                type="link"
                size="small"
                aria-expanded={expanded}
                aria-label={f('wh.log.showAttempts')}
                onClick={(e) => onExpand(record, e)}
                data-testid="wh-log-expand"
              >
                {expanded ? '−' : '+'}
              </Button>
            ) : null,
        }}
        columns={[
          { title: f('wh.log.time'), dataIndex: 'createTime', width: 170, render: (v: unknown) => formatDateTime(v) },
          { title: f('wh.log.event'), dataIndex: 'event', width: 130, render: (e: string) => f(`wh.event.${e}`) },
          {
            title: f('wh.log.state'),
            dataIndex: 'state',
            width: 100,
            render: (s: string) => (
              <Tag color={STATE_COLOR[s]} data-testid="wh-log-state">
                {f(`wh.state.${s}`)}
              </Tag>
            ),
          },
          { title: f('wh.log.attempts'), dataIndex: 'attempts', width: 80 },
          { title: f('wh.log.lastStatus'), dataIndex: 'lastStatus', width: 90, render: (s: number) => s || '-' },
          {
            title: f('wh.log.detail'),
            key: 'detail',
            render: (_: unknown, d: Delivery) => (
              <Space direction="vertical" size={0}>
                {d.lastError && <Typography.Text type="danger">{d.lastError}</Typography.Text>}
                {d.state === 'retrying' && d.nextAttemptAt && <Typography.Text type="secondary">{f('wh.log.next', { t: d.nextAttemptAt })}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: f('common.actions'),
            key: 'act',
            width: 100,
            render: (_: unknown, d: Delivery) =>
              d.state === 'failed' && hook.enabled ? (
                <Popconfirm title={f('wh.log.replayConfirm')} onConfirm={() => replay({ ids: [d.id] })} okButtonProps={{ 'data-testid': 'confirm-ok' } as any}>
                  <a data-testid="wh-log-replay">{f('wh.log.replay')}</a>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
};

export default DeliveryLog;
