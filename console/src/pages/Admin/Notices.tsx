import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Form, Input, Radio, Spin, Switch, Tag, TreeSelect } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import ListWithEditor, { EditorModal, useEditorForm, type EditorProps } from '../../components/backoffice/ListWithEditor';
import RichText, { type RichTextLabels } from '../../components/RichText';
import { deptAll, type Dept } from '../../services/api';
import { noticeAdminInfo, noticeAdminList, noticeDelete, noticeSave, type Notice } from '../../services/backoffice';
import { formatDateTime } from '../../utils/format';

const MAX_TITLE = 100;
type DeptOption = { value: string; title: string; children?: DeptOption[] };
const deptOptions = (list: Dept[]): DeptOption[] => list.map((d) => ({ value: d.id, title: d.name, children: d.children?.length ? deptOptions(d.children) : undefined }));

/** The add/edit dialog: title, rich-text content (sanitised by the server), audience, publish. */
function NoticeForm(props: EditorProps<Notice>) {
  const id = props.item?.id ?? null;
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const labels = useMemo<RichTextLabels>(
    () => ({
      bold: f('au.rt.bold'), italic: f('au.rt.italic'), underline: f('au.rt.underline'), color: f('au.rt.color'), link: f('au.rt.link'),
      linkPh: f('au.rt.linkPh'), clear: f('au.rt.clear'), ok: f('common.ok'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<'all' | 'dept'>('all');
  const [deptId, setDeptId] = useState<string | undefined>();
  const [publish, setPublish] = useState(true);
  const [depts, setDepts] = useState<DeptOption[]>([]);
  const [loading, setLoading] = useState(false);
  const { saving, submit, err } = useEditorForm(props.open, props.onClose);

  useEffect(() => {
    if (!props.open) return;
    setTitle('');
    setContent('');
    setText('');
    setAudience('all');
    setDeptId(undefined);
    setPublish(true);
    deptAll()
      .then((r) => setDepts(deptOptions(r.data ?? [])))
      .catch(() => undefined);
    if (id) {
      setLoading(true);
      noticeAdminInfo(id)
        .then((r) => {
          const n = r.data;
          setTitle(n.title);
          setContent(n.content ?? '');
          setText((n.content ?? '').replace(/<[^>]*>/g, ''));
          setAudience(n.audience);
          setDeptId(n.deptId || undefined);
          setPublish(n.state === 1);
        })
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }
  }, [props.open, id]);

  const titleErr = !title.trim() ? f('bo.notice.titleRequired') : [...title.trim()].length > MAX_TITLE ? f('bo.notice.titleLength') : '';
  const contentErr = !text.trim() && !content.includes('<img') ? f('bo.notice.contentRequired') : '';
  const deptErr = audience === 'dept' && !deptId ? f('bo.notice.deptRequired') : '';

  const save = () =>
    submit(!titleErr && !contentErr && !deptErr, () =>
      noticeSave({ id: id ?? undefined, title: title.trim(), content, audience, deptId: audience === 'dept' ? deptId : '', state: publish ? 1 : 0 }),
    );

  return (
    <EditorModal open={props.open} title={id ? f('bo.notice.edit') : f('bo.notice.add')} width={720} onClose={props.onClose} onSave={save} saving={saving}>
      {loading ? (
        <Spin />
      ) : (
        <Form layout="vertical">
          <Form.Item label={f('bo.notice.title')} htmlFor="notice-title" required {...err(titleErr)}>
            <Input id="notice-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </Form.Item>
          <Form.Item label={f('bo.notice.content')} required {...err(contentErr)}>
            <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 8px', minHeight: 120 }}>
              <RichText
                html={content}
                labels={labels}
                label={f('bo.notice.content')}
                testid="notice-content"
                onChange={(h, t) => {
                  setContent(h);
                  setText(t);
                }}
              />
            </div>
          </Form.Item>
          <Form.Item label={f('bo.notice.audience')}>
            <Radio.Group value={audience} onChange={(e) => setAudience(e.target.value)} aria-label={f('bo.notice.audience')}>
              <Radio value="all">{f('bo.notice.all')}</Radio>
              <Radio value="dept" data-testid="notice-to-dept">
                {f('bo.notice.dept')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          {audience === 'dept' && (
            <Form.Item label={f('bo.notice.deptLabel')} htmlFor="notice-dept" required {...err(deptErr)}>
              <TreeSelect id="notice-dept" treeData={depts} value={deptId} onChange={setDeptId} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={f('bo.notice.deptPh')} />
            </Form.Item>
          )}
          <Form.Item label={f('bo.notice.publish')} htmlFor="notice-publish">
            <Switch id="notice-publish" checked={publish} onChange={setPublish} checkedChildren={f('bo.notice.published')} unCheckedChildren={f('bo.notice.draft')} />
          </Form.Item>
          <Alert type="info" showIcon message={f('bo.notice.sanitised')} />
        </Form>
      )}
    </EditorModal>
  );
}

/** system/notice: notices to all users or to one department (and its sub-departments). */
const Notices: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const columns: ProColumns<Notice>[] = [
    { title: f('bo.notice.title'), dataIndex: 'title' },
    { title: f('bo.notice.audience'), dataIndex: 'audience', search: false, render: (_, r) => (r.audience === 'dept' ? r.deptName || r.deptId : f('bo.notice.all')) },
    {
      title: f('bo.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: { 1: { text: f('bo.notice.published') }, 0: { text: f('bo.notice.draft') } },
      render: (_, r) => <Tag color={r.state === 1 ? 'green' : 'default'}>{f(r.state === 1 ? 'bo.notice.published' : 'bo.notice.draft')}</Tag>,
    },
    { title: f('bo.notice.publishTime'), dataIndex: 'publishTime', search: false, render: (_, r) => (r.publishTime ? formatDateTime(r.publishTime) : '—') },
    { title: f('bo.notice.readCount'), dataIndex: 'readCount', search: false },
  ];
  return (
    <ListWithEditor<Notice>
      intro={f('bo.notice.intro')}
      columns={columns}
      list={noticeAdminList}
      filters={['title', 'state']}
      empty={f('bo.notice.empty')}
      addLabel={f('bo.notice.add')}
      addTestId="notice-add"
      deleteConfirm={(r) => f('bo.notice.deleteConfirm', { name: r.title })}
      remove={noticeDelete}
      Editor={NoticeForm}
    />
  );
};

export default Notices;
