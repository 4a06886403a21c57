// c/ip: IP range rules (one per line, allow or deny).
import { Alert, Button, Card, Input, Modal, Radio, Space, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { ipClear, ipGet, ipSave } from '../../services/collect';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from './Shell';
import { errorText } from './util';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const [mode, setMode] = useState<'allow' | 'deny'>('allow');
  const [rules, setRules] = useState('');
  const [loading, setLoading] = useState(true);
  const [loadErr, setLoadErr] = useState('');
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    ipGet(info.id)
      .then((r) => {
        setMode(r.data?.mode === 'deny' ? 'deny' : 'allow');
        setRules(r.data?.rules ?? '');
      })
      .catch((e) => setLoadErr(errorText(e)))
      .finally(() => setLoading(false));
  }, [info.id]);

  const save = async () => {
    setErr('');
    setBusy(true);
    try {
      await ipSave({ surveyId: info.id, mode, rules });
      toast.success(f('co.ip.saved'));
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const clear = () =>
    Modal.confirm({
      title: f('co.ip.clearConfirm'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as any,
      onOk: async () => {
        try {
          await ipClear(info.id);
          setRules('');
          setErr('');
          toast.success(f('co.ip.cleared'));
        } catch (e) {
          setErr(errorText(e));
        }
      },
    });

  if (loading) return <Spin />;
  return (
    <Card size="small" title={f('co.ip.title')}>
      {loadErr && <Alert type="error" showIcon message={loadErr} style={{ marginBottom: 12 }} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} data-testid="ip-mode">
          <Radio value="allow"><span data-testid="ip-mode-allow">{f('co.ip.allow')}</span></Radio>
          <Radio value="deny"><span data-testid="ip-mode-deny">{f('co.ip.deny')}</span></Radio>
        </Radio.Group>
        <Input.TextArea
          value={rules}
          onChange={(e) => setRules(e.target.value)}
          autoSize={{ minRows: 6, maxRows: 20 }}
          placeholder={'192.168.1.10\n10.0.0.0/8\n172.16.0.1/172.16.0.255'}
          style={{ fontFamily: 'monospace' }}
          data-testid="ip-rules"
        />
        <div style={{ color: '#595959' }}>{f('co.ip.help')}</div>
        {err && <Alert type="error" showIcon message={err} data-testid="ip-error" />}
        <Space>
          <Button type="primary" loading={busy} onClick={save} data-testid="ip-save">
            {f('common.save')}
          </Button>
          <Button onClick={clear} data-testid="ip-clear">
            {f('co.ip.clear')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
};

const Page: React.FC = () => <Shell tab="ip">{(c) => <Body {...c} />}</Shell>;
export default Page;
