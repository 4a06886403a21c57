// One question of the default charts page: title, answered count, chart type switch, the chart
// (with PNG export) and the table under it; fill-blank questions get a paged list of answers.
import { Card, Checkbox, Empty, Segmented, Space, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { reportTexts, type ReportQuestion, type TextPage } from '../../services/results';
import { errorText } from '../../utils/errors';
import ChartBox from './ChartBox';
import { CHART_TYPES, plainTitle, pngName, questionModel, type ChartType, type SpecOptions } from './chartData';
import { formatDateTime, formatNumber, formatPercent } from '../../utils/format';

export type F = (id: string, v?: Record<string, any>) => string;

const fmt = (n: number) => formatNumber(n);

/** Paged list of a fill-blank question's answers (report.do with quDwId and pageNo). */
const TextList: React.FC<{ surveyId: string; q: ReportQuestion; f: F; testId: string }> = ({ surveyId, q, f, testId }) => {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TextPage | undefined>(q.texts);
  const [loading, setLoading] = useState(false);
  const [err, setErr] = useState('');
  const load = useCallback(
    (p: number) => {
      setLoading(true);
      reportTexts(surveyId, q.quDwId, p, 10)
        .then((r) => (setData(r.data), setPage(p), setErr('')))
        .catch((e) => setErr(errorText(e)))
        .finally(() => setLoading(false));
    },
    [surveyId, q.quDwId],
  );
  useEffect(() => setData(q.texts), [q.texts]);
  return (
    <div data-testid={`${testId}-texts`}>
      {err && (
        <Typography.Text type="danger" data-testid={`${testId}-texts-error`}>
          {f('rs.text.failed')}: {err}
        </Typography.Text>
      )}
      <Table
        size="small"
        rowKey={(r, i) => `${r.answerId}-${r.optionDwId ?? ''}-${i}`}
        loading={loading}
        dataSource={data?.result ?? []}
        locale={{ emptyText: f('rs.text.empty') }}
        columns={[
          { title: f('rs.text.answer'), dataIndex: 'text', render: (t: string) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{t}</span> },
          { title: f('rs.text.time'), dataIndex: 'endAnDate', width: 180, render: (v: unknown) => formatDateTime(v) },
        ]}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.totalItems ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => load(p),
        }}
      />
    </div>
  );
};

const QuestionCard: React.FC<{
  surveyId: string;
  index: number;
  q: ReportQuestion;
  type: ChartType;
  onType: (t: ChartType) => void;
  f: F;
}> = ({ surveyId, index, q, type, onType, f }) => {
  const testId = `rs-q-${q.quDwId}`;
  const [stacked, setStacked] = useState(false);
  const labels = useMemo(
    () => ({ untitled: f('rs.untitled'), promoters: f('rs.nps.promoters'), passives: f('rs.nps.passives'), detractors: f('rs.nps.detractors') }),
    [f],
  );
  const m = useMemo(() => questionModel(q, labels), [q, labels]);
  const title = plainTitle(q.quTitle) || f('rs.untitled');
  const opts: SpecOptions = useMemo(
    () => ({
      labelTitle: m.kind === 'matrix' ? f('rs.col.row') : m.kind === 'numeric' ? f('rs.col.item') : m.kind === 'nps' ? f('rs.col.group') : f('rs.col.option'),
      valueTitle: m.kind === 'numeric' ? f('rs.axis.average') : f('rs.axis.count'),
      seriesTitle: f('rs.col.column'),
      stacked,
      integer: m.kind !== 'numeric',
    }),
    [m.kind, f, stacked],
  );
  const hasChart = m.kind === 'choice' || m.kind === 'matrix' || m.kind === 'numeric' || m.kind === 'nps';

  let table: React.ReactNode = null;
  if (m.kind === 'choice' || m.kind === 'nps') {
    table = (
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        data-testid={`${testId}-table`}
        dataSource={m.rows}
        onRow={(r) => ({ 'data-label': r.label }) as any}
        columns={[
          { title: m.kind === 'nps' ? f('rs.col.group') : f('rs.col.option'), dataIndex: 'label' },
          { title: f('rs.col.count'), dataIndex: 'count', width: 110, align: 'right', onCell: () => ({ 'data-col': 'count' }) as any },
          { title: f('rs.col.percent'), dataIndex: 'percent', width: 130, align: 'right', render: (p: number) => formatPercent(p), onCell: () => ({ 'data-col': 'percent' }) as any },
        ]}
      />
    );
  } else if (m.kind === 'numeric') {
    table = (
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        data-testid={`${testId}-table`}
        dataSource={m.rows}
        columns={[
          { title: f('rs.col.item'), dataIndex: 'label' },
          { title: f('rs.col.count'), dataIndex: 'count', width: 90, align: 'right', onCell: () => ({ 'data-col': 'count' }) as any },
          { title: f('rs.col.avg'), dataIndex: 'avg', width: 100, align: 'right', render: fmt, onCell: () => ({ 'data-col': 'avg' }) as any },
          { title: f('rs.col.min'), dataIndex: 'min', width: 90, align: 'right', render: fmt, onCell: () => ({ 'data-col': 'min' }) as any },
          { title: f('rs.col.max'), dataIndex: 'max', width: 90, align: 'right', render: fmt, onCell: () => ({ 'data-col': 'max' }) as any },
        ]}
      />
    );
  } else if (m.kind === 'matrix') {
    table = (
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        scroll={{ x: 'max-content' }}
        data-testid={`${testId}-table`}
        dataSource={m.rows}
        columns={[
          { title: f('rs.col.row'), dataIndex: 'label', fixed: 'left' },
          ...m.cols.map((c) => ({
            title: c.label,
            key: c.key,
            align: 'right' as const,
            onCell: () => ({ 'data-col': c.key }) as any,
            render: (_: unknown, r: (typeof m.rows)[number]) => {
              const cell = r.cells[c.key];
              return cell ? `${formatNumber(cell.count)} (${formatPercent(cell.percent)})` : '0';
            },
          })),
          { title: f('rs.col.total'), dataIndex: 'total', align: 'right' as const },
        ]}
      />
    );
  }

  const tools = (
    <>
      {m.kind === 'matrix' && type !== 'pie' && (
        <Checkbox checked={stacked} onChange={(e) => setStacked(e.target.checked)} data-testid={`${testId}-stacked`}>
          {f('rs.chart.stacked')}
        </Checkbox>
      )}
      <Segmented<ChartType>
        size="small"
        value={type}
        onChange={(v) => onType(v)}
        aria-label={f('rs.chart.chartType')}
        options={CHART_TYPES.map((t) => ({ value: t, label: <span data-testid={`${testId}-type-${t}`}>{f(`rs.chart.type.${t}`)}</span> }))}
      />
    </>
  );

  return (
    <Card
      data-testid={testId}
      data-kind={m.kind}
      style={{ marginBottom: 16 }}
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Space wrap size={8}>
          <span data-testid={`${testId}-title`} style={{ whiteSpace: 'normal' }}>
            {index + 1}. {title}
          </span>
          <Tag data-testid={`${testId}-answered`}>{f('rs.chart.answered', { n: m.answered, p: formatPercent(q.percent ?? 0) })}</Tag>
          {m.kind === 'nps' && <Tag color="blue" data-testid={`${testId}-nps`}>{f('rs.nps.score', { v: fmt(m.nps) })}</Tag>}
        </Space>
      }
    >
      {hasChart && 'data' in m && (
        <ChartBox
          type={type}
          data={m.data}
          opts={opts}
          fileName={pngName(title, index + 1)}
          exportLabel={f('rs.chart.exportPng')}
          notReady={f('rs.chart.exportFailed')}
          testId={`${testId}-chart`}
          tools={tools}
        />
      )}
      {table}
      {m.kind === 'text' && <TextList surveyId={surveyId} q={q} f={f} testId={testId} />}
      {m.kind === 'none' && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={f('rs.chart.noChart')} />}
    </Card>
  );
};

export default QuestionCard;
