// design/dimension-group/dimension/:dwSurveyId/:groupId ("new" creates) — one dimension group:
// dimensions that map scorable questions with weights, and score bands with interpretations.
// The server checks the questions (draft), weights in (0, 100] and non-overlapping bands.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { history, useParams } from '@umijs/max';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Spin, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { designJson } from '../../services/authoring';
import { dimensionGroups, saveDimensionGroup, type Group } from '../../services/eval';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import { groupPath } from './Groups';
import Shell, { scorableQuestions, type QuChoice, type ShellCtx } from './Shell';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const { groupId = 'new' } = useParams();
  const [form] = Form.useForm<Group>();
  const [qs, setQs] = useState<QuChoice[] | null>(null);
  const [err, setErr] = useState('');
  const [saveErr, setSaveErr] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    Promise.all([designJson(info.id), groupId === 'new' ? null : dimensionGroups(info.id)])
      .then(([d, g]) => {
        setQs(scorableQuestions(JSON.parse(d.data.surveyJsonText || '{}')));
        if (g) {
          const grp = (g.data ?? []).find((x) => x.id === groupId);
          if (!grp) throw new Error(f('ev.g.notFound'));
          form.setFieldsValue(grp);
        } else form.setFieldsValue({ name: '', note: '', dimensions: [{ name: '', items: [], bands: [] }] } as any);
      })
      .catch((e) => setErr(errorText(e)));
  }, [info.id, groupId, form, f]);
  if (err) return <Alert type="error" showIcon message={err} />;
  if (!qs) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const save = async () => {
    let v: Group;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setSaveErr('');
    try {
      const r = await saveDimensionGroup({ ...v, id: groupId === 'new' ? undefined : groupId, surveyId: info.id });
      toast.success(f('common.saved'));
      if (groupId === 'new' && r.data?.id) history.replace(groupPath(info.id, r.data.id));
    } catch (e) {
      setSaveErr(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" data-testid="ev-dims-form">
      <Button type="link" href={`/v8/dws/design/dimension-group/${info.id}`} style={{ paddingLeft: 0 }}>
        ← {f('ev.g.back')}
      </Button>
      {saveErr && <Alert type="error" showIcon message={saveErr} role="alert" style={{ marginBottom: 12 }} data-testid="ev-dims-error" />}
      {qs.length === 0 && <Alert type="warning" showIcon message={f('ev.g.noQuestions')} style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Form.Item name="name" label={f('ev.g.name')} rules={[{ required: true, whitespace: true, message: f('ev.v.groupName') }]}>
          <Input style={{ width: 280 }} maxLength={64} data-testid="ev-group-name" />
        </Form.Item>
        <Form.Item name="note" label={f('ev.g.note')}>
          <Input style={{ width: 420 }} maxLength={500} />
        </Form.Item>
      </Space>
      <Form.List name="dimensions">
        {(dims, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {dims.map((d, di) => (
              <Card
                key={d.key}
                size="small"
                data-testid="ev-dim-card"
                title={
                  <Form.Item name={[d.name, 'name']} noStyle rules={[{ required: true, whitespace: true, message: f('ev.v.dimName') }]}>
                    <Input style={{ width: 260 }} maxLength={64} placeholder={f('ev.d.name')} aria-label={f('ev.d.nameOf', { n: di + 1 })} data-testid="ev-dim-name" />
                  </Form.Item>
                }
                extra={
                  <Button type="link" danger onClick={() => remove(d.name)} aria-label={f('ev.d.remove', { n: di + 1 })}>
                    {f('common.remove')}
                  </Button>
                }
              >
                <Typography.Text strong>{f('ev.d.items')}</Typography.Text>
                <Form.List name={[d.name, 'items']}>
                  {(items, ia) => (
                    <div>
                      {items.map((it, ii) => (
                        <Space key={it.key} align="start" wrap>
                          <Form.Item name={[it.name, 'quDwId']} rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(f('ev.v.question')))) }]}>
                            <Select style={{ width: 320 }} options={qs.map((q) => ({ value: q.dwId, label: q.label }))} aria-label={f('ev.d.question', { n: ii + 1 })} placeholder={f('ev.d.pickQuestion')} data-testid="ev-item-q" />
                          </Form.Item>
                          <Form.Item name={[it.name, 'weight']} initialValue={1} rules={[{ required: true, type: 'number', min: 0.0001, max: 100, message: f('ev.v.weight') }]}>
                            <InputNumber style={{ width: 120 }} addonBefore="×" aria-label={f('ev.d.weight', { n: ii + 1 })} />
                          </Form.Item>
                          <Button type="text" icon={<MinusCircleOutlined />} onClick={() => ia.remove(it.name)} aria-label={f('ev.d.removeItem', { n: ii + 1 })} />
                        </Space>
                      ))}
                      <Button size="small" icon={<PlusOutlined />} onClick={() => ia.add({ weight: 1 })} data-testid="ev-item-add">
                        {f('ev.d.addItem')}
                      </Button>
                    </div>
                  )}
                </Form.List>
                <div style={{ marginTop: 12 }}>
                  <Typography.Text strong>{f('ev.d.bands')}</Typography.Text>
                </div>
                <Form.List name={[d.name, 'bands']}>
                  {(bands, ba) => (
                    <div>
                      {bands.map((b, bi) => (
                        <Space key={b.key} align="start" wrap>
                          <Form.Item name={[b.name, 'min']} rules={[{ required: true, type: 'number', message: f('ev.v.band') }]}>
                            <InputNumber style={{ width: 100 }} placeholder={f('ev.d.min')} aria-label={f('ev.d.minOf', { n: bi + 1 })} />
                          </Form.Item>
                          <Form.Item name={[b.name, 'max']} rules={[{ required: true, type: 'number', message: f('ev.v.band') }]}>
                            <InputNumber style={{ width: 100 }} placeholder={f('ev.d.max')} aria-label={f('ev.d.maxOf', { n: bi + 1 })} />
                          </Form.Item>
                          <Form.Item name={[b.name, 'label']} rules={[{ required: true, whitespace: true, message: f('ev.v.bandLabel') }]}>
                            <Input style={{ width: 140 }} maxLength={64} placeholder={f('ev.d.label')} aria-label={f('ev.d.labelOf', { n: bi + 1 })} />
                          </Form.Item>
                          <Form.Item name={[b.name, 'text']}>
                            <Input.TextArea style={{ width: 320 }} rows={1} maxLength={1000} placeholder={f('ev.d.text')} aria-label={f('ev.d.textOf', { n: bi + 1 })} />
                          </Form.Item>
                          <Button type="text" icon={<MinusCircleOutlined />} onClick={() => ba.remove(b.name)} aria-label={f('ev.d.removeBand', { n: bi + 1 })} />
                        </Space>
                      ))}
                      <Button size="small" icon={<PlusOutlined />} onClick={() => ba.add({ label: '', text: '' })}>
                        {f('ev.d.addBand')}
                      </Button>
                    </div>
                  )}
                </Form.List>
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ name: '', items: [], bands: [] })} data-testid="ev-dim-add">
              {f('ev.d.add')}
            </Button>
          </Space>
        )}
      </Form.List>
      <Button type="primary" onClick={save} loading={saving} style={{ marginTop: 16 }} data-testid="ev-dims-save">
        {f('common.save')}
      </Button>
    </Form>
  );
};

const Page: React.FC = () => <Shell tab="dimension-group">{(c) => <Body {...c} />}</Shell>;
export default Page;
