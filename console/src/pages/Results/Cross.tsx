// /v8/dws/d/cross/:dwSurveyId — cross analysis: one or more row questions against a column
// question (choice questions), optional state and submit-time filters; per row question a table
// of counts, row %, column %, totals, chi-square and a grouped G2 column chart.
import { Alert, Button, Card, DatePicker, Empty, Form, Result, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import React, { useEffect, useMemo, useState } from 'react';
import ChartBox from '../../components/results/ChartBox';
import { plainTitle, pngName, type SpecOptions } from '../../components/results/chartData';
import { cleanFilters, crossable, crossProblem, crossView, formatP, TOTAL_KEY, type CrossRowView } from '../../components/results/crossData';
import { cross, report, type Cross, type CrossTable, type ResultFilters } from '../../services/results';
import { errorText } from '../../utils/errors';
import Shell, { type ShellCtx } from './Shell';
import { formatNumber, formatPercent } from '../../utils/format';

type F = ShellCtx['f'];
const STATES: NonNullable<ResultFilters['state']>[] = ['all', 'unreviewed', 'reviewed', 'screened'];
const fmt = (n: number) => formatNumber(n);

const TableCard: React.FC<{ t: CrossTable; colTitle: string; index: number; f: F }> = ({ t: raw, colTitle, index, f }) => {
  const t = useMemo(() => ({ ...raw, rowTitle: plainTitle(raw.rowTitle) }), [raw]);
  const v = useMemo(() => crossView(t, { untitled: f('rs.untitled'), total: f('rs.cross.total') }), [t, f]);
  const opts: SpecOptions = useMemo(() => ({ labelTitle: t.rowTitle, valueTitle: f('rs.axis.count'), seriesTitle: colTitle, integer: true }), [t.rowTitle, colTitle, f]);
  const testId = `rs-cross-${t.rowQuDwId}`;
  const cell = (c: { count: number; rowPercent: number; colPercent: number } | undefined) =>
    c ? (
      <span>
        <b data-col="count">{c.count}</b>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {f('rs.cross.rowPct')} {formatPercent(c.rowPercent)} · {f('rs.cross.colPct')} {formatPercent(c.colPercent)}
        </Typography.Text>
      </span>
    ) : (
      '0'
    );
  const rows: CrossRowView[] = [...v.rows, v.totals];
  const significant = t.df > 0 && t.pValue < 0.05;
  return (
    <Card
      data-testid={testId}
      style={{ marginBottom: 16 }}
      title={<span style={{ whiteSpace: 'normal' }}>{f('rs.cross.vs', { row: t.rowTitle || f('rs.untitled'), col: colTitle || f('rs.untitled') })}</span>}
      extra={<Tag data-testid={`${testId}-n`}>{f('rs.cross.total')}: {t.total}</Tag>}
    >
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        scroll={{ x: 'max-content' }}
        data-testid={`${testId}-table`}
        dataSource={rows}
        onRow={(r) => ({ 'data-row': r.key, style: r.key === TOTAL_KEY ? { fontWeight: 600, background: '#fafafa' } : undefined }) as any}
        columns={[
          { title: `${t.rowTitle} \\ ${colTitle}`, dataIndex: 'label', fixed: 'left' },
          ...v.cols.map((c) => ({
            title: c.label,
            key: c.key,
            align: 'right' as const,
            onCell: () => ({ 'data-colkey': c.key }) as any,
            render: (_: unknown, r: CrossRowView) => cell(r.cells[c.key]),
          })),
          {
            title: f('rs.cross.total'),
            key: '__rowtotal',
            align: 'right' as const,
            onCell: () => ({ 'data-colkey': TOTAL_KEY }) as any,
            render: (_: unknown, r: CrossRowView) => (
              <span>
                <b data-col="count">{r.total}</b>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatPercent(r.totalPercent)}
                </Typography.Text>
              </span>
            ),
          },
        ]}
      />
      <Space wrap style={{ margin: '12px 0' }} data-testid={`${testId}-chi`} data-chi={t.chiSquare} data-df={t.df} data-p={t.pValue}>
        <Typography.Text strong>{f('rs.cross.stats', { chi: t.chiSquare.toFixed(3), df: t.df, p: formatP(t.pValue) })}</Typography.Text>
        {t.df > 0 && <Tag color={significant ? 'green' : 'default'}>{f(significant ? 'rs.cross.significant' : 'rs.cross.notSignificant')}</Tag>}
      </Space>
      {t.total > 0 && (
        <ChartBox
          type="column"
          data={v.data}
          opts={opts}
          fileName={pngName(`${t.rowTitle}_x_${colTitle}`, index + 1)}
          exportLabel={f('rs.chart.exportPng')}
          notReady={f('rs.chart.exportFailed')}
          testId={`${testId}-chart`}
        />
      )}
    </Card>
  );
};

const CrossPage: React.FC<{ ctx: ShellCtx }> = ({ ctx }) => {
  const { info, f } = ctx;
  const [qs, setQs] = useState<{ value: string; label: string }[] | null>(null);
  const [loadErr, setLoadErr] = useState('');
  const [n, setN] = useState(0);
  const [rowIds, setRowIds] = useState<string[]>([]);
  const [colId, setColId] = useState<string | undefined>();
  const [state, setState] = useState<NonNullable<ResultFilters['state']>>('all');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [res, setRes] = useState<Cross | null>(null);
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    report(info.id)
      .then((r) => live && (setQs(crossable(r.data.questions, f('rs.untitled'))), setLoadErr('')))
      .catch((e) => live && setLoadErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [info.id, n, f]);

  const problem = crossProblem(rowIds, colId);
  const run = () => {
    if (problem) return setErr(f(problem));
    setBusy(true);
    const filters = cleanFilters({
      state,
      bgDate: range?.[0] ? range[0].format('YYYY-MM-DD 00:00:00') : undefined,
      endDate: range?.[1] ? range[1].format('YYYY-MM-DD 23:59:59') : undefined,
    });
    cross({ surveyId: info.id, rowQuDwIds: rowIds, colQuDwId: colId!, filters })
      .then((r) => (setRes(r.data), setErr('')))
      .catch((e) => (setRes(null), setErr(errorText(e))))
      .finally(() => setBusy(false));
  };

  if (loadErr && !qs)
    return (
      <Result
        status="error"
        title={f('rs.loadFailed')}
        subTitle={loadErr}
        data-testid="rs-cross-loaderror"
        extra={
          <Button onClick={() => setN((x) => x + 1)} data-testid="rs-cross-retry">
            {f('rs.retry')}
          </Button>
        }
      />
    );
  if (!qs) return <Skeleton active data-testid="rs-cross-loading" />;
  if (!qs.length) return <Empty description={f('rs.cross.noChoice')} data-testid="rs-cross-nochoice" />;

  const colTitle = res ? plainTitle(res.colTitle) : '';
  const total = res?.tables.reduce((s, t) => s + t.total, 0) ?? 0;
  return (
    <div data-testid="rs-cross">
      <Card style={{ marginBottom: 16 }}>
        <Form layout="vertical" onFinish={run}>
          <Space wrap align="end" size={16} style={{ width: '100%' }}>
            <Form.Item label={f('rs.cross.rows')} style={{ marginBottom: 0, minWidth: 280 }}>
              <Select
                mode="multiple"
                allowClear
                aria-label={f('rs.cross.rows')}
                value={rowIds}
                onChange={(v) => setRowIds(v)}
                placeholder={f('rs.cross.rowsPh')}
                options={qs.filter((q) => q.value !== colId)}
                optionFilterProp="label"
                maxCount={10}
                style={{ minWidth: 280, maxWidth: 520 }}
                data-testid="rs-cross-rows"
              />
            </Form.Item>
            <Form.Item label={f('rs.cross.col')} style={{ marginBottom: 0, minWidth: 220 }}>
              <Select
                allowClear
                aria-label={f('rs.cross.col')}
                value={colId}
                onChange={(v) => (setColId(v), setRowIds((r) => r.filter((x) => x !== v)))}
                placeholder={f('rs.cross.colPh')}
                options={qs}
                optionFilterProp="label"
                showSearch
                style={{ minWidth: 220, maxWidth: 360 }}
                data-testid="rs-cross-col"
              />
            </Form.Item>
            <Form.Item label={f('rs.cross.state')} style={{ marginBottom: 0 }}>
              <Select
                aria-label={f('rs.cross.state')}
                value={state}
                onChange={setState}
                style={{ width: 150 }}
                options={STATES.map((s) => ({ value: s, label: f(`rs.cross.state.${s}`) }))}
                data-testid="rs-cross-state"
              />
            </Form.Item>
            <Form.Item label={f('rs.cross.dates')} style={{ marginBottom: 0 }}>
              <DatePicker.RangePicker value={range} onChange={(v) => setRange(v as any)} allowEmpty={[true, true]} data-testid="rs-cross-dates" />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="rs-cross-run">
                {f('rs.cross.run')}
              </Button>
            </Form.Item>
          </Space>
        </Form>
      </Card>
      {err && <Alert type="error" showIcon message={f('rs.cross.failed')} description={err} style={{ marginBottom: 16 }} data-testid="rs-cross-error" />}
      {!res && !err && <Empty description={f('rs.cross.intro')} data-testid="rs-cross-intro" />}
      {res && total === 0 && <Empty description={f('rs.cross.noData')} data-testid="rs-cross-empty" />}
      {res && total > 0 && res.tables.map((t, i) => <TableCard key={t.rowQuDwId} t={t} colTitle={colTitle} index={i} f={f} />)}
    </div>
  );
};

const Page: React.FC = () => <Shell tab="cross">{(ctx) => <CrossPage ctx={ctx} />}</Shell>;
export default Page;
