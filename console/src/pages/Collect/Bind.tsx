// c/bind-contacts and c/user-bind: the people bound to a survey (contact groups and contacts, or
// system users and departments), their state and unique links, and the invitations sent to
// them with reminders (InvitationWorkflow; docs/contacts.md).
import { CopyOutlined, DownloadOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ProTable } from '@ant-design/pro-components';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Modal, Progress, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import {
  bindAdd,
  bindCounts,
  bindDelete,
  bindDepts,
  bindExport,
  bindList,
  bindUsers,
  contactList,
  groupList,
  invitationList,
  invitationRemind,
  invitationSend,
  invitationStop,
  type BindCounts,
  type BindRecord,
  type Dept,
  type Distribution,
  type DistributionList,
  type Group,
} from '../../services/contacts';
import { namedRowSelection } from '../../utils/a11y';
import { download } from '../../utils/download';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from './Shell';
import { copyText, errorText } from './util';
import { formatDateTime, formatNumber } from '../../utils/format';

type Kind = 'contact' | 'user';
type F = ShellCtx['f'];

/** A select that searches the server as the user types (contacts or users). */
const RemoteSelect: React.FC<{
  f: F;
  kind: Kind;
  value: string[];
  onChange: (v: string[]) => void;
}> = ({ f, kind, value, onChange }) => {
  const [opts, setOpts] = useState<{ value: string; label: string }[]>([]);
  const search = useCallback(
    async (keyword: string) => {
      try {
        if (kind === 'contact') {
          const r = await contactList({ keyword, pageSize: 20, current: 1 });
          setOpts((r.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.account})` })));
        } else {
          const r = await bindUsers({ keyword, pageSize: 20, current: 1 });
          setOpts((r.data ?? []).map((u) => ({ value: u.id, label: `${u.name || u.loginName} (${u.loginName})` })));
        }
      } catch {
        setOpts([]);
      }
    },
    [kind],
  );
  useEffect(() => {
    search('');
  }, [search]);
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={search}
      options={opts}
      value={value}
      onChange={onChange}
      style={{ minWidth: 260 }}
      placeholder={f(kind === 'contact' ? 'bd.chooseContacts' : 'bd.chooseUsers')}
      aria-label={f(kind === 'contact' ? 'bd.chooseContacts' : 'bd.chooseUsers')}
      data-testid={`bd-pick-${kind}`}
    />
  );
};

const stateTag = (f: F, s: string) => (
  <Tag color={s === 'completed' ? 'green' : 'orange'} data-testid="bd-state">
    {f(`bd.state.${s}`)}
  </Tag>
);

const sendTag = (f: F, s: string) => {
  if (!s) return <Typography.Text type="secondary">{f('bd.send.none')}</Typography.Text>;
  const color: Record<string, string> = { sent: 'blue', failed: 'red', bounced: 'volcano', unknown: 'gold', pending: 'default', sending: 'default', skipped: 'default' };
  return <Tag color={color[s]}>{f(`bd.send.${s}`)}</Tag>;
};

const Body: React.FC<ShellCtx & { kind: Kind }> = ({ info, f, kind }) => {
  const ref = useRef<ActionType>();
  const [groups, setGroups] = useState<Group[]>([]);
  const [depts, setDepts] = useState<Dept[]>([]);
  const [pickGroups, setPickGroups] = useState<string[]>([]);
  const [pickPeople, setPickPeople] = useState<string[]>([]);
  const [counts, setCounts] = useState<BindCounts>();
  const [sel, setSel] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState('');
  const [state, setState] = useState<string>('');

  const loadCounts = useCallback(() => {
    bindCounts(info.id)
      .then((r) => setCounts(r.data))
      .catch(() => undefined);
  }, [info.id]);
  useEffect(() => {
    loadCounts();
    if (kind === 'contact') groupList().then((r) => setGroups(r.data ?? [])).catch(() => undefined);
    else bindDepts().then((r) => setDepts(r.data ?? [])).catch(() => undefined);
  }, [kind, loadCounts]);
  const reload = () => {
    ref.current?.reload();
    loadCounts();
  };

  const bind = async () => {
    setBusy(true);
    setErr('');
    try {
      const body = kind === 'contact' ? { groupIds: pickGroups, contactIds: pickPeople } : { deptIds: pickGroups, userIds: pickPeople };
      const r = await bindAdd({ surveyId: info.id, ...body });
      toast.success(f('bd.bound', { added: r.data.added, already: r.data.already }));
      setPickGroups([]);
      setPickPeople([]);
      reload();
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = (ids: string[]) =>
    Modal.confirm({
      title: f('bd.removeConfirm', { n: ids.length }),
      content: f('bd.removeHint'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as any,
      onOk: async () => {
        await bindDelete(info.id, ids);
        setSel([]);
        reload();
      },
    });

  const columns: ProColumns<BindRecord>[] = [
    { title: f('ct.name'), dataIndex: 'name' },
    { title: f(kind === 'contact' ? 'ct.account' : 'bd.loginName'), dataIndex: 'account' },
    { title: f('ct.email'), dataIndex: 'email', responsive: ['md'] },
    { title: f('ct.phone'), dataIndex: 'phone', responsive: ['lg'] },
    ...(kind === 'contact' ? [{ title: f('ct.group'), dataIndex: 'groupName', responsive: ['lg'] } as ProColumns<BindRecord>] : []),
    { title: f('bd.state'), dataIndex: 'state', render: (_, r) => stateTag(f, r.state) },
    { title: f('bd.lastSend'), dataIndex: 'lastSend', responsive: ['md'], render: (_, r) => sendTag(f, r.lastSend) },
    {
      title: f('bd.link'),
      dataIndex: 'link',
      render: (_, r) => (
        <Space size={4}>
          <Typography.Text code ellipsis style={{ maxWidth: 180 }} data-testid="bd-link">
            {r.link}
          </Typography.Text>
          <Button
            size="small"
            icon={<CopyOutlined />}
            aria-label={f('bd.copyOf', { name: r.name })}
            onClick={() => copyText(r.link, f('co.copied'), f('co.copyUnsupported'))}
          />
        </Space>
      ),
    },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <Button key="d" type="link" size="small" onClick={() => remove([r.id])} aria-label={f('bd.removeOf', { name: r.name })}>
          {f('bd.remove')}
        </Button>,
      ],
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {counts && (
        <Row gutter={16}>
          <Col xs={8}>
            <Statistic title={f('bd.total')} value={kind === 'contact' ? counts.contacts : counts.users} formatter={(v) => formatNumber(Number(v))} />
          </Col>
          <Col xs={8}>
            <Statistic title={f('bd.state.completed')} value={counts.completed} formatter={(v) => formatNumber(Number(v))} />
          </Col>
          <Col xs={8}>
            <Statistic title={f('bd.state.unanswered')} value={counts.unanswered} formatter={(v) => formatNumber(Number(v))} />
          </Col>
        </Row>
      )}
      <Card size="small" title={f(kind === 'contact' ? 'bd.bindContacts' : 'bd.bindUsers')}>
        <Space wrap>
          <Select
            mode="multiple"
            style={{ minWidth: 220 }}
            value={pickGroups}
            onChange={setPickGroups}
            placeholder={f(kind === 'contact' ? 'bd.chooseGroups' : 'bd.chooseDepts')}
            aria-label={f(kind === 'contact' ? 'bd.chooseGroups' : 'bd.chooseDepts')}
            data-testid="bd-pick-groups"
            options={(kind === 'contact' ? groups : depts).map((g: any) => ({
              value: g.id,
              label: kind === 'contact' ? `${g.name} (${g.count})` : g.name,
            }))}
          />
          <RemoteSelect f={f} kind={kind} value={pickPeople} onChange={setPickPeople} />
          <Button type="primary" loading={busy} disabled={!pickGroups.length && !pickPeople.length} onClick={bind} data-testid="bd-bind">
            {f('bd.bind')}
          </Button>
        </Space>
        {err && <Alert type="error" showIcon message={err} style={{ marginTop: 12 }} />}
      </Card>
      <ProTable<BindRecord>
        actionRef={ref}
        rowKey="id"
        columns={columns}
        search={false}
        params={{ state }}
        pagination={{ defaultPageSize: 10 }}
        rowSelection={{ selectedRowKeys: sel, onChange: (k) => setSel(k as string[]), ...namedRowSelection<BindRecord>((r) => r.name, f) }}
        headerTitle={
          <Select
            style={{ width: 160 }}
            value={state}
            onChange={setState}
            aria-label={f('bd.state')}
            data-testid="bd-state-filter"
            options={[
              { value: '', label: f('bd.state.all') },
              { value: 'completed', label: f('bd.state.completed') },
              { value: 'unanswered', label: f('bd.state.unanswered') },
            ]}
          />
        }
        toolBarRender={() => [
          <Button key="r" icon={<ReloadOutlined />} onClick={reload} aria-label={f('bd.refresh')} />,
          <Button
            key="x"
            icon={<DownloadOutlined />}
            data-testid="bd-export"
            onClick={() =>
              bindExport({ surveyId: info.id, kind, state })
                .then((b) => download(b as unknown as Blob, `links-${info.sid}.xlsx`))
                .catch(() => toast.error(f('ct.exportFailed')))
            }
          >
            {f('bd.export')}
          </Button>,
          <Button key="d" danger disabled={!sel.length} onClick={() => remove(sel)}>
            {f('bd.remove')}
          </Button>,
        ]}
        request={async (p) => {
          const r = await bindList({ surveyId: info.id, kind, state, current: p.current, pageSize: p.pageSize });
          return { data: r.data ?? [], total: r.total, success: true };
        }}
        locale={{ emptyText: f(kind === 'contact' ? 'bd.emptyContacts' : 'bd.emptyUsers') }}
      />
      <Invitations f={f} surveyId={info.id} onChange={reload} />
    </Space>
  );
};

/** The message languages (the server's list replaces it once loaded). */
const LANGS = ['zh-CN', 'en-US', 'zh-TW', 'ja-JP', 'ko-KR', 'vi-VN', 'th-TH', 'ru-RU'];

/** Invitations: the send form and the distributions with their status. */
const Invitations: React.FC<{ f: F; surveyId: string; onChange: () => void }> = ({ f, surveyId, onChange }) => {
  const [list, setList] = useState<DistributionList>();
  const [open, setOpen] = useState(false);
  const [err, setErr] = useState('');
  const [form] = Form.useForm();
  const load = useCallback(() => {
    invitationList(surveyId)
      .then((r) => setList(r.data))
      .catch(() => undefined);
  }, [surveyId]);
  useEffect(() => {
    load();
    const t = setInterval(load, 5000); // running distributions move on their own
    return () => clearInterval(t);
  }, [load]);
  // the message language starts as the survey's own (the server tells it with the list)
  const surveyLang = list?.language;
  useEffect(() => {
    if (open && surveyLang && !form.isFieldTouched('language')) form.setFieldsValue({ language: surveyLang });
  }, [open, surveyLang, form]);
  const send = async () => {
    const v = await form.validateFields();
    setErr('');
    try {
      await invitationSend({ surveyId, ...v, reminders: v.reminders ?? 0, remindEveryHours: v.remindEveryHours ?? 0 });
      toast.success(f('inv.started'));
      setOpen(false);
      load();
      onChange();
    } catch (e) {
      setErr(errorText(e));
    }
  };
  const stop = (d: Distribution) =>
    Modal.confirm({
      title: f('inv.stopConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as any,
      onOk: async () => {
        await invitationStop(surveyId, d.id);
        load();
      },
    });
  const remind = (d: Distribution) =>
    Modal.confirm({
      title: f('inv.remindConfirm', { n: d.people - d.answered }),
      okButtonProps: { 'data-testid': 'confirm-ok' } as any,
      onOk: async () => {
        await invitationRemind(surveyId, d.id);
        toast.success(f('inv.reminding'));
        setTimeout(load, 1500);
      },
    });
  const ready = list?.channels;
  return (
    <Card
      size="small"
      title={f('inv.title')}
      extra={
        <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)} data-testid="inv-open">
          {f('inv.send')}
        </Button>
      }
    >
      {ready && !ready.email && <Alert type="info" showIcon message={f('inv.emailOff')} style={{ marginBottom: 12 }} />}
      <Table<Distribution>
        size="small"
        rowKey="id"
        dataSource={list?.items ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: f('inv.empty') }}
        data-testid="inv-list"
        columns={[
          { title: f('inv.created'), dataIndex: 'createTime', render: (v: unknown) => formatDateTime(v) },
          { title: f('inv.channel'), dataIndex: 'channel', render: (c: string) => f(`inv.ch.${c}`) },
          {
            title: f('inv.state'),
            dataIndex: 'state',
            render: (s: string, d) => (
              <span data-testid="inv-state" title={d.stopReason}>
                <Tag color={s === 'running' ? 'processing' : s === 'finished' ? 'success' : 'default'}>{f(`inv.st.${s}`)}</Tag>
                {d.reminders > 0 && f('inv.round', { round: d.round, reminders: d.reminders })}
              </span>
            ),
          },
          {
            title: f('inv.progress'),
            key: 'p',
            render: (_, d) => (
              <Progress
                percent={d.people ? Math.round(((d.people - d.pending) * 100) / d.people) : 0}
                size="small"
                style={{ minWidth: 100 }}
                aria-label={f('inv.progress')}
              />
            ),
          },
          { title: f('inv.sent'), dataIndex: 'sent', render: (n: number) => <span data-testid="inv-sent">{n}</span> },
          { title: f('inv.answered'), dataIndex: 'answered', render: (n: number) => <span data-testid="inv-answered">{n}</span> },
          { title: f('inv.failed'), key: 'fail', render: (_, d) => <span data-testid="inv-failed">{d.failed + d.bounced + d.unknown}</span> },
          { title: f('inv.pending'), dataIndex: 'pending' },
          {
            title: f('common.actions'),
            key: 'a',
            render: (_, d) =>
              d.state === 'running' ? (
                <Space>
                  {d.round < d.reminders && (
                    <Button type="link" size="small" onClick={() => remind(d)} data-testid="inv-remind">
                      {f('inv.remindNow')}
                    </Button>
                  )}
                  <Button type="link" size="small" onClick={() => stop(d)} data-testid="inv-stop">
                    {f('inv.stop')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal open={open} title={f('inv.send')} onCancel={() => setOpen(false)} onOk={send} okText={f('inv.sendNow')} okButtonProps={{ 'data-testid': 'inv-submit' } as any} destroyOnClose>
        <Form form={form} layout="vertical" name="invitation" initialValues={{ channel: 'email', language: surveyLang ?? 'zh-CN', reminders: 0, remindEveryHours: 72 }}>
          {/* always set (initial value, not clearable): no required rule, whose aria-required antd puts on the Select's wrapper */}
          <Form.Item name="channel" label={f('inv.channel')}>
            <Select
              options={[
                { value: 'email', label: f('inv.ch.email') + (ready && !ready.email ? ` — ${f('inv.notConfigured')}` : '') },
                { value: 'sms', label: f('inv.ch.sms') + (ready && !ready.sms ? ` — ${f('inv.notConfigured')}` : '') },
              ]}
            />
          </Form.Item>
          <Form.Item name="language" label={f('inv.language')}>
            <Select options={(list?.languages ?? LANGS).map((l) => ({ value: l, label: f(`inv.lang.${l}`) }))} />
          </Form.Item>
          <Form.Item name="subject" label={f('inv.subject')} extra={f('inv.subjectHint')} rules={[{ max: 200, message: f('inv.tooLong', { n: 200 }) }]}>
            <Input />
          </Form.Item>
          <Form.Item name="message" label={f('inv.message')} extra={f('inv.messageHint')} rules={[{ max: 2000, message: f('inv.tooLong', { n: 2000 }) }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="reminders" label={f('inv.reminders')} rules={[{ type: 'number', min: 0, max: list?.maxReminders ?? 10, message: f('inv.remindersRange', { n: list?.maxReminders ?? 10 }) }]}>
              <InputNumber min={0} max={list?.maxReminders ?? 10} />
            </Form.Item>
            <Form.Item name="remindEveryHours" label={f('inv.every')} rules={[{ type: 'number', min: 1, max: 720, message: f('inv.everyRange') }]}>
              <InputNumber min={1} max={720} addonAfter={f('inv.hours')} />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary">{f('inv.rate', { n: list?.perMinute ?? 60 })}</Typography.Paragraph>
        </Form>
        {err && <Alert type="error" showIcon message={err} data-testid="inv-error" />}
      </Modal>
    </Card>
  );
};

export const BindContactsPage: React.FC = () => <Shell tab="bind-contacts">{(c) => <Body {...c} kind="contact" />}</Shell>;
export const UserBindPage: React.FC = () => <Shell tab="user-bind">{(c) => <Body {...c} kind="user" />}</Shell>;
export default BindContactsPage;
