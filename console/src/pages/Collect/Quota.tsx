// Quota progress (d/quota-progress and the layout-less /v8/diaowen/dw-quota-progress): counts
// against caps, refreshed every 5 seconds.
import { useIntl } from '@umijs/max';
import { Alert, Card, Empty, Progress, Spin, Tag, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { quotaList, type QuotaRow } from '../../services/collect';
import Shell from './Shell';
import { errorText } from './util';
import { formatTime } from '../../utils/format';

export const QuotaProgress: React.FC<{ surveyId: string }> = ({ surveyId }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [rows, setRows] = useState<QuotaRow[] | null>(null);
  const [err, setErr] = useState('');
  const [at, setAt] = useState('');
  useEffect(() => {
    let live = true;
    const load = () =>
      quotaList(surveyId)
        .then((r) => {
          if (!live) return;
          setRows(r.data ?? []);
          setErr('');
          setAt(formatTime());
        })
        .catch((e) => live && setErr(errorText(e)));
    load();
    const t = setInterval(load, 5000);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [surveyId]);
  return (
    <Card size="small" title={f('co.quota.title')} extra={at ? <Typography.Text type="secondary">{f('co.quota.updated', { t: at })}</Typography.Text> : null}>
      {err && <Alert type="error" showIcon message={err} style={{ marginBottom: 12 }} data-testid="quota-error" />}
      {!rows && !err ? (
        <Spin />
      ) : rows && rows.length === 0 ? (
        <Empty description={f('co.quota.empty')} />
      ) : (
        (rows ?? []).map((q) => (
          <div key={q.key} style={{ marginBottom: 12 }} data-testid="quota-row">
            <div>
              {q.text || q.key} <span data-testid="quota-count">{`${q.count} / ${q.cap}`}</span>{' '}
              {q.full && <Tag color="red">{f('co.quota.full')}</Tag>}
            </div>
            <Progress percent={q.cap > 0 ? Math.min(100, Math.round((q.count * 100) / q.cap)) : 0} status={q.full ? 'exception' : 'active'} />
          </div>
        ))
      )}
    </Card>
  );
};

const Page: React.FC = () => <Shell tab="quota">{(c) => <QuotaProgress surveyId={c.info.id} />}</Shell>;
export default Page;
