import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Card, Col, Row, Space, Switch, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { Figures } from '../../components/backoffice/DashParts';
import G2Chart from '../../components/results/G2Chart';
import { dashMonitor } from '../../services/backoffice';
import { loadGeo } from '../Results/District';
import { LoadState, NameTable, useLoad } from '../Results/AnalysisParts';
import { countsByProvince, joinFeatures, mapSpec, tableRows } from '../Results/DistrictLogic';

const REFRESH_MS = 30_000;

/** dashboard/monitor: answers by province over the last hour on a map, refreshing itself. */
const DashMonitor: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [live, setLive] = useState(true);
  const { data, err, loading, reload } = useLoad(() => dashMonitor().then((r) => r.data), []);
  const [geo, setGeo] = useState<any[] | null>(null);
  const [geoErr, setGeoErr] = useState('');
  useEffect(() => {
    let on = true;
    loadGeo()
      .then((g) => on && setGeo(g))
      .catch((e) => on && setGeoErr(String(e?.message ?? e)));
    return () => {
      on = false;
    };
  }, []);
  useEffect(() => {
    if (!live) return;
    const t = window.setInterval(reload, REFRESH_MS);
    return () => window.clearInterval(t);
  }, [live, reload]);
  // the monitor answers counts; the shared province table and map also show percentages
  const provinces = useMemo(
    () => (data?.provinces ?? []).map((p) => ({ ...p, percent: data && data.total > 0 ? Math.round((p.count / data.total) * 10000) / 100 : 0 })),
    [data],
  );
  const rows = useMemo(() => tableRows(provinces, f('rd.unknown')), [provinces]); // eslint-disable-line react-hooks/exhaustive-deps
  const spec = useMemo(() => (geo && data ? mapSpec(joinFeatures(geo, countsByProvince(provinces), data.total), f('bo.dash.answers')) : null), [geo, data, provinces]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <PageContainer
      content={f('bo.dash.monitorIntro')}
      extra={
        <Space>
          <label htmlFor="monitor-live">{f('bo.dash.autoRefresh')}</label>
          <Switch id="monitor-live" checked={live} onChange={setLive} />
        </Space>
      }
    >
      {!data ? (
        <LoadState loading={loading} err={err} hasData={false} reload={reload} f={f} testid="monitor" />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Figures
            items={[
              { label: f('bo.dash.lastHour'), value: data.total, testid: 'monitor-total' },
              { label: f('bo.dash.answersToday'), value: data.answersToday, testid: 'monitor-today' },
            ]}
          />
          <Typography.Text type="secondary" role="status" data-testid="monitor-updated">
            {f('bo.dash.since', { since: data.since, at: data.updatedAt })}
          </Typography.Text>
          {data.partial && <Alert type="info" showIcon message={f('bo.dash.partial')} />}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={15}>
              <Card size="small" title={f('bo.dash.map')}>
                {geoErr ? (
                  <Alert type="warning" showIcon message={f('rd.district.mapFailed')} description={geoErr} />
                ) : spec ? (
                  <G2Chart spec={spec} height={460} data-testid="monitor-map" alt={f('bo.dash.map')} />
                ) : (
                  <div style={{ height: 460 }} />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={9}>
              <Card size="small" title={f('bo.dash.byProvince')}>
                <NameTable rows={rows} nameTitle={f('rd.district.province')} f={f} testid="monitor-table" />
              </Card>
            </Col>
          </Row>
        </Space>
      )}
    </PageContainer>
  );
};

export default DashMonitor;
