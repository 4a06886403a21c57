// survey/c/share: share title, image and description.
import { PictureOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Spin } from 'antd';
import React from 'react';
import { shareGet, shareSave } from '../../services/collect';
import Shell, { type ShellCtx } from './Shell';
import { useSettingsCard } from './util';

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const [form] = Form.useForm();
  const { loading, err, busy, submit: save } = useSettingsCard(
    info.id,
    () => shareGet(info.id).then((r) => form.setFieldsValue({ title: r.data?.title ?? '', imageUrl: r.data?.imageUrl ?? '', description: r.data?.description ?? '' })),
    (v: any) => shareSave({ surveyId: info.id, title: v.title ?? '', imageUrl: v.imageUrl ?? '', description: v.description ?? '' }).then(() => undefined),
    f('co.share.saved'),
  );
  if (loading) return <Spin />;
  return (
    <Card
      size="small"
      title={f('co.share.title')}
      extra={
        // the share poster (mo/poster/{dwSurveyId}): a PNG with the title and the QR code of the answer link
        <Button href={`/v8/diaowen/mo/poster/${encodeURIComponent(info.id)}`} icon={<PictureOutlined />} data-testid="share-poster-link">
          {f('bo.share.posterLink')}
        </Button>
      }
    >
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
