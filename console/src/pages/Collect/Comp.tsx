// c/comp: site widget snippet (script or iframe, floating button or inline).
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Radio, Space } from 'antd';
import React, { useState } from 'react';
import { answerUrl } from '../../services/collect';
import Shell, { type ShellCtx } from './Shell';
import { copyText } from './util';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function snippet(origin: string, sid: string, kind: 'script' | 'iframe', mode: 'float' | 'inline', text: string): string {
  const url = answerUrl(sid, origin);
  if (kind === 'script')
    return `<script src="${origin}/embed/dwsurvey-embed.js" data-sid="${esc(sid)}" data-mode="${mode}" data-text="${esc(text)}" async></script>`;
  if (mode === 'inline')
    return `<iframe src="${url}" title="${esc(text)}" style="width:100%;height:720px;border:0" loading="lazy"></iframe>`;
  return `<a href="${url}" target="_blank" rel="noopener" style="position:fixed;right:24px;bottom:24px;z-index:2147483000;padding:10px 18px;border-radius:22px;background:#1677ff;color:#fff;font:14px sans-serif;text-decoration:none">${esc(text)}</a>`;
}

const Body: React.FC<ShellCtx> = ({ info, f }) => {
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
            <Input value={text} maxLength={40} onChange={(e) => setText(e.target.value)} data-testid="comp-text" style={{ maxWidth: 320 }} />
          </Form.Item>
        </Form>
      </Card>
      <Card
        size="small"
        title={f('co.comp.snippet')}
        extra={
          <Button icon={<CopyOutlined />} data-testid="comp-copy" onClick={() => copyText(code, f('co.copied'), f('co.copyUnsupported'))}>
            {f('co.copy')}
          </Button>
        }
      >
        <Input.TextArea readOnly value={code} autoSize={{ minRows: 3 }} data-testid="embed-snippet" style={{ fontFamily: 'monospace' }} />
        <div style={{ marginTop: 8, color: '#888' }}>{f('co.comp.help')}</div>
      </Card>
    </Space>
  );
};

const Page: React.FC = () => <Shell tab="comp">{(c) => <Body {...c} />}</Shell>;
export default Page;
