// The fairness proof of a scheduled draw: the recorded seed, entrant ids and prizes, the winners,
// the server's verdict, and a re-run of the draw in this browser (utils/fairDraw, WebCrypto) that
// anyone can press to see the same winners come out. Used by the author (verify.do) and on the
// public lottery page (draw-record.do).
import { CheckCircleOutlined, CloseCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import React, { useState } from 'react';
import type { DrawRecord, Winner } from '../../services/lottery';
import { reDraw, sameWinners } from '../../utils/fairDraw';
import { formatTime } from '../../utils/format';

type F = (id: string, v?: Record<string, any>) => string;

export default function DrawProof({ f, record, prizeNames, mine }: { f: F; record: DrawRecord; prizeNames: Record<string, string>; mine?: string }) {
  const [runs, setRuns] = useState<{ same: boolean; winners: Winner[]; at: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState('');
  const rerun = async () => {
    setBusy(true);
    setErr('');
    try {
      const w = await reDraw(record.seed, record.entrants, record.prizes);
      setRuns((r) => [...r, { same: sameWinners(w, record.winners), winners: w, at: formatTime() }]);
    } catch (e: any) {
      setErr(String(e?.message ?? e));
    } finally {
      setBusy(false);
    }
  };
  const last = runs[runs.length - 1];
  return (
    <div data-testid="lo-proof">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={f('lo.proof.verdict')}>
          {record.verified ? (
            <Tag color="green" icon={<CheckCircleOutlined />} data-testid="lo-proof-verified">
              {f('lo.proof.verified')}
            </Tag>
          ) : (
            <Tag color="red" icon={<CloseCircleOutlined />} data-testid="lo-proof-unverified">
              {f('lo.proof.unverified')}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={f('lo.proof.drawnAt')}>{record.drawnAt}</Descriptions.Item>
        <Descriptions.Item label={f('lo.proof.seed')}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="lo-proof-seed">
            {record.seed}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={f('lo.proof.entrants')}>
          <span data-testid="lo-proof-entrants">{record.entrants.length}</span>
        </Descriptions.Item>
        <Descriptions.Item label={f('lo.proof.hash')}>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {record.entrantsHash}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={f('lo.proof.algorithm')}>{f('lo.proof.algorithmText')}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {f('lo.proof.winners', { n: record.winners.length })}
      </Typography.Title>
      <Table
        size="small"
        rowKey={(w) => w.entrantId}
        dataSource={record.winners}
        pagination={record.winners.length > 10 ? { pageSize: 10 } : false}
        data-testid="lo-proof-winners"
        locale={{ emptyText: f('lo.proof.noWinners') }}
        columns={[
          { title: f('lo.proof.rank'), dataIndex: 'rank', width: 70 },
          {
            title: f('lo.proof.entrantId'),
            dataIndex: 'entrantId',
            render: (id: string) => (
              <Typography.Text code data-testid="lo-proof-winner-id">
                {id.slice(0, 16)}…{mine && id === mine ? <Tag color="gold" style={{ marginLeft: 8 }}>{f('lo.proof.you')}</Tag> : null}
              </Typography.Text>
            ),
          },
          { title: f('lo.proof.prize'), dataIndex: 'prizeId', render: (id: string) => prizeNames[id] ?? id },
        ]}
      />
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {f('lo.proof.rerunHelp')}
        </Typography.Paragraph>
        <Button icon={<ReloadOutlined />} onClick={rerun} loading={busy} data-testid="lo-proof-rerun">
          {f('lo.proof.rerun')}
        </Button>
        {err && <Alert type="error" showIcon message={err} role="alert" />}
        {last && (
          <Alert
            type={last.same ? 'success' : 'error'}
            showIcon
            data-testid="lo-proof-rerun-result"
            data-same={last.same ? '1' : '0'}
            data-runs={runs.length}
            data-winners={last.winners.map((w) => `${w.rank}:${w.entrantId}:${w.prizeId}`).join(',')}
            message={f(last.same ? 'lo.proof.same' : 'lo.proof.different', { n: runs.length, w: last.winners.length, at: last.at })}
          />
        )}
      </Space>
    </div>
  );
}
