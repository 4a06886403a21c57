// d/source-stats: answers by source code (source-stats.do): bar chart and table.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Tooltip } from 'antd';
import React, { useMemo } from 'react';
import G2Chart from '../../components/results/G2Chart';
import { sourceStats } from '../../services/resultsData';
import { barHeight, barSpec, labelled } from './AnalysisLogic';
import { LoadState, NameTable, useLoad } from './AnalysisParts';
import Shell, { type ShellCtx } from './Shell';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const { data, err, loading, reload } = useLoad(() => sourceStats(info.id).then((r) => r.data ?? []), [info.id]);
  const rows = useMemo(() => labelled(data, f('rd.source.direct')), [data, f]);
  const spec = useMemo(() => barSpec(rows, f('rd.answers')), [rows, f]);
  const state = <LoadState loading={loading} err={err} hasData={!!data} reload={reload} f={f} testid="sources" />;
  if (!data) return state;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title={f('rd.sources.title')}
        extra={
          <Tooltip title={f('rd.reload')}>
            <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={reload} aria-label={f('rd.reload')} data-testid="sources-reload" />
          </Tooltip>
        }
      >
        {rows.length ? <G2Chart spec={spec} height={barHeight(rows.length)} data-testid="sources-chart" /> : <Empty description={f('rd.noData')} data-testid="sources-empty" />}
        <div style={{ color: '#595959', fontSize: 12, margin: '8px 0' }}>{f('rd.sources.note')}</div>
        <NameTable rows={rows} nameTitle={f('rd.col.source')} f={f} testid="sources-table" />
      </Card>
    </Space>
  );
};

const Page: React.FC = () => <Shell tab="source-stats">{(c) => <Body {...c} />}</Shell>;
export default Page;
