// The lottery editor (dw/set-lottery, c/lottery-list): name, mode, rules, time window, draw time
// and 1-20 prizes. The client checks what the server checks (services/lottery validate) so a
// mistake is shown at its field; the server's refusal is shown as it comes.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { lotterySave, type Lottery, type LotteryInput } from '../../services/lottery';
import { errorText } from '../../utils/errors';
import { isSafeUrl } from '../../utils/safeUrl';
import { toast } from '../../utils/toast';

type F = (id: string, v?: Record<string, any>) => string;

/** "yyyy-MM-dd HH:mm:ss" (server) -> the value of an <input type="datetime-local" step="1">. */
export function toLocalInput(s?: string): string {
  if (!s) return '';
  return s.trim().replace(' ', 'T').slice(0, 19);
}

/** datetime-local value -> ISO 8601 with the browser's offset (exact whatever the server zone). */
export function fromLocalInput(v?: string): string {
  if (!v) return '';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

type Values = {
  name: string;
  mode: 'instant' | 'scheduled';
  perKind: 'answer' | 'contact' | 'user';
  eligible: 'complete' | 'passed';
  startAt?: string;
  endAt?: string;
  drawAt?: string;
  note?: string;
  prizes: { id?: string; name: string; image?: string; stock: number; probability?: number }[];
};

export default function LotteryForm(props: { f: F; surveyId: string; editing: Lottery | 'new'; onClose: () => void; onSaved: () => void }) {
  const { f, surveyId, editing, onClose, onSaved } = props;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [err, setErr] = useState('');
  const mode = Form.useWatch('mode', form) ?? 'instant';
  const prizes = Form.useWatch('prizes', form) ?? [];
  const sum = useMemo(() => prizes.reduce((a, p) => a + (Number(p?.probability) || 0), 0), [prizes]);
  const locked = editing !== 'new' && (editing.draws ?? 0) > 0;

  useEffect(() => {
    if (editing === 'new') {
      form.setFieldsValue({ name: '', mode: 'instant', perKind: 'answer', eligible: 'complete', note: '', prizes: [{ name: '', image: '', stock: 1, probability: 10 }] });
    } else {
      form.setFieldsValue({
        name: editing.name,
        mode: editing.mode,
        perKind: editing.perKind,
        eligible: editing.eligible,
        note: editing.note,
        startAt: toLocalInput(editing.startAt),
        endAt: toLocalInput(editing.endAt),
        drawAt: toLocalInput(editing.drawAt),
        prizes: editing.prizes.map((p) => ({ id: p.id, name: p.name, image: p.image, stock: p.total, probability: p.probability })),
      });
    }
  }, [editing, form]);

  // the server shows times in its own zone: an unchanged field goes back as the server wrote it,
  // a changed one as ISO 8601 with this browser's offset
  const timeOut = (v: string | undefined, k: 'startAt' | 'endAt' | 'drawAt') => {
    const orig = editing === 'new' ? '' : editing[k];
    return orig && v === toLocalInput(orig) ? orig : fromLocalInput(v);
  };
  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: LotteryInput = {
      id: editing === 'new' ? undefined : editing.id,
      surveyId,
      name: v.name,
      mode: v.mode,
      perKind: v.perKind,
      eligible: v.eligible,
      note: v.note ?? '',
      startAt: timeOut(v.startAt, 'startAt'),
      endAt: timeOut(v.endAt, 'endAt'),
      drawAt: v.mode === 'scheduled' ? timeOut(v.drawAt, 'drawAt') : '',
      prizes: v.prizes.map((p) => ({ id: p.id, name: p.name, image: (p.image ?? '').trim(), stock: Number(p.stock), probability: v.mode === 'instant' ? Number(p.probability ?? 0) : 0 })),
    };
    setSaving(true);
    setErr('');
    try {
      await lotterySave(body);
      toast.success(f('common.saved'));
      onSaved();
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={editing === 'new' ? f('lo.form.new') : f('lo.form.edit', { name: editing.name })}
      onCancel={onClose}
      onOk={save}
      okText={f('common.save')}
      cancelText={f('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'lo-form-save' } as any}
      destroyOnClose
    >
      <Form form={form} layout="vertical" data-testid="lo-form" requiredMark>
        {err && <Alert type="error" showIcon message={err} style={{ marginBottom: 12 }} data-testid="lo-form-error" role="alert" />}
        {locked && <Alert type="info" showIcon message={f('lo.form.locked')} style={{ marginBottom: 12 }} />}
        <Form.Item name="name" label={f('lo.form.name')} rules={[{ required: true, whitespace: true, message: f('lo.v.name') }, { max: 64, message: f('lo.v.nameMax') }]}>
          <Input data-testid="lo-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="mode" label={f('lo.form.mode')}>
          <Radio.Group disabled={locked}>
            <Radio value="instant" data-testid="lo-mode-instant">{f('lo.mode.instant')}</Radio>
            <Radio value="scheduled" data-testid="lo-mode-scheduled">{f('lo.mode.scheduled')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {f(mode === 'instant' ? 'lo.mode.instantHelp' : 'lo.mode.scheduledHelp')}
        </Typography.Paragraph>
        <Space wrap size="large">
          <Form.Item name="perKind" label={f('lo.form.perKind')}>
            <Select
              style={{ width: 200 }}
              aria-label={f('lo.form.perKind')}
              data-testid="lo-per"
              options={(['answer', 'contact', 'user'] as const).map((k) => ({ value: k, label: f(`lo.per.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="eligible" label={f('lo.form.eligible')}>
            <Select
              style={{ width: 220 }}
              aria-label={f('lo.form.eligible')}
              options={(['complete', 'passed'] as const).map((k) => ({ value: k, label: f(`lo.eligible.${k}`) }))}
            />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="startAt" label={f('lo.form.startAt')}>
            <Input type="datetime-local" step={1} data-testid="lo-start" />
          </Form.Item>
          <Form.Item
            name="endAt"
            label={f('lo.form.endAt')}
            dependencies={['startAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v) => {
                  const s = getFieldValue('startAt');
                  return !v || !s || new Date(v) > new Date(s) ? Promise.resolve() : Promise.reject(new Error(f('lo.v.endAfterStart')));
                },
              }),
            ]}
          >
            <Input type="datetime-local" step={1} data-testid="lo-end" />
          </Form.Item>
          {mode === 'scheduled' && (
            <Form.Item
              name="drawAt"
              label={f('lo.form.drawAt')}
              dependencies={['endAt']}
              rules={[
                { required: true, message: f('lo.v.drawAt') },
                ({ getFieldValue }) => ({
                  validator: (_, v) => {
                    const e = getFieldValue('endAt');
                    return !v || !e || new Date(v) >= new Date(e) ? Promise.resolve() : Promise.reject(new Error(f('lo.v.drawAfterEnd')));
                  },
                }),
              ]}
            >
              <Input type="datetime-local" step={1} data-testid="lo-draw-at" />
            </Form.Item>
          )}
        </Space>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {f('lo.prizes')}
        </Typography.Title>
        <Form.List
          name="prizes"
          rules={[
            {
              validator: async (_, list) => {
                if (!list || list.length < 1) throw new Error(f('lo.v.onePrize'));
                if (list.length > 20) throw new Error(f('lo.v.maxPrizes'));
                if (mode === 'instant' && list.reduce((a: number, p: any) => a + (Number(p?.probability) || 0), 0) > 100 + 1e-9)
                  throw new Error(f('lo.v.sum', { sum: Math.round(sum * 10000) / 10000 }));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div data-testid="lo-prizes">
              {fields.map((fd, i) => (
                <Space key={fd.key} align="start" wrap data-testid="lo-prize">
                  <Form.Item name={[fd.name, 'name']} label={f('lo.prize.name', { n: i + 1 })} rules={[{ required: true, whitespace: true, message: f('lo.v.prizeName') }]}>
                    <Input style={{ width: 160 }} maxLength={64} disabled={locked} data-testid={`lo-prize-name-${i}`} />
                  </Form.Item>
                  <Form.Item
                    name={[fd.name, 'stock']}
                    label={f(mode === 'instant' ? 'lo.prize.stock' : 'lo.prize.count')}
                    rules={[
                      { required: true, message: f('lo.v.stock') },
                      { type: 'number', min: mode === 'scheduled' ? 1 : 0, max: 1000000, message: f(mode === 'scheduled' ? 'lo.v.count' : 'lo.v.stock') },
                    ]}
                  >
                    <InputNumber precision={0} style={{ width: 110 }} disabled={locked} data-testid={`lo-prize-stock-${i}`} />
                  </Form.Item>
                  {mode === 'instant' && (
                    <Form.Item
                      name={[fd.name, 'probability']}
                      label={f('lo.prize.probability')}
                      rules={[{ required: true, message: f('lo.v.probability') }, { type: 'number', min: 0, max: 100, message: f('lo.v.probability') }]}
                    >
                      <InputNumber style={{ width: 110 }} addonAfter="%" disabled={locked} data-testid={`lo-prize-prob-${i}`} />
                    </Form.Item>
                  )}
                  <Form.Item
                    name={[fd.name, 'image']}
                    label={f('lo.prize.image')}
                    rules={[{ validator: (_, v) => (!v || isSafeUrl(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(f('lo.v.image')))) }]}
                  >
                    <Input style={{ width: 200 }} placeholder="https://" disabled={locked} data-testid={`lo-prize-image-${i}`} />
                  </Form.Item>
                  {fields.length > 1 && !locked && (
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={f('lo.prize.remove', { n: i + 1 })}
                      onClick={() => remove(fd.name)}
                      style={{ marginTop: 30 }}
                    />
                  )}
                </Space>
              ))}
              {mode === 'instant' && (
                <Typography.Paragraph type={sum > 100 ? 'danger' : 'secondary'} data-testid="lo-prob-sum">
                  {f('lo.prize.sum', { sum: Math.round(sum * 10000) / 10000, rest: Math.max(0, Math.round((100 - sum) * 10000) / 10000) })}
                </Typography.Paragraph>
              )}
              <Form.ErrorList errors={errors} />
              {!locked && fields.length < 20 && (
                <Button icon={<PlusOutlined />} onClick={() => add({ name: '', image: '', stock: 1, probability: 0 })} data-testid="lo-prize-add">
                  {f('lo.prize.add')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
        <Form.Item name="note" label={f('lo.form.note')} rules={[{ max: 500, message: f('lo.v.note') }]} style={{ marginTop: 16 }}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
