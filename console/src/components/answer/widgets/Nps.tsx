// Net promoter score (SCALE_NPS): one radio group named by the question.
import { textOf } from '../util';
import { LR, ScaleButtons } from './scale';
import { base, plain, type WidgetProps } from './shared';

export function Nps(p: WidgetProps) {
  const { q, a, set, t } = p;
  const min = q.quAttr?.scaleAttr?.min ?? 0;
  const max = q.quAttr?.scaleAttr?.max ?? 10;
  return (
    <div>
      <LR q={q} pos="top" />
      <ScaleButtons min={min} max={max} value={a?.anScale?.answerScore} t={t} readOnly={p.readOnly} name={`n-${q.dwId}`} labelledBy={p.ax?.titleId} label={plain(textOf(q.quTitleObj, q.quTitle))} ax={p.ax} onPick={(n) => set({ ...base(q, a), anScale: { answerScore: n } }, q.dwId)} />
      <LR q={q} pos="bottom" />
    </div>
  );
}
