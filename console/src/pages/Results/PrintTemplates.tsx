// d/DwPrintMbData/:dwSurveyId (and ?answerId=): the survey's saved print templates of PDF
// answer sheets — which facts are shown, the header, a logo, scores — created, changed and
// deleted here; with an answer chosen, each template prints that answer as a PDF.
import { PlusOutlined } from '@ant-design/icons';
import { history, useIntl, useLocation, useParams } from '@umijs/max';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  answerPdfWith,
  deletePrintTemplate,
  ExportDownloadError,
  PRINT_FIELDS,
  printTemplates,
  savePrintTemplate,
  uploadLogo,
  type PrintTemplate,
  type PrintTemplateInput,
} from '../../services/exports';
import { download } from '../../utils/download';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import Shell, { resultPath } from './Shell';

type FormValues = Omit<PrintTemplateInput, 'id'>;

const Body: React.FC = () => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const { dwSurveyId = '' } = useParams();
  const loc = useLocation();
  const answerId = useMemo(() => new URLSearchParams(loc.search).get('answerId') ?? '', [loc.search]);
  const lang = intl.locale?.startsWith('zh') ? 'zh' : 'en';
  const [list, setList] = useState<PrintTemplate[] | null>(null);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const [editing, setEditing] = useState<PrintTemplate | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveErr, setSaveErr] = useState('');
  const [logo, setLogo] = useState<{ id: string; name: string }>({ id: '', name: '' });
  const [uploading, setUploading] = useState(false);
  const [printing, setPrinting] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    let live = true;
    setErr('');
    printTemplates(dwSurveyId)
      .then((r) => live && setList(r.data ?? []))
      .catch((e) => live && (setErr(errorText(e)), setList([])));
    return () => {
      live = false;
    };
  }, [dwSurveyId, n]);

  const open = (t: PrintTemplate | 'new') => {
    setEditing(t);
    setSaveErr('');
    if (t === 'new') {
      form.setFieldsValue({ name: '', header: '', fields: ['time', 'duration'], showScore: false, isDefault: !(list ?? []).length });
      setLogo({ id: '', name: '' });
    } else {
      form.setFieldsValue({ name: t.name, header: t.header, fields: t.fields, showScore: t.showScore, isDefault: t.isDefault });
      setLogo({ id: t.logoId, name: t.logoName || (t.logoId ? t.logoId : '') });
    }
  };

  const save = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // the fields show why
    }
    setSaving(true);
    setSaveErr('');
    try {
      await savePrintTemplate(dwSurveyId, { ...v, id: editing && editing !== 'new' ? editing.id : undefined, logoId: logo.id, fields: v.fields ?? [] });
      toast.success(f('pt.saved'));
      setEditing(null);
      setN((x) => x + 1);
    } catch (e) {
      setSaveErr(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const onLogo = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type)) return setSaveErr(f('pt.logoType'));
    if (file.size > 2 << 20) return setSaveErr(f('pt.logoSize'));
    setUploading(true);
    setSaveErr('');
    try {
      const u = await uploadLogo(dwSurveyId, file);
      setLogo({ id: u.id, name: u.filename });
    } catch (er) {
      setSaveErr(errorText(er) || f('pt.logoFailed'));
    } finally {
      setUploading(false);
    }
  };

  const remove = async (t: PrintTemplate) => {
    try {
      await deletePrintTemplate(t.id);
      toast.success(f('pt.deleted'));
      setN((x) => x + 1);
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const print = async (t: PrintTemplate) => {
    setPrinting(t.id);
    try {
      download(await answerPdfWith(answerId, t.id, lang), `${answerId}.pdf`);
    } catch (e) {
      toast.error(e instanceof ExportDownloadError && e.serverMsg ? `${f('ex.downloadFailed')}: ${e.serverMsg}` : errorText(e) || f('ex.downloadFailed'));
    } finally {
      setPrinting('');
    }
  };

  const columns = [
    {
      title: f('pt.name'),
      dataIndex: 'name',
      render: (v: string, t: PrintTemplate) => (
        <Space>
          <span>{v}</span>
          {t.isDefault && <Tag color="#0958d9">{f('pt.default')}</Tag>}
        </Space>
      ),
    },
    { title: f('pt.header'), dataIndex: 'header', render: (v: string) => v || <Typography.Text type="secondary">{f('pt.headerNone')}</Typography.Text> },
    { title: f('pt.fields'), dataIndex: 'fields', render: (v: string[]) => v.map((x) => f(`pt.field.${x}`)).join(', ') || '-' },
    { title: f('pt.score'), dataIndex: 'showScore', render: (v: boolean) => (v ? f('pt.yes') : f('pt.no')) },
    { title: f('pt.logo'), dataIndex: 'logoName', render: (v: string, t: PrintTemplate) => v || (t.logoId ? t.logoId : '-') },
    {
      title: f('pt.actions'),
      key: 'actions',
      render: (_: unknown, t: PrintTemplate) => (
        <Space wrap>
          {answerId && (
            <Button type="primary" size="small" loading={printing === t.id} onClick={() => print(t)} data-testid="pt-print">
              {f('pt.printPdf')}
            </Button>
          )}
          <Button size="small" onClick={() => open(t)} data-testid="pt-edit" aria-label={`${f('pt.edit')} ${t.name}`}>
            {f('pt.edit')}
          </Button>
          <Popconfirm title={f('pt.deleteConfirm', { name: t.name })} okText={f('pt.delete')} cancelText={f('pt.cancel')} onConfirm={() => remove(t)}>
            <Button size="small" danger data-testid="pt-delete" aria-label={`${f('pt.delete')} ${t.name}`}>
              {f('pt.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="pt-page">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {f('pt.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {answerId ? f('pt.chooseHelp', { id: answerId }) : f('pt.help')}
        </Typography.Paragraph>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="pt-new">
            {f('pt.new')}
          </Button>
          {answerId && (
            <Button onClick={() => history.push(`${resultPath('print', dwSurveyId)}?answerId=${encodeURIComponent(answerId)}`)} data-testid="pt-back">
              {f('pt.back')}
            </Button>
          )}
        </Space>
        {err && <Alert type="error" showIcon message={f('pt.loadFailed')} description={err} action={<Button onClick={() => setN((x) => x + 1)}>{f('rd.retry')}</Button>} />}
        {list === null ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="pt-loading" />
        ) : (
          <Table<PrintTemplate> rowKey="id" size="middle" columns={columns} dataSource={list} pagination={false} locale={{ emptyText: f('pt.empty') }} data-testid="pt-table" scroll={{ x: true }} />
        )}
      </Space>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? f('pt.new') : f('pt.edit')}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={f('pt.save')}
        cancelText={f('pt.cancel')}
        confirmLoading={saving}
        destroyOnClose
        data-testid="pt-dialog"
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={f('pt.name')} rules={[{ required: true, whitespace: true, message: f('pt.nameRequired') }, { max: 60, message: f('pt.nameTooLong') }]}>
            <Input maxLength={60} data-testid="pt-name" />
          </Form.Item>
          <Form.Item name="header" label={f('pt.header')} extra={f('pt.headerHelp')} rules={[{ max: 200, message: f('ex.headerTooLong') }]}>
            <Input maxLength={200} allowClear data-testid="pt-header" />
          </Form.Item>
          <Form.Item name="fields" label={f('pt.fields')}>
            <Checkbox.Group options={PRINT_FIELDS.map((x) => ({ value: x, label: f(`pt.field.${x}`) }))} data-testid="pt-fields" />
          </Form.Item>
          <Form.Item name="showScore" valuePropName="checked">
            <Checkbox data-testid="pt-score">{f('pt.showScore')}</Checkbox>
          </Form.Item>
          <Form.Item label={f('pt.logo')} extra={f('pt.logoHelp')}>
            <Space wrap>
              <input ref={fileRef} type="file" accept="image/png,image/jpeg" hidden onChange={onLogo} data-testid="pt-logo-input" aria-label={f('pt.logoChoose')} />
              <Button loading={uploading} onClick={() => fileRef.current?.click()} data-testid="pt-logo">
                {f('pt.logoChoose')}
              </Button>
              {logo.id && (
                <>
                  <span data-testid="pt-logo-name">{logo.name}</span>
                  <Button size="small" onClick={() => setLogo({ id: '', name: '' })} aria-label={f('pt.logoRemove')}>
                    {f('pt.logoRemove')}
                  </Button>
                </>
              )}
            </Space>
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox data-testid="pt-default">{f('pt.makeDefault')}</Checkbox>
          </Form.Item>
          {saveErr && <Alert type="error" showIcon message={saveErr} data-testid="pt-error" />}
        </Form>
      </Modal>
    </>
  );
};

const PrintTemplatesPage: React.FC = () => <Shell tab="DwPrintMbData">{() => <Body />}</Shell>;

export default PrintTemplatesPage;
