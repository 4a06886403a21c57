// Primitives of the scale family: the value buttons, the left/right texts and the slider.
// The value buttons are native radio buttons styled as buttons: one Tab stop per scale, arrow keys
// move and choose, Space chooses (the ARIA practices' radio group, without any script of ours).
import type { Question } from '../../../survey';
import type { Tr } from '../util';
import { fieldAria, type QuestionA11y } from './shared';

export function ScaleButtons({ min, max, value, onPick, readOnly, label, labelledBy, name, ax, t }: {
  min: number;
  max: number;
  value?: number;
  onPick: (n: number) => void;
  readOnly?: boolean;
  /** The scale's name (an item's text), or labelledBy: the id of the element naming it. */
  label?: string;
  labelledBy?: string;
  /** The radio group name: unique on the page. */
  name: string;
  ax?: QuestionA11y;
  t: Tr;
}) {
  const nums: number[] = [];
  for (let i = min; i <= max; i++) nums.push(i);
  return (
    <div className="dwa-scale" role="radiogroup" aria-label={labelledBy ? undefined : label} aria-labelledby={labelledBy} {...fieldAria(ax)}>
      {nums.map((n) => (
        <label key={n} title={t('an.scale.tooltip', { n })} className={`dwa-scale-btn ${value === n ? 'dwa-on' : ''} ${readOnly ? 'dwa-disabled' : ''}`}>
          <input type="radio" className="dwa-sr-input" name={name} value={n} checked={value === n} disabled={readOnly} onChange={() => onPick(n)} />
          {n}
        </label>
      ))}
    </div>
  );
}

export function LR({ q, pos }: { q: Question; pos: 'top' | 'bottom' }) {
  const show = q.quAttr?.scaleAttr?.showLrText ?? q.quAttr?.sliderAttr?.showLrText ?? !!(q.lr?.leftText || q.lr?.rightText);
  const at = q.quAttr?.scaleAttr?.lrPosition || q.quAttr?.sliderAttr?.lrPosition || 'bottom';
  if (!show || at !== pos || !(q.lr?.leftText || q.lr?.rightText)) return null;
  return (
    <div className="dwa-lr">
      <span>{q.lr?.leftText}</span>
      <span>{q.lr?.rightText}</span>
    </div>
  );
}

/** A range input; before the first choice it shows the minimum dimmed and says "not answered". */
export function Slider({ min, max, step, value, onChange, readOnly, label, labelledBy, ax, t }: { min: number; max: number; step: number; value?: number; onChange: (n: number) => void; readOnly?: boolean; label?: string; labelledBy?: string; ax?: QuestionA11y; t: Tr }) {
  return (
    <span className="dwa-slider">
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value ?? min}
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        aria-valuetext={value === undefined ? t('an.slider.unset') : undefined}
        {...fieldAria(ax, false)}
        disabled={readOnly}
        className={value === undefined ? 'dwa-unset' : ''}
        onChange={(e) => onChange(Number(e.target.value))}
        onClick={(e) => onChange(Number((e.target as HTMLInputElement).value))}
      />
      <output className="dwa-slider-val" aria-hidden="true">{value ?? '-'}</output>
    </span>
  );
}
