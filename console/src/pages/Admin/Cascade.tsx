import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Form, Input, List, Modal, Space, Spin, Switch, Tag, Tree, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import React, { useMemo, useRef, useState } from 'react';
import { addChild, keyOf, measure, nodeAt, pathOf, remove, rename, treeProblems } from '../../components/backoffice/cascadeTree';
import ConfirmDelete from '../../components/ConfirmDelete';
import {
  cascadeDelete,
  cascadeImport,
  cascadeInfo,
  cascadeList,
  cascadeSave,
  cascadeState,
  cascadeTemplateUrl,
  type CascadeNode,
  type CascadeSource,
  type ImportResult,
} from '../../services/backoffice';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const MAX_INPUTS = 3;

type TreeData = { key: string; title: string; children?: TreeData[] };
const toTreeData = (nodes: CascadeNode[], base: number[] = []): TreeData[] =>
  nodes.map((n, i) => ({ key: keyOf([...base, i]), title: n.label || '—', children: n.children?.length ? toTreeData(n.children, [...base, i]) : undefined }));

/** The add/edit dialog: the name and a tree editor (add a root or child item, rename, remove). */
function Editor(props: { source: CascadeSource | null; open: boolean; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [name, setName] = useState('');
  const [nodes, setNodes] = useState<CascadeNode[]>([]);
  const [sel, setSel] = useState<string>('');
  const [label, setLabel] = useState('');
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);

  const id = props.source?.id ?? 'new';
  if (props.open && loadedFor !== id) {
    setLoadedFor(id);
    setName(props.source?.cascadeName ?? '');
    setNodes([]);
    setSel('');
    setLabel('');
    setTouched(false);
    if (props.source) {
      setLoading(true);
      cascadeInfo(props.source.id)
        .then((r) => setNodes(r.data?.jsonData ?? []))
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }
  }
  if (!props.open && loadedFor !== null) setLoadedFor(null);

  const nameErr = !name.trim() ? f('bo.cascade.nameRequired') : [...name.trim()].length >= 32 ? f('bo.cascade.nameLength') : '';
  const problems = treeProblems(nodes);
  const m = measure(nodes);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const selPath = sel ? pathOf(sel) : [];
  const selNode = sel ? nodeAt(nodes, selPath) : undefined;
  const labelErr = label.trim() === '' ? '' : [...label.trim()].length > 64 ? f('bo.cascade.labelLength') : '';

  const save = async () => {
    setTouched(true);
    if (nameErr || problems.length || !nodes.length) return;
    setSaving(true);
    try {
      await cascadeSave({ id: props.source?.id, cascadeName: name.trim(), countLevel: m.levels, jsonData: nodes });
      toast.success(f('common.saved'));
      props.onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.source ? f('bo.cascade.edit') : f('bo.cascade.add')}
      width={720}
      onCancel={() => props.onClose(false)}
      onOk={save}
      okText={f('common.save')}
      confirmLoading={saving}
      destroyOnClose
    >
      <Form layout="vertical">
        <Form.Item label={f('bo.cascade.name')} htmlFor="cascade-name" required validateStatus={touched && nameErr ? 'error' : ''} help={touched && nameErr ? nameErr : undefined}>
          <Input id="cascade-name" value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{f('bo.cascade.treeSummary', { levels: m.levels, count: m.count })}</Typography.Text>
      {loading ? (
        <Spin />
      ) : (
        <div style={{ display: 'flex', gap: 16, marginTop: 8 }}>
          <div style={{ flex: 1, border: '1px solid #d9d9d9', borderRadius: 6, padding: 8, minHeight: 200 }}>
            {nodes.length ? (
              <Tree
                treeData={treeData}
                height={320}
                selectedKeys={sel ? [sel] : []}
                onSelect={(k) => {
                  const key = String(k[0] ?? '');
                  setSel(key);
                  setLabel(key ? nodeAt(nodes, pathOf(key))?.label ?? '' : '');
                }}
                aria-label={f('bo.cascade.tree')}
                data-testid="cascade-tree"
              />
            ) : (
              <Typography.Text type="secondary">{f('bo.cascade.treeEmpty')}</Typography.Text>
            )}
          </div>
          <div style={{ width: 260 }}>
            <Form layout="vertical">
              <Form.Item label={f('bo.cascade.itemLabel')} htmlFor="cascade-label" validateStatus={labelErr ? 'error' : ''} help={labelErr || undefined}>
                <Input id="cascade-label" value={label} onChange={(e) => setLabel(e.target.value)} />
              </Form.Item>
            </Form>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Button block disabled={!label.trim() || !!labelErr} onClick={() => setNodes(addChild(nodes, [], label.trim()))} data-testid="cascade-add-root">
                {f('bo.cascade.addRoot')}
              </Button>
              <Button block disabled={!selNode || !label.trim() || !!labelErr} onClick={() => setNodes(addChild(nodes, selPath, label.trim()))} data-testid="cascade-add-child">
                {f('bo.cascade.addChild', { name: selNode?.label ?? '' })}
              </Button>
              <Button block disabled={!selNode || !label.trim() || !!labelErr} onClick={() => setNodes(rename(nodes, selPath, label.trim()))}>
                {f('bo.cascade.rename')}
              </Button>
              <Button
                block
                danger
                disabled={!selNode}
                onClick={() => {
                  setNodes(remove(nodes, selPath));
                  setSel('');
                }}
              >
                {f('bo.cascade.removeItem')}
              </Button>
            </Space>
          </div>
        </div>
      )}
      {touched && !nodes.length && <Alert type="error" showIcon style={{ marginTop: 8 }} message={f('bo.cascade.treeRequired')} />}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          message={f('bo.cascade.treeProblems')}
          description={problems.slice(0, 5).map((p) => (
            <div key={keyOf(p.path)}>{f(`bo.cascade.problem.${p.kind}`, { name: nodeAt(nodes, p.path.slice(0, -1))?.label ?? f('bo.cascade.top') })}</div>
          ))}
        />
      )}
    </Modal>
  );
}

/** The import dialog: up to 3 Excel/JSON files and JSON URLs, a parse preview, then import. */
function Importer(props: { open: boolean; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [urls, setUrls] = useState<string[]>(['']);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState('');
  const urlList = urls.map((u) => u.trim()).filter(Boolean);
  const total = files.length + urlList.length;
  const badUrl = urlList.find((u) => !/^https?:\/\//i.test(u));

  const run = async (preview: boolean) => {
    setErr('');
    if (total === 0) return setErr(f('bo.cascade.noInput'));
    if (total > MAX_INPUTS) return setErr(f('bo.cascade.tooMany'));
    if (badUrl) return setErr(f('bo.cascade.badUrl'));
    setBusy(true);
    try {
      const res = await cascadeImport(files.map((x) => x.originFileObj as File), urlList, preview);
      setResult(res.data);
      if (!preview && res.data?.saved) {
        toast.success(f('bo.cascade.imported', { n: res.data.items.length }));
        props.onClose(true);
      }
    } catch (e: any) {
      // the request layer toasts it too; kept here next to the inputs
      setErr(e?.name === 'BizError' ? e.message : '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={f('bo.cascade.import')}
      width={680}
      onCancel={() => props.onClose(false)}
      destroyOnClose
      afterClose={() => {
        setFiles([]);
        setUrls(['']);
        setResult(null);
        setErr('');
      }}
      footer={[
        <Button key="c" onClick={() => props.onClose(false)}>
          {f('common.cancel')}
        </Button>,
        <Button key="p" onClick={() => run(true)} loading={busy} data-testid="cascade-preview">
          {f('bo.cascade.preview')}
        </Button>,
        <Button key="i" type="primary" onClick={() => run(false)} loading={busy} data-testid="cascade-import-go">
          {f('bo.cascade.importGo')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {f('bo.cascade.importHint')}{' '}
        <a href={cascadeTemplateUrl} download style={{ textDecoration: 'underline' }}>
          <DownloadOutlined /> {f('bo.cascade.templateLink')}
        </a>
      </Typography.Paragraph>
      <Upload
        multiple
        accept=".xlsx,.json"
        fileList={files}
        beforeUpload={() => false}
        onChange={(i) => {
          setFiles(i.fileList);
          setResult(null);
        }}
      >
        <Button icon={<ImportOutlined />} data-testid="cascade-files">
          {f('bo.cascade.chooseFiles')}
        </Button>
      </Upload>
      <div style={{ marginTop: 12 }}>
        {urls.map((u, i) => (
          <Input
            key={i}
            style={{ marginBottom: 6 }}
            aria-label={f('bo.cascade.urlN', { n: i + 1 })}
            placeholder="https://example.com/regions.json"
            value={u}
            data-testid={`cascade-url-${i}`}
            onChange={(e) => {
              setUrls(urls.map((x, j) => (j === i ? e.target.value : x)));
              setResult(null);
            }}
          />
        ))}
        {urls.length < MAX_INPUTS && (
          <Button size="small" onClick={() => setUrls([...urls, ''])}>
            {f('bo.cascade.addUrl')}
          </Button>
        )}
      </div>
      <Typography.Text type={total > MAX_INPUTS ? 'danger' : 'secondary'} style={{ display: 'block', marginTop: 8 }}>
        {f('bo.cascade.inputCount', { n: total, max: MAX_INPUTS })}
      </Typography.Text>
      {err && <Alert type="error" showIcon role="alert" style={{ marginTop: 8 }} message={err} data-testid="cascade-import-error" />}
      {result && (
        <List
          style={{ marginTop: 8 }}
          size="small"
          bordered
          data-testid="cascade-import-result"
          dataSource={result.items}
          renderItem={(it) => (
            <List.Item>
              <div>
                <Space>
                  <Tag color={it.ok ? 'green' : 'red'}>{it.ok ? f('bo.cascade.parsed') : f('bo.cascade.failed')}</Tag>
                  <strong>{it.source}</strong>
                </Space>
                {it.ok ? (
                  <div>
                    {f('bo.cascade.treeSummary', { levels: it.countLevel ?? 0, count: it.nodeCount ?? 0 })}
                    {it.sample?.length ? ` · ${it.sample.slice(0, 5).map((n) => n.label).join(', ')}` : ''}
                  </div>
                ) : (
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {(it.errors ?? []).map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

/** resource/cascade: cascade data sources of the installation (system) and of every author. */
const Cascade: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const ref = useRef<ActionType>();
  const [editing, setEditing] = useState<CascadeSource | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const open = (s: CascadeSource | null) => {
    setEditing(s);
    setEditorOpen(true);
  };

  const columns: ProColumns<CascadeSource>[] = [
    { title: f('bo.cascade.name'), dataIndex: 'cascadeName', render: (_, r) => (r.builtin ? <Space>{r.cascadeName}<Tag>{f('bo.cascade.builtin')}</Tag></Space> : r.cascadeName) },
    {
      title: f('bo.cascade.scope'),
      dataIndex: 'scope',
      valueType: 'select',
      valueEnum: { system: { text: f('bo.cascade.scope.system') }, user: { text: f('bo.cascade.scope.user') }, private: { text: f('bo.cascade.scope.private') } },
      render: (_, r) => f(`bo.cascade.scope.${r.scope}`),
    },
    { title: f('bo.cascade.levels'), dataIndex: 'countLevel', search: false },
    { title: f('bo.cascade.nodes'), dataIndex: 'nodeCount', search: false },
    { title: f('bo.cascade.owner'), dataIndex: 'userName', search: false },
    { title: f('bo.cascade.languages'), dataIndex: 'languageCode', search: false, render: (_, r) => [r.languageCode, ...(r.languages ?? []).map((l) => l.languageCode)].filter(Boolean).join(', ') || '—' },
    {
      title: f('bo.state'),
      dataIndex: 'dataState',
      valueType: 'select',
      valueEnum: { 1: { text: f('bo.enabled') }, 0: { text: f('bo.disabled') } },
      render: (_, r) => (
        <Switch
          checked={r.dataState === 1}
          disabled={!r.editable}
          aria-label={f('bo.enableNamed', { name: r.cascadeName })}
          checkedChildren={f('bo.enabled')}
          unCheckedChildren={f('bo.disabled')}
          onChange={async (on) => {
            try {
              await cascadeState(r.id, on ? 1 : 0);
              toast.success(f('common.saved'));
              ref.current?.reload();
            } catch {
              // shown by the request layer
            }
          }}
        />
      ),
    },
    { title: f('bo.updated'), dataIndex: 'updateDate', search: false, renderText: (v: unknown) => formatDateTime(v) },
    {
      title: f('common.actions'),
      valueType: 'option',
      render: (_, r) =>
        r.editable
          ? [
              <a key="edit" role="button" tabIndex={0} onClick={() => open(r)} onKeyDown={(e) => e.key === 'Enter' && open(r)}>
                {f('common.edit')}
              </a>,
              <ConfirmDelete key="del" title={f('bo.cascade.deleteConfirm', { name: r.cascadeName })} onDelete={() => cascadeDelete([r.id])} onDone={() => ref.current?.reload()} />,
            ]
          : [],
    },
  ];

  return (
    <PageContainer content={f('bo.cascade.intro')}>
      <ProTable<CascadeSource>
        rowKey="id"
        actionRef={ref}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: f('bo.cascade.empty') }}
        request={async (p) => {
          const { current, pageSize, cascadeName, scope, dataState } = p as any;
          const res = await cascadeList({ current, pageSize, cascadeName, scope, dataState });
          return { data: res?.data ?? [], total: res?.total ?? 0, success: true };
        }}
        toolBarRender={() => [
          <Button key="import" icon={<ImportOutlined />} data-testid="cascade-import" onClick={() => setImportOpen(true)}>
            {f('bo.cascade.import')}
          </Button>,
          <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="cascade-add" onClick={() => open(null)}>
            {f('bo.cascade.add')}
          </Button>,
        ]}
      />
      <Editor
        source={editing}
        open={editorOpen}
        onClose={(saved) => {
          setEditorOpen(false);
          if (saved) ref.current?.reload();
        }}
      />
      <Importer
        open={importOpen}
        onClose={(saved) => {
          setImportOpen(false);
          if (saved) ref.current?.reload();
        }}
      />
    </PageContainer>
  );
};

export default Cascade;
