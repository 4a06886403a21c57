import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Row, Space, Spin, Switch, Tag, Upload } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import { upload } from '../../services/authoring';
import { posterDelete, posterList, posterPreview, posterSave, type PosterLayout, type PosterTemplate } from '../../services/backoffice';
import { contrast } from '../../utils/contrast';
import { toast } from '../../utils/toast';

const HEX = /^#[0-9a-fA-F]{6}$/;
const EMPTY: PosterLayout = { bgColor: '#015AB4', textColor: '#FFFFFF', subtitle: '', footer: '', coverId: '' };

/** The add/edit dialog with a live preview drawn by the server. */
function PosterForm(props: { tpl: PosterTemplate | null; open: boolean; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [name, setName] = useState('');
  const [layout, setLayout] = useState<PosterLayout>(EMPTY);
  const [isDefault, setDefault] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [img, setImg] = useState('');
  const [drawing, setDrawing] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setName(props.tpl?.name ?? '');
    setLayout({ ...EMPTY, ...(props.tpl?.layout ?? {}) });
    setDefault(props.tpl?.isDefault ?? false);
    setTouched(false);
  }, [props.open, props.tpl]);

  const set = (k: keyof PosterLayout, v: string) => setLayout((l) => ({ ...l, [k]: v }));
  const nameErr = !name.trim() || [...name.trim()].length > 18 ? f('bo.poster.nameRule') : '';
  const colorErr = !HEX.test(layout.bgColor) || !HEX.test(layout.textColor) ? f('bo.poster.colorRule') : '';
  const ratio = colorErr ? 0 : contrast(layout.bgColor, layout.textColor);
  const contrastErr = !colorErr && ratio < 4.5 ? f('bo.poster.contrast', { ratio: ratio.toFixed(2) }) : '';
  const textErr = [...layout.subtitle].length > 40 || [...layout.footer].length > 40 ? f('bo.poster.textRule') : '';
  const valid = !colorErr && !contrastErr && !textErr;

  // the preview follows the form, drawn by the server (the same code as the survey poster)
  useEffect(() => {
    if (!props.open || !valid) return;
    let live = true;
    const t = window.setTimeout(() => {
      setDrawing(true);
      posterPreview({ id: props.tpl?.id, layout })
        .then((b: any) => {
          if (!live || !(b instanceof Blob) || b.type !== 'image/png') return;
          setImg((old) => {
            if (old) URL.revokeObjectURL(old);
            return URL.createObjectURL(b);
          });
        })
        .catch(() => undefined)
        .finally(() => live && setDrawing(false));
    }, 400);
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [props.open, valid, layout, props.tpl?.id]);

  const save = async () => {
    setTouched(true);
    if (nameErr || !valid) return;
    setSaving(true);
    try {
      await posterSave({ id: props.tpl?.id, name: name.trim(), layout, isDefault });
      toast.success(f('common.saved'));
      props.onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  const err = (e: string, always = false) => ((touched || always) && e ? { validateStatus: 'error' as const, help: e } : {});

  return (
    <Modal open={props.open} title={props.tpl ? f('bo.poster.edit') : f('bo.poster.add')} width={860} onCancel={() => props.onClose(false)} onOk={save} okText={f('common.save')} confirmLoading={saving} destroyOnClose>
      <Row gutter={24}>
        <Col xs={24} md={13}>
          <Form layout="vertical">
            <Form.Item label={f('bo.poster.name')} htmlFor="poster-name" required {...err(nameErr)}>
              <Input id="poster-name" value={name} onChange={(e) => setName(e.target.value)} />
            </Form.Item>
            <Space align="start" wrap>
              <Form.Item label={f('bo.poster.bgColor')} htmlFor="poster-bg">
                <Input id="poster-bg" type="color" style={{ width: 72, padding: 2 }} value={HEX.test(layout.bgColor) ? layout.bgColor : '#015AB4'} onChange={(e) => set('bgColor', e.target.value.toUpperCase())} />
              </Form.Item>
              <Form.Item label={f('bo.poster.textColor')} htmlFor="poster-fg">
                <Input id="poster-fg" type="color" style={{ width: 72, padding: 2 }} value={HEX.test(layout.textColor) ? layout.textColor : '#FFFFFF'} onChange={(e) => set('textColor', e.target.value.toUpperCase())} />
              </Form.Item>
            </Space>
            {(colorErr || contrastErr) && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={colorErr || contrastErr} data-testid="poster-contrast" />}
            <Form.Item label={f('bo.poster.subtitle')} htmlFor="poster-subtitle" {...err([...layout.subtitle].length > 40 ? f('bo.poster.textRule') : '', true)}>
              <Input id="poster-subtitle" value={layout.subtitle} onChange={(e) => set('subtitle', e.target.value)} />
            </Form.Item>
            <Form.Item label={f('bo.poster.footer')} htmlFor="poster-footer" {...err([...layout.footer].length > 40 ? f('bo.poster.textRule') : '', true)}>
              <Input id="poster-footer" value={layout.footer} placeholder={f('bo.poster.footerPh')} onChange={(e) => set('footer', e.target.value)} />
            </Form.Item>
            <Form.Item label={f('bo.poster.cover')} extra={f('bo.poster.coverHint')}>
              <Space>
                <Upload
                  accept="image/png,image/jpeg"
                  showUploadList={false}
                  customRequest={async (o: any) => {
                    const file = o.file as File;
                    if (file.size > 2 << 20) {
                      toast.error(f('bo.poster.coverRule'));
                      return;
                    }
                    try {
                      const r = await upload(file);
                      const id = r.data?.[0]?.id;
                      if (id) set('coverId', id);
                      o.onSuccess?.(r);
                    } catch (e) {
                      o.onError?.(e);
                    }
                  }}
                >
                  <Button icon={<UploadOutlined />}>{f('bo.poster.coverUpload')}</Button>
                </Upload>
                {layout.coverId && <Button onClick={() => set('coverId', '')}>{f('bo.poster.coverClear')}</Button>}
              </Space>
            </Form.Item>
            <Checkbox checked={isDefault} onChange={(e) => setDefault(e.target.checked)}>
              {f('bo.poster.default')}
            </Checkbox>
          </Form>
        </Col>
        <Col xs={24} md={11}>
          <div aria-live="polite" style={{ textAlign: 'center' }}>
            {img ? <img src={img} alt={f('bo.poster.previewAlt')} data-testid="poster-preview" style={{ width: '100%', maxWidth: 300, border: '1px solid #d9d9d9' }} /> : <Spin />}
            {drawing && img && <div style={{ color: '#595959', fontSize: 12 }}>{f('bo.poster.drawing')}</div>}
          </div>
        </Col>
      </Row>
    </Modal>
  );
}

/** resource/poster: templates of the share poster authors generate for a survey. */
const Posters: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<PosterTemplate | null>(null);
  const edit = (t: PosterTemplate | null) => {
    setEditing(t);
    setOpen(true);
  };
  const columns: ProColumns<PosterTemplate>[] = [
    { title: f('bo.poster.name'), dataIndex: 'name', render: (_, r) => <Space>{r.name}{r.isDefault && <Tag color="blue">{f('bo.poster.isDefault')}</Tag>}</Space> },
    {
      title: f('bo.poster.colors'),
      dataIndex: 'layout',
      search: false,
      render: (_, r) => (
        <span style={{ background: r.layout.bgColor, color: r.layout.textColor, padding: '2px 8px', borderRadius: 4 }}>
          {r.layout.bgColor} / {r.layout.textColor}
        </span>
      ),
    },
    { title: f('bo.poster.subtitle'), dataIndex: ['layout', 'subtitle'], search: false, ellipsis: true },
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
              await posterSave({ id: r.id, status: on ? 1 : 0 });
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
        <ConfirmDelete key="del" title={f('bo.poster.deleteConfirm', { name: r.name })} onDelete={() => posterDelete([r.id])} onDone={() => ref.current?.reload()} />,
      ],
    },
  ];
  return (
    <PageContainer content={f('bo.poster.intro')}>
      <ProTable<PosterTemplate>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10 }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: f('bo.poster.empty') }}
        request={async (p) => {
          const { current, pageSize, name, status } = p as any;
          const res = await posterList({ current, pageSize, name, status });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="poster-add" onClick={() => edit(null)}>
            {f('bo.poster.add')}
          </Button>,
        ]}
      />
      <PosterForm
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

export default Posters;
