// c/url: answer URL (copy, open), QR code (PNG download), collection status, schedule and actions.
import { CopyOutlined, DownloadOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { history, useAccess } from '@umijs/max';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Row, Space, Spin, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useCallback, useEffect, useState } from 'react';
import { surveyStatus } from '../../services/authoring';
import { wfStatusText } from '../../utils/workflow';
import { answerUrl, collectSchedule, collectStatus, qrUrl, type CollectStatus } from '../../services/collect';
import { toast } from '../../utils/toast';
import Shell, { type ShellCtx } from './Shell';
import { download } from '../../utils/download';
import { copyText, errorText } from './util';

const FMT = 'YYYY-MM-DD HH:mm:ss';

const Body: React.FC<ShellCtx> = ({ info, reload, f }) => {
  const access = useAccess() as any;
  const url = answerUrl(info.sid);
  const [st, setSt] = useState<CollectStatus | null>(null);
  const [stErr, setStErr] = useState('');
  const [schedErr, setSchedErr] = useState('');
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();

  const load = useCallback(
    (fillForm: boolean) =>
      collectStatus(info.id)
        .then((r) => {
          setSt(r.data);
          setStErr('');
          if (fillForm)
            form.setFieldsValue({
              startTime: r.data.startAt ? dayjs(r.data.startAt) : null,
              endTime: r.data.endAt ? dayjs(r.data.endAt) : null,
              endNum: r.data.endNum || 0,
              closeOnQuotasFull: !!r.data.closeOnQuotasFull,
            });
        })
        .catch((e) => setStErr(errorText(e))),
    [info.id, form],
  );

  useEffect(() => {
    load(true);
    const t = setInterval(() => load(false), 5000);
    return () => clearInterval(t);
  }, [load]);

  const change = (state: number, title: string) =>
    Modal.confirm({
      title,
      okButtonProps: { 'data-testid': 'confirm-ok' } as any,
      onOk: async () => {
        await surveyStatus(info.id, state);
        toast.success(f('common.operationOk'));
        reload();
        await load(true);
      },
    });

  const saveSchedule = async () => {
    const v = form.getFieldsValue();
    setSaving(true);
    setSchedErr('');
    try {
      const r = await collectSchedule({
        surveyId: info.id,
        startTime: v.startTime ? dayjs(v.startTime).format(FMT) : '',
        endTime: v.endTime ? dayjs(v.endTime).format(FMT) : '',
        endNum: Number(v.endNum ?? 0),
        closeOnQuotasFull: !!v.closeOnQuotasFull,
      });
      setSt(r.data);
      toast.success(f('co.url.scheduleSaved'));
    } catch (e) {
      setSchedErr(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const downloadQr = () =>
    fetch(qrUrl(info.sid))
      .then((r) => {
        if (!r.ok) throw new Error(String(r.status));
        return r.blob();
      })
      .then((b) => download(b, `qrcode-${info.sid}.png`))
      .catch(() => toast.error(f('co.url.qrFailed')));

  const state = st?.state ?? info.surveyState;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {info.surveyState === 0 && info.publishedVersion === 0 && (
        <Alert
          type="info"
          showIcon
          message={f('co.url.notPublished')}
          action={<Button onClick={() => history.push(`/v8/dws/design/edit/${info.id}`)}>{f('au.s.design')}</Button>}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card title={f('co.url.link')} size="small">
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly aria-label={f('co.url.link')} value={url} data-testid="collect-answer-url" />
              <Button icon={<CopyOutlined />} data-testid="collect-copy" onClick={() => copyText(url, f('co.copied'), f('co.copyUnsupported'))}>
                {f('co.copy')}
              </Button>
              <Button icon={<ExportOutlined />} data-testid="collect-open" onClick={() => window.open(url, '_blank', 'noopener')}>
                {f('co.open')}
              </Button>
            </Space.Compact>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={f('co.url.qr')} size="small" extra={<Button size="small" icon={<DownloadOutlined />} data-testid="qr-download" onClick={downloadQr}>{f('co.url.qrDownload')}</Button>}>
            <img src={qrUrl(info.sid)} alt={f('co.url.qr')} width={160} height={160} data-testid="qr-img" style={{ display: 'block', margin: '0 auto' }} />
          </Card>
        </Col>
      </Row>
      <Card
        title={f('co.url.status')}
        size="small"
        extra={<Button size="small" icon={<ReloadOutlined />} onClick={() => load(false)} data-testid="status-refresh" />}
      >
        {stErr && <Alert type="error" showIcon message={stErr} style={{ marginBottom: 12 }} data-testid="status-error" />}
        {!st && !stErr ? (
          <Spin />
        ) : st ? (
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
            <Descriptions.Item label={f('co.url.state')}>
              <Tag color={state === 1 ? 'green' : state === 2 ? 'red' : 'default'} data-testid="collect-state" data-state={state}>
                {f(`au.state.${state}`)}
              </Tag>
              {st.closeReason ? <Typography.Text type="secondary">{f('co.url.reason', { r: st.closeReason })}</Typography.Text> : null}
            </Descriptions.Item>
            <Descriptions.Item label={f('co.url.answers')}>
              <span data-testid="collect-count">{st.answerCount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={f('co.url.start')}>{st.startAt || f('co.url.none')}</Descriptions.Item>
            <Descriptions.Item label={f('co.url.end')}>{st.endAt || f('co.url.none')}</Descriptions.Item>
            <Descriptions.Item label={f('co.url.endNum')}>{st.endNum > 0 ? st.endNum : f('co.url.none')}</Descriptions.Item>
            <Descriptions.Item label={f('co.url.opened')}>{st.openedAt || '-'}</Descriptions.Item>
            <Descriptions.Item label={f('co.url.closed')}>{st.closedAt || '-'}</Descriptions.Item>
            <Descriptions.Item label={f('co.url.workflow')}>
              <span data-testid="workflow-status">{st.workflowStatus ? wfStatusText(f, st.workflowStatus) : f('co.url.noWorkflow')}</span>
              {access?.canAdminWorkflow && st.monitorPath ? (
                <>
                  {' '}
                  <a href={st.monitorPath} data-testid="workflow-link" onClick={(e) => (e.preventDefault(), history.push(st.monitorPath))}>
                    {f('co.url.history')}
                  </a>
                </>
              ) : null}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        <Space style={{ marginTop: 12 }}>
          {state === 1 && (
            <Button danger data-testid="collect-end" onClick={() => change(2, f('co.url.endConfirm'))}>
              {f('co.url.endNow')}
            </Button>
          )}
          {state === 2 && (
            <Button type="primary" data-testid="collect-reopen" onClick={() => change(1, f('co.url.reopenConfirm'))}>
              {f('co.url.reopen')}
            </Button>
          )}
          {state !== 0 && (
            <Button data-testid="collect-return-edit" onClick={() => change(0, f('co.url.returnConfirm'))}>
              {f('co.url.returnEdit')}
            </Button>
          )}
        </Space>
      </Card>
      <Card title={f('co.url.schedule')} size="small">
        <Form form={form} name="sched" layout="inline" onFinish={saveSchedule}>
          <Form.Item name="startTime" label={f('co.url.start')}>
            <DatePicker showTime format={FMT} data-testid="sched-start" />
          </Form.Item>
          <Form.Item name="endTime" label={f('co.url.end')}>
            <DatePicker showTime format={FMT} data-testid="sched-end" />
          </Form.Item>
          <Form.Item name="endNum" label={f('co.url.endNum')} tooltip={f('co.url.endNumTip')}>
            <InputNumber data-testid="sched-endnum" />
          </Form.Item>
          <Form.Item name="closeOnQuotasFull" label={f('co.url.quotasFull')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="sched-save">
              {f('common.save')}
            </Button>
          </Form.Item>
        </Form>
        {schedErr && <Alert type="error" showIcon message={schedErr} style={{ marginTop: 12 }} data-testid="schedule-error" />}
      </Card>
    </Space>
  );
};

const Page: React.FC = () => <Shell tab="url">{(c) => <Body {...c} />}</Shell>;
export default Page;
