// Admin template management (/v8/dw/admin/resource/template): the site templates of the template
// centre with name, creator, used count, state, cover (JPG or PNG up to 2MB, checked by content on
// the server), notes, industry and scene. Needs admin:template (the server refuses others with 403).
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl, useModel } from '@umijs/max';
import { AutoComplete, Button, Form, Input, Modal, Result, Select, Space, Tag, Typography } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import {
  errMsg, surveyList, templateAdd, templateDelete, templateEdit, templateFacets, templateList, upload, type SurveyRow, type Template,
} from '../../services/authoring';
import { hasAuthority } from '../../utils/authority';
import { toast } from '../../utils/toast';
import Cover from '../Template/Cover';
import { SURVEY_TYPES } from '../Survey';
import { formatDateTime } from '../../utils/format';

const MAX_COVER = 2 << 20;

type Editing = { tpl?: Template } | null;

const TemplateForm: React.FC<{ editing: Editing; onClose: () => void; onSaved: () => void; facets: { industries: string[]; scenes: string[] } }> = ({
  editing,
  onClose,
  onSaved,
  facets,
}) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [form] = Form.useForm();
  const tpl = editing?.tpl;
  const [cover, setCover] = useState<{ id: string; name: string } | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [coverErr, setCoverErr] = useState<string>();
  const [surveys, setSurveys] = useState<SurveyRow[]>([]);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    surveyList({ current: 1, pageSize: 100 })
      .then((r) => setSurveys((r.data ?? []).filter((s) => s.rights === 'owner' || s.rights === 'design' || s.rights === 'both')))
      .catch(() => setSurveys([]));
  }, []);

  const pick = async (file?: File) => {
    if (!file) return;
    setCoverErr(undefined);
    // a quick client check; the server decides by the content (a renamed file is refused there)
    if (!/\.(png|jpe?g)$/i.test(file.name) || file.size > MAX_COVER) {
      setCoverErr(f('au.tpl.coverBad'));
      return;
    }
    setUploading(true);
    try {
      const r = await upload(file);
      const st = r.data?.[0];
      if (st) {
        setCover({ id: st.id, name: st.filename });
        setRemoveCover(false);
      }
    } catch (e) {
      setCoverErr(errMsg(e));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body: Record<string, unknown> = {
        templateName: v.templateName,
        notes: v.notes ?? '',
        industry: v.industry ?? '',
        scene: v.scene ?? '',
        templateState: v.templateState,
        surveyType: v.surveyType,
        coverId: cover?.id ?? (removeCover ? '' : tpl?.coverId ?? ''),
      };
      if (v.surveyId) body.surveyId = v.surveyId;
      if (tpl) {
        body.id = tpl.id;
        body.removeCover = removeCover && !cover;
        await templateEdit(body);
      } else await templateAdd(body);
      toast.success(f('au.tpl.saved'));
      onSaved();
      onClose();
    } catch {
      // the request layer shows the server's message; nothing changed
    } finally {
      setBusy(false);
    }
  };

  const hasCover = !!cover || (!!tpl?.coverUrl && !removeCover);
  return (
    <Modal
      open
      title={f(tpl ? 'au.tpl.edit' : 'au.tpl.add')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'tpl-form-ok', disabled: uploading } as any}
      destroyOnClose
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          templateName: tpl?.templateName,
          notes: tpl?.notes,
          industry: tpl?.industry,
          scene: tpl?.scene,
          templateState: tpl?.templateState ?? 0,
          surveyType: tpl?.surveyType ?? 'survey',
        }}
      >
        <Form.Item name="templateName" label={f('au.tpl.name')} rules={[{ required: true, message: f('common.required') }, { max: 18 }]}>
          <Input id="tpl-form-name" maxLength={18} data-testid="tpl-form-name" />
        </Form.Item>
        <Space style={{ display: 'flex' }} align="start" wrap>
          <Form.Item name="industry" label={f('au.tpl.industry')} rules={[{ max: 64 }]}>
            <AutoComplete style={{ width: 200 }} options={facets.industries.map((x) => ({ value: x }))} data-testid="tpl-form-industry" />
          </Form.Item>
          <Form.Item name="scene" label={f('au.tpl.scene')} rules={[{ max: 64 }]}>
            <AutoComplete style={{ width: 200 }} options={facets.scenes.map((x) => ({ value: x }))} data-testid="tpl-form-scene" />
          </Form.Item>
        </Space>
        <Space style={{ display: 'flex' }} align="start" wrap>
          <Form.Item name="templateState" label={f('au.tpl.state')}>
            <Select style={{ width: 160 }} data-testid="tpl-form-state" options={[0, 1].map((s) => ({ value: s, label: f(`au.tpl.state.${s}`) }))} />
          </Form.Item>
          <Form.Item name="surveyType" label={f('au.s.type')}>
            <Select style={{ width: 160 }} options={SURVEY_TYPES.map((t) => ({ value: t, label: f(`au.type.${t}`) }))} />
          </Form.Item>
        </Space>
        <Form.Item name="surveyId" label={f('au.tpl.fromSurvey')}>
          <Select allowClear showSearch optionFilterProp="label" options={surveys.map((s) => ({ value: s.id, label: s.surveyName }))} />
        </Form.Item>
        <Form.Item name="notes" label={f('au.tpl.notes')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item label={f('au.tpl.cover')} extra={f('au.tpl.coverHint')} validateStatus={coverErr ? 'error' : undefined} help={coverErr}>
          <Space align="center" wrap>
            {cover ? (
              <Tag color="blue" data-testid="tpl-cover-new">{cover.name}</Tag>
            ) : hasCover && tpl ? (
              <Cover id={tpl.id} has alt={tpl.templateName} />
            ) : null}
            <input ref={fileRef} type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg" style={{ display: 'none' }} data-testid="tpl-cover-input" onChange={(e) => pick(e.target.files?.[0])} />
            <Button loading={uploading} onClick={() => fileRef.current?.click()} data-testid="tpl-cover-upload">
              {f('au.tpl.coverUpload')}
            </Button>
            {hasCover && (
              <Button
                danger
                type="link"
                data-testid="tpl-cover-remove"
                onClick={() => {
                  setCover(null);
                  setRemoveCover(true);
                }}
              >
                {f('au.tpl.coverRemove')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
};

const AdminTemplates: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { initialState } = useModel('@@initialState');
  const allowed = hasAuthority(initialState?.currentUser?.currentAuthority ?? initialState?.authority, 'admin:template');
  const ref = useRef<ActionType>();
  const [editing, setEditing] = useState<Editing>(null);
  const [facets, setFacets] = useState<{ industries: string[]; scenes: string[] }>({ industries: [], scenes: [] });
  const [ver, setVer] = useState(0);
  const loadFacets = () =>
    templateFacets()
      .then((r) => setFacets(r.data ?? { industries: [], scenes: [] }))
      .catch(() => undefined);
  useEffect(() => {
    if (allowed) loadFacets();
  }, [allowed]);

  if (!allowed) return <Result status="403" title="403" subTitle={f('au.tpl.noPerm')} />;

  const setState = async (r: Template, s: number) => {
    try {
      await templateEdit({ id: r.id, templateName: r.templateName, notes: r.notes ?? '', industry: r.industry ?? '', scene: r.scene ?? '', templateState: s, coverId: r.coverId ?? '' });
      toast.success(f('common.operationOk'));
      ref.current?.reload();
    } catch {
      // shown by the request layer
    }
  };

  const opts = (l: string[]) => l.map((x) => ({ value: x, label: x }));
  const columns: ProColumns<Template>[] = [
    {
      title: f('au.tpl.cover'),
      dataIndex: 'coverUrl',
      search: false,
      width: 90,
      render: (_, r) => <Cover id={r.id} has={!!r.coverUrl} alt={r.templateName} version={`${r.coverId}-${ver}`} />,
    },
    { title: f('au.tpl.name'), dataIndex: 'templateName', render: (_, r) => <span data-testid="tpl-name">{r.templateName}</span> },
    { title: f('au.tpl.creator'), dataIndex: 'creator', search: false },
    { title: f('au.tpl.used'), dataIndex: 'usedCount', search: false, width: 80 },
    {
      title: f('au.tpl.state'),
      dataIndex: 'templateState',
      valueType: 'select',
      valueEnum: { 0: { text: f('au.tpl.state.0') }, 1: { text: f('au.tpl.state.1') } },
      render: (_, r) => (
        <Tag color={r.templateState === 1 ? 'green' : 'default'} data-testid="tpl-state">
          {f(`au.tpl.state.${r.templateState}`)}
        </Tag>
      ),
    },
    { title: f('au.tpl.industry'), dataIndex: 'industry', valueType: 'select', fieldProps: { options: opts(facets.industries), showSearch: true }, render: (_, r) => r.industry || '-' },
    { title: f('au.tpl.scene'), dataIndex: 'scene', valueType: 'select', fieldProps: { options: opts(facets.scenes), showSearch: true }, render: (_, r) => r.scene || '-' },
    { title: f('au.tpl.notes'), dataIndex: 'notes', search: false, ellipsis: true },
    { title: f('au.s.updated'), dataIndex: 'createDate', search: false, width: 170, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      width: 200,
      render: (_, r) => (
        <Space>
          <a data-testid="tpl-edit" onClick={() => setEditing({ tpl: r })}>
            {f('common.edit')}
          </a>
          <a data-testid="tpl-toggle" onClick={() => setState(r, r.templateState === 1 ? 0 : 1)}>
            {f(r.templateState === 1 ? 'au.tpl.unpublish' : 'au.tpl.publish')}
          </a>
          <ConfirmDelete title={f('common.deleteConfirm')} onDelete={() => templateDelete(r.id)} onDone={() => ref.current?.reload()} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title={f('au.tpl.admin')}>
      <ProTable<Template>
        rowKey="id"
        actionRef={ref}
        search={{ defaultCollapsed: false }}
        columns={columns}
        scroll={{ x: 960 }}
        locale={{ emptyText: f('au.tpl.empty') }}
        request={async (p) => {
          const { current, pageSize, templateName, industry, scene, templateState } = p as any;
          try {
            const r = await templateList({ current, pageSize, templateName, industry, scene, templateState, scope: 'site' });
            return { data: r.data ?? [], total: r.total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="tpl-add" onClick={() => setEditing({})}>
            {f('au.tpl.add')}
          </Button>,
        ]}
        headerTitle={<Typography.Text type="secondary">{f('au.tpl.coverHint')}</Typography.Text>}
      />
      {editing && (
        <TemplateForm
          editing={editing}
          facets={facets}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setVer((x) => x + 1);
            loadFacets();
            ref.current?.reload();
          }}
        />
      )}
    </PageContainer>
  );
};

export default AdminTemplates;
