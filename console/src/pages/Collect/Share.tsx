// survey/c/share: share title, image and description.
import { Alert, Button, Card, Form, Input, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { shareGet, shareSave } from '../../services/collect';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from './Shell';
import { errorText } from './util';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(true);
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    shareGet(info.id)
      .then((r) => form.setFieldsValue({ title: r.data?.title ?? '', imageUrl: r.data?.imageUrl ?? '', description: r.data?.description ?? '' }))
      .catch((e) => setErr(errorText(e)))
      .finally(() => setLoading(false));
  }, [info.id, form]);
  const save = async (v: any) => {
    setErr('');
    setBusy(true);
    try {
      await shareSave({ surveyId: info.id, title: v.title ?? '', imageUrl: v.imageUrl ?? '', description: v.description ?? '' });
      toast.success(f('co.share.saved'));
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  if (loading) return <Spin />;
  return (
    <Card size="small" title={f('co.share.title')}>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 640 }}>
        <Form.Item name="title" label={f('co.share.shareTitle')} rules={[{ max: 100, message: f('co.share.titleMax') }]}>
          <Input showCount maxLength={100} data-testid="share-title" />
        </Form.Item>
        <Form.Item
          name="imageUrl"
          label={f('co.share.image')}
          rules={[{ pattern: /^(https?:\/\/|\/)/, message: f('co.share.imageBad') }]}
          extra={f('co.share.imageHelp')}
        >
          <Input data-testid="share-image" placeholder="https://" />
        </Form.Item>
        <Form.Item name="description" label={f('co.share.desc')} rules={[{ max: 200, message: f('co.share.descMax') }]}>
          <Input.TextArea showCount maxLength={200} autoSize={{ minRows: 3 }} data-testid="share-desc" />
        </Form.Item>
        {err && <Alert type="error" showIcon message={err} style={{ marginBottom: 12 }} data-testid="share-error" />}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="share-save">
          {f('common.save')}
        </Button>
      </Form>
    </Card>
  );
};

const Page: React.FC = () => <Shell tab="share">{(c) => <Body {...c} />}</Shell>;
export default Page;
