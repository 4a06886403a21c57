// d/district: answers by province (province-answer-page.do, regions from the offline IP lookup)
// on a map of China and in a table. The map is a simplified copy of an openly licensed GeoJSON
// of the 34 provincial divisions served by this site (/geo/china-provinces.json), fetched at
// runtime and drawn with G2's geoPath mark; no outside service is contacted.
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Tooltip } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import G2Chart from '../../components/results/G2Chart';
import { provinces } from '../../services/resultsData';
import { LoadState, NameTable, useLoad } from './AnalysisParts';
import { countsByProvince, joinFeatures, mapSpec, tableRows } from './DistrictLogic';
import Shell, { type ShellCtx } from './Shell';

export const GEO_URL = '/geo/china-provinces.json';

// the map file is the same for every survey: fetched once per page load (also the admin monitor)
let geoCache: Promise<any[]> | null = null;
export function loadGeo(): Promise<any[]> {
  if (!geoCache) {
    geoCache = fetch(GEO_URL, { credentials: 'same-origin' })
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json();
      })
      .then((g) => (Array.isArray(g?.features) ? g.features : Promise.reject(new Error('bad map file'))));
    geoCache.catch(() => (geoCache = null));
  }
  return geoCache;
}

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const { data, err, loading, reload } = useLoad(() => provinces(info.id, 1, 100).then((r) => r.data), [info.id]);
  const [geo, setGeo] = useState<any[] | null>(null);
  const [geoErr, setGeoErr] = useState('');
  useEffect(() => {
    let live = true;
    loadGeo()
      .then((g) => live && setGeo(g))
      .catch((e) => live && setGeoErr(String(e?.message ?? e)));
    return () => {
      live = false;
    };
  }, []);
  const rows = useMemo(() => tableRows(data?.result, f('rd.unknown')), [data, f]);
  const total = useMemo(() => rows.reduce((s, r) => s + r.count, 0), [rows]);
  const spec = useMemo(() => (geo ? mapSpec(joinFeatures(geo, countsByProvince(data?.result), total), f('rd.answers')) : null), [geo, data, total, f]);

  const state = <LoadState loading={loading} err={err} hasData={!!data} reload={reload} f={f} testid="district" />;
  if (!data) return state;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card
          size="small"
          title={f('rd.district.map')}
          extra={
            <Tooltip title={f('rd.reload')}>
              <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={reload} aria-label={f('rd.reload')} data-testid="district-reload" />
            </Tooltip>
          }
        >
          {geoErr ? (
            <Alert type="warning" showIcon message={f('rd.district.mapFailed')} description={geoErr} data-testid="district-map-error" />
          ) : spec ? (
            <G2Chart spec={spec} height={460} data-testid="district-map" />
          ) : (
            <div style={{ height: 460 }} data-testid="district-map-loading" />
          )}
          <div style={{ color: '#595959', fontSize: 12 }}>{f('rd.district.note')}</div>
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card size="small" title={f('rd.district.table', { n: total })}>
          <NameTable rows={rows} nameTitle={f('rd.district.province')} f={f} testid="district-table" />
        </Card>
      </Col>
    </Row>
  );
};

const Page: React.FC = () => <Shell tab="district">{(c) => <Body {...c} />}</Shell>;
export default Page;
