// File and image uploads (UPLOADFILE, UPLOAD_IMAGE).
import { useRef, useState } from 'react';
import type { AnUploadFile, Question } from '../../../survey';
import { uploadFile, withResourceToken } from '../../../services/answer';
import { base, fieldAria, type WidgetProps } from './shared';

const IMG_EXT = ['.jpg', '.jpeg', '.png', '.gif', '.bmp'];
const DOC_EXT = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx'];

export function acceptList(q: Question): string[] | null {
  if (q.quType === 'UPLOAD_IMAGE') return ['.jpg', '.jpeg', '.png'];
  const ua = q.quAttr?.uploadAttr;
  const acc = String(ua?.fileAccept ?? q.fileAccept ?? '0');
  if (acc === '1') return IMG_EXT;
  if (acc === '2') return DOC_EXT;
  if (acc === '100') {
    const c = ua?.customFileAccept ?? q.customFileAccept ?? '';
    return c.split(/[,\s|]+/).map((x) => x.trim().toLowerCase()).filter(Boolean).map((x) => (x.startsWith('.') ? x : `.${x}`));
  }
  return null;
}

export function fileUrl(f: { location?: string; filePath?: string; id?: string }): string {
  return f.location || f.filePath || (f.id ? `/api/dwsurvey/up/download/${f.id}` : '');
}

export function Upload(p: WidgetProps) {
  const { q, a, set, t, notify } = p;
  const [busy, setBusy] = useState(0);
  const files = a?.anUploadFiles ?? [];
  const ua = q.quAttr?.uploadAttr;
  const limit = ua?.fileLimit ?? q.fileLimit ?? 0;
  const sizeMB = q.quType === 'UPLOAD_IMAGE' ? 0.5 : ua?.fileSize || q.fileSize || 20;
  const accept = acceptList(q);
  const latest = useRef(files);
  latest.current = files;
  const pick = async (list: FileList | null) => {
    if (!list || !list.length) return;
    const chosen = Array.from(list);
    if (limit > 0 && files.length + chosen.length > limit) {
      notify('warning', t('an.upload.tooMany', { limit, m: chosen.length, total: files.length + chosen.length }));
      return;
    }
    for (const f of chosen) {
      const ext = (f.name.match(/\.[^.]+$/)?.[0] ?? '').toLowerCase();
      if (accept && !accept.includes(ext)) {
        notify('error', t('an.upload.type', { ext: ext || f.name }));
        continue;
      }
      if (f.size > sizeMB * 1024 * 1024) {
        notify('error', q.quType === 'UPLOAD_IMAGE' ? p.t('an.v.imageSize', { n: 500 }) : t('an.upload.size', { n: sizeMB }));
        continue;
      }
      setBusy((n) => n + 1);
      try {
        const r = await uploadFile(f, p.surveyId, f.name);
        const first = Array.isArray(r.data) ? r.data[0] : undefined;
        if (r.resultCode !== 200 || !first) {
          notify('error', t('an.upload.failed') + (r.resultMsg || ''));
        } else {
          const nf: AnUploadFile = { filePath: withResourceToken(fileUrl(first as any)), fileName: String(first.filename || first.fileName || f.name), fileSize: f.size };
          const next = [...latest.current, nf];
          latest.current = next;
          set({ ...base(q, a), anUploadFiles: next });
        }
      } catch (e: any) {
        notify('error', t('an.upload.failed') + (e?.kind ? t(`an.error.${e.kind === 'http' ? 'network' : e.kind}`) : ''));
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };
  const acceptAttr = accept ? accept.join(',') : undefined;
  return (
    <div className="dwa-upload">
      {!p.readOnly && (
        <label className="dwa-btn dwa-upload-btn">
          <input type="file" id={`up-${q.dwId}`} multiple={limit !== 1} accept={acceptAttr} className="dwa-file" aria-labelledby={`upl-${q.dwId} ${p.ax?.titleId ?? ''}`.trim()} {...fieldAria(p.ax, false)} onChange={(e) => {
            const fl = e.target.files;
            void pick(fl).finally(() => {
              e.target.value = '';
            });
          }} />
          <span id={`upl-${q.dwId}`}>{t('an.upload.choose')}</span>
        </label>
      )}
      <span className="dwa-hint" aria-live="polite">{busy > 0 ? ` ${t('an.upload.uploading')}` : ''}</span>
      <ul className="dwa-files">
        {files.map((f, i) => (
          <li key={`${f.filePath}-${i}`}>
            {q.quType === 'UPLOAD_IMAGE' ? <img src={f.filePath} alt={f.fileName} className="dwa-thumb" /> : null}
            <a href={f.filePath} target="_blank" rel="noreferrer">
              {f.fileName}
            </a>
            {!p.readOnly && (
              <button type="button" className="dwa-link" aria-label={`${t('an.upload.remove')} ${f.fileName}`} onClick={() => {
                const next = files.filter((_, j) => j !== i);
                set(next.length ? { ...base(q, a), anUploadFiles: next } : undefined);
              }}>
                {t('an.upload.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
