// The add / edit dialog of a webhook, with "send test" showing the target's reply.
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Descriptions, Divider, Form, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import React, { useMemo, useState } from 'react';
import {
  hookSave,
  hookTest,
  newCustomSecret,
  type Hook,
  type HookInput,
  type HookList,
  type HookTarget,
  type TestResult,
} from '../../services/webhook';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';

type F = (id: string, v?: Record<string, any>) => string;

/** The save body of a stored hook (the secret left empty keeps it). */
export function inputOf(surveyId: string, h: Hook): HookInput {
  return { surveyId, id: h.id, name: h.name, target: h.target, url: h.url, secret: '', events: h.events, template: h.template, enabled: h.enabled };
}

/** The form field a server refusal is about (so the message shows under it), or null. */
export function fieldOf(msg: string): (string | number)[] | null {
  const m = msg.toLowerCase();
  if (m.includes('secret')) return ['secret'];
  if (m.includes('title')) return ['template', 'title'];
  if (m.includes('question')) return ['template', 'questions'];
  if (m.includes('language')) return ['template', 'lang'];
  if (m.includes('event')) return ['events'];
  if (m.includes('target type')) return ['target'];
  if (m.includes('name is')) return ['name'];
  if (m.includes('url') || m.includes('address') || m.includes('host')) return ['url'];
  return null;
}

const bot = (t: HookTarget | undefined) => t !== 'custom';

const HookForm: React.FC<{
  surveyId: string;
  list: HookList;
  hook: Hook | null;
  f: F;
  onClose: () => void;
  onSaved: () => void;
}> = ({ surveyId, list, hook, f, onClose, onSaved }) => {
  const intl = useIntl();
  const [form] = Form.useForm();
  const target: HookTarget | undefined = Form.useWatch('target', form);
  const [busy, setBusy] = useState<'save' | 'test' | ''>('');
  const [err, setErr] = useState('');
  const [test, setTest] = useState<TestResult | null>(null);
  const [generated, setGenerated] = useState(false);
  const initial = useMemo(
    () =>
      hook
        ? { ...hook, secret: '' }
        : {
            name: '',
            target: 'work-chat' as HookTarget,
            url: '',
            secret: '',
            events: ['answer.submitted'],
            enabled: true,
            template: { title: '', questions: [], link: true, lang: intl.locale === 'zh-CN' ? 'zh-CN' : 'en-US' },
          },
    [hook, intl.locale],
  );
  const keepSecret = !!hook?.hasSecret && hook.target === target;
  const needSecret = target !== 'work-chat';

  const body = (): HookInput => {
    const v = form.getFieldsValue(true);
    return {
      surveyId,
      id: hook?.id,
      name: (v.name ?? '').trim(),
      target: v.target,
      url: (v.url ?? '').trim(),
      secret: needSecret ? (v.secret ?? '').trim() : '',
      events: v.events ?? [],
      template: { title: v.template?.title ?? '', questions: v.template?.questions ?? [], link: !!v.template?.link, lang: v.template?.lang ?? 'zh-CN' },
      enabled: v.enabled !== false,
    };
  };
  const refused = (e: unknown) => {
    const msg = errorText(e);
    const field = fieldOf(msg);
    if (field) form.setFields([{ name: field, errors: [msg] }]);
    setErr(msg);
  };
  const run = async (what: 'save' | 'test') => {
    setErr('');
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setBusy(what);
    try {
      if (what === 'test') {
        setTest(null);
        const r = await hookTest(body());
        setTest(r.data);
      } else {
        await hookSave(body());
        toast.success(f('wh.form.saved'));
        onSaved();
      }
    } catch (e) {
      refused(e);
    } finally {
      setBusy('');
    }
  };

  return (
    <Modal
      open
      width={720}
      title={hook ? f('wh.form.titleEdit') : f('wh.form.titleNew')}
      onCancel={onClose}
      destroyOnClose
      footer={
        <Space>
          <Button onClick={onClose}>{f('common.cancel')}</Button>
          <Button onClick={() => run('test')} loading={busy === 'test'} disabled={!!busy && busy !== 'test'} data-testid="wh-test">
            {f('wh.form.test')}
          </Button>
          <Button type="primary" onClick={() => run('save')} loading={busy === 'save'} disabled={!!busy && busy !== 'save'} data-testid="wh-save">
            {f('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark onValuesChange={() => (setErr(''), setTest(null))}>
        <Form.Item name="name" label={f('wh.form.name')} rules={[{ max: 64 }]}>
          <Input placeholder={f('wh.form.namePh')} maxLength={64} data-testid="wh-name" />
        </Form.Item>
        <Form.Item name="target" label={f('wh.form.target')}>
          <Select
            data-testid="wh-target"
            options={list.targets.map((t) => ({ value: t, label: <span data-testid={`wh-target-${t}`}>{f(`wh.target.${t}`)}</span> }))}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label={f('wh.form.url')}
          extra={target ? f(`wh.form.urlHelp.${target}`) : undefined}
          rules={[
            { required: true, whitespace: true, message: f('wh.form.urlRequired') },
            { pattern: /^\s*https?:\/\//i, message: f('wh.form.urlHttp') },
          ]}
        >
          <Input inputMode="url" autoComplete="off" spellCheck={false} data-testid="wh-url" />
        </Form.Item>
        {needSecret && (
          <Form.Item label={f('wh.form.secret')} required={!keepSecret} style={{ marginBottom: 0 }}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="secret"
                noStyle
                rules={[{ required: !keepSecret, whitespace: true, message: f('wh.form.secretRequired') }]}
              >
                <Input.Password
                  autoComplete="new-password"
                  aria-label={f('wh.form.secret')}
                  placeholder={keepSecret ? hook?.secretMasked : ''}
                  visibilityToggle
                  data-testid="wh-secret"
                />
              </Form.Item>
              {target === 'custom' && (
                <Button
                  onClick={() => {
                    form.setFieldValue('secret', newCustomSecret());
                    setGenerated(true);
                  }}
                  data-testid="wh-generate"
                >
                  {f('wh.form.generate')}
                </Button>
              )}
            </Space.Compact>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 16px' }}>
              {keepSecret ? f('wh.form.secretKeep', { masked: hook?.secretMasked }) + ' ' : ''}
              {target ? f(`wh.form.secretHelp.${target}`) : ''}
              {generated && target === 'custom' ? ` ${f('wh.form.generated')}` : ''}
            </Typography.Paragraph>
          </Form.Item>
        )}
        {/* a validator rather than `required`: antd would put aria-required on the group, which its role does not allow */}
        <Form.Item
          name="events"
          label={f('wh.form.events')}
          rules={[{ validator: (_, v?: string[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(f('wh.form.eventsRequired')))) }]}
        >
          <Checkbox.Group
            data-testid="wh-events"
            options={list.events.map((e) => ({ value: e, label: <span data-testid={`wh-event-${e}`}>{f(`wh.event.${e}`)}</span> }))}
          />
        </Form.Item>
        {bot(target) && (
          <>
            <Divider orientation="left" plain>
              {f('wh.form.template')}
            </Divider>
            <Form.Item name={['template', 'title']} label={f('wh.form.msgTitle')} rules={[{ max: 200, message: f('wh.form.msgTitleMax') }]}>
              <Input placeholder={f('wh.form.msgTitlePh')} data-testid="wh-msg-title" />
            </Form.Item>
            <Form.Item
              name={['template', 'questions']}
              label={f('wh.form.questions')}
              rules={[{ type: 'array', max: 10, message: f('wh.form.questionsMax') }]}
            >
              <Select
                mode="multiple"
                allowClear
                placeholder={f('wh.form.questionsPh')}
                optionFilterProp="label"
                options={list.questions.map((q) => ({ value: q.dwId, label: `${q.num} ${q.title}` }))}
                data-testid="wh-questions"
              />
            </Form.Item>
            <Space size="large" wrap>
              <Form.Item name={['template', 'link']} label={f('wh.form.link')} valuePropName="checked">
                <Switch data-testid="wh-link" />
              </Form.Item>
              <Form.Item name={['template', 'lang']} label={f('wh.form.lang')}>
                <Select
                  style={{ width: 160 }}
                  options={[
                    { value: 'zh-CN', label: '简体中文' },
                    { value: 'en-US', label: 'English' },
                  ]}
                />
              </Form.Item>
            </Space>
          </>
        )}
        <Form.Item name="enabled" label={f('wh.form.enabled')} valuePropName="checked">
          <Switch data-testid="wh-enabled" />
        </Form.Item>
      </Form>
      {err && <Alert type="error" showIcon role="alert" message={err} data-testid="wh-form-error" style={{ marginBottom: 12 }} />}
      {test && (
        <div data-testid="wh-test-result" aria-live="polite">
          <Alert type={test.ok ? 'success' : 'warning'} showIcon message={test.ok ? f('wh.form.testOk') : f('wh.form.testFailed')} />
          <Descriptions size="small" column={2} style={{ marginTop: 8 }}>
            <Descriptions.Item label={f('wh.form.testStatus')}>{test.status || '-'}</Descriptions.Item>
            <Descriptions.Item label={f('wh.form.testLatency')}>{test.latencyMs} ms</Descriptions.Item>
            {test.error && (
              <Descriptions.Item label={f('wh.form.testError')} span={2}>
                {test.error}
              </Descriptions.Item>
            )}
          </Descriptions>
          {test.response && (
            <>
              <Typography.Text type="secondary">{f('wh.form.testReply')}</Typography.Text>
              <pre
                data-testid="wh-test-reply"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 200, overflow: 'auto', background: '#f5f5f5', padding: 8, margin: 0 }}
              >
                {test.response}
              </pre>
            </>
          )}
        </div>
      )}
    </Modal>
  );
};

export default HookForm;
