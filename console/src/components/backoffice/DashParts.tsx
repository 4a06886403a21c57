// Parts of the dashboards: figure cards, chart cards with a text table for screen readers and
// empty states, the days switch.
import { Card, Col, Empty, Row, Segmented, Statistic, Table } from 'antd';
import React from 'react';
import G2Chart from '../results/G2Chart';
import { formatChartValue, formatNumber } from '../../utils/format';

export const DAY_CHOICES = [7, 30, 90];

export function Figures(props: { items: { label: string; value: number; testid: string }[] }) {
  return (
    <Row gutter={[16, 16]}>
      {props.items.map((x) => (
        <Col key={x.testid} xs={12} md={8} xl={24 / Math.min(props.items.length, 6)}>
          <Card size="small" data-testid={x.testid}>
            <Statistic title={x.label} value={x.value} formatter={(v) => formatNumber(Number(v))} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A chart with its data as a (visually hidden) table, or the empty text when there is none. */
export function ChartCard(props: {
  title: string;
  spec: Record<string, any>;
  empty: boolean;
  emptyText: string;
  rows: { name: string; count: number }[];
  nameTitle: string;
  countTitle: string;
  testid: string;
  height?: number;
}) {
  return (
    <Card size="small" title={props.title}>
      {props.empty ? (
        <Empty description={props.emptyText} data-testid={`${props.testid}-empty`} />
      ) : (
        <>
          <G2Chart spec={props.spec} height={props.height ?? 280} data-testid={props.testid} alt={props.title} />
          <details>
            <summary style={{ cursor: 'pointer', color: '#595959' }}>{props.nameTitle} / {props.countTitle}</summary>
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={props.rows}
              columns={[
                { title: props.nameTitle, dataIndex: 'name', render: (v: unknown) => formatChartValue(v) },
                { title: props.countTitle, dataIndex: 'count', render: (v: number) => formatNumber(v) },
              ]}
            />
          </details>
        </>
      )}
    </Card>
  );
}

export function DaysSwitch(props: { value: number; onChange: (d: number) => void; label: string; f: (id: string, v?: Record<string, any>) => string }) {
  return (
    <Segmented
      aria-label={props.label}
      value={props.value}
      onChange={(v) => props.onChange(Number(v))}
      options={DAY_CHOICES.map((d) => ({ value: d, label: props.f('bo.dash.days', { n: d }) }))}
    />
  );
}
