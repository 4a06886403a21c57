// design/solution/:dwSurveyId — the texts of the solutions that SOLUTION rules choose (rich text,
// sanitised by the server on save). The rules' ids are listed first; more ids can be added for
// rules written later or in the logic language.
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, Space, Spin, Tag, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import RichText, { type RichTextLabels } from '../../components/RichText';
import { saveSolutions, solutions, type Solution } from '../../services/eval';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from './Shell';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const [rows, setRows] = useState<Solution[] | null>(null);
  const [ruleIds, setRuleIds] = useState<string[]>([]);
  const [err, setErr] = useState('');
  const [saveErr, setSaveErr] = useState('');
  const [saving, setSaving] = useState(false);
  const [newId, setNewId] = useState('');
  const labels = useMemo<RichTextLabels>(
    () => ({
      bold: f('au.rt.bold'), italic: f('au.rt.italic'), underline: f('au.rt.underline'), color: f('au.rt.color'), link: f('au.rt.link'),
      linkPh: f('au.rt.linkPh'), clear: f('au.rt.clear'), ok: f('common.ok'),
    }),
    [f],
  );
  useEffect(() => {
    solutions(info.id)
      .then((r) => {
        const d = r.data;
        const have = new Set(d.solutions.map((s) => s.solutionId));
        setRuleIds(d.ruleIds);
        setRows([...d.solutions, ...d.ruleIds.filter((id) => !have.has(id)).map((id) => ({ solutionId: id, title: '', content: '' }))]);
      })
      .catch((e) => setErr(errorText(e)));
  }, [info.id]);
  if (err) return <Alert type="error" showIcon message={err} />;
  if (!rows) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const set = (i: number, patch: Partial<Solution>) => setRows((rs) => (rs ?? []).map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const idErr = newId && (!/^[\w.-]{1,64}$/.test(newId) ? f('ev.sol.badId') : rows.some((r) => r.solutionId === newId) ? f('ev.sol.dupId') : '');
  const save = async () => {
    setSaving(true);
    setSaveErr('');
    try {
      await saveSolutions(info.id, rows.filter((r) => r.title.trim() || r.content.trim()));
      toast.success(f('common.saved'));
    } catch (e) {
      setSaveErr(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div data-testid="ev-solutions">
      <Typography.Paragraph type="secondary">{f('ev.sol.intro')}</Typography.Paragraph>
      {saveErr && <Alert type="error" showIcon message={saveErr} role="alert" style={{ marginBottom: 12 }} />}
      {rows.length === 0 && <Empty description={f('ev.sol.empty')} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        {rows.map((r, i) => (
          <Card
            key={r.solutionId}
            size="small"
            data-testid="ev-sol"
            data-id={r.solutionId}
            title={
              <Space>
                <Typography.Text code>{r.solutionId}</Typography.Text>
                {ruleIds.includes(r.solutionId) ? <Tag color="blue">{f('ev.sol.byRule')}</Tag> : <Tag>{f('ev.sol.noRule')}</Tag>}
              </Space>
            }
            extra={
              <Button type="link" danger onClick={() => setRows(rows.filter((_, k) => k !== i))} aria-label={f('ev.sol.remove', { id: r.solutionId })}>
                {f('common.remove')}
              </Button>
            }
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input value={r.title} maxLength={128} onChange={(e) => set(i, { title: e.target.value })} aria-label={f('ev.sol.titleOf', { id: r.solutionId })} placeholder={f('ev.sol.title')} data-testid="ev-sol-title" />
              <div style={{ border: '1px solid #d9d9d9', borderRadius: 4, padding: '2px 6px', minHeight: 80 }}>
                <RichText html={r.content} onChange={(html) => set(i, { content: html })} labels={labels} label={f('ev.sol.contentOf', { id: r.solutionId })} placeholder={f('ev.sol.content')} testid="ev-sol-content" />
              </div>
            </Space>
          </Card>
        ))}
      </Space>
      <Space style={{ marginTop: 16 }} wrap align="start">
        <div>
          <Input value={newId} onChange={(e) => setNewId(e.target.value.trim())} placeholder={f('ev.sol.newId')} aria-label={f('ev.sol.newId')} status={idErr ? 'error' : undefined} style={{ width: 220 }} />
          {idErr && <div style={{ color: '#c62828' }} role="alert">{idErr}</div>}
        </div>
        <Button icon={<PlusOutlined />} disabled={!newId || !!idErr} onClick={() => (setRows([...rows, { solutionId: newId, title: '', content: '' }]), setNewId(''))}>
          {f('ev.sol.add')}
        </Button>
        <Button type="primary" loading={saving} onClick={save} data-testid="ev-sol-save">
          {f('common.save')}
        </Button>
        <Button icon={<EyeOutlined />} href={`/v8/diaowen/preview-solution/${info.id}`} target="_blank">
          {f('ev.sol.preview')}
        </Button>
      </Space>
    </div>
  );
};

const Page: React.FC = () => <Shell tab="solution">{(c) => <Body {...c} />}</Shell>;
export default Page;
