// Colour (COLOR_PICKER): a colour input and its hex text.
import { useEffect, useState } from 'react';
import { textOf } from '../util';
import { base, fieldAria, plain, type WidgetProps } from './shared';

export function hexOk(hex: string): boolean {
  const h = hex.replace(/^#/, '');
  return h.length > 0 && h.length % 3 === 0 && /^[0-9a-fA-F]+$/.test(h);
}

export function ColorPicker(p: WidgetProps) {
  const { q, a, set, t } = p;
  const v = a?.anFbk?.answer ?? '';
  const [text, setText] = useState(v);
  useEffect(() => setText(v), [v]);
  const full = hexOk(v) && v.replace('#', '').length === 6 ? (v.startsWith('#') ? v : `#${v}`) : '#000000';
  return (
    <div className="dwa-color">
      <input type="color" aria-label={p.ax ? undefined : plain(textOf(q.quTitleObj, q.quTitle))} aria-labelledby={p.ax?.titleId} {...fieldAria(p.ax, false)} value={full} disabled={p.readOnly} onChange={(e) => set({ ...base(q, a), anFbk: { answer: e.target.value } })} />
      <input className="dwa-input dwa-hex" aria-label={t('an.color.hex')} {...fieldAria(p.ax)} value={text} disabled={p.readOnly} onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value) set(undefined);
        else if (hexOk(e.target.value)) set({ ...base(q, a), anFbk: { answer: e.target.value.startsWith('#') ? e.target.value : `#${e.target.value}` } });
      }} />
      {text && !hexOk(text) && <span className="dwa-error-text" role="alert">{t('an.color.bad')}</span>}
    </div>
  );
}
