import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Col, Form, Input, Row, Space } from 'antd';
import React, { useEffect, useState } from 'react';
import ListWithEditor, { EditorModal, useEditorForm, type EditorProps } from '../../components/backoffice/ListWithEditor';
import { styleDelete, styleList, styleSave, type StyleTemplate } from '../../services/backoffice';
import { styleContrastIssues } from '../../utils/contrast';

const COLORS = ['themeColor', 'pageThemeColor', 'pageBgColor', 'progressColor', 'logoBgColor'] as const;
const TEXTS = [
  ['submitBtnText', 'au.style.submitBtn'],
  ['nextBtnText', 'au.style.nextBtn'],
  ['prevBtnText', 'au.style.prevBtn'],
] as const;
const SHOW = ['showSurveyTitle', 'showSurveyNote', 'showPageHeader', 'showProgressbar', 'hidePageProgress', 'showQuNum', 'showQuTypeName', 'showQuScoreNum'] as const;
const DEFAULT_STYLE = { themeColor: '#015AB4', pageBgColor: '#F4F6F9', progressColor: '#015AB4', showSurveyTitle: true, showProgressbar: true, showQuNum: true };

/** The add/edit dialog: the colours, button texts and show/hide switches of surveyStyle. */
function StyleForm(props: EditorProps<StyleTemplate>) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [style, setStyle] = useState<Record<string, any>>(DEFAULT_STYLE);
  const { saving, submit, err } = useEditorForm(props.open, props.onClose);
  useEffect(() => {
    if (!props.open) return;
    setName(props.item?.name ?? '');
    setNote(props.item?.note ?? '');
    setStyle(props.item?.style ?? DEFAULT_STYLE);
  }, [props.open, props.item]);
  const set = (k: string, v: unknown) => setStyle((s) => ({ ...s, [k]: v }));
  const nameErr = !name.trim() || [...name.trim()].length > 18 ? f('bo.style.nameRule') : '';
  const noteErr = [...note].length > 200 ? f('bo.style.noteRule') : '';
  const textErr = TEXTS.some(([k]) => [...(style[k] ?? '')].length > 32) ? f('bo.style.textRule') : '';
  const issues = styleContrastIssues(style);
  const save = () => submit(!nameErr && !noteErr && !textErr, () => styleSave({ id: props.item?.id, name: name.trim(), note, style }));
  return (
    <EditorModal open={props.open} title={props.item ? f('bo.style.edit') : f('bo.style.add')} width={760} onClose={props.onClose} onSave={save} saving={saving}>
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
    </EditorModal>
  );
}

/** resource/style-template: surveyStyle sets authors apply in the style designer. */
const StyleTemplates: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
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
  ];
  return (
    <ListWithEditor<StyleTemplate>
      intro={f('bo.style.intro')}
      columns={columns}
      list={styleList}
      filters={['name', 'status']}
      empty={f('bo.style.empty')}
      addLabel={f('bo.style.add')}
      addTestId="style-add"
      deleteConfirm={(r) => f('bo.style.deleteConfirm', { name: r.name })}
      remove={styleDelete}
      enable={{ name: (r) => r.name, save: (r, on) => styleSave({ id: r.id, status: on ? 1 : 0 }) }}
      Editor={StyleForm}
    />
  );
};

export default StyleTemplates;
