// Score questions (SCORE, CHENSCORE): a scale per item.
import { optTitle, optionsOf } from '../util';
import { ScaleButtons } from './scale';
import { base, Html, plain, type WidgetProps } from './shared';

export function Score(p: WidgetProps) {
  const { q, a, set, t } = p;
  const opts = optionsOf(q, p.order).filter((o) => !p.hidden.has(o.dwId ?? ''));
  const max = q.quAttr?.scoreQuAttr?.max || q.paramInt02 || 5;
  const min = q.quType === 'CHENSCORE' ? 1 : 1;
  return (
    <div className="dwa-score">
      {opts.map((o) => {
        const id = o.dwId ?? '';
        const v = a?.anScores?.find((s) => s.optionDwId === id)?.answerScore;
        return (
          <div key={id} className="dwa-score-row">
            <span className="dwa-score-label">
              <Html html={optTitle(o)} />
            </span>
            <ScaleButtons
              min={min}
              max={max}
              value={v}
              t={t}
              readOnly={p.readOnly}
              label={plain(optTitle(o))}
              name={`s-${q.dwId}-${id}`}
              ax={p.ax}
              onPick={(n) => {
                const cur = (a?.anScores ?? []).filter((s) => s.optionDwId !== id);
                cur.push({ optionDwId: id, answerScore: n });
                set({ ...base(q, a), anScores: cur }, id);
              }}
            />
          </div>
        );
      })}
    </div>
  );
}
