// design/eval360/:dwSurveyId — 360° subjects: the person evaluated, raters with a role (self,
// manager, peer, subordinate, other) and their own answer links, the anonymity threshold; and
// the aggregated report per subject (subject-report.do): dimension scores, self against others
// in a radar, and each role's breakdown only from the threshold on.
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { deleteSubject, RATER_ROLES, saveSubject, subjectReport, subjects, type Subject, type SubjectReport } from '../../services/eval';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import Radar from './Radar';
import Shell, { type ShellCtx } from './Shell';

type F = ShellCtx['f'];

export function raterLink(sid: string, token: string) {
  return `${window.location.origin}/v8/diaowen/an/${sid}?rater=${encodeURIComponent(token)}`;
}

function SubjectForm({ f, surveyId, editing, onClose, onSaved }: { f: F; surveyId: string; editing: Subject | 'new'; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Subject>();
  const [err, setErr] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    form.setFieldsValue(editing === 'new' ? { name: '', anonMin: 3, raters: [{ role: 'self', name: '' }] } : (editing as any));
  }, [editing, form]);
  const save = async () => {
    let v: Subject;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setErr('');
    try {
      await saveSubject({ ...v, id: editing === 'new' ? undefined : editing.id, surveyId, raters: v.raters.map((r, i) => ({ ...(editing !== 'new' ? editing.raters[i] : {}), ...r })) });
      toast.success(f('common.saved'));
      onSaved();
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open width={640} title={f(editing === 'new' ? 'ev.s.new' : 'ev.s.edit')} onCancel={onClose} onOk={save} confirmLoading={saving} okText={f('common.save')} cancelText={f('common.cancel')} okButtonProps={{ 'data-testid': 'ev-s-save' } as any}>
      <Form form={form} layout="vertical">
        {err && <Alert type="error" showIcon message={err} role="alert" style={{ marginBottom: 12 }} />}
        <Space wrap>
          <Form.Item name="name" label={f('ev.s.name')} rules={[{ required: true, whitespace: true, message: f('ev.v.subjectName') }]}>
            <Input style={{ width: 260 }} maxLength={64} data-testid="ev-s-name" />
          </Form.Item>
          <Form.Item name="anonMin" label={f('ev.s.anonMin')} rules={[{ required: true, type: 'number', min: 1, max: 100, message: f('ev.v.anonMin') }]} tooltip={f('ev.s.anonHelp')}>
            <InputNumber precision={0} style={{ width: 120 }} data-testid="ev-s-anon" />
          </Form.Item>
        </Space>
        <Form.List name="raters">
          {(fields, { add, remove }) => (
            <div>
              {fields.map((fd, i) => (
                <Space key={fd.key} align="start">
                  <Form.Item name={[fd.name, 'role']}>
                    <Select style={{ width: 160 }} aria-label={f('ev.s.roleOf', { n: i + 1 })} options={RATER_ROLES.map((r) => ({ value: r, label: f(`ev.role.${r}`) }))} />
                  </Form.Item>
                  <Form.Item name={[fd.name, 'name']}>
                    <Input style={{ width: 220 }} maxLength={64} placeholder={f('ev.s.raterName')} aria-label={f('ev.s.raterNameOf', { n: i + 1 })} />
                  </Form.Item>
                  <Button type="text" icon={<PlusOutlined rotate={45} />} onClick={() => remove(fd.name)} aria-label={f('ev.s.removeRater', { n: i + 1 })} />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ role: 'peer', name: '' })}>
                {f('ev.s.addRater')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

export function SubjectReportView({ f, rep }: { f: F; rep: SubjectReport }) {
  const series = [rep.self, rep.others, ...rep.roles];
  const label = (r: string) => f(`ev.role.${r}`);
  const radar = rep.dimensions.flatMap((d) =>
    [rep.self, rep.others]
      .filter((s) => !s.hidden && s.scores?.[d.id])
      .map((s) => ({ dim: d.name, series: label(s.role), percent: s.scores![d.id].percent })),
  );
  const cell = (s: (typeof series)[number], id: string) => {
    if (s.raters === 0) return <Typography.Text type="secondary">—</Typography.Text>;
    if (s.hidden)
      return (
        <Tag data-testid="ev-r-hidden" title={f('ev.r.hiddenWhy', { n: rep.anonMin })}>
          {f('ev.r.hidden')}
        </Tag>
      );
    const v = s.scores?.[id];
    return v ? `${v.score} / ${v.max}` : '—';
  };
  return (
    <div data-testid="ev-subject-report">
      <Typography.Paragraph>{f('ev.r.intro', { n: rep.anonMin })}</Typography.Paragraph>
      {radar.length > 0 && (
        <Radar
          testid="ev-r-radar"
          data={radar}
          alt={f('ev.r.radarAlt', { list: radar.map((p) => `${p.dim} ${p.series} ${p.percent}%`).join(', ') })}
        />
      )}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rep.dimensions}
        data-testid="ev-r-table"
        scroll={{ x: true }}
        columns={[
          { title: f('ev.dim'), dataIndex: 'name', render: (n: string) => <strong>{n}</strong> },
          { title: f('ev.r.all'), render: (_: unknown, d) => (d.answered > 0 ? `${d.score} / ${d.max}` : '—'), onCell: () => ({ 'data-testid': 'ev-r-all' }) as any },
          { title: f('ev.band'), render: (_: unknown, d) => d.band?.label ?? '—' },
          ...series.map((s) => ({
            title: (
              <span data-testid={`ev-r-col-${s.role}`} data-raters={s.raters} data-hidden={s.hidden ? '1' : '0'}>
                {label(s.role)} ({f('ev.r.raters', { n: s.raters })})
              </span>
            ),
            key: s.role,
            render: (_: unknown, d: { id: string }) => <span data-testid={`ev-r-${s.role}`}>{cell(s, d.id)}</span>,
          })),
        ]}
      />
    </div>
  );
}

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const [list, setList] = useState<Subject[] | null>(null);
  const [err, setErr] = useState('');
  const [editing, setEditing] = useState<Subject | 'new' | null>(null);
  const [report, setReport] = useState<{ s: Subject; r: SubjectReport | null; err: string } | null>(null);
  const [n, setN] = useState(0);
  const refresh = useCallback(() => setN((x) => x + 1), []);
  useEffect(() => {
    subjects(info.id)
      .then((r) => (setList(r.data ?? []), setErr('')))
      .catch((e) => setErr(errorText(e)));
  }, [info.id, n]);
  const openReport = async (s: Subject) => {
    setReport({ s, r: null, err: '' });
    try {
      const r = await subjectReport(s.id ?? '');
      setReport({ s, r: r.data, err: '' });
    } catch (e) {
      setReport({ s, r: null, err: errorText(e) });
    }
  };
  if (err && !list) return <Alert type="error" showIcon message={err} action={<Button onClick={refresh}>{f('co.retry')}</Button>} />;
  if (!list) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(f('ev.s.copied'));
    } catch {
      toast.info(text);
    }
  };
  return (
    <div data-testid="ev-subjects">
      {info.surveyType !== 'eval360' && <Alert type="info" showIcon message={f('ev.s.only360')} style={{ marginBottom: 12 }} />}
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="ev-s-add">
          {f('ev.s.add')}
        </Button>
        <Typography.Text type="secondary">{f('ev.s.intro')}</Typography.Text>
      </Space>
      {list.length === 0 ? (
        <Empty description={f('ev.s.empty')} />
      ) : (
        <Table
          rowKey="id"
          dataSource={list}
          pagination={list.length > 10 ? { pageSize: 10 } : false}
          expandable={{
            expandedRowRender: (s) => (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={s.raters}
                columns={[
                  { title: f('ev.s.role'), dataIndex: 'role', render: (r: string) => f(`ev.role.${r}`) },
                  { title: f('ev.s.raterName'), dataIndex: 'name' },
                  { title: f('ev.s.answered'), dataIndex: 'answered', render: (a: boolean) => (a ? <Tag color="green">{f('common.yes')}</Tag> : <Tag>{f('common.no')}</Tag>) },
                  {
                    title: f('ev.s.link'),
                    render: (_: unknown, r) => (
                      <Button size="small" icon={<LinkOutlined />} onClick={() => copy(raterLink(info.sid, r.token ?? ''))} aria-label={f('ev.s.copyLinkOf', { role: f(`ev.role.${r.role}`), name: r.name || '' })}>
                        {f('ev.s.copyLink')}
                      </Button>
                    ),
                  },
                ]}
              />
            ),
          }}
          columns={[
            { title: f('ev.s.name'), dataIndex: 'name', render: (n: string) => <strong data-testid="ev-s-row-name">{n}</strong> },
            { title: f('ev.s.anonMin'), dataIndex: 'anonMin' },
            { title: f('ev.s.raters'), render: (_: unknown, s: Subject) => f('ev.s.answeredOf', { a: s.raters.filter((r) => r.answered).length, n: s.raters.length }) },
            {
              title: f('common.actions'),
              render: (_: unknown, s: Subject) => (
                <Space>
                  <Button size="small" type="primary" onClick={() => openReport(s)} data-testid="ev-s-report">
                    {f('ev.s.report')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(s)}>
                    {f('common.edit')}
                  </Button>
                  <ConfirmDelete title={f('ev.s.deleteConfirm', { name: s.name })} onDelete={() => deleteSubject(s.id ?? '')} onDone={refresh} />
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && <SubjectForm f={f} surveyId={info.id} editing={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), refresh())} />}
      {report && (
        <Drawer open width={900} title={f('ev.r.title', { name: report.s.name })} onClose={() => setReport(null)}>
          {report.err ? <Alert type="error" showIcon message={report.err} /> : report.r ? <SubjectReportView f={f} rep={report.r} /> : <Spin />}
        </Drawer>
      )}
    </div>
  );
};

const Page: React.FC = () => <Shell tab="eval360">{(c) => <Body {...c} />}</Shell>;
export default Page;
