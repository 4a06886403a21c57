// Text-like inputs of fill-blank questions and matrix cells: text, textarea, number, date/time
// (and ranges), password, select, autocomplete and tags.
import { useState } from 'react';
import type { InputAttr } from '../../../survey';
import type { Tr } from '../util';
import { fieldAria, type QuestionA11y } from './shared';

export function TextInput(props: {
  value: string;
  onChange: (v: string) => void;
  ia?: InputAttr;
  readOnly?: boolean;
  label?: string;
  /** Id of the element naming the input (the question title); label is used when absent. */
  labelledBy?: string;
  ax?: QuestionA11y;
  t: Tr;
  id?: string;
  onPasteBlocked?: boolean;
}) {
  const { value, onChange, ia, readOnly, t } = props;
  const ca = ia?.commonAttr ?? {};
  const type = ca.inputType || 'Text';
  const max = ca.maxlength && ca.maxlength > 0 ? ca.maxlength : 119;
  const common = { 'aria-label': props.labelledBy ? undefined : props.label, 'aria-labelledby': props.labelledBy, ...fieldAria(props.ax), readOnly, disabled: readOnly, placeholder: ca.placeholder, id: props.id };
  // the two ends of a range are told apart by name
  const end = (k: 'start' | 'end') => ({ ...common, 'aria-labelledby': undefined, 'aria-label': `${props.label ?? ''} ${t(`an.range.${k}`)}`.trim() });
  const showCounter = ['NO', '', 'EMAIL', 'URL', 'UNSTRCN', 'STRCN'].includes((ca.checkType || '').toUpperCase()) && type !== 'InputNumber';
  const counter = showCounter ? <span className="dwa-counter">{t('an.words', { n: [...value].length, max })}</span> : null;
  const isRange = !!ia?.dateTimeAttr?.isRange;
  const dateInput = (kind: string) => {
    const fmt = ia?.dateTimeAttr?.dateFormat || '';
    let htmlType = kind === 'TimePicker' || kind === 'TimeSelect' ? 'time' : kind === 'DateTimePicker' ? 'datetime-local' : 'date';
    if (htmlType === 'date' && /^YYYY-MM$/i.test(fmt)) htmlType = 'month';
    const withSec = /ss/.test(fmt);
    const toInput = (v: string) => (htmlType === 'datetime-local' ? v.replace(' ', 'T') : v);
    const fromInput = (v: string) => (htmlType === 'datetime-local' ? v.replace('T', ' ') + (withSec && v.length === 16 ? ':00' : '') : v);
    if (isRange) {
      const [s, e] = value ? value.split(',') : ['', ''];
      return (
        <span className="dwa-range">
          <input className="dwa-input" type={htmlType} step={withSec ? 1 : undefined} value={toInput(s ?? '')} onChange={(ev) => onChange(`${fromInput(ev.target.value)},${e ?? ''}`)} {...end('start')} />
          <span> – </span>
          <input className="dwa-input" type={htmlType} step={withSec ? 1 : undefined} value={toInput(e ?? '')} onChange={(ev) => onChange(`${s ?? ''},${fromInput(ev.target.value)}`)} {...end('end')} />
        </span>
      );
    }
    return <input className="dwa-input" type={htmlType} step={withSec ? 1 : undefined} value={toInput(value)} onChange={(ev) => onChange(fromInput(ev.target.value))} {...common} />;
  };
  switch (type) {
    case 'Textarea': {
      const rows = Math.min(10, Math.max(2, (value.match(/\n/g)?.length ?? 0) + 1, ca.inputRow ?? 2));
      return (
        <span className="dwa-text-wrap">
          <textarea className="dwa-input dwa-textarea" rows={rows} maxLength={max} value={value} onChange={(e) => onChange(e.target.value)} {...common} />
          {counter}
        </span>
      );
    }
    case 'InputNumber':
      return <input className="dwa-input" type="number" inputMode="decimal" min={ia?.numAttr?.min} max={ia?.numAttr?.max} value={value} onChange={(e) => onChange(e.target.value)} {...common} />;
    case 'TimePicker':
    case 'TimeSelect':
    case 'DatePicker':
    case 'DateTimePicker':
      return dateInput(type);
    case 'Password':
      return <input className="dwa-input" type="password" autoComplete="off" maxLength={max} value={value} onChange={(e) => onChange(e.target.value)} {...common} />;
    case 'Select': {
      const opts = (ia?.selectAttr?.options || '').split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
      return (
        <select className="dwa-input" value={value} onChange={(e) => onChange(e.target.value)} {...common}>
          <option value="">{t('an.select.placeholder')}</option>
          {opts.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    }
    case 'Autocomplete': {
      const sug = (ia?.autocompleteAttr?.suggestions || '').split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
      const listId = `dl-${props.id ?? Math.random().toString(36).slice(2)}`;
      return (
        <>
          <input className="dwa-input" list={listId} maxLength={max} value={value} onChange={(e) => onChange(e.target.value)} {...common} />
          <datalist id={listId}>
            {sug.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </>
      );
    }
    case 'InputTag':
      return <TagInput value={value} onChange={onChange} readOnly={readOnly} t={t} label={props.label} aria={common} />;
  }
  return (
    <span className="dwa-text-wrap">
      <input className="dwa-input" type="text" maxLength={max} value={value} onChange={(e) => onChange(e.target.value)} {...common} />
      {counter}
    </span>
  );
}

function TagInput({ value, onChange, readOnly, t, label, aria }: { value: string; onChange: (v: string) => void; readOnly?: boolean; t: Tr; label?: string; aria: Record<string, unknown> }) {
  const tags = value ? value.split(',').filter(Boolean) : [];
  const [draft, setDraft] = useState('');
  const commit = () => {
    const v = draft.trim().replace(/,/g, '');
    if (v && !tags.includes(v)) onChange([...tags, v].join(','));
    setDraft('');
  };
  return (
    <span className="dwa-tags">
      {tags.map((x) => (
        <span className="dwa-tag" key={x}>
          {x}
          {!readOnly && (
            <button type="button" aria-label={`${t('an.upload.remove')} ${x}`} onClick={() => onChange(tags.filter((y) => y !== x).join(','))}>
              ×
            </button>
          )}
        </span>
      ))}
      {!readOnly && (
        <input
          className="dwa-input dwa-tag-input"
          aria-label={label}
          aria-labelledby={aria['aria-labelledby'] as string | undefined}
          aria-describedby={aria['aria-describedby'] as string | undefined}
          aria-invalid={aria['aria-invalid'] as boolean | undefined}
          aria-required={aria['aria-required'] as boolean | undefined}
          placeholder={t('an.tag.placeholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === ' ' || e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Backspace' && !draft && tags.length) onChange(tags.slice(0, -1).join(','));
          }}
          onBlur={commit}
        />
      )}
    </span>
  );
}
