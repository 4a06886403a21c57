// Export of the raw-data page: the answers matching the page's filters to XLSX, CSV or SPSS
// .sav (optionally a ZIP with the uploaded files), run by the export workflow; the dialog
// follows its progress (queue position, rows done / total), downloads the file when it is
// ready and can cancel it. "Past exports" lists the user's exports of the survey.
import { DownloadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Drawer, Form, Input, Modal, Popconfirm, Progress, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import {
  cancelExport,
  downloadExport,
  ExportDownloadError,
  exportActive,
  exportInfo,
  exportList,
  fmtSize,
  printTemplates,
  startExport,
  type PrintTemplate,
  type ExportFormat,
  type ExportView,
} from '../../services/exports';
import type { DataFilter } from '../../services/resultsData';
import { download } from '../../utils/download';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import { formatDateTime, formatNumber } from '../../utils/format';

type F = (id: string, v?: Record<string, any>) => string;

// solid tags with white text (contrast ≥ 4.5:1, WCAG AA)
const STATE_COLOR: Record<string, string> = { queued: '#595959', running: '#0958d9', done: '#237804', failed: '#a8071a', cancelled: '#874d00', expired: '#595959' };

/** Downloads a finished export; a JSON answer in place of the file shows the spec's message. */
async function save(v: ExportView, f: F) {
  try {
    download(await downloadExport(v.id), v.fileName);
  } catch (e) {
    toast.error(e instanceof ExportDownloadError && e.serverMsg ? `${f('ex.downloadFailed')}: ${e.serverMsg}` : f('ex.downloadFailed'));
  }
}

const StateTag: React.FC<{ v: ExportView; f: F }> = ({ v, f }) => (
  <Tag color={STATE_COLOR[v.state]} data-testid="export-state" data-state={v.state}>
    {f(`ex.state.${v.state}`)}
  </Tag>
);

/** The progress of one export: queue position, phase and rows. */
const ExportProgress: React.FC<{ v: ExportView; f: F }> = ({ v, f }) => {
  const status = v.state === 'failed' ? 'exception' : v.state === 'done' ? 'success' : v.state === 'cancelled' ? 'normal' : 'active';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <StateTag v={v} f={f} />
        {v.state === 'queued' && <span data-testid="export-queue">{f('ex.queue', { n: v.queuePosition })}</span>}
        {v.state === 'running' && v.phase && <span>{f(`ex.phase.${v.phase}`)}</span>}
      </Space>
      <Progress
        percent={v.percent}
        status={status}
        data-testid="export-progress"
        data-percent={v.percent}
        aria-label={f('ex.progressLabel')}
        aria-valuenow={v.percent}
        aria-valuemin={0}
        aria-valuemax={100}
      />
      <span data-testid="export-rows" aria-live="polite">
        {v.rowsTotal > 0 || v.rowsDone === 0
          ? f('ex.rows', { done: formatNumber(v.rowsDone), total: formatNumber(v.rowsTotal) })
          : f('ex.rowsSoFar', { done: formatNumber(v.rowsDone) })}
      </span>
      {v.state === 'failed' && <Alert type="error" showIcon message={v.error || f('ex.failed')} data-testid="export-error" />}
    </Space>
  );
};

/** Polls an export every second while it runs. */
function usePolled(id: string | null, onDone?: (v: ExportView) => void) {
  const [v, setV] = useState<ExportView | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!id) {
      setV(null);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () =>
      exportInfo(id)
        .then((r) => {
          if (!live) return;
          setV(r.data);
          if (exportActive(r.data.state)) timer = setTimeout(tick, 1000);
          else done.current?.(r.data);
        })
        .catch(() => live && (timer = setTimeout(tick, 3000)));
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  return [v, setV] as const;
}

type ExportForm = { format: ExportFormat; withFiles: boolean; codes: boolean; bom: boolean; chartType: string; header: string; showScore: boolean; templateId?: string; crossCol?: string; crossRows?: string[] };

/** A choice question that cross tables can take (d/cross: radio and checkbox questions). */
export type CrossChoice = { quDwId: string; title: string };

export const ExportDialog: React.FC<{
  surveyId: string;
  filter: DataFilter;
  filtered: boolean;
  open: boolean;
  onClose: () => void;
  f: F;
  onStarted: () => void;
  crossChoices?: CrossChoice[];
}> = ({
  surveyId,
  crossChoices = [],
  filter,
  filtered,
  open,
  onClose,
  f,
  onStarted,
}) => {
  const intl = useIntl();
  const [form] = Form.useForm<ExportForm>();
  const format = Form.useWatch('format', form) ?? 'xlsx';
  const [starting, setStarting] = useState(false);
  const [err, setErr] = useState('');
  const [id, setId] = useState<string | null>(null);
  const [v, setV] = usePolled(id, (d) => {
    if (d.state === 'done') save(d, f);
    onStarted();
  });
  const templateId = Form.useWatch('templateId', form);
  const [templates, setTemplates] = useState<PrintTemplate[]>([]);
  useEffect(() => {
    if (!open || format !== 'pdf') return;
    let live = true;
    printTemplates(surveyId)
      .then((r) => {
        if (!live) return;
        const list = r.data ?? [];
        setTemplates(list);
        const def = list.find((t) => t.isDefault);
        if (def && form.getFieldValue('templateId') === undefined) form.setFieldValue('templateId', def.id);
      })
      .catch(() => live && setTemplates([]));
    return () => {
      live = false;
    };
  }, [open, format, surveyId, form]);
  useEffect(() => {
    if (!open) {
      setId(null);
      setErr('');
    }
  }, [open]);

  const start = async () => {
    const o = await form.validateFields();
    setStarting(true);
    setErr('');
    try {
      const r = await startExport(surveyId, filter, {
        format: o.format,
        withFiles: !!o.withFiles,
        valueMode: o.codes || o.format === 'sav' ? 'code' : 'text',
        bom: o.format === 'csv' && !!o.bom,
        lang: intl.locale?.startsWith('zh') ? 'zh' : 'en',
        chartType: o.chartType,
        header: o.header?.trim() || undefined,
        showScore: !!o.showScore,
        templateId: o.format === 'pdf' ? o.templateId || undefined : undefined,
        colQuDwId: o.crossCol,
        rowQuDwIds: o.crossRows,
      });
      setV(r.data);
      setId(r.data.id);
      onStarted();
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setStarting(false);
    }
  };
  const cancel = async () => {
    if (!v) return;
    try {
      const r = await cancelExport(v.id);
      setV(r.data);
      onStarted();
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const running = !!v && exportActive(v.state);
  return (
    <Modal
      open={open}
      title={f('ex.title')}
      onCancel={onClose}
      destroyOnClose
      maskClosable={!running}
      footer={
        v ? (
          <Space>
            {running && (
              <Popconfirm title={f('ex.cancelConfirm')} onConfirm={cancel} okButtonProps={{ danger: true, 'data-testid': 'export-cancel-ok' } as any}>
                <Button danger data-testid="export-cancel">
                  {f('ex.cancel')}
                </Button>
              </Popconfirm>
            )}
            {v.state === 'done' && (
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => save(v, f)} data-testid="export-download">
                {f('ex.download')}
              </Button>
            )}
            <Button onClick={onClose} data-testid="export-close">{f('ex.close')}</Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose} data-testid="export-close">{f('ex.close')}</Button>
            <Button type="primary" loading={starting} onClick={start} data-testid="export-start">
              {f('ex.start')}
            </Button>
          </Space>
        )
      }
    >
      {v ? (
        <div data-testid="export-dialog-progress">
          <Typography.Paragraph>{v.fileName}</Typography.Paragraph>
          <ExportProgress v={v} f={f} />
        </div>
      ) : (
        <Form<ExportForm> form={form} layout="vertical" initialValues={{ format: 'xlsx', withFiles: false, codes: false, bom: true, chartType: 'column', header: '', showScore: true }}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={f(format === 'report' ? 'ex.reportScope' : filtered ? 'ex.filtered' : 'ex.all')}
            data-testid="export-scope"
          />
          <Form.Item name="format" label={f('ex.format')}>
            <Radio.Group data-testid="export-format" aria-label={f('ex.format')}>
              <Radio value="xlsx">{f('ex.format.xlsx')}</Radio>
              <Radio value="csv">{f('ex.format.csv')}</Radio>
              <Radio value="sav">{f('ex.format.sav')}</Radio>
              <Radio value="pdf">{f('ex.format.pdf')}</Radio>
              <Radio value="report">{f('ex.format.report')}</Radio>
            </Radio.Group>
          </Form.Item>
          {format === 'report' && (
            <Form.Item name="chartType" label={f('ex.chartType')}>
              <Select
                data-testid="export-chart"
                aria-label={f('ex.chartType')}
                options={['column', 'bar', 'line', 'pie'].map((v) => ({ value: v, label: f(`ex.chart.${v}`) }))}
                style={{ maxWidth: 240 }}
              />
            </Form.Item>
          )}
          {format === 'report' && crossChoices.length > 1 && (
            <>
              <Form.Item name="crossCol" label={f('ex.crossCol')} extra={f('ex.crossHelp')}>
                <Select allowClear data-testid="export-cross-col" aria-label={f('ex.crossCol')} options={crossChoices.map((c) => ({ value: c.quDwId, label: c.title }))} />
              </Form.Item>
              <Form.Item
                name="crossRows"
                label={f('ex.crossRows')}
                dependencies={['crossCol']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v?: string[]) => {
                      if (getFieldValue('crossCol') && !v?.length) return Promise.reject(new Error(f('ex.crossRowsNeeded')));
                      if ((v?.length ?? 0) > 10) return Promise.reject(new Error(f('ex.crossRowsMax')));
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <Select mode="multiple" allowClear data-testid="export-cross-rows" aria-label={f('ex.crossRows')} options={crossChoices.map((c) => ({ value: c.quDwId, label: c.title }))} />
              </Form.Item>
            </>
          )}
          {format === 'pdf' && templates.length > 0 && (
            <Form.Item name="templateId" label={f('pt.templates')}>
              <Select
                allowClear
                aria-label={f('pt.templates')}
                placeholder={f('pt.none')}
                data-testid="export-template"
                options={templates.map((t) => ({ value: t.id, label: t.isDefault ? `${t.name} (${f('pt.default')})` : t.name }))}
              />
            </Form.Item>
          )}
          {format === 'pdf' && !templateId && (
            <>
              <Form.Item name="header" label={f('ex.header')} extra={f('ex.pdfHelp')} rules={[{ max: 200, message: f('ex.headerTooLong') }]}>
                <Input maxLength={200} allowClear data-testid="export-header" />
              </Form.Item>
              <Form.Item name="showScore" valuePropName="checked">
                <Checkbox data-testid="export-score">{f('ex.showScore')}</Checkbox>
              </Form.Item>
            </>
          )}
          {(format === 'xlsx' || format === 'csv') && (
            <Form.Item name="codes" valuePropName="checked" extra={f('ex.codesHelp')}>
              <Checkbox data-testid="export-codes">{f('ex.codes')}</Checkbox>
            </Form.Item>
          )}
          {format === 'csv' && (
            <Form.Item name="bom" valuePropName="checked" extra={f('ex.bomHelp')}>
              <Checkbox data-testid="export-bom">{f('ex.bom')}</Checkbox>
            </Form.Item>
          )}
          {(format === 'xlsx' || format === 'csv' || format === 'sav') && (
            <Form.Item name="withFiles" valuePropName="checked" extra={f('ex.withFilesHelp')}>
              <Checkbox data-testid="export-files">{f('ex.withFiles')}</Checkbox>
            </Form.Item>
          )}
          {err && <Alert type="error" showIcon message={err} data-testid="export-start-error" />}
        </Form>
      )}
    </Modal>
  );
};

/** The user's past exports of the survey (newest first), with download and cancel. */
export const ExportList: React.FC<{ surveyId: string; open: boolean; onClose: () => void; f: F; version: number }> = ({ surveyId, open, onClose, f, version }) => {
  const [paging, setPaging] = useState({ no: 1, size: 10 });
  const [rows, setRows] = useState<ExportView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const load = useCallback(() => setN((x) => x + 1), []);
  useEffect(() => {
    if (!open) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    setLoading(true);
    exportList(surveyId, paging.no, paging.size)
      .then((r) => {
        if (!live) return;
        const list = r.data.result ?? [];
        setRows(list);
        setTotal(r.data.totalItems);
        setErr('');
        if (list.some((x) => exportActive(x.state))) timer = setTimeout(load, 2000);
      })
      .catch((e) => live && setErr(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, surveyId, paging, n, version, load]);

  return (
    <Drawer open={open} onClose={onClose} width={Math.min(880, window.innerWidth)} title={f('ex.list')} destroyOnClose>
      {err && <Alert type="error" showIcon message={err} action={<Button size="small" onClick={load}>{f('rd.retry')}</Button>} />}
      <div data-testid="export-list">
        <Table<ExportView>
          rowKey="id"
          size="small"
          loading={loading && !rows.length}
          dataSource={rows}
          scroll={{ x: 760 }}
          locale={{ emptyText: <div data-testid="export-list-empty">{f('ex.listEmpty')}</div> }}
          pagination={{ current: paging.no, pageSize: paging.size, total, onChange: (no, size) => setPaging({ no, size }) }}
          columns={[
            { title: f('ex.col.time'), dataIndex: 'createTime', width: 160, render: (v: unknown) => formatDateTime(v) },
            { title: f('ex.col.format'), key: 'format', width: 110, render: (_, r) => (r.format === 'report' ? f('ex.format.report') : `${r.format.toUpperCase()}${r.withFiles ? ' + ZIP' : ''}`) },
            {
              title: f('ex.col.state'),
              key: 'state',
              width: 190,
              render: (_, r) =>
                exportActive(r.state) ? (
                  <Progress percent={r.percent} size="small" status="active" aria-label={f('ex.progressLabel')} />
                ) : (
                  <span title={r.error}>
                    <StateTag v={r} f={f} />
                  </span>
                ),
            },
            { title: f('ex.col.rows'), key: 'rows', align: 'right', render: (_, r) => formatNumber(r.rowsDone) },
            { title: f('ex.col.size'), key: 'size', align: 'right', render: (_, r) => (r.state === 'done' ? fmtSize(r.size) : '-') },
            { title: f('ex.col.expires'), dataIndex: 'expireTime', width: 160, render: (v, r) => (r.state === 'done' ? formatDateTime(v) : '-') },
            {
              title: f('common.actions'),
              key: 'actions',
              width: 110,
              render: (_, r) =>
                r.state === 'done' ? (
                  <Button type="link" size="small" onClick={() => save(r, f)} data-testid="export-list-download" aria-label={`${f('ex.download')} ${r.fileName}`}>
                    {f('ex.download')}
                  </Button>
                ) : exportActive(r.state) ? (
                  <Popconfirm
                    title={f('ex.cancelConfirm')}
                    onConfirm={() =>
                      cancelExport(r.id)
                        .then(load)
                        .catch((e) => toast.error(errorText(e)))
                    }
                    okButtonProps={{ danger: true }}
                  >
                    <Button type="link" size="small" danger>
                      {f('ex.cancel')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </div>
    </Drawer>
  );
};
