// d/data: raw data of a survey (list.do, Page shape, first 10,000 rows) with filters, detail,
// review, owner edits, print and (bulk) soft delete.
import { ExportOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Popconfirm, Result, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import ConfirmDelete from '../../components/ConfirmDelete';
import ReviewDialog from '../../components/review/ReviewDialog';
import { reviewQueue } from '../../services/review';
import { dataList, deleteAnswers, answerDoc, surveyReport, type DataRow, type Page as DataPage } from '../../services/resultsData';
import type { Survey } from '../../survey';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import DataDetail from './DataDetail';
import DataEdit from './DataEdit';
import { ExportDialog, ExportList } from './DataExport';
import { answerPdf } from '../../services/exports';
import { download } from '../../utils/download';
import DataFilters from './DataFilters';
import { deviceLabel, fmtDuration, isFiltered, PAGE_SIZES, region, rowState, STATE_COLOR, toFilter, valueChoices, withoutIds, type FilterForm, type ValueChoice } from './DataLogic';
import Shell, { resultPath, type ShellCtx } from './Shell';
import { namedRowSelection } from '../../utils/a11y';
import { formatDateTime } from '../../utils/format';

const MAX_ROWS = 10000;

const Body: React.FC<ShellCtx> = ({ info, f }) => {
  const intl = useIntl();
  const [form, setForm] = useState<FilterForm>({ state: 'all' });
  const filter = useMemo(() => toFilter(form), [form]);
  const [paging, setPaging] = useState({ no: 1, size: 20 });
  const [page, setPage] = useState<DataPage<DataRow> | null>(null);
  const [msg, setMsg] = useState('');
  const [loading, setLoading] = useState(true);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const reload = useCallback(() => setN((x) => x + 1), []);
  const [sel, setSel] = useState<string[]>([]);
  const [detail, setDetail] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const openDetail = (id: string, review: boolean) => {
    setReviewing(review);
    setDetail(id);
  };
  const [edit, setEdit] = useState<string | null>(null);
  // my review queue of this survey (review chains): how many wait for me, the oldest first
  const [mine, setMine] = useState<{ total: number; first?: string }>({ total: 0 });
  const [reviewOpen, setReviewOpen] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    reviewQueue(info.id, 1, 1)
      .then((r) => live && setMine({ total: r.data.totalItems, first: r.data.result?.[0]?.answerId }))
      .catch(() => live && setMine({ total: 0 }));
    return () => {
      live = false;
    };
  }, [info.id, n]);
  const [choices, setChoices] = useState<ValueChoice[]>([]);
  const [choicesLoading, setChoicesLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  const [exportsOpen, setExportsOpen] = useState(false);
  const [exportsVersion, setExportsVersion] = useState(0);

  // the survey document of each opened answer (the version it was given on), loaded once
  const docs = useRef(new Map<string, Promise<Survey>>());
  const loadDoc = useCallback((answerId: string) => {
    let p = docs.current.get(answerId);
    if (!p) {
      p = answerDoc(answerId);
      docs.current.set(answerId, p);
      p.catch(() => docs.current.delete(answerId));
    }
    return p;
  }, []);

  useEffect(() => {
    let live = true;
    surveyReport(info.id)
      .then((r) => live && setChoices(valueChoices(r.data)))
      .catch(() => live && setChoices([]))
      .finally(() => live && setChoicesLoading(false));
    return () => {
      live = false;
    };
  }, [info.id]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    dataList(info.id, paging.no, paging.size, filter)
      .then((r) => {
        if (!live) return;
        setPage(r.data);
        setMsg(r.resultMsg ?? '');
        setErr('');
        // past the last page after deletes: go back one page
        if (!r.data.result?.length && paging.no > 1 && r.data.totalItems > 0 && (paging.no - 1) * paging.size >= r.data.totalItems) {
          setPaging((p) => ({ ...p, no: Math.max(1, Math.ceil(Math.min(r.data.totalItems, MAX_ROWS) / p.size)) }));
        }
      })
      .catch((e) => live && setErr(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [info.id, paging, filter, n]);

  const remove = async (ids: string[]) => {
    try {
      const r = await deleteAnswers(info.id, ids);
      setSel((s) => withoutIds(s, ids));
      reload();
      return r;
    } catch (e) {
      toast.error(errorText(e));
      throw e;
    }
  };
  const removeSelected = async () => {
    try {
      const r = await remove(sel);
      toast.success(f('rd.deletedN', { n: r.data.deleted }));
    } catch {
      // shown by remove
    }
  };
  const pdf = (answerId: string) =>
    answerPdf(answerId, intl.locale?.startsWith('zh') ? 'zh' : 'en')
      .then((b) => download(b, `answer-${answerId}.pdf`))
      .catch(() => toast.error(f('ex.downloadFailed')));
  const print = (answerId: string) => window.open(`${resultPath('print', info.id)}?answerId=${encodeURIComponent(answerId)}`, '_blank', 'noopener');

  const columns: ColumnsType<DataRow> = [
    { title: f('rd.col.time'), dataIndex: 'endAnDate', width: 170, render: (v) => <span data-testid="row-time">{formatDateTime(v)}</span> },
    { title: f('rd.col.duration'), dataIndex: 'totalTime', width: 90, render: (v) => fmtDuration(v) },
    { title: f('rd.col.ip'), dataIndex: 'ip', width: 130, render: (v) => <span data-testid="row-ip">{v || '-'}</span> },
    { title: f('rd.col.region'), key: 'region', render: (_, r) => region(r) || <span style={{ color: '#595959' }}>{f('rd.unknown')}</span> },
    { title: f('rd.col.source'), dataIndex: 'dwSourceCode', render: (v) => v || <span style={{ color: '#595959' }}>{f('rd.source.direct')}</span> },
    { title: f('rd.col.device'), dataIndex: 'device', width: 90, render: (v) => deviceLabel(v, f) || '-' },
    { title: f('rd.col.score'), dataIndex: 'sumScore', width: 70, align: 'right' },
    { title: f('rd.col.answered'), dataIndex: 'anQuNum', width: 100, align: 'right' },
    {
      title: f('rd.col.state'),
      key: 'state',
      width: 100,
      render: (_, r) => {
        const s = rowState(r);
        return (
          <Tag color={STATE_COLOR[s]} data-testid="row-state" data-state={s}>
            {f(`rd.state.${s}`)}
          </Tag>
        );
      },
    },
    {
      title: f('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 290,
      render: (_, r) => (
        <Space size={10} wrap>
          <a onClick={() => openDetail(r.answerId, false)} data-testid="data-view" role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && openDetail(r.answerId, false)}>
            {f('rd.action.view')}
          </a>
          <a onClick={() => openDetail(r.answerId, true)} data-testid="data-review" role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && openDetail(r.answerId, true)}>
            {f('rd.action.review')}
          </a>
          <a onClick={() => setEdit(r.answerId)} data-testid="data-edit" role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && setEdit(r.answerId)}>
            {f('rd.action.edit')}
          </a>
          <a onClick={() => print(r.answerId)} data-testid="data-print" role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && print(r.answerId)}>
            {f('rd.action.print')}
          </a>
          <a onClick={() => pdf(r.answerId)} data-testid="data-pdf" role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && pdf(r.answerId)}>
            {f('ex.pdf')}
          </a>
          <ConfirmDelete title={f('rd.deleteConfirm')} onDelete={() => remove([r.answerId])} label={<span data-testid="data-delete">{f('common.delete')}</span>} />
        </Space>
      ),
    },
  ];

  const total = page?.totalItems ?? 0;
  const rows = page?.result ?? [];
  const limitText = intl.locale === 'zh-CN' || !page?.limitMsg ? f('rd.limited') : page.limitMsg || msg;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <DataFilters
          f={f}
          choices={choices}
          choicesLoading={choicesLoading}
          onApply={(v) => {
            setForm(v);
            setSel([]);
            setPaging((p) => ({ ...p, no: 1 }));
          }}
        />
      </Card>
      {mine.total > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="data-my-queue"
          data-total={mine.total}
          message={f('rv.data.mine', { n: mine.total })}
          action={
            <Button size="small" type="primary" onClick={() => setReviewOpen(mine.first ?? null)} data-testid="data-my-queue-open">
              {f('rv.data.reviewOldest')}
            </Button>
          }
        />
      )}
      {page?.limited && <Alert type="info" showIcon message={limitText} data-testid="data-limited" />}
      {err && page && <Alert type="error" showIcon message={err} data-testid="data-error" action={<Button size="small" onClick={reload}>{f('rd.retry')}</Button>} />}
      {err && !page ? (
        <Result status="error" title={f('rd.loadFailed')} subTitle={err} extra={<Button onClick={reload}>{f('rd.retry')}</Button>} data-testid="data-error" />
      ) : (
        <Card
          size="small"
          title={
            <span data-testid="data-total" data-total={total}>
              {f('rd.total', { n: total })}
            </span>
          }
          extra={
            <Space wrap>
              {sel.length > 0 && <span>{f('common.selected', { n: sel.length })}</span>}
              <Button type="primary" icon={<ExportOutlined />} onClick={() => setExporting(true)} data-testid="data-export">
                {f('ex.export')}
              </Button>
              <Button icon={<HistoryOutlined />} onClick={() => setExportsOpen(true)} data-testid="data-exports">
                {f('ex.list')}
              </Button>
              <Popconfirm title={f('rd.deleteSelectedConfirm', { n: sel.length })} onConfirm={removeSelected} disabled={!sel.length} okButtonProps={{ danger: true }}>
                <Button danger disabled={!sel.length} data-testid="data-bulk-delete">
                  {f('rd.deleteSelected')}
                </Button>
              </Popconfirm>
              <Tooltip title={f('rd.reload')}>
                <Button icon={<ReloadOutlined />} onClick={reload} aria-label={f('rd.reload')} data-testid="data-reload" />
              </Tooltip>
            </Space>
          }
        >
          <div data-testid="data-table">
          <Table<DataRow>
            rowKey="answerId"
            size="small"
            loading={loading}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 1200 }}
            rowSelection={{ selectedRowKeys: sel, onChange: (k) => setSel(k as string[]), ...namedRowSelection<DataRow>((r) => `${r.answerId}`, f) }}
            locale={{ emptyText: <div data-testid="data-empty">{f(isFiltered(filter) ? 'rd.emptyFiltered' : 'rd.empty')}</div> }}
            pagination={{
              current: paging.no,
              pageSize: paging.size,
              total: Math.min(total, MAX_ROWS),
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (t) => f('rd.total', { n: t }),
              onChange: (no, size) => setPaging({ no: size !== paging.size ? 1 : no, size }),
            }}
          />
          </div>
        </Card>
      )}
      <ExportDialog
        surveyId={info.id}
        filter={filter}
        filtered={isFiltered(filter)}
        open={exporting}
        onClose={() => setExporting(false)}
        f={f}
        onStarted={() => setExportsVersion((x) => x + 1)}
        crossChoices={choices.filter((c) => c.options.every((o) => o.key.split('|').length === 2)).map((c) => ({ quDwId: c.quDwId, title: c.title }))}
      />
      <ExportList surveyId={info.id} open={exportsOpen} onClose={() => setExportsOpen(false)} f={f} version={exportsVersion} />
      <DataDetail
        answerId={detail}
        reviewing={reviewing}
        surveyId={info.id}
        loadDoc={loadDoc}
        f={f}
        onClose={() => setDetail(null)}
        onChanged={reload}
        onOpen={(id) => openDetail(id, true)}
        onEdit={(id) => setEdit(id)}
        onPrint={print}
      />
      <ReviewDialog answerId={reviewOpen} onClose={() => setReviewOpen(null)} onChanged={reload} onOpen={(id) => setReviewOpen(id)} />
      <DataEdit
        answerId={edit}
        surveyId={info.id}
        loadDoc={loadDoc}
        f={f}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          reload();
          if (detail) {
            // refresh the open detail
            const d = detail;
            setDetail(null);
            setTimeout(() => setDetail(d), 0);
          }
        }}
      />
    </Space>
  );
};

const Page: React.FC = () => <Shell tab="data">{(c) => <Body {...c} />}</Shell>;
export default Page;
