// Signature (SIGNATURE): a drawing board uploaded as a PNG.
import React, { useRef, useState } from 'react';
import { uploadFile, withResourceToken } from '../../../services/answer';
import { base, type WidgetProps } from './shared';
import { fileUrl } from './Upload';

export function Signature(p: WidgetProps) {
  const { q, a, set, t, notify } = p;
  const ref = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const dirty = useRef(false);
  const [busy, setBusy] = useState(false);
  const file = a?.anUploadFiles?.[0];
  const pos = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) * e.currentTarget.width) / r.width, ((e.clientY - r.top) * e.currentTarget.height) / r.height];
  };
  const clear = () => {
    const c = ref.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    dirty.current = false;
  };
  const confirm = () => {
    const c = ref.current;
    if (!c || !dirty.current) {
      notify('warning', t('an.sign.empty'));
      return;
    }
    setBusy(true);
    c.toBlob(async (blob) => {
      try {
        if (!blob) throw new Error('blob');
        const r = await uploadFile(blob, p.surveyId, 'signature.png');
        const first = Array.isArray(r.data) ? r.data[0] : undefined;
        if (r.resultCode !== 200 || !first) throw new Error(r.resultMsg || 'upload');
        set({ ...base(q, a), anUploadFiles: [{ filePath: withResourceToken(fileUrl(first as any)), fileName: String(first.filename || first.fileName || 'signature.png'), fileSize: blob.size }] });
      } catch {
        notify('error', t('an.sign.failed'));
      } finally {
        setBusy(false);
      }
    }, 'image/png');
  };
  if (file) {
    return (
      <div className="dwa-sign">
        <img src={file.filePath} alt={file.fileName} className="dwa-sign-img" />
        {!p.readOnly && (
          <div>
            <button type="button" className="dwa-btn" onClick={() => set(undefined)}>
              {t('an.sign.redo')}
            </button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="dwa-sign">
      <div className="dwa-hint">{t('an.sign.hint')}</div>
      <canvas
        ref={ref}
        width={600}
        height={220}
        className="dwa-canvas"
        role="img"
        aria-label={t('an.sign.hint')}
        onPointerDown={(e) => {
          if (p.readOnly) return;
          drawing.current = true;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          const ctx = e.currentTarget.getContext('2d');
          const [x, y] = pos(e);
          if (ctx) {
            ctx.lineWidth = 3;
            ctx.lineCap = 'round';
            ctx.strokeStyle = '#111';
            ctx.beginPath();
            ctx.moveTo(x, y);
          }
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          const [x, y] = pos(e);
          if (ctx) {
            ctx.lineTo(x, y);
            ctx.stroke();
            dirty.current = true;
          }
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerLeave={() => {
          drawing.current = false;
        }}
      />
      {!p.readOnly && (
        <div className="dwa-row-actions">
          <button type="button" className="dwa-btn dwa-primary" disabled={busy} onClick={confirm} aria-describedby={p.ax?.describedBy}>
            {t('an.sign.confirm')}
          </button>
          <button type="button" className="dwa-btn" onClick={clear}>
            {t('an.sign.redo')}
          </button>
        </div>
      )}
    </div>
  );
}
