// Map marker component (MAP): a point marked on the offline map board, by pointer or keyboard.
import { pointKey, type Point } from './points';
import { base, type WidgetProps } from './shared';

export function MapMarker(p: WidgetProps) {
  const { q, a, set, t } = p;
  const v = a?.anFbk?.answer;
  const [x, y] = v ? v.split(',').map(Number) : [NaN, NaN];
  const mark = (pt: Point) => set({ ...base(q, a), anFbk: { answer: `${pt[0]},${pt[1]}` } });
  return (
    <div>
      <div
        className="dwa-map"
        role="button"
        tabIndex={p.readOnly ? -1 : 0}
        aria-label={`${t('an.map.hint')} ${t('an.points.keys')}`}
        aria-describedby={p.ax?.describedBy}
        onClick={(e) => {
          if (p.readOnly) return;
          const r = e.currentTarget.getBoundingClientRect();
          mark([Math.round(((e.clientX - r.left) / r.width) * 1000) / 10, Math.round(((e.clientY - r.top) / r.height) * 1000) / 10]);
        }}
        onKeyDown={(e) => {
          const next = p.readOnly ? null : pointKey(e, Number.isNaN(x) ? [] : [[x, y]], false);
          if (!next) return;
          e.preventDefault();
          mark(next[next.length - 1]);
        }}
      >
        {!Number.isNaN(x) && <span className="dwa-marker" style={{ left: `${x}%`, top: `${y}%` }} />}
      </div>
      <div className="dwa-hint" aria-live="polite">{Number.isNaN(x) ? t('an.map.hint') : t('an.map.marked', { x, y })}</div>
    </div>
  );
}
