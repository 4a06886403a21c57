// Parts shared by the overview, region and source pages: a loader hook with loading / error /
// retry, and a name-count-percent table.
import { Button, Result, Spin, Table } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import type { NameCount } from '../../services/resultsData';
import { errorText } from '../../utils/errors';
import { pct } from './AnalysisLogic';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [err, setErr] = useState('');
  const [loading, setLoading] = useState(true);
  const [n, setN] = useState(0);
  const reload = useCallback(() => setN((x) => x + 1), []);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((d) => live && (setData(d), setErr('')))
      .catch((e) => live && setErr(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, n]);
  return { data, err, loading, reload };
}

/** Loading spinner or error with retry while there is no data yet; null when there is data. */
export function LoadState(props: { loading: boolean; err: string; hasData: boolean; reload: () => void; f: (id: string) => string; testid: string }) {
  if (props.hasData) return null;
  if (props.err)
    return (
      <Result
        status="error"
        title={props.f('rd.loadFailed')}
        subTitle={props.err}
        extra={<Button onClick={props.reload}>{props.f('rd.retry')}</Button>}
        data-testid={`${props.testid}-error`}
      />
    );
  return <Spin style={{ display: 'block', margin: '64px auto' }} data-testid={`${props.testid}-loading`} />;
}

export function NameTable(props: { rows: (NameCount & { key?: string })[]; nameTitle: string; f: (id: string) => string; testid: string; pageSize?: number }) {
  const { rows, nameTitle, f, testid } = props;
  return (
    <div data-testid={testid}>
    <Table<NameCount & { key?: string }>
      size="small"
      rowKey={(r) => r.key ?? r.name}
      dataSource={rows}
      pagination={rows.length > (props.pageSize ?? 20) ? { pageSize: props.pageSize ?? 20, size: 'small' } : false}
      locale={{ emptyText: <span data-testid={`${testid}-empty`}>{f('rd.noData')}</span> }}
      columns={[
        { title: nameTitle, dataIndex: 'name', render: (v) => <span data-testid={`${testid}-name`}>{v}</span> },
        { title: f('rd.count'), dataIndex: 'count', align: 'right', width: 110, render: (v) => <span data-testid={`${testid}-count`}>{v}</span> },
        { title: f('rd.percent'), dataIndex: 'percent', align: 'right', width: 110, render: (v) => pct(v) },
      ]}
    />
    </div>
  );
}
