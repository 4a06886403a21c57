// c/comp: site widget snippet (script or iframe, floating button or inline).
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Radio, Space, Spin, Switch } from 'antd';
import React, { useState } from 'react';
import { answerUrl, embedGet, embedSave } from '../../services/collect';
import Shell, { type ShellCtx } from './Shell';
import { copyText, useSettingsCard } from './util';

/** One site a line: http(s), a host (or *.host), an optional port, no path (the server checks the same). */
export const originOk = (v: string) => /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?\/?$/i.test(v.trim());

/** Which sites may show the answer pages in a frame (the widget): off, nobody may. */
const EmbedSites: React.FC<ShellCtx> = ({ info, f }) => {
  const [form] = Form.useForm();
  const enabled = Form.useWatch('enabled', form);
  const { loading, err, busy, submit: save } = useSettingsCard(
    info.id,
    () => embedGet(info.id).then((r) => form.setFieldsValue({ enabled: !!r.data?.enabled, origins: (r.data?.origins ?? []).join('\n') })),
    async (v: { enabled: boolean; origins?: string }) => {
      const origins = (v.origins ?? '').split('\n').map((o) => o.trim()).filter(Boolean);
      const r = await embedSave({ surveyId: info.id, enabled: !!v.enabled, origins });
      form.setFieldsValue({ origins: (r.data?.origins ?? origins).join('\n') });
    },
    f('sec.embed.saved'),
  );
  if (loading) return <Spin />;
  return (
    <Card size="small" title={f('sec.embed.title')}>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 640 }} initialValues={{ enabled: false, origins: '' }}>
        <Form.Item name="enabled" label={f('sec.embed.enabled')} valuePropName="checked" extra={f('sec.embed.enabledHelp')}>
          <Switch data-testid="embed-enabled" />
        </Form.Item>
        <Form.Item
          name="origins"
          label={f('sec.embed.origins')}
          extra={f('sec.embed.originsHelp')}
          rules={[
            {
              validator: async (_, v: string) => {
                const lines = (v ?? '').split('\n').map((o) => o.trim()).filter(Boolean);
                const bad = lines.findIndex((o) => !originOk(o));
                if (bad >= 0) throw new Error(f('sec.embed.originBad', { line: bad + 1 }));
                if (enabled && lines.length === 0) throw new Error(f('sec.embed.originsNeeded'));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3 }} placeholder="https://shop.example.com" data-testid="embed-origins" />
        </Form.Item>
        {err && <Alert type="error" showIcon message={err} style={{ marginBottom: 12 }} data-testid="embed-error" />}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="embed-save">
          {f('common.save')}
        </Button>
      </Form>
    </Card>
  );
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function snippet(origin: string, sid: string, kind: 'script' | 'iframe', mode: 'float' | 'inline', text: string): string {
  const url = answerUrl(sid, origin);
  if (kind === 'script')
    return `<script src="${origin}/embed/dwsurvey-embed.js" data-sid="${esc(sid)}" data-mode="${mode}" data-text="${esc(text)}" async></script>`;
  if (mode === 'inline')
    return `<iframe src="${url}" title="${esc(text)}" style="width:100%;height:720px;border:0" loading="lazy"></iframe>`;
  return `<a href="${url}" target="_blank" rel="noopener" style="position:fixed;right:24px;bottom:24px;z-index:2147483000;padding:10px 18px;border-radius:22px;background:#1677ff;color:#fff;font:14px sans-serif;text-decoration:none">${esc(text)}</a>`;
}

const Body: React.FC<ShellCtx> = ({ info, f, reload }) => {
  const [kind, setKind] = useState<'script' | 'iframe'>('script');
  const [mode, setMode] = useState<'float' | 'inline'>('float');
  const [text, setText] = useState(() => f('co.comp.defaultText'));
  const code = snippet(window.location.origin, info.sid, kind, mode, text);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {info.surveyState !== 1 && <Alert type="warning" showIcon message={f('co.comp.notCollecting')} />}
      <Card size="small" title={f('co.comp.options')}>
        <Form layout="vertical">
          <Form.Item label={f('co.comp.kind')}>
            <Radio.Group value={kind} onChange={(e) => setKind(e.target.value)} data-testid="comp-kind">
              <Radio.Button value="script"><span data-testid="comp-kind-script">{f('co.comp.script')}</span></Radio.Button>
              <Radio.Button value="iframe"><span data-testid="comp-kind-iframe">{f('co.comp.iframe')}</span></Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={f('co.comp.mode')}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} data-testid="comp-mode">
              <Radio.Button value="float"><span data-testid="comp-mode-float">{f('co.comp.float')}</span></Radio.Button>
              <Radio.Button value="inline"><span data-testid="comp-mode-inline">{f('co.comp.inline')}</span></Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={f('co.comp.text')}>
            <Input aria-label={f('co.comp.text')} value={text} maxLength={40} onChange={(e) => setText(e.target.value)} data-testid="comp-text" style={{ maxWidth: 320 }} />
          </Form.Item>
        </Form>
      </Card>
      <EmbedSites info={info} f={f} reload={reload} />
      <Card
        size="small"
        title={f('co.comp.snippet')}
        extra={
          <Button icon={<CopyOutlined />} data-testid="comp-copy" onClick={() => copyText(code, f('co.copied'), f('co.copyUnsupported'))}>
            {f('co.copy')}
          </Button>
        }
      >
        <Input.TextArea aria-label={f('co.comp.snippet')} readOnly value={code} autoSize={{ minRows: 3 }} data-testid="embed-snippet" style={{ fontFamily: 'monospace' }} />
        <div style={{ marginTop: 8, color: '#595959' }}>{f('co.comp.help')}</div>
      </Card>
    </Space>
  );
};

const Page: React.FC = () => <Shell tab="comp">{(c) => <Body {...c} />}</Shell>;
export default Page;
