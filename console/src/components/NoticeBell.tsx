import { BellOutlined } from '@ant-design/icons';
import { history, useIntl } from '@umijs/max';
import { Badge, Dropdown } from 'antd';
import React, { useEffect, useState } from 'react';
import { noticeUnread, type Notice } from '../services/backoffice';

const POLL_MS = 60_000;

/** Header bell: the caller's unread notices (count and the newest 5); opens the notice pages. */
const NoticeBell: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [count, setCount] = useState(0);
  const [latest, setLatest] = useState<Notice[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      noticeUnread()
        .then((r) => {
          if (!live) return;
          setCount(r.data?.count ?? 0);
          setLatest(r.data?.latest ?? []);
        })
        .catch(() => undefined);
    load();
    const t = window.setInterval(load, POLL_MS);
    const onRead = () => load();
    window.addEventListener('dw-notice-read', onRead);
    return () => {
      live = false;
      window.clearInterval(t);
      window.removeEventListener('dw-notice-read', onRead);
    };
  }, []);
  const items = [
    ...latest.map((n) => ({ key: n.id, label: <span data-testid="bell-notice">{n.title}</span> })),
    ...(latest.length ? [{ type: 'divider' as const }] : []),
    { key: '__all', label: latest.length ? f('bo.bell.all') : f('bo.bell.none') },
  ];
  return (
    <Dropdown
      menu={{
        items,
        onClick: ({ key }) => history.push(key === '__all' ? '/v8/diaowen/notice' : `/v8/diaowen/notice/${key}`),
      }}
    >
      <button
        type="button"
        className="dw-trigger"
        data-testid="notice-bell"
        aria-haspopup="menu"
        aria-label={f('bo.bell.label', { n: count })}
        style={{ padding: '0 8px', display: 'inline-flex', alignItems: 'center' }}
      >
        <Badge count={count} size="small" aria-hidden>
          <BellOutlined style={{ fontSize: 16 }} aria-hidden />
        </Badge>
      </button>
    </Dropdown>
  );
};

export default NoticeBell;
