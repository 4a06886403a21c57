import { UploadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Col, Form, Input, Row, Space, Spin, Tag, Upload } from 'antd';
import React, { useEffect, useState } from 'react';
import ListWithEditor, { EditorModal, useEditorForm, type EditorProps } from '../../components/backoffice/ListWithEditor';
import { upload } from '../../services/authoring';
import { posterDelete, posterList, posterPreview, posterSave, type PosterLayout, type PosterTemplate } from '../../services/backoffice';
import { contrast } from '../../utils/contrast';
import { toast } from '../../utils/toast';

const HEX = /^#[0-9a-fA-F]{6}$/;
const EMPTY: PosterLayout = { bgColor: '#015AB4', textColor: '#FFFFFF', subtitle: '', footer: '', coverId: '' };

/** The add/edit dialog with a live preview drawn by the server. */
function PosterForm(props: EditorProps<PosterTemplate>) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [name, setName] = useState('');
  const [layout, setLayout] = useState<PosterLayout>(EMPTY);
  const [isDefault, setDefault] = useState(false);
  const { saving, submit, err } = useEditorForm(props.open, props.onClose);
  const [img, setImg] = useState('');
  const [drawing, setDrawing] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setName(props.item?.name ?? '');
    setLayout({ ...EMPTY, ...(props.item?.layout ?? {}) });
    setDefault(props.item?.isDefault ?? false);
  }, [props.open, props.item]);

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
      posterPreview({ id: props.item?.id, layout })
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
  }, [props.open, valid, layout, props.item?.id]);

  const save = () => submit(!nameErr && valid, () => posterSave({ id: props.item?.id, name: name.trim(), layout, isDefault }));

  return (
    <EditorModal open={props.open} title={props.item ? f('bo.poster.edit') : f('bo.poster.add')} width={860} onClose={props.onClose} onSave={save} saving={saving}>
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
    </EditorModal>
  );
}

/** resource/poster: templates of the share poster authors generate for a survey. */
const Posters: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
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
  ];
  return (
    <ListWithEditor<PosterTemplate>
      intro={f('bo.poster.intro')}
      columns={columns}
      list={posterList}
      filters={['name', 'status']}
      empty={f('bo.poster.empty')}
      addLabel={f('bo.poster.add')}
      addTestId="poster-add"
      deleteConfirm={(r) => f('bo.poster.deleteConfirm', { name: r.name })}
      remove={posterDelete}
      enable={{ name: (r) => r.name, save: (r, on) => posterSave({ id: r.id, status: on ? 1 : 0 }) }}
      Editor={PosterForm}
    />
  );
};

export default Posters;
