import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Row, Space, Switch } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { styleDelete, styleList, styleSave, type StyleTemplate } from '../../services/backoffice';
import { styleContrastIssues } from '../../utils/contrast';
import { toast } from '../../utils/toast';

const COLORS = ['themeColor', 'pageThemeColor', 'pageBgColor', 'progressColor', 'logoBgColor'] as const;
const TEXTS = [
  ['submitBtnText', 'au.style.submitBtn'],
  ['nextBtnText', 'au.style.nextBtn'],
  ['prevBtnText', 'au.style.prevBtn'],
] as const;
const SHOW = ['showSurveyTitle', 'showSurveyNote', 'showPageHeader', 'showProgressbar', 'hidePageProgress', 'showQuNum', 'showQuTypeName', 'showQuScoreNum'] as const;
const DEFAULT_STYLE = { themeColor: '#015AB4', pageBgColor: '#F4F6F9', progressColor: '#015AB4', showSurveyTitle: true, showProgressbar: true, showQuNum: true };

/** The add/edit dialog: the colours, button texts and show/hide switches of surveyStyle. */
function StyleForm(props: { tpl: StyleTemplate | null; open: boolean; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [style, setStyle] = useState<Record<string, any>>(DEFAULT_STYLE);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setName(props.tpl?.name ?? '');
    setNote(props.tpl?.note ?? '');
    setStyle(props.tpl?.style ?? DEFAULT_STYLE);
    setTouched(false);
  }, [props.open, props.tpl]);
  const set = (k: string, v: unknown) => setStyle((s) => ({ ...s, [k]: v }));
  const nameErr = !name.trim() || [...name.trim()].length > 18 ? f('bo.style.nameRule') : '';
  const noteErr = [...note].length > 200 ? f('bo.style.noteRule') : '';
  const textErr = TEXTS.some(([k]) => [...(style[k] ?? '')].length > 32) ? f('bo.style.textRule') : '';
  const issues = styleContrastIssues(style);
  const save = async () => {
    setTouched(true);
    if (nameErr || noteErr || textErr) return;
    setSaving(true);
    try {
      await styleSave({ id: props.tpl?.id, name: name.trim(), note, style });
      toast.success(f('common.saved'));
      props.onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  const err = (e: string) => (touched && e ? { validateStatus: 'error' as const, help: e } : {});
  return (
    <Modal open={props.open} title={props.tpl ? f('bo.style.edit') : f('bo.style.add')} width={760} onCancel={() => props.onClose(false)} onOk={save} okText={f('common.save')} confirmLoading={saving} destroyOnClose>
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={f('bo.style.name')} htmlFor="style-name" required {...err(nameErr)}>
              <Input id="style-name" value={name} onChange={(e) => setName(e.target.value)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={f('bo.style.note')} htmlFor="style-note" {...err(noteErr)}>
              <Input id="style-note" value={note} onChange={(e) => setNote(e.target.value)} />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap align="start">
          {COLORS.map((k) => (
            <Form.Item key={k} label={f(`au.style.${k}`)} htmlFor={`style-${k}`}>
              <Space>
                <Input id={`style-${k}`} type="color" style={{ width: 64, padding: 2 }} value={style[k] || '#FFFFFF'} onChange={(e) => set(k, e.target.value.toUpperCase())} />
                {style[k] && (
                  <Button size="small" type="link" onClick={() => set(k, undefined)} aria-label={`${f('bo.style.clear')}: ${f(`au.style.${k}`)}`}>
                    {f('bo.style.clear')}
                  </Button>
                )}
              </Space>
            </Form.Item>
          ))}
        </Space>
        {issues.length > 0 && (
          <Alert
            type="warning"
            showIcon
            role="status"
            style={{ marginBottom: 12 }}
            message={f('au.style.contrast.title')}
            description={issues.map((x) => (
              <div key={x.key}>{f(`au.style.contrast.${x.key}`, { ratio: x.ratio.toFixed(2), need: x.need })}</div>
            ))}
          />
        )}
        <Row gutter={16}>
          {TEXTS.map(([k, label]) => (
            <Col key={k} xs={24} md={8}>
              <Form.Item label={f(label)} htmlFor={`style-${k}`} {...err([...(style[k] ?? '')].length > 32 ? f('bo.style.textRule') : '')}>
                <Input id={`style-${k}`} value={style[k] ?? ''} onChange={(e) => set(k, e.target.value || undefined)} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item label={f('au.style.show')}>
          <Space wrap>
            {SHOW.map((k) => (
              <Checkbox key={k} checked={!!style[k]} onChange={(e) => set(k, e.target.checked)}>
                {f(`au.style.${k}`)}
              </Checkbox>
            ))}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** resource/style-template: surveyStyle sets authors apply in the style designer. */
const StyleTemplates: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<StyleTemplate | null>(null);
  const edit = (t: StyleTemplate | null) => {
    setEditing(t);
    setOpen(true);
  };
  const columns: ProColumns<StyleTemplate>[] = [
    { title: f('bo.style.name'), dataIndex: 'name' },
    {
      title: f('bo.style.colors'),
      dataIndex: 'style',
      search: false,
      render: (_, r) => (
        <Space size={4}>
          {COLORS.filter((k) => r.style?.[k]).map((k) => (
            <span key={k} title={`${f(`au.style.${k}`)} ${r.style[k]}`} style={{ display: 'inline-block', width: 18, height: 18, borderRadius: 3, border: '1px solid #8c8c8c', background: r.style[k] }} />
          ))}
        </Space>
      ),
    },
    { title: f('bo.style.note'), dataIndex: 'note', search: false, ellipsis: true },
    {
      title: f('bo.state'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { 1: { text: f('bo.enabled') }, 0: { text: f('bo.disabled') } },
      render: (_, r) => (
        <Switch
          checked={r.status === 1}
          aria-label={f('bo.enableNamed', { name: r.name })}
          checkedChildren={f('bo.enabled')}
          unCheckedChildren={f('bo.disabled')}
          onChange={async (on) => {
            try {
              await styleSave({ id: r.id, status: on ? 1 : 0 });
              toast.success(f('common.saved'));
              ref.current?.reload();
            } catch {
              // shown by the request layer
            }
          }}
        />
      ),
    },
    { title: f('bo.updated'), dataIndex: 'updateDate', search: false },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) => [
        <a key="edit" role="button" tabIndex={0} onClick={() => edit(r)} onKeyDown={(e) => e.key === 'Enter' && edit(r)}>
          {f('common.edit')}
        </a>,
        <ConfirmDelete key="del" title={f('bo.style.deleteConfirm', { name: r.name })} onDelete={() => styleDelete([r.id])} onDone={() => ref.current?.reload()} />,
      ],
    },
  ];
  return (
    <PageContainer content={f('bo.style.intro')}>
      <ProTable<StyleTemplate>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: f('bo.style.empty') }}
        request={async (p) => {
          const { current, pageSize, name, status } = p as any;
          const res = await styleList({ current, pageSize, name, status });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="style-add" onClick={() => edit(null)}>
            {f('bo.style.add')}
          </Button>,
        ]}
      />
      <StyleForm
        tpl={editing}
        open={open}
        onClose={(saved) => {
          setOpen(false);
          if (saved) ref.current?.reload();
        }}
      />
    </PageContainer>
  );
};

export default StyleTemplates;
