// dw/set-lottery — the lottery entry of the top menu: pick one of my surveys (?surveyId= opens
// it directly) and edit its lotteries as on c/lottery-list.
import { PageContainer } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Card, Empty, Select, Space, Typography } from 'antd';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { surveyList, type SurveyRow } from '../../services/authoring';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import { LotteryBody } from './index';

const SetLottery: React.FC = () => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const query = useMemo(() => new URLSearchParams(window.location.search), []);
  const [surveyId, setSurveyId] = useState(query.get('surveyId') ?? '');
  const [rows, setRows] = useState<SurveyRow[]>([]);
  const [q, setQ] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const id = window.setTimeout(() => {
      surveyList({ current: 1, pageSize: 50, surveyName: q || undefined })
        .then((r) => live && setRows(r.data ?? []))
        .catch((e) => live && toast.error(errorText(e)))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(id);
    };
  }, [q]);

  const chosen = rows.find((r) => r.id === surveyId);
  const pick = (id: string) => {
    setSurveyId(id);
    history.replace(`${window.location.pathname}?surveyId=${encodeURIComponent(id)}`);
  };

  return (
    <PageContainer title={f('menu.setLottery')}>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text id="lo-survey-label">{f('lo.set.pick')}</Typography.Text>
          <Select
            showSearch
            filterOption={false}
            onSearch={setQ}
            loading={loading}
            value={surveyId || undefined}
            onChange={pick}
            style={{ width: 420, maxWidth: '100%' }}
            placeholder={f('lo.set.placeholder')}
            aria-labelledby="lo-survey-label"
            data-testid="lo-set-survey"
            notFoundContent={loading ? undefined : f('lo.set.none')}
            options={[
              ...rows.map((r) => ({ value: r.id, label: r.surveyName })),
              ...(surveyId && !chosen ? [{ value: surveyId, label: surveyId }] : []),
            ]}
          />
        </Space>
      </Card>
      <div style={{ marginTop: 16 }}>
        {surveyId ? <LotteryBody key={surveyId} f={f} surveyId={surveyId} sid={chosen?.sid} /> : <Empty description={f('lo.set.hint')} />}
      </div>
    </PageContainer>
  );
};

export default SetLottery;
