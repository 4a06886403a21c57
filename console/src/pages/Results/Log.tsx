// d/log: the visit log of a survey (dw-answer-log/list.do, Page shape, newest first): event,
// IP, region (offline lookup), time and the number of visits from that address.
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Table, Tooltip } from 'antd';
import React, { useEffect, useState } from 'react';
import { visitLog, type LogRow, type Page as LogPage } from '../../services/resultsData';
import { errorText } from '../../utils/errors';
import { PAGE_SIZES, region } from './DataLogic';
import Shell, { type ShellCtx } from './Shell';
import { formatDateTime } from '../../utils/format';

const EVENTS = ['visit', 'start', 'submit', 'save', 'leave'];

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const [paging, setPaging] = useState({ no: 1, size: 20 });
  const [page, setPage] = useState<LogPage<LogRow> | null>(null);
  const [err, setErr] = useState('');
  const [loading, setLoading] = useState(true);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    visitLog(info.id, paging.no, paging.size)
      .then((r) => live && (setPage(r.data), setErr('')))
      .catch((e) => live && setErr(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [info.id, paging, n]);
  const reload = () => setN((x) => x + 1);

  if (err && !page) return <Result status="error" title={f('rd.loadFailed')} subTitle={err} extra={<Button onClick={reload}>{f('rd.retry')}</Button>} data-testid="log-error" />;
  return (
    <Card
      size="small"
      title={<span data-testid="log-total">{f('rd.log.total', { n: page?.totalItems ?? 0 })}</span>}
      extra={
        <Tooltip title={f('rd.reload')}>
          <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={reload} aria-label={f('rd.reload')} data-testid="log-reload" />
        </Tooltip>
      }
    >
      {err && <Alert type="error" showIcon message={err} style={{ marginBottom: 8 }} />}
      <div data-testid="log-table">
      <Table<LogRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={page?.result ?? []}
        scroll={{ x: 720 }}
        locale={{ emptyText: <span data-testid="log-empty">{f('rd.log.empty')}</span> }}
        columns={[
          { title: f('rd.log.event'), dataIndex: 'event', render: (v) => <span data-testid="log-event">{EVENTS.includes(v) ? f(`rd.log.event.${v}`) : v}</span> },
          { title: f('rd.col.ip'), dataIndex: 'ip', render: (v) => v || '-' },
          { title: f('rd.col.region'), key: 'region', render: (_, r) => region(r) || <span style={{ color: '#595959' }}>{f('rd.unknown')}</span> },
          { title: f('rd.log.time'), dataIndex: 'time', width: 170, render: (v: unknown) => formatDateTime(v) },
          { title: f('rd.log.updated'), dataIndex: 'updateTime', width: 170, responsive: ['md'], render: (v: unknown) => formatDateTime(v) },
          { title: f('rd.log.count'), dataIndex: 'count', align: 'right', width: 110, render: (v) => <span data-testid="log-count">{v}</span> },
        ]}
        pagination={{
          current: paging.no,
          pageSize: paging.size,
          total: page?.totalItems ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          onChange: (no, size) => setPaging({ no: size !== paging.size ? 1 : no, size }),
        }}
      />
      </div>
    </Card>
  );
};

const Page: React.FC = () => <Shell tab="log">{(c) => <Body {...c} />}</Shell>;
export default Page;
