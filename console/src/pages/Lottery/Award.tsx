// dw/user/award — the prizes the logged-in user won (app/user/awards.do): survey, lottery,
// prize, redemption code, delivered or not.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Card, Empty, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { myAwards, type Award } from '../../services/lottery';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const AwardPage: React.FC = () => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const [rows, setRows] = useState<Award[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    myAwards(page)
      .then((r) => live && (setRows(r.data ?? []), setTotal(r.total ?? 0)))
      .catch((e) => live && toast.error(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page]);
  return (
    <PageContainer title={f('menu.userCenter.award')}>
      <Card>
        <Table
          rowKey="drawId"
          loading={loading}
          dataSource={rows}
          data-testid="awards"
          locale={{ emptyText: <Empty description={f('lo.aw.empty')} /> }}
          pagination={{ current: page.current, pageSize: page.pageSize, total, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
          columns={[
            { title: f('lo.aw.survey'), dataIndex: 'surveyName' },
            { title: f('lo.aw.lottery'), dataIndex: 'lotteryName' },
            { title: f('lo.aw.prize'), dataIndex: 'prizeName', render: (n: string) => <strong data-testid="award-prize">{n}</strong> },
            {
              title: f('lo.w.code'),
              dataIndex: 'code',
              render: (c: string) => (
                <Typography.Text code copyable data-testid="award-code">
                  {c}
                </Typography.Text>
              ),
            },
            { title: f('lo.w.time'), dataIndex: 'drawTime', render: (v: unknown) => formatDateTime(v) },
            {
              title: f('lo.w.deliveredCol'),
              render: (_: unknown, a: Award) => (a.delivered ? <Tag color="green">{f('lo.w.delivered')}</Tag> : <Tag>{f('lo.w.notDelivered')}</Tag>),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
};

export default AwardPage;
