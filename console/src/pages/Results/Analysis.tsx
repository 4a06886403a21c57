// d/analysis: answer overview (analysis.do): submitted, drafts, completion rate, average
// duration, answers per day (line), sources and devices (pie / bar + table).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Statistic, Tooltip } from 'antd';
import React, { useMemo } from 'react';
import G2Chart from '../../components/results/G2Chart';
import { overview } from '../../services/resultsData';
import { barHeight, barSpec, fillDays, labelled, lineSpec, pieSpec, shortDuration } from './AnalysisLogic';
import { deviceLabel } from './DataLogic';
import { LoadState, NameTable, useLoad } from './AnalysisParts';
import Shell, { type ShellCtx } from './Shell';
import { formatDate, formatNumber, formatPercent } from '../../utils/format';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const { data, err, loading, reload } = useLoad(() => overview(info.id).then((r) => r.data), [info.id]);
  const days = useMemo(() => fillDays(data?.days), [data]);
  const sources = useMemo(() => labelled(data?.sources, f('rd.source.direct')), [data, f]);
  const devices = useMemo(() => labelled(data?.devices, f('rd.unknown'), (n) => deviceLabel(n, f)), [data, f]);
  const line = useMemo(() => lineSpec(days, f('rd.answers')), [days, f]);
  const pie = useMemo(() => pieSpec(sources), [sources]);
  const bar = useMemo(() => barSpec(devices, f('rd.answers')), [devices, f]);

  const state = <LoadState loading={loading} err={err} hasData={!!data} reload={reload} f={f} testid="ov" />;
  if (!data) return state;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24} style={{ textAlign: 'right' }}>
        {data.timeZone && <span style={{ color: '#595959', marginRight: 8 }}>{f('rd.ov.timeZone', { tz: data.timeZone })}</span>}
        <Tooltip title={f('rd.reload')}>
          <Button icon={<ReloadOutlined />} loading={loading} onClick={reload} aria-label={f('rd.reload')} data-testid="ov-reload" />
        </Tooltip>
      </Col>
      {[
        ['submitted', f('rd.ov.submitted'), formatNumber(data.submitted)],
        ['drafts', f('rd.ov.drafts'), formatNumber(data.drafts)],
        ['rate', f('rd.ov.rate'), formatPercent(Number(data.completionRate ?? 0))],
        ['duration', f('rd.ov.duration'), shortDuration(data.avgDurationMs)],
      ].map(([k, title, v]) => (
        <Col xs={12} md={6} key={k as string}>
          <Card size="small">
            <Statistic title={title} value={v as any} valueRender={() => <span data-testid={`ov-${k}`}>{String(v)}</span>} />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Card size="small" title={f('rd.ov.perDay')}>
          {days.length ? <G2Chart spec={line} height={280} data-testid="ov-days-chart" alt={`${f('rd.answers')}: ${days.filter((d) => d.count > 0).map((d) => `${formatDate(d.day)} ${formatNumber(d.count)}`).join('; ') || 0}`} /> : <Empty description={f('rd.noData')} data-testid="ov-days-empty" />}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={f('rd.ov.sources')}>
          {sources.length ? <G2Chart spec={pie} height={260} data-testid="ov-sources-chart" /> : <Empty description={f('rd.noData')} />}
          <NameTable rows={sources} nameTitle={f('rd.col.source')} f={f} testid="ov-sources" />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={f('rd.ov.devices')}>
          {devices.length ? <G2Chart spec={bar} height={barHeight(devices.length)} data-testid="ov-devices-chart" /> : <Empty description={f('rd.noData')} />}
          <NameTable rows={devices} nameTitle={f('rd.col.device')} f={f} testid="ov-devices" />
        </Card>
      </Col>
    </Row>
  );
};

const Page: React.FC = () => <Shell tab="analysis">{(c) => <Body {...c} />}</Shell>;
export default Page;
