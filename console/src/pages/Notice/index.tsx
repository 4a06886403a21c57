// notice and notice/{noticeId}: the caller's notices (unread first marked), one notice opened
// (which marks it read), "mark all read".
import { ArrowLeftOutlined } from '@ant-design/icons';
import { history, useIntl, useParams } from '@umijs/max';
import { Alert, Button, Card, Empty, List, Pagination, Segmented, Space, Spin, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { noticeMarkRead, noticeMine, noticeRead, type Notice } from '../../services/backoffice';
import { safeHtml } from '../../components/answer/util';
import { formatDateTime } from '../../utils/format';

const PAGE = 10;
const readEvent = () => window.dispatchEvent(new Event('dw-notice-read'));

function One({ id }: { id: string }) {
  const intl = useIntl();
  const f = (k: string, v?: Record<string, any>) => intl.formatMessage({ id: k }, v);
  const [n, setN] = useState<Notice | null | undefined>(undefined);
  useEffect(() => {
    setN(undefined);
    noticeRead(id)
      .then((r) => {
        setN(r.data ?? null);
        readEvent();
      })
      .catch(() => setN(null));
  }, [id]);
  if (n === undefined) return <Spin />;
  if (n === null) return <Alert type="warning" showIcon message={f('bo.notice.notFound')} />;
  return (
    <article>
      <Typography.Title level={2} data-testid="notice-title">
        {n.title}
      </Typography.Title>
      <Typography.Text type="secondary">{formatDateTime(n.publishTime)}</Typography.Text>
      <div className="dw-notice-content" style={{ marginTop: 16 }} data-testid="notice-body" dangerouslySetInnerHTML={{ __html: safeHtml(n.content ?? '') }} />
    </article>
  );
}

function All() {
  const intl = useIntl();
  const f = (k: string, v?: Record<string, any>) => intl.formatMessage({ id: k }, v);
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Notice[] | null>(null);
  const [total, setTotal] = useState(0);
  const load = useCallback(() => {
    setRows(null);
    noticeMine({ current: page, pageSize: PAGE, unread: unread ? 1 : undefined })
      .then((r) => {
        setRows(r.data ?? []);
        setTotal(r.total ?? 0);
      })
      .catch(() => setRows([]));
  }, [page, unread]);
  useEffect(load, [load]);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          aria-label={f('bo.notice.filter')}
          value={unread ? 'unread' : 'all'}
          onChange={(v) => {
            setPage(1);
            setUnread(v === 'unread');
          }}
          options={[
            { value: 'all', label: f('bo.notice.allMine') },
            { value: 'unread', label: f('bo.notice.unread') },
          ]}
        />
        <Button
          data-testid="notice-read-all"
          onClick={async () => {
            try {
              await noticeMarkRead({ all: true });
              readEvent();
              load();
            } catch {
              // shown by the request layer
            }
          }}
        >
          {f('bo.notice.markAll')}
        </Button>
      </Space>
      {rows === null ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={f(unread ? 'bo.notice.noUnread' : 'bo.notice.none')} />
      ) : (
        <List
          dataSource={rows}
          data-testid="notice-list"
          renderItem={(n) => (
            <List.Item>
              <Space>
                {!n.read && <Tag color="blue">{f('bo.notice.new')}</Tag>}
                <a href={`/v8/diaowen/notice/${n.id}`} onClick={(e) => { e.preventDefault(); history.push(`/v8/diaowen/notice/${n.id}`); }}>
                  {n.title}
                </a>
              </Space>
              <Typography.Text type="secondary">{formatDateTime(n.publishTime)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
      {total > PAGE && <Pagination style={{ marginTop: 12 }} current={page} pageSize={PAGE} total={total} onChange={setPage} />}
    </>
  );
}

const NoticePage: React.FC = () => {
  const intl = useIntl();
  const { noticeId } = useParams();
  return (
    <main style={{ maxWidth: 860, margin: '24px auto', padding: '0 16px' }}>
      <Card
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={intl.formatMessage({ id: noticeId ? 'bo.notice.back' : 'bo.notice.home' })}
              onClick={() => history.push(noticeId ? '/v8/diaowen/notice' : '/v8/dw/survey')}
            />
            <h1 style={{ fontSize: 18, margin: 0 }}>{intl.formatMessage({ id: 'bo.notice.pageTitle' })}</h1>
          </Space>
        }
      >
        {noticeId ? <One id={noticeId} /> : <All />}
      </Card>
    </main>
  );
};

export default NoticePage;
