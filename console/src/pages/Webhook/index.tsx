// design/webhook/:id and set/webhook/:id: the survey's webhooks (WeCom, Feishu, DingTalk bots and
// custom endpoints), their settings with a test send, and the delivery log with replay.
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Spin, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { hookDelete, hookList, hookSave, type Hook, type HookList } from '../../services/webhook';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from '../Collect/Shell';
import DeliveryLog from './DeliveryLog';
import HookForm, { inputOf } from './HookForm';

const Body: React.FC<ShellCtx> = ({ info, f, reload }) => {
  const [list, setList] = useState<HookList | null>(null);
  const [loadErr, setLoadErr] = useState('');
  const [editing, setEditing] = useState<Hook | 'new' | null>(null);
  const [logFor, setLogFor] = useState<Hook | null>(null);
  const [n, setN] = useState(0);
  const refresh = useCallback(() => setN((x) => x + 1), []);

  useEffect(() => {
    let live = true;
    hookList(info.id)
      .then((r) => live && (setList(r.data), setLoadErr('')))
      .catch((e) => live && setLoadErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [info.id, n]);

  const toggle = async (h: Hook, enabled: boolean) => {
    try {
      await hookSave({ ...inputOf(info.id, h), enabled });
      toast.success(f('wh.form.saved'));
      refresh();
      reload();
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  if (loadErr && !list)
    return (
      <Alert
        type="error"
        showIcon
        message={loadErr}
        action={<Button onClick={refresh}>{f('co.retry')}</Button>}
        data-testid="wh-load-error"
      />
    );
  if (!list) return <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="wh-loading" />;

  const full = list.hooks.length >= list.maxHooks;
  const columns = [
    {
      title: f('wh.col.name'),
      dataIndex: 'name',
      render: (_: unknown, h: Hook) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong data-testid="wh-row-name">
            {h.name || f(`wh.target.${h.target}`)}
          </Typography.Text>
          <Typography.Text type="secondary">{f(`wh.target.${h.target}`)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: f('wh.col.url'),
      dataIndex: 'url',
      ellipsis: true,
      render: (u: string) => (
        <Tooltip title={u}>
          <Typography.Text style={{ maxWidth: 280 }} ellipsis>
            {u}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: f('wh.col.events'),
      dataIndex: 'events',
      render: (evs: string[]) => (
        <Space wrap size={4}>
          {evs.map((e) => (
            <Tag key={e}>{f(`wh.event.${e}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: f('wh.col.state'),
      dataIndex: 'enabled',
      render: (_: unknown, h: Hook) => (
        <Space direction="vertical" size={4}>
          <Switch
            checked={h.enabled}
            onChange={(v) => toggle(h, v)}
            aria-label={`${f('wh.form.enabled')}: ${h.name || f(`wh.target.${h.target}`)}`}
            data-testid="wh-row-enabled"
          />
          {h.disabledReason ? (
            <Tooltip title={h.disabledReason}>
              <Tag color="red" data-testid="wh-row-gone">
                {f('wh.gone')}
              </Tag>
            </Tooltip>
          ) : h.warning ? (
            <Tooltip title={h.lastFailure}>
              <Tag color="orange" data-testid="wh-row-failing">
                {f('wh.failing', { n: h.failing })}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: f('wh.col.deliveries'),
      dataIndex: 'deliveries',
      render: (d: Record<string, number>) => (
        <Space wrap size={4} data-testid="wh-row-counts">
          {(['delivered', 'retrying', 'pending', 'failed'] as const)
            .filter((s) => d[s])
            .map((s) => (
              <Tag key={s} color={s === 'delivered' ? 'green' : s === 'failed' ? 'red' : s === 'retrying' ? 'orange' : 'default'}>
                {f(`wh.state.${s}`)} {d[s]}
              </Tag>
            ))}
        </Space>
      ),
    },
    {
      title: f('common.actions'),
      key: 'actions',
      render: (_: unknown, h: Hook) => (
        <Space>
          <a onClick={() => setEditing(h)} data-testid="wh-row-edit">
            {f('common.edit')}
          </a>
          <a onClick={() => setLogFor(h)} data-testid="wh-row-log">
            {f('wh.log')}
          </a>
          <ConfirmDelete
            title={f('wh.deleteConfirm', { name: h.name || f(`wh.target.${h.target}`) })}
            onDelete={() => hookDelete(info.id, h.id)}
            onDone={() => (refresh(), reload())}
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="wh-page">
      <Typography.Paragraph type="secondary">{f('wh.intro')}</Typography.Paragraph>
      {!list.secretsReady && <Alert type="info" showIcon message={f('wh.noKey')} style={{ marginBottom: 12 }} data-testid="wh-no-key" />}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setEditing('new')} data-testid="wh-add">
          {f('wh.add')}
        </Button>
        {full && <Typography.Text type="secondary">{f('wh.max', { n: list.maxHooks })}</Typography.Text>}
      </Space>
      {list.hooks.length === 0 ? (
        <Empty
          image={<ApiOutlined style={{ fontSize: 48, color: '#8c8c8c' }} aria-hidden />}
          description={
            <Space direction="vertical" size={0}>
              <span>{f('wh.empty')}</span>
              <Typography.Text type="secondary">{f('wh.emptyHint')}</Typography.Text>
            </Space>
          }
          data-testid="wh-empty"
        />
      ) : (
        <Table rowKey="id" columns={columns as any} dataSource={list.hooks} pagination={false} scroll={{ x: 900 }} data-testid="wh-table" />
      )}
      {editing && (
        <HookForm
          surveyId={info.id}
          list={list}
          hook={editing === 'new' ? null : editing}
          f={f}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
            reload();
          }}
        />
      )}
      {logFor && <DeliveryLog surveyId={info.id} hook={logFor} f={f} onClose={() => (setLogFor(null), refresh(), reload())} />}
    </div>
  );
};

const Page: React.FC = () => <Shell tab="webhook">{(c) => <Body {...c} />}</Shell>;
export default Page;
