// Content languages of a survey (issue 16): add a language from the 63 codes by hand or by AI
// translation (progress, cancel, "Generation failed" with the reason), edit its texts beside
// the originals (outdated ones marked), export and import translation files with a preview,
// publish the draft to respondents, delete.
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Input, Modal, Progress, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import DesignShell, { useDesignCtx } from '../../components/design/DesignShell';
import {
  aiAdd,
  aiCancel,
  aiStatus,
  exportFile,
  importFile,
  langAdd,
  langCodes,
  langDelete,
  langEdit,
  langList,
  langPublish,
  type AuthorLanguage,
  type Editor,
  type ImportResult,
  type Job,
  type LangCode,
} from '../../services/language';
import { download } from '../../utils/download';
import { toast } from '../../utils/toast';
import { formatDateTime } from '../../utils/format';

const plain = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');

const Languages: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { surveyId } = useDesignCtx();
  const [codes, setCodes] = useState<LangCode[]>([]);
  const [list, setList] = useState<AuthorLanguage[]>();
  const [code, setCode] = useState<string>();
  const [job, setJob] = useState<Job>();
  const [editor, setEditor] = useState<Editor>();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<{ file: File; code: string; res: ImportResult }>();
  const timer = useRef<number>();

  const load = useCallback(() => {
    langList(surveyId)
      .then((r) => setList(r.data ?? []))
      .catch(() => setList([]));
  }, [surveyId]);
  useEffect(load, [load]);
  useEffect(() => {
    langCodes().then((r) => setCodes(r.data ?? []));
    return () => window.clearTimeout(timer.current);
  }, []);

  const open = useCallback(
    (lc: string) => {
      langEdit(surveyId, lc).then((r) => {
        setEditor(r.data);
        setEdits({});
      });
    },
    [surveyId],
  );

  const poll = useCallback(
    (lc: string) => {
      aiStatus(surveyId, lc)
        .then((r) => {
          const j = r.data;
          setJob(j);
          if (j.state === 'queued' || j.state === 'running') {
            timer.current = window.setTimeout(() => poll(lc), 1000);
          } else {
            load();
            if (j.state === 'done') open(lc);
          }
        })
        .catch(() => undefined);
    },
    [surveyId, load, open],
  );

  const name = (lc: string) => codes.find((c) => c.Code === lc)?.Name ?? lc;
  const key = (r: { type: string; code: string }) => `${r.type}\u0000${r.code}`;

  const saveDraft = async () => {
    if (!editor) return;
    const items = editor.rows
      .map((r) => ({ lanCode: r.code, lanType: r.type, lanValue: edits[key(r)] ?? r.translated }))
      .filter((i) => i.lanValue.trim() !== '');
    await langAdd({ surveyId, languageCode: editor.languageCode, languageName: editor.languageName, languageJsonScript: JSON.stringify(items), draft: true });
    toast.success(f('common.saved'));
    load();
    open(editor.languageCode);
  };

  const running = job && (job.state === 'queued' || job.state === 'running');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={f('lg.title')}>
        <Space wrap>
          <Select
            showSearch
            aria-label={f('lg.pick')}
            data-testid="lg-code"
            placeholder={f('lg.pick')}
            style={{ width: 240 }}
            value={code}
            onChange={setCode}
            optionFilterProp="label"
            options={codes.map((c) => ({ value: c.Code, label: `${c.Name} (${c.Code})` }))}
          />
          <Button
            data-testid="lg-add"
            disabled={!code}
            onClick={async () => {
              await langAdd({ surveyId, languageCode: code!, languageName: name(code!), languageJsonScript: '[]', draft: true });
              load();
              open(code!);
            }}
          >
            {f('lg.addByHand')}
          </Button>
          <Button
            type="primary"
            data-testid="lg-ai"
            disabled={!code || running}
            onClick={async () => {
              try {
                const r = await aiAdd(surveyId, code!, name(code!));
                setJob(r.data);
                poll(code!);
              } catch {
                // shown by the request layer
              }
            }}
          >
            {f('lg.ai')}
          </Button>
        </Space>
        {job ? (
          <div style={{ marginTop: 12 }} data-testid="lg-job" data-state={job.state}>
            {running ? (
              <Space>
                <Progress percent={job.percent} style={{ width: 240 }} aria-label={f('lg.progress', { code: job.languageCode })} />
                <Button data-testid="lg-ai-cancel" onClick={() => aiCancel(job.id).then((r) => setJob(r.data))}>
                  {f('common.cancel')}
                </Button>
              </Space>
            ) : job.state === 'done' ? (
              <Alert
                type={job.untranslated.length ? 'warning' : 'success'}
                message={job.untranslated.length ? f('lg.doneSome', { n: job.untranslated.length }) : f('lg.done')}
                description={job.untranslated.length ? job.untranslated.map((u) => `${u.lanType} ${u.lanCode}: ${u.reason}`).join('; ') : undefined}
              />
            ) : (
              <Alert type="error" role="alert" message={job.state === 'cancelled' ? f('lg.cancelled') : job.message || f('lg.failed')} />
            )}
          </div>
        ) : null}
      </Card>
      <Card size="small">
        <Table
          rowKey="languageCode"
          size="small"
          loading={!list}
          dataSource={list ?? []}
          pagination={false}
          locale={{ emptyText: f('lg.empty') }}
          columns={[
            { title: f('lg.col.language'), render: (_, r) => `${r.languageName} (${r.languageCode})` },
            {
              title: f('lg.col.state'),
              render: (_, r) => (
                <Space size={4}>
                  <Tag color={r.draft ? 'default' : 'green'}>{f(r.draft ? 'lg.st.draft' : 'lg.st.published')}</Tag>
                  {r.hasDraft && !r.draft ? <Tag color="orange">{f('lg.st.changes')}</Tag> : null}
                </Space>
              ),
            },
            { title: f('lg.col.updated'), dataIndex: 'updateDate', render: (v: unknown) => formatDateTime(v) },
            {
              title: f('common.actions'),
              render: (_, r) => (
                <Space wrap size={4}>
                  <Button size="small" data-testid={`lg-edit-${r.languageCode}`} onClick={() => open(r.languageCode)}>
                    {f('common.edit')}
                  </Button>
                  <Button
                    size="small"
                    data-testid={`lg-publish-${r.languageCode}`}
                    disabled={!r.draft && !r.hasDraft}
                    onClick={async () => {
                      await langPublish(surveyId, r.languageCode);
                      toast.success(f('lg.published'));
                      load();
                    }}
                  >
                    {f('lg.publish')}
                  </Button>
                  <Button
                    size="small"
                    data-testid={`lg-export-${r.languageCode}`}
                    onClick={async () => download(await exportFile(surveyId, r.languageCode), `translation-${r.languageCode}.xlsx`)}
                  >
                    {f('lg.export')}
                  </Button>
                  <Upload
                    accept=".xlsx"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      importFile(surveyId, r.languageCode, file, false, false)
                        .then((res) => setPreview({ file, code: r.languageCode, res: res.data }))
                        .catch(() => undefined);
                      return false;
                    }}
                  >
                    <Button size="small" data-testid={`lg-import-${r.languageCode}`}>
                      {f('lg.import')}
                    </Button>
                  </Upload>
                  <ConfirmDelete title={f('lg.deleteConfirm', { name: r.languageName })} onDelete={() => langDelete(surveyId, r.languageCode)} onDone={load} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editor ? (
        <Card
          size="small"
          data-testid="lg-editor"
          title={f('lg.editing', { name: `${editor.languageName} (${editor.languageCode})` })}
          extra={
            <Space>
              {editor.outdated ? <Tag color="orange">{f('lg.outdatedN', { n: editor.outdated })}</Tag> : null}
              <Button type="primary" data-testid="lg-save" onClick={saveDraft}>
                {f('lg.saveDraft')}
              </Button>
            </Space>
          }
        >
          <Table
            rowKey={(r) => key(r)}
            size="small"
            dataSource={editor.rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            columns={[
              { title: f('lg.col.type'), dataIndex: 'type', width: 110, render: (v) => f(`lg.type.${v}`) },
              { title: f('lg.col.original'), dataIndex: 'original', render: (v: string) => <Typography.Text>{plain(v)}</Typography.Text> },
              {
                title: f('lg.col.translated'),
                render: (_, r) => (
                  <Space direction="vertical" style={{ width: '100%' }} size={2}>
                    <Input.TextArea
                      autoSize={{ minRows: 1, maxRows: 6 }}
                      aria-label={f('lg.translationOf', { text: plain(r.original).slice(0, 60) })}
                      data-testid={`lg-text-${r.type}-${r.code}`}
                      value={edits[key(r)] ?? r.translated}
                      onChange={(e) => setEdits({ ...edits, [key(r)]: e.target.value })}
                    />
                    {r.outdated ? <Tag color="orange">{f('lg.outdated')}</Tag> : null}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      ) : null}
      <Modal
        open={!!preview}
        title={f('lg.previewTitle')}
        okText={f('lg.apply')}
        okButtonProps={{ 'data-testid': 'lg-import-apply' } as any}
        onCancel={() => setPreview(undefined)}
        onOk={async () => {
          if (!preview) return;
          try {
            await importFile(surveyId, preview.code, preview.file, true, preview.res.unknown.length > 0);
            toast.success(f('lg.imported'));
            setPreview(undefined);
            load();
            open(preview.code);
          } catch {
            // shown by the request layer
          }
        }}
      >
        {preview ? (
          <div data-testid="lg-preview">
            <p>{f('lg.previewCounts', { changed: preview.res.changed.length, unchanged: preview.res.unchanged, unknown: preview.res.unknown.length })}</p>
            {preview.res.changed.slice(0, 20).map((r) => (
              <p key={r.line} style={{ margin: 0 }}>
                {f('lg.previewRow', { line: r.line, code: r.code })}: {plain(r.before ?? '')} → {plain(r.after ?? '')}
              </p>
            ))}
            {preview.res.unknown.length ? <Alert type="warning" style={{ marginTop: 8 }} message={f('lg.previewUnknown', { codes: preview.res.unknown.map((u) => `${u.line}: ${u.code}`).join(', ') })} /> : null}
          </div>
        ) : null}
      </Modal>
    </Space>
  );
};

export default function LanguagePage() {
  return (
    <DesignShell tab="language">
      <Languages />
    </DesignShell>
  );
}
