// Slider question (SCALE_SLIDER): a range input named by the question.
import { textOf } from '../util';
import { LR, Slider } from './scale';
import { base, plain, type WidgetProps } from './shared';

export function SliderQu(p: WidgetProps) {
  const { q, a, set, t } = p;
  const sa = q.quAttr?.sliderAttr ?? {};
  return (
    <div>
      <LR q={q} pos="top" />
      <Slider min={sa.min ?? 0} max={sa.max ?? 100} step={sa.step || 1} value={a?.anScale?.answerScore} readOnly={p.readOnly} labelledBy={p.ax?.titleId} label={plain(textOf(q.quTitleObj, q.quTitle))} ax={p.ax} t={t} onChange={(n) => set({ ...base(q, a), anScale: { answerScore: n } })} />
      <LR q={q} pos="bottom" />
    </div>
  );
}
