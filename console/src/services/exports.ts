// Answer exports (docs/api-export.md): start with the raw-data filters, follow the progress,
// list past exports, download (an attachment; a JSON body instead of the file is an error),
// cancel. Every call passes skipErrorHandler: the export dialog shows failures itself.
import { request } from '@umijs/max';
import { API, type Envelope } from './api';
import type { DataFilter } from './resultsData';

export type ExportFormat = 'xlsx' | 'csv' | 'sav' | 'pdf' | 'report';
export type ExportState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired';
export type ExportView = {
  id: string;
  surveyId: string;
  format: ExportFormat;
  withFiles: boolean;
  state: ExportState;
  phase: '' | 'reading' | 'writing' | 'storing';
  rowsDone: number;
  rowsTotal: number;
  percent: number;
  fileName: string;
  size: number;
  error?: string;
  createTime: string;
  endTime?: string;
  expireTime?: string;
  queuePosition: number;
};
export type ExportOptions = { format: ExportFormat; withFiles: boolean; valueMode: 'text' | 'code'; bom: boolean; lang: string; chartType?: string; header?: string; showScore?: boolean; templateId?: string; colQuDwId?: string; rowQuDwIds?: string[] };
export type ExportPage = { pageNo: number; pageSize: number; totalItems: number; totalPage: number; result: ExportView[] | null };

const quiet = { skipErrorHandler: true };
const L = 'app/answer/export-log';

const START: Record<ExportFormat, string> = {
  xlsx: 'app/answer/export-xls.do',
  csv: 'app/answer/export-xls.do',
  sav: 'app/v6/dw-answer-data-export/export-to-sav.do',
  pdf: 'app/answer/print-pdf.do',
  report: 'app/v6/dw-answer-data-export/exportReport2Word.do',
};

/** Starts an export: sheets and PDF answer sheets take the filters; the Word report covers every valid answer. */
export const startExport = (surveyId: string, filters: DataFilter, o: ExportOptions) =>
  request<Envelope<ExportView>>(`${API}/${START[o.format]}`, {
    method: 'POST',
    data:
      o.format === 'report'
        ? { surveyId, chartType: o.chartType, lang: o.lang, ...(o.colQuDwId && o.rowQuDwIds?.length ? { colQuDwId: o.colQuDwId, rowQuDwIds: o.rowQuDwIds } : {}) }
        : { surveyId, filters, ...o },
    ...quiet,
  });

/** One answer's PDF sheet (a Blob; a JSON body is an error). */
export async function answerPdf(answerId: string, lang: string): Promise<Blob> {
  const b = (await request<Blob>(`${API}/app/answer/print-pdf.do`, { method: 'GET', params: { answerId, lang, showScore: 1 }, responseType: 'blob', ...quiet } as any)) as unknown as Blob;
  return blobOrError(b);
}

/** The questionnaire as a Word document (a Blob; a JSON body is an error). */
export async function questionnaireWord(surveyId: string, lang: string): Promise<Blob> {
  const b = (await request<Blob>(`${API}/app/v6/dw-design-survey/export-survey-word.do`, { method: 'GET', params: { surveyId, lang }, responseType: 'blob', ...quiet } as any)) as unknown as Blob;
  return blobOrError(b);
}
export const exportInfo = (id: string) => request<Envelope<ExportView>>(`${API}/${L}/export-log-info.do`, { method: 'GET', params: { id }, ...quiet });
export const exportList = (surveyId: string, pageNo: number, pageSize: number) =>
  request<Envelope<ExportPage>>(`${API}/${L}/list.do`, { method: 'GET', params: { surveyId, pageNo, pageSize }, ...quiet });
export const cancelExport = (id: string) => request<Envelope<ExportView>>(`${API}/${L}/cancel.do`, { method: 'POST', data: { id }, ...quiet });

/** The file as a Blob; a JSON envelope in its place (an error) is thrown with its message. */
export async function downloadExport(id: string): Promise<Blob> {
  const b = (await request<Blob>(`${API}/${L}/download.do`, { method: 'GET', params: { id }, responseType: 'blob', ...quiet } as any)) as unknown as Blob;
  return blobOrError(b);
}

/** Spec section 8: a JSON body where a file was expected is an error (its resultMsg when present). */
export async function blobOrError(b: Blob): Promise<Blob> {
  if (!b || !/json/i.test(b.type || '')) return b;
  let msg = '';
  try {
    msg = String(JSON.parse(await b.text())?.resultMsg ?? '');
  } catch {
    // not readable: the generic message
  }
  throw new ExportDownloadError(msg);
}

export class ExportDownloadError extends Error {
  constructor(public serverMsg: string) {
    super(serverMsg || 'download failed');
  }
}

/** Human size: 1.2 MB. */
export function fmtSize(n: number): string {
  if (!n) return '0 B';
  const u = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < u.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i ? v.toFixed(1) : v} ${u[i]}`;
}

/** True while an export still changes (the dialog polls it). */
export const exportActive = (s: ExportState) => s === 'queued' || s === 'running';

// print templates of PDF answer sheets (d/print, d/DwPrintMbData)
export type PrintField = 'time' | 'duration' | 'ip' | 'region' | 'id';
export const PRINT_FIELDS: PrintField[] = ['time', 'duration', 'ip', 'region', 'id'];
export type PrintTemplate = {
  id: string;
  surveyId: string;
  name: string;
  header: string;
  fields: PrintField[];
  showScore: boolean;
  logoId: string;
  logoName: string;
  isDefault: boolean;
  updatedAt: string;
};
export type PrintTemplateInput = { id?: string; name: string; header: string; fields: PrintField[]; showScore: boolean; logoId: string; isDefault: boolean };
const PT = 'app/answer/print-template';
export const printTemplates = (surveyId: string) => request<Envelope<PrintTemplate[]>>(`${API}/${PT}/list.do`, { method: 'GET', params: { surveyId }, ...quiet });
export const savePrintTemplate = (surveyId: string, t: PrintTemplateInput) => request<Envelope<PrintTemplate>>(`${API}/${PT}/save.do`, { method: 'POST', data: { surveyId, ...t }, ...quiet });
export const deletePrintTemplate = (id: string) => request<Envelope>(`${API}/${PT}/delete.do`, { method: 'POST', data: { id }, ...quiet });
/** Uploads a logo image for the survey's print templates; answers its upload id and name. */
export async function uploadLogo(surveyId: string, file: File): Promise<{ id: string; filename: string }> {
  const fd = new FormData();
  fd.append('file', file);
  fd.append('surveyId', surveyId);
  const r = await request<Envelope<{ id: string; filename: string }[]>>(`${API}/up/up-file.do`, { method: 'POST', data: fd, ...quiet });
  if (r.resultCode !== 200 || !r.data?.[0]) throw new Error(r.resultMsg || 'upload failed');
  return r.data[0];
}
/** One answer's PDF sheet printed with a saved template (a Blob; a JSON body is an error). */
export async function answerPdfWith(answerId: string, templateId: string, lang: string): Promise<Blob> {
  const b = (await request<Blob>(`${API}/app/answer/print-pdf.do`, { method: 'GET', params: { answerId, templateId, lang }, responseType: 'blob', ...quiet } as any)) as unknown as Blob;
  return blobOrError(b);
}
