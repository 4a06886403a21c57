// Winners of a lottery (winners.do, paged): prize, redemption code, who, when; the author marks a
// prize delivered or not (deliver.do). Filters: delivered, code.
import { Button, Drawer, Input, Select, Space, Switch, Table, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { lotteryDeliver, lotteryWinners, type Lottery, type WinnerRow } from '../../services/lottery';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

type F = (id: string, v?: Record<string, any>) => string;

export default function Winners({ f, lottery, onClose, onChanged }: { f: F; lottery: Lottery; onClose: () => void; onChanged: () => void }) {
  const [rows, setRows] = useState<WinnerRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [delivered, setDelivered] = useState('');
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState({ delivered: '', code: '' });
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState('');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await lotteryWinners({ lotteryId: lottery.id, ...page, delivered: applied.delivered || undefined, code: applied.code || undefined });
      setRows(r.data ?? []);
      setTotal(r.total ?? 0);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [lottery.id, page, applied]);
  useEffect(() => {
    void load();
  }, [load]);

  const deliver = async (w: WinnerRow, on: boolean) => {
    setBusy(w.drawId);
    try {
      await lotteryDeliver(w.drawId, on);
      toast.success(f(on ? 'lo.w.markedDelivered' : 'lo.w.markedOpen'));
      await load();
      onChanged();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy('');
    }
  };

  return (
    <Drawer open width={900} title={f('lo.w.title', { name: lottery.name })} onClose={onClose} data-testid="lo-winners">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 180 }}
          value={delivered}
          onChange={setDelivered}
          aria-label={f('lo.w.filterDelivered')}
          options={[
            { value: '', label: f('lo.w.all') },
            { value: '0', label: f('lo.w.notDelivered') },
            { value: '1', label: f('lo.w.delivered') },
          ]}
        />
        <Input
          style={{ width: 220 }}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={f('lo.w.code')}
          aria-label={f('lo.w.code')}
          onPressEnter={() => (setApplied({ delivered, code: code.trim() }), setPage((p) => ({ ...p, current: 1 })))}
          data-testid="lo-w-code"
        />
        <Button type="primary" onClick={() => (setApplied({ delivered, code: code.trim() }), setPage((p) => ({ ...p, current: 1 })))} data-testid="lo-w-apply">
          {f('lo.w.apply')}
        </Button>
        <Typography.Text type="secondary" data-testid="lo-w-total" data-total={total}>
          {f('lo.w.total', { n: total })}
        </Typography.Text>
      </Space>
      <Table
        size="small"
        rowKey="drawId"
        loading={loading}
        dataSource={rows}
        data-testid="lo-w-table"
        locale={{ emptyText: f('lo.w.empty') }}
        pagination={{ current: page.current, pageSize: page.pageSize, total, showSizeChanger: true, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={[
          { title: f('lo.w.prize'), dataIndex: 'prizeName' },
          {
            title: f('lo.w.code'),
            dataIndex: 'code',
            render: (c: string) => (
              <Typography.Text code copyable data-testid="lo-w-row-code">
                {c}
              </Typography.Text>
            ),
          },
          { title: f('lo.w.who'), render: (_: unknown, w: WinnerRow) => w.userName || w.contactName || w.confirmName || `${f('lo.w.answer')} ${w.answerId.slice(0, 8)}` },
          { title: f('lo.w.time'), dataIndex: 'drawTime', render: (v: unknown) => formatDateTime(v) },
          {
            title: f('lo.w.deliveredCol'),
            render: (_: unknown, w: WinnerRow) => (
              <Space>
                <Switch
                  checked={w.delivered}
                  loading={busy === w.drawId}
                  onChange={(on) => deliver(w, on)}
                  aria-label={f('lo.w.deliverLabel', { code: w.code })}
                  data-testid="lo-w-deliver"
                />
                {w.deliveredAt && <Typography.Text type="secondary">{w.deliveredAt}</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
