import type { ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, AutoComplete, Button, Descriptions, Drawer, Empty, Input, Modal, Popconfirm, Select, Space, Spin, Tag, Timeline, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { wfCancel, wfHistory, wfList, wfTerminate, type OutboxStats, type WfEvent, type WfItem } from '../../services/api';
import { toast } from '../../utils/toast';
import { WF_STATUSES, WF_TYPES, wfStatusText, wfStepText } from '../../utils/workflow';
import { formatDateTime } from '../../utils/format';

const STATUS_COLOR: Record<string, string> = {
  Running: 'processing',
  Completed: 'success',
  Failed: 'error',
  Canceled: 'warning',
  Terminated: 'error',
  ContinuedAsNew: 'default',
  TimedOut: 'error',
};

/** Link of one execution in the Temporal Web UI when the base URL names a namespace. */
export function temporalLink(base: string | undefined, item?: { workflowId: string; runId: string }) {
  if (!base) return undefined;
  const b = base.replace(/\/+$/, '');
  if (item && /\/namespaces\/[^/]+$/.test(b)) {
    return `${b}/workflows/${encodeURIComponent(item.workflowId)}/${encodeURIComponent(item.runId)}/history`;
  }
  return b;
}

const Workflows: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const [items, setItems] = useState<WfItem[]>([]);
  const [token, setToken] = useState<string>();
  const [uiUrl, setUiUrl] = useState<string>();
  const [outbox, setOutbox] = useState<OutboxStats>();
  const [loading, setLoading] = useState(false);
  const [type, setType] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [detail, setDetail] = useState<WfItem>();
  const [events, setEvents] = useState<WfEvent[]>();
  const [info, setInfo] = useState<WfItem>();
  const [detailLoading, setDetailLoading] = useState(false);
  const reason = useRef('');

  const load = useCallback(
    async (more: boolean) => {
      setLoading(true);
      try {
        const res = await wfList({
          pageSize: 20,
          nextPageToken: more ? token : undefined,
          workflowType: type || undefined,
          status: status || undefined,
        });
        const d = res?.data;
        setItems((prev) => (more ? [...prev, ...(d?.items ?? [])] : d?.items ?? []));
        setToken(d?.nextPageToken || undefined);
        if (d?.temporalUiUrl) setUiUrl(d.temporalUiUrl);
        setOutbox(d?.outbox);
      } catch {
        /* shown */
      } finally {
        setLoading(false);
      }
    },
    [token, type, status],
  );

  useEffect(() => {
    load(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  const openDetail = async (it: WfItem) => {
    setDetail(it);
    setEvents(undefined);
    setInfo(undefined);
    setDetailLoading(true);
    try {
      const res = await wfHistory(it.workflowId, it.runId);
      const loaded = res?.data?.info ?? it;
      setInfo(loaded);
      setDetail(loaded); // a link without runId resolves to the latest run here
      setEvents(res?.data?.events ?? []);
    } catch {
      setEvents([]);
    } finally {
      setDetailLoading(false);
    }
  };

  // Other pages link here with ?workflowId=…[&runId=…] (e.g. a survey's collection status):
  // open that execution's history directly (the latest run when no runId is given).
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const workflowId = q.get('workflowId');
    if (workflowId) {
      openDetail({ workflowId, runId: q.get('runId') || '' } as WfItem);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const act = async (kind: 'cancel' | 'terminate') => {
    if (!detail) return;
    try {
      if (kind === 'cancel') await wfCancel(detail.workflowId, detail.runId);
      else await wfTerminate(detail.workflowId, detail.runId, reason.current);
      toast.success(f('common.operationOk'));
      openDetail(detail);
      load(false);
    } catch {
      /* shown */
    }
  };

  const columns: ProColumns<WfItem>[] = [
    { title: f('admin.wf.type'), dataIndex: 'workflowType' },
    {
      title: f('admin.wf.id'),
      dataIndex: 'workflowId',
      render: (_, r) => <a onClick={() => openDetail(r)}>{r.workflowId}</a>,
    },
    {
      title: f('admin.wf.status'),
      dataIndex: 'status',
      render: (_, r) => <Tag color={STATUS_COLOR[r.status] ?? 'default'}>{wfStatusText(f, r.status)}</Tag>,
    },
    {
      title: f('rv.wf.step'),
      dataIndex: 'step',
      render: (_, r) => {
        const text = wfStepText((id, values) => intl.formatMessage({ id }, values), r.step ?? '', r.workflowType, r.status === 'Running');
        return text ? (
          <span data-testid="wf-step" data-step={r.step ?? ''}>
            {text}
          </span>
        ) : (
          '-'
        );
      },
    },
    { title: f('admin.wf.start'), dataIndex: 'startTime', renderText: (v: unknown) => formatDateTime(v) },
    { title: f('admin.wf.close'), dataIndex: 'closeTime', renderText: (v: unknown) => formatDateTime(v) },
  ];

  const cur = info ?? detail;
  const running = cur?.status === 'Running';

  return (
    <PageContainer
      extra={
        uiUrl ? (
          <Typography.Link href={uiUrl} target="_blank" rel="noreferrer">
            {f('admin.wf.temporalUi')}
          </Typography.Link>
        ) : undefined
      }
    >
      {outbox && (
        <Alert
          style={{ marginBottom: 16 }}
          type={outbox.retrying > 0 ? 'warning' : 'info'}
          showIcon
          data-testid="outbox-state"
          message={
            outbox.pending === 0
              ? f('admin.wf.outboxEmpty')
              : intl.formatMessage(
                  { id: 'admin.wf.outboxPending' },
                  { n: outbox.pending, s: outbox.oldestPendingSeconds, r: outbox.retrying },
                )
          }
          description={
            outbox.lastError ? intl.formatMessage({ id: 'admin.wf.outboxLastError' }, { e: outbox.lastError }) : undefined
          }
        />
      )}
      <ProTable<WfItem>
        rowKey={(r) => `${r.workflowId}/${r.runId}`}
        columns={columns}
        dataSource={items}
        loading={loading}
        search={false}
        pagination={false}
        options={{ reload: () => load(false), density: false, setting: false }}
        headerTitle={
          <Space wrap>
            <AutoComplete
              options={WF_TYPES.map((t) => ({ value: t }))}
              onChange={(v) => setType(v)}
              filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())}
            >
              <Input.Search
                allowClear
                aria-label={f('admin.wf.typePlaceholder')}
                placeholder={f('admin.wf.typePlaceholder')}
                style={{ width: 260 }}
                onSearch={() => load(false)}
                enterButton={f('admin.wf.search')}
              />
            </AutoComplete>
            <Select
              allowClear
              aria-label={f('admin.wf.allStatus')}
              placeholder={f('admin.wf.allStatus')}
              style={{ width: 180 }}
              value={status}
              onChange={setStatus}
              options={WF_STATUSES.map((s) => ({ value: s, label: wfStatusText(f, s) }))}
            />
          </Space>
        }
        footer={() => (
          <div style={{ textAlign: 'center' }}>
            {token ? (
              <Button onClick={() => load(true)} loading={loading}>
                {f('admin.wf.loadMore')}
              </Button>
            ) : (
              items.length > 0 && <Typography.Text type="secondary">{f('admin.wf.noMore')}</Typography.Text>
            )}
          </div>
        )}
        onRow={(r) => ({ onDoubleClick: () => openDetail(r) })}
      />
      <Drawer
        width={640}
        open={!!detail}
        onClose={() => setDetail(undefined)}
        title={f('admin.wf.detail')}
        destroyOnClose
        extra={
          <Space>
            <Popconfirm title={f('admin.wf.cancelConfirm')} onConfirm={() => act('cancel')} disabled={!running}>
              <Button disabled={!running}>{f('admin.wf.cancel')}</Button>
            </Popconfirm>
            <Button
              danger
              disabled={!running}
              onClick={() => {
                reason.current = '';
                Modal.confirm({
                  title: f('admin.wf.terminateConfirm'),
                  content: (
                    <Input aria-label={f('admin.wf.reason')} placeholder={f('admin.wf.reason')} onChange={(e) => (reason.current = e.target.value)} />
                  ),
                  okButtonProps: { danger: true },
                  okText: f('admin.wf.terminate'),
                  cancelText: f('common.cancel'),
                  onOk: () => act('terminate'),
                });
              }}
            >
              {f('admin.wf.terminate')}
            </Button>
          </Space>
        }
      >
        {cur && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={f('admin.wf.type')}>{cur.workflowType}</Descriptions.Item>
            <Descriptions.Item label={f('admin.wf.id')}>{cur.workflowId}</Descriptions.Item>
            <Descriptions.Item label={f('admin.wf.runId')}>{cur.runId}</Descriptions.Item>
            <Descriptions.Item label={f('admin.wf.status')}>
              <Tag color={STATUS_COLOR[cur.status] ?? 'default'}>{wfStatusText(f, cur.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={f('admin.wf.taskQueue')}>{cur.taskQueue}</Descriptions.Item>
            <Descriptions.Item label={f('admin.wf.start')}>{formatDateTime(cur.startTime)}</Descriptions.Item>
            <Descriptions.Item label={f('admin.wf.close')}>{formatDateTime(cur.closeTime)}</Descriptions.Item>
          </Descriptions>
        )}
        {uiUrl && cur && (
          <p style={{ marginTop: 12 }}>
            <Typography.Link href={temporalLink(uiUrl, cur)} target="_blank" rel="noreferrer">
              {f('admin.wf.temporalUi')}
            </Typography.Link>
          </p>
        )}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {f('admin.wf.history')}
        </Typography.Title>
        <Spin spinning={detailLoading}>
          {events && events.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              items={(events ?? []).map((e) => ({
                color: /Failed|Terminated|TimedOut/.test(e.eventType)
                  ? 'red'
                  : /Completed/.test(e.eventType)
                    ? 'green'
                    : /Canceled|CancelRequested/.test(e.eventType)
                      ? 'orange'
                      : 'blue',
                children: (
                  <div>
                    <Typography.Text strong>
                      #{e.eventId} {e.eventType}
                    </Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{e.eventTime}</Typography.Text>
                    </div>
                    {e.summary && <div style={{ wordBreak: 'break-all' }}>{e.summary}</div>}
                  </div>
                ),
              }))}
            />
          )}
        </Spin>
      </Drawer>
    </PageContainer>
  );
};

export default Workflows;
