// c/lottery-list/:dwSurveyId — a survey's lotteries (docs/lottery.md): prizes with stock left,
// draws and winners; create and edit (LotteryForm), winners with delivery marks (Winners), "draw
// now" for scheduled lotteries (through the outbox to LotteryWorkflow) and the fairness proof of
// a drawn one (DrawProof).
import { GiftOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { lotteryDelete, lotteryDrawNow, lotteryList, lotteryVerify, type DrawRecord, type Lottery } from '../../services/lottery';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from '../Eval/Shell';
import DrawProof from './DrawProof';
import LotteryForm from './LotteryForm';
import Winners from './Winners';

type F = ShellCtx['f'];

export function LotteryBody({ f, surveyId, sid }: { f: F; surveyId: string; sid?: string }) {
  const [list, setList] = useState<Lottery[] | null>(null);
  const [loadErr, setLoadErr] = useState('');
  const [editing, setEditing] = useState<Lottery | 'new' | null>(null);
  const [winnersOf, setWinnersOf] = useState<Lottery | null>(null);
  const [proof, setProof] = useState<{ l: Lottery; r: DrawRecord | null; err: string } | null>(null);
  const [n, setN] = useState(0);
  // scheduled lotteries asked to draw now (the list looks again until they are drawn)
  const [drawing, setDrawing] = useState<Set<string>>(new Set());
  const refresh = useCallback(() => setN((x) => x + 1), []);

  useEffect(() => {
    let live = true;
    lotteryList(surveyId)
      .then((r) => live && (setList(r.data ?? []), setLoadErr('')))
      .catch((e) => live && setLoadErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [surveyId, n]);

  // a scheduled lottery being drawn: look again until its workflow has drawn it
  const waiting = (list ?? []).some(
    (l) => l.mode === 'scheduled' && l.state === 'open' && (drawing.has(l.id) || (!!l.drawAt && new Date(l.drawAt.replace(' ', 'T')).getTime() <= Date.now() + 5000)),
  );
  useEffect(() => {
    if (!waiting) return;
    const id = window.setTimeout(refresh, 2000);
    return () => window.clearTimeout(id);
  }, [waiting, n, refresh]);

  const drawNow = async (l: Lottery) => {
    try {
      await lotteryDrawNow(l.id);
      toast.success(f('lo.drawNow.started'));
      setDrawing((s) => new Set(s).add(l.id));
      refresh();
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const openProof = async (l: Lottery) => {
    setProof({ l, r: null, err: '' });
    try {
      const r = await lotteryVerify(l.id);
      setProof({ l, r: r.data, err: '' });
    } catch (e) {
      setProof({ l, r: null, err: errorText(e) });
    }
  };

  if (loadErr && !list)
    return <Alert type="error" showIcon message={loadErr} action={<Button onClick={refresh}>{f('co.retry')}</Button>} data-testid="lo-load-error" />;
  if (!list) return <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="lo-loading" />;

  return (
    <div data-testid="lo-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="lo-add">
          {f('lo.add')}
        </Button>
        <Typography.Text type="secondary">{f('lo.intro')}</Typography.Text>
      </Space>
      {list.length === 0 ? (
        <Empty image={<GiftOutlined style={{ fontSize: 48, color: '#8c8c8c' }} />} description={f('lo.empty')} data-testid="lo-empty" />
      ) : (
        <Table
          rowKey="id"
          dataSource={list}
          pagination={list.length > 10 ? { pageSize: 10 } : false}
          data-testid="lo-table"
          onRow={(l) => ({ 'data-testid': 'lo-row', 'data-id': l.id, 'data-state': l.state }) as any}
          columns={[
            {
              title: f('lo.col.name'),
              render: (_: unknown, l: Lottery) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong data-testid="lo-row-name">
                    {l.name}
                  </Typography.Text>
                  <Space size={4}>
                    <Tag color={l.mode === 'instant' ? 'blue' : 'purple'}>{f(`lo.mode.${l.mode}`)}</Tag>
                    <Tag color={l.state === 'drawn' ? 'green' : 'default'} data-testid="lo-row-state">
                      {f(`lo.state.${l.state}`)}
                    </Tag>
                  </Space>
                </Space>
              ),
            },
            {
              title: f('lo.col.prizes'),
              render: (_: unknown, l: Lottery) => (
                <Space direction="vertical" size={0} data-testid="lo-row-prizes">
                  {l.prizes.map((p) => (
                    <span key={p.id} data-testid="lo-row-prize" data-stock={p.stock} data-total={p.total}>
                      {p.name}: {l.mode === 'instant' ? f('lo.stockOf', { stock: p.stock, total: p.total, p: p.probability }) : f('lo.countOf', { total: p.total })}
                    </span>
                  ))}
                </Space>
              ),
            },
            {
              title: f('lo.col.when'),
              render: (_: unknown, l: Lottery) =>
                l.mode === 'scheduled' ? (
                  <span>{l.state === 'drawn' ? f('lo.drawnAt', { t: l.drawnAt ?? '' }) : f('lo.drawsAt', { t: l.drawAt })}</span>
                ) : (
                  <span>{l.startAt || l.endAt ? `${l.startAt || '…'} – ${l.endAt || '…'}` : f('lo.always')}</span>
                ),
            },
            {
              title: f('lo.col.counts'),
              render: (_: unknown, l: Lottery) => (
                <span data-testid="lo-row-counts" data-draws={l.draws ?? 0} data-winners={l.winners ?? 0}>
                  {l.mode === 'instant' ? f('lo.draws', { n: l.draws ?? 0 }) : f('lo.entrants', { n: l.entrants ?? 0 })} · {f('lo.winners', { n: l.winners ?? 0 })}
                </span>
              ),
            },
            {
              title: f('common.actions'),
              render: (_: unknown, l: Lottery) => (
                <Space wrap size={4}>
                  {l.state !== 'drawn' && (
                    <Button size="small" onClick={() => setEditing(l)} data-testid="lo-edit">
                      {f('common.edit')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setWinnersOf(l)} data-testid="lo-open-winners">
                    {f('lo.w.open')}
                  </Button>
                  {l.mode === 'scheduled' && l.state === 'open' && (
                    <Popconfirm title={f('lo.drawNow.confirm')} onConfirm={() => drawNow(l)} okText={f('common.ok')} cancelText={f('common.cancel')}>
                      <Button size="small" data-testid="lo-draw-now">
                        {f('lo.drawNow')}
                      </Button>
                    </Popconfirm>
                  )}
                  {l.mode === 'scheduled' && l.state === 'drawn' && (
                    <Button size="small" onClick={() => openProof(l)} data-testid="lo-open-proof">
                      {f('lo.proof.open')}
                    </Button>
                  )}
                  {sid && l.mode === 'instant' && (
                    <Typography.Link href={`/v8/diaowen/lottery/${l.id}/${surveyId}`} target="_blank" rel="noopener noreferrer">
                      {f('lo.page')}
                    </Typography.Link>
                  )}
                  {(l.draws ?? 0) === 0 && l.state !== 'drawn' && (
                    <ConfirmDelete title={f('lo.deleteConfirm', { name: l.name })} onDelete={() => lotteryDelete(l.id)} onDone={refresh} />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <LotteryForm
          f={f}
          surveyId={surveyId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {winnersOf && <Winners f={f} lottery={winnersOf} onClose={() => setWinnersOf(null)} onChanged={refresh} />}
      {proof && (
        <Drawer open width={760} title={f('lo.proof.title', { name: proof.l.name })} onClose={() => setProof(null)}>
          {proof.err ? (
            <Alert type="error" showIcon message={proof.err} />
          ) : proof.r ? (
            <DrawProof f={f} record={proof.r} prizeNames={Object.fromEntries(proof.l.prizes.map((p) => [p.id, p.name]))} />
          ) : (
            <Spin />
          )}
        </Drawer>
      )}
    </div>
  );
}

const Page: React.FC = () => <Shell tab="lottery-list">{({ info, f }) => <LotteryBody f={f} surveyId={info.id} sid={info.sid} />}</Shell>;

export default Page;
