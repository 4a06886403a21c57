// Image hot spots (IMAGE_HOT): points marked on an image.
import React from 'react';
import { pointKey, type Point } from './points';
import { base, type WidgetProps } from './shared';

export function ImageHot(p: WidgetProps) {
  const { q, a, set, t } = p;
  const img = (q.quAttr as any)?.imgAttr?.imgSrc || q.quRadios?.[0]?.optionImg?.imgSrc || q.quCheckboxs?.[0]?.optionImg?.imgSrc || '';
  const pts = (a?.anFbk?.answer ?? '').split(';').filter(Boolean).map((s) => s.split(',').map(Number) as Point);
  const add = (e: React.MouseEvent<HTMLDivElement>) => {
    if (p.readOnly) return;
    const r = e.currentTarget.getBoundingClientRect();
    const x = Math.round(((e.clientX - r.left) / r.width) * 1000) / 10;
    const y = Math.round(((e.clientY - r.top) / r.height) * 1000) / 10;
    const next = [...pts, [x, y]];
    set({ ...base(q, a), anFbk: { answer: next.map((pp) => pp.join(',')).join(';') } });
  };
  return (
    <div className="dwa-hot">
      <div className="dwa-hint">{t('an.hot.hint')}</div>
      <div className="dwa-hot-box" onClick={add} role="button" tabIndex={p.readOnly ? -1 : 0} aria-label={`${t('an.hot.hint')} ${t('an.points.keys')}`} aria-describedby={p.ax?.describedBy} onKeyDown={(e) => {
        const next = p.readOnly ? null : pointKey(e, pts, e.key === 'Enter' || e.key === ' ');
        if (!next) return;
        e.preventDefault();
        set({ ...base(q, a), anFbk: { answer: next.map((pp) => pp.join(',')).join(';') } });
      }}>
        {img ? <img src={img} alt="" draggable={false} /> : <div className="dwa-hot-empty" />}
        {pts.map(([x, y], i) => (
          <span key={i} className="dwa-hot-dot" style={{ left: `${x}%`, top: `${y}%` }}>
            {i + 1}
          </span>
        ))}
      </div>
      <div className="dwa-sr" aria-live="polite">{pts.length ? t('an.hot.marked', { n: pts.length, x: pts[pts.length - 1][0], y: pts[pts.length - 1][1] }) : ''}</div>
      {pts.length > 0 && !p.readOnly && (
        <button type="button" className="dwa-link" onClick={() => set(undefined)}>
          {t('an.sign.redo')}
        </button>
      )}
    </div>
  );
}
