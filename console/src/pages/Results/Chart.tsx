// /v8/dws/d/chart/:dwSurveyId — default charts: one card per question of the published survey
// (report.do), a chart type per card plus a global default, tables of counts and percentages,
// PNG export, links to the vote and score rankings.
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Alert, Button, Empty, Result, Segmented, Skeleton, Space, Statistic } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { CHART_TYPES, type ChartType } from '../../components/results/chartData';
import QuestionCard from '../../components/results/QuestionCard';
import { report, type Report } from '../../services/results';
import { errorText } from '../../utils/errors';
import Shell, { type ShellCtx } from './Shell';
import { formatNumber } from '../../utils/format';

const DEFAULT_KEY = 'dwResultsChartType';

function storedType(): ChartType {
  try {
    const v = window.localStorage.getItem(DEFAULT_KEY) as ChartType | null;
    if (v && CHART_TYPES.includes(v)) return v;
  } catch {
    /* no storage */
  }
  return 'column';
}

const Charts: React.FC<{ ctx: ShellCtx }> = ({ ctx }) => {
  const { info, f } = ctx;
  const [data, setData] = useState<Report | null>(null);
  const [err, setErr] = useState('');
  const [loading, setLoading] = useState(true);
  const [n, setN] = useState(0);
  const [defType, setDefType] = useState<ChartType>(storedType);
  const [own, setOwn] = useState<Record<string, ChartType>>({});

  useEffect(() => {
    let live = true;
    setLoading(true);
    report(info.id)
      .then((r) => live && (setData(r.data), setErr('')))
      .catch((e) => live && setErr(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [info.id, n]);

  const setAll = useCallback((t: ChartType) => {
    setDefType(t);
    setOwn({});
    try {
      window.localStorage.setItem(DEFAULT_KEY, t);
    } catch {
      /* no storage */
    }
  }, []);

  const reload = () => setN((x) => x + 1);
  const links = (
    <Space wrap>
      {info.surveyType === 'vote' && (
        <Link to={`/v8/diaowen/vote/top/${info.id}`} target="_blank" data-testid="rs-vote-top">
          {f('rs.chart.voteTop')}
        </Link>
      )}
      {info.surveyType === 'exam' && (
        <Link to={`/v8/diaowen/top/${info.id}`} target="_blank" data-testid="rs-score-top">
          {f('rs.chart.scoreTop')}
        </Link>
      )}
    </Space>
  );

  if (err && !data)
    return (
      <Result
        status="error"
        title={f('rs.loadFailed')}
        subTitle={err}
        data-testid="rs-chart-error"
        extra={
          <Button onClick={reload} data-testid="rs-chart-retry">
            {f('rs.retry')}
          </Button>
        }
      />
    );
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} data-testid="rs-chart-loading" />;

  return (
    <div data-testid="rs-chart" data-total={data.total} aria-busy={loading}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={24}>
          <span data-testid="rs-chart-total" data-value={data.total}>
            <Statistic title={f('rs.chart.validAnswers')} value={data.total} formatter={(v) => formatNumber(Number(v))} valueStyle={{ fontSize: 22 }} />
          </span>
          {links}
        </Space>
        <Space wrap>
          <span>{f('rs.chart.defaultType')}</span>
          <Segmented<ChartType>
            value={defType}
            onChange={setAll}
            options={CHART_TYPES.map((t) => ({ value: t, label: <span data-testid={`rs-type-all-${t}`}>{f(`rs.chart.type.${t}`)}</span> }))}
          />
          <Button icon={<ReloadOutlined />} onClick={reload} loading={loading} data-testid="rs-chart-refresh">
            {f('rs.refresh')}
          </Button>
        </Space>
      </Space>
      {err && <Alert type="error" showIcon message={f('rs.loadFailed')} description={err} style={{ marginBottom: 16 }} data-testid="rs-chart-error" />}
      {data.questions.length === 0 ? (
        <Empty description={f('rs.chart.noQuestions')} data-testid="rs-chart-noquestions" />
      ) : data.total === 0 ? (
        <Empty description={<span>{f('rs.chart.empty')}<br />{f('rs.chart.emptyHint')}</span>} data-testid="rs-chart-empty" />
      ) : (
        data.questions.map((q, i) => (
          <QuestionCard
            key={q.quDwId}
            surveyId={info.id}
            index={i}
            q={q}
            type={own[q.quDwId] ?? defType}
            onType={(t) => setOwn((o) => ({ ...o, [q.quDwId]: t }))}
            f={f}
          />
        ))
      )}
    </div>
  );
};

const Page: React.FC = () => <Shell tab="chart">{(ctx) => <Charts ctx={ctx} />}</Shell>;
export default Page;
