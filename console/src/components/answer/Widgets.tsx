// Question widgets for every question type of the survey model. Plain HTML controls
// (keyboard and mobile friendly); the engine (src/survey) decides validity and logic.
import React, { useEffect, useMemo, useRef, useState } from 'react';
import type { AnQuestion, AnUploadFile, InputAttr, Option, Order, Question, VoteQuestion } from '../../survey';
import { cascadeJson, uploadFile, withResourceToken } from '../../services/answer';
import { optTitle, ordered, optionsOf, randomCode, safeHtml, textOf, type Tr } from './util';

export type WidgetProps = {
  q: Question;
  a: AnQuestion | undefined;
  set: (a: AnQuestion | undefined, changed?: string) => void;
  hidden: Set<string>;
  order?: Order;
  readOnly?: boolean;
  mobile?: boolean;
  votes?: VoteQuestion;
  surveyId: string;
  t: Tr;
  notify: (kind: 'error' | 'warning' | 'info' | 'success', text: string) => void;
};

const Html = ({ html, className }: { html: string; className?: string }) => (
  <span className={className} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />
);

function base(q: Question, a: AnQuestion | undefined): AnQuestion {
  return { ...(a ?? {}), quDwId: q.dwId ?? '', quType: q.quType };
}

function VoteInfo({ v, id }: { v?: VoteQuestion; id: string }) {
  const o = v?.options.find((x) => x.dwId === id);
  if (!o) return null;
  return (
    <span className="dwa-vote">
      <span className="dwa-vote-bar" style={{ width: `${Math.min(100, o.percentage)}%` }} />
      <span className="dwa-vote-text">
        {o.count} ({o.percentage}%)
      </span>
    </span>
  );
}

// ---------------------------------------------------------------- text inputs

export function TextInput(props: {
  value: string;
  onChange: (v: string) => void;
  ia?: InputAttr;
  readOnly?: boolean;
  label?: string;
  t: Tr;
  id?: string;
  onPasteBlocked?: boolean;
}) {
  const { value, onChange, ia, readOnly, t } = props;
  const ca = ia?.commonAttr ?? {};
  const type = ca.inputType || 'Text';
  const max = ca.maxlength && ca.maxlength > 0 ? ca.maxlength : 119;
  const common = { 'aria-label': props.label, readOnly, disabled: readOnly, placeholder: ca.placeholder, id: props.id };
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
          <input className="dwa-input" type={htmlType} step={withSec ? 1 : undefined} value={toInput(s ?? '')} onChange={(ev) => onChange(`${fromInput(ev.target.value)},${e ?? ''}`)} {...common} />
          <span> – </span>
          <input className="dwa-input" type={htmlType} step={withSec ? 1 : undefined} value={toInput(e ?? '')} onChange={(ev) => onChange(`${s ?? ''},${fromInput(ev.target.value)}`)} {...common} />
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
      return <TagInput value={value} onChange={onChange} readOnly={readOnly} t={t} label={props.label} />;
  }
  return (
    <span className="dwa-text-wrap">
      <input className="dwa-input" type="text" maxLength={max} value={value} onChange={(e) => onChange(e.target.value)} {...common} />
      {counter}
    </span>
  );
}

function TagInput({ value, onChange, readOnly, t, label }: { value: string; onChange: (v: string) => void; readOnly?: boolean; t: Tr; label?: string }) {
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

// ---------------------------------------------------------------- choice

function noteShown(o: Option) {
  return !!(o.showOptionNote || o.isNote);
}

export function Choice(p: WidgetProps) {
  const { q, a, set, hidden, readOnly, t } = p;
  const radio = ['RADIO', 'IMGRADIO', 'YESNO', 'COMPRADIO', 'RADIOGROUP'].includes(q.quType);
  const img = q.quType.startsWith('IMG');
  const group = q.quType.endsWith('GROUP');
  const name = `q-${q.dwId}`;
  const isOn = (id: string) => (radio ? a?.anRadio?.optionDwId === id : !!a?.anCheckboxs?.some((c) => c.optionDwId === id));
  const other = (id: string) => (radio ? (a?.anRadio?.optionDwId === id ? a?.anRadio?.otherText ?? '' : '') : a?.anCheckboxs?.find((c) => c.optionDwId === id)?.otherText ?? '');
  const maxL = q.maxLimit ?? 0;
  const toggle = (o: Option) => {
    if (readOnly) return;
    const id = o.dwId ?? '';
    const b = base(q, a);
    if (radio) {
      b.anRadio = { optionDwId: id };
      delete b.anCheckboxs;
    } else {
      const cur = a?.anCheckboxs ?? [];
      if (cur.some((c) => c.optionDwId === id)) b.anCheckboxs = cur.filter((c) => c.optionDwId !== id);
      else {
        if (q.hv === 4 && maxL > 0 && cur.length >= maxL) return;
        b.anCheckboxs = [...cur, { optionDwId: id }];
      }
    }
    set(b, id);
  };
  const setOther = (o: Option, v: string) => {
    const id = o.dwId ?? '';
    const b = base(q, a);
    if (radio) b.anRadio = { optionDwId: id, otherText: v };
    else {
      const cur = a?.anCheckboxs ?? [];
      b.anCheckboxs = cur.some((c) => c.optionDwId === id) ? cur.map((c) => (c.optionDwId === id ? { ...c, otherText: v } : c)) : [...cur, { optionDwId: id, otherText: v }];
    }
    set(b);
  };
  const cols = img ? (p.mobile ? 2 : 4) : q.hv === 1 ? Math.max(1, q.cellCount || 2) : 1;
  const renderList = (opts: Option[]) => {
    const vis = opts.filter((o) => !hidden.has(o.dwId ?? ''));
    if (q.hv === 4 && radio) {
      return (
        <select className="dwa-input" disabled={readOnly} aria-label={textOf(q.quTitleObj, q.quTitle)} value={a?.anRadio?.optionDwId ?? ''} onChange={(e) => {
          const o = vis.find((x) => x.dwId === e.target.value);
          if (o) toggle(o);
          else set(undefined);
        }}>
          <option value="">{t('an.select.placeholder')}</option>
          {vis.map((o) => (
            <option key={o.dwId} value={o.dwId}>
              {optTitle(o).replace(/<[^>]*>/g, '')}
            </option>
          ))}
        </select>
      );
    }
    return (
      <div className={`dwa-options ${img ? 'dwa-img-grid' : ''}`} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }} role={radio ? 'radiogroup' : 'group'}>
        {vis.map((o) => {
          const id = o.dwId ?? '';
          const on = isOn(id);
          return (
            <div key={id} className={`dwa-option ${on ? 'dwa-on' : ''}`}>
              <label className="dwa-option-label">
                <input type={radio ? 'radio' : 'checkbox'} name={name} checked={on} disabled={readOnly} onChange={() => toggle(o)} onClick={(e) => {
                  // allow reselect of radio to be a no-op
                  if (radio && on) e.stopPropagation();
                }} />
                {img && o.optionImg?.imgSrc && <img className="dwa-opt-img" src={o.optionImg.imgSrc} alt="" />}
                <Html html={optTitle(o)} />
              </label>
              {noteShown(o) && (on || q.quType.startsWith('COMP')) && (
                <input
                  className="dwa-input dwa-note"
                  aria-label={`${optTitle(o).replace(/<[^>]*>/g, '')} ${t('an.option.other')}`}
                  placeholder={t('an.option.other')}
                  value={other(id)}
                  disabled={readOnly}
                  maxLength={o.inputAttr?.commonAttr?.maxlength || 119}
                  onChange={(e) => setOther(o, e.target.value)}
                />
              )}
              <VoteInfo v={p.votes} id={id} />
            </div>
          );
        })}
      </div>
    );
  };
  if (group) {
    return (
      <div className="dwa-groups">
        {(q.quRows ?? []).filter((g) => !hidden.has(g.dwId ?? '')).map((g) => (
          <fieldset key={g.dwId} className="dwa-group">
            <legend>
              <Html html={textOf(g.groupNameObj, g.optionTitle || g.optionName)} />
            </legend>
            {renderList(ordered(g.groupOptions, p.order?.options[g.dwId ?? '']))}
          </fieldset>
        ))}
      </div>
    );
  }
  return renderList(optionsOf(q, p.order));
}

// ---------------------------------------------------------------- fill blanks

export function FillBlank(p: WidgetProps) {
  const { q, a, set } = p;
  return (
    <TextInput
      id={`in-${q.dwId}`}
      label={textOf(q.quTitleObj, q.quTitle).replace(/<[^>]*>/g, '')}
      value={a?.anFbk?.answer ?? ''}
      ia={q.quAttr?.inputAttr}
      readOnly={p.readOnly}
      t={p.t}
      onChange={(v) => set(v === '' ? undefined : { ...base(q, a), anFbk: { answer: v } })}
    />
  );
}

export function MultiFillBlank(p: WidgetProps) {
  const { q, a, set } = p;
  const opts = optionsOf(q, p.order).filter((o) => !p.hidden.has(o.dwId ?? ''));
  return (
    <div className="dwa-mfbk">
      {opts.map((o) => {
        const id = o.dwId ?? '';
        const v = a?.anMFbks?.find((m) => m.optionDwId === id)?.answer ?? '';
        return (
          <div key={id} className="dwa-mfbk-row">
            <label className="dwa-mfbk-label" htmlFor={`in-${id}`}>
              <Html html={optTitle(o)} />
            </label>
            {!q.quAttr?.hideMfbkInput && (
              <TextInput
                id={`in-${id}`}
                label={optTitle(o).replace(/<[^>]*>/g, '')}
                value={v}
                ia={o.inputAttr}
                readOnly={p.readOnly}
                t={p.t}
                onChange={(nv) => {
                  const cur = (a?.anMFbks ?? []).filter((m) => m.optionDwId !== id);
                  if (nv !== '') cur.push({ optionDwId: id, answer: nv });
                  set({ ...base(q, a), anMFbks: cur });
                }}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

// ---------------------------------------------------------------- ranking

/**
 * Click rules of the spec: clicking an unranked option gives it the next rank; clicking a ranked
 * one removes it and shifts the ranks after it up; at the maximum top number the last rank is
 * replaced; unranked options are listed after the ranked ones.
 */
export function orderClick(cur: { optionDwId: string; orderNum: number }[], id: string, maxTop: number) {
  const ranked = cur.slice().sort((x, y) => x.orderNum - y.orderNum).map((x) => x.optionDwId);
  const i = ranked.indexOf(id);
  if (i >= 0) ranked.splice(i, 1);
  else if (maxTop > 0 && ranked.length >= maxTop) ranked[ranked.length - 1] = id;
  else ranked.push(id);
  return ranked.map((x, n) => ({ optionDwId: x, orderNum: n + 1 }));
}

export function OrderQu(p: WidgetProps) {
  const { q, a, set, t } = p;
  const all = optionsOf(q, p.order).filter((o) => !p.hidden.has(o.dwId ?? ''));
  const cur = a?.anOrders ?? [];
  const rank = new Map(cur.map((x) => [x.optionDwId, x.orderNum]));
  const maxTop = q.quAttr?.orderQuAttr?.maxTopNum || q.quAttr?.orderQuAttr?.topNum || 0;
  const list = [...all.filter((o) => rank.has(o.dwId ?? '')).sort((x, y) => (rank.get(x.dwId ?? '') ?? 0) - (rank.get(y.dwId ?? '') ?? 0)), ...all.filter((o) => !rank.has(o.dwId ?? ''))];
  return (
    <div className="dwa-order">
      <div className="dwa-hint">{t('an.order.hint')}</div>
      {list.map((o) => {
        const id = o.dwId ?? '';
        const r = rank.get(id);
        return (
          <button
            type="button"
            key={id}
            className={`dwa-order-item ${r ? 'dwa-on' : ''}`}
            disabled={p.readOnly}
            aria-pressed={!!r}
            onClick={() => {
              const next = orderClick(cur, id, maxTop);
              set(next.length ? { ...base(q, a), anOrders: next } : undefined, id);
            }}
          >
            <span className="dwa-rank">{r ?? ''}</span>
            <Html html={optTitle(o)} />
          </button>
        );
      })}
    </div>
  );
}

// ---------------------------------------------------------------- scores and scales

function ScaleButtons({ min, max, value, onPick, readOnly, label, t }: { min: number; max: number; value?: number; onPick: (n: number) => void; readOnly?: boolean; label: string; t: Tr }) {
  const nums: number[] = [];
  for (let i = min; i <= max; i++) nums.push(i);
  return (
    <div className="dwa-scale" role="radiogroup" aria-label={label}>
      {nums.map((n) => (
        <button type="button" key={n} role="radio" aria-checked={value === n} title={t('an.scale.tooltip', { n })} className={`dwa-scale-btn ${value === n ? 'dwa-on' : ''}`} disabled={readOnly} onClick={() => onPick(n)}>
          {n}
        </button>
      ))}
    </div>
  );
}

export function ScoreQu(p: WidgetProps) {
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
              label={optTitle(o).replace(/<[^>]*>/g, '')}
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

function LR({ q, pos }: { q: Question; pos: 'top' | 'bottom' }) {
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

export function Nps(p: WidgetProps) {
  const { q, a, set, t } = p;
  const min = q.quAttr?.scaleAttr?.min ?? 0;
  const max = q.quAttr?.scaleAttr?.max ?? 10;
  return (
    <div>
      <LR q={q} pos="top" />
      <ScaleButtons min={min} max={max} value={a?.anScale?.answerScore} t={t} readOnly={p.readOnly} label={textOf(q.quTitleObj, q.quTitle).replace(/<[^>]*>/g, '')} onPick={(n) => set({ ...base(q, a), anScale: { answerScore: n } }, q.dwId)} />
      <LR q={q} pos="bottom" />
    </div>
  );
}

function Slider({ min, max, step, value, onChange, readOnly, label }: { min: number; max: number; step: number; value?: number; onChange: (n: number) => void; readOnly?: boolean; label: string }) {
  return (
    <span className="dwa-slider">
      <input type="range" min={min} max={max} step={step} value={value ?? min} aria-label={label} disabled={readOnly} className={value === undefined ? 'dwa-unset' : ''} onChange={(e) => onChange(Number(e.target.value))} onClick={(e) => onChange(Number((e.target as HTMLInputElement).value))} />
      <output className="dwa-slider-val">{value ?? '-'}</output>
    </span>
  );
}

export function SliderQu(p: WidgetProps) {
  const { q, a, set } = p;
  const sa = q.quAttr?.sliderAttr ?? {};
  return (
    <div>
      <LR q={q} pos="top" />
      <Slider min={sa.min ?? 0} max={sa.max ?? 100} step={sa.step || 1} value={a?.anScale?.answerScore} readOnly={p.readOnly} label={textOf(q.quTitleObj, q.quTitle).replace(/<[^>]*>/g, '')} onChange={(n) => set({ ...base(q, a), anScale: { answerScore: n } })} />
      <LR q={q} pos="bottom" />
    </div>
  );
}

// ---------------------------------------------------------------- matrix family

export function Matrix(p: WidgetProps) {
  const { q, a, set, t } = p;
  const [extra, setExtra] = useState<Option[]>([]);
  const baseRows = ordered(q.quRows, p.order?.rows[q.dwId ?? '']).filter((r) => !p.hidden.has(r.dwId ?? ''));
  const rows = [...baseRows, ...extra];
  const cols = ordered(q.quCols, p.order?.cols[q.dwId ?? '']).filter((c) => !p.hidden.has(c.dwId ?? ''));
  const type = q.quType;
  const minW = q.quAttr?.rowAttr?.rowHeadMinWidth || 80;
  const repeat = q.quAttr?.colAttr?.repeatHead || 10;
  const label = (o: Option) => optTitle(o).replace(/<[^>]*>/g, '');
  const head = (k: string) => (
    <tr key={k} className="dwa-mhead">
      <th style={{ minWidth: minW }} />
      {type === 'MATRIX_SCALE' || type === 'MATRIX_SLIDER' ? <th /> : cols.map((c) => <th key={c.dwId} scope="col"><Html html={optTitle(c)} /></th>)}
    </tr>
  );
  const cell = (r: Option, c: Option) => {
    const rid = r.dwId ?? '';
    const cid = c.dwId ?? '';
    const lbl = `${label(r)} - ${label(c)}`;
    if (type === 'MATRIX_RADIO') {
      const on = !!a?.anMatrixRadios?.some((m) => m.rowDwId === rid && m.colDwId === cid);
      return <input type="radio" name={`m-${q.dwId}-${rid}`} aria-label={lbl} checked={on} disabled={p.readOnly} onChange={() => set({ ...base(q, a), anMatrixRadios: [...(a?.anMatrixRadios ?? []).filter((m) => m.rowDwId !== rid), { rowDwId: rid, colDwId: cid }] }, cid)} />;
    }
    if (type === 'MATRIX_CHECKBOX') {
      const row = a?.anMatrixCheckboxes?.find((m) => m.rowDwId === rid);
      const on = !!row?.rowAnCheckboxs.some((c2) => c2.colDwId === cid);
      return (
        <input type="checkbox" aria-label={lbl} checked={on} disabled={p.readOnly} onChange={() => {
          const cells = (row?.rowAnCheckboxs ?? []).filter((c2) => c2.colDwId !== cid);
          if (!on) cells.push({ colDwId: cid });
          const others = (a?.anMatrixCheckboxes ?? []).filter((m) => m.rowDwId !== rid);
          set({ ...base(q, a), anMatrixCheckboxes: cells.length ? [...others, { rowDwId: rid, rowAnCheckboxs: cells }] : others }, cid);
        }} />
      );
    }
    // text-like cells: input, number, select, group, auto-add
    const row = a?.anMatrixFbks?.find((m) => m.rowDwId === rid);
    const v = row?.rowAnFbks.find((x) => x.colDwId === cid)?.answer ?? '';
    const change = (nv: string) => {
      const cells = (row?.rowAnFbks ?? []).filter((x) => x.colDwId !== cid);
      if (nv !== '') cells.push({ colDwId: cid, answer: nv });
      const others = (a?.anMatrixFbks ?? []).filter((m) => m.rowDwId !== rid);
      set({ ...base(q, a), anMatrixFbks: cells.length ? [...others, { rowDwId: rid, rowAnFbks: cells }] : others });
    };
    const ia = c.inputAttr ?? q.quAttr?.inputAttr;
    if (type === 'MATRIX_INPUT_MATRIX_SELECT' || ia?.commonAttr?.inputType === 'Select') {
      const opts = (ia?.selectAttr?.options || '').split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
      return (
        <select className="dwa-input" aria-label={lbl} value={v} disabled={p.readOnly} onChange={(e) => change(e.target.value)}>
          <option value="">{t('an.select.placeholder')}</option>
          {opts.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      );
    }
    if (type === 'MATRIX_NUMBER') return <input className="dwa-input" type="number" inputMode="decimal" aria-label={lbl} value={v} disabled={p.readOnly} onChange={(e) => change(e.target.value)} />;
    return <input className="dwa-input" type="text" aria-label={lbl} value={v} disabled={p.readOnly} maxLength={ia?.commonAttr?.maxlength || 119} onChange={(e) => change(e.target.value)} />;
  };
  const scaleRow = (r: Option) => {
    const rid = r.dwId ?? '';
    const v = a?.anMatrixScales?.find((m) => m.rowDwId === rid)?.answerScore;
    const pick = (n: number) => set({ ...base(q, a), anMatrixScales: [...(a?.anMatrixScales ?? []).filter((m) => m.rowDwId !== rid), { rowDwId: rid, answerScore: n }] }, rid);
    if (type === 'MATRIX_SLIDER') {
      const sa = q.quAttr?.sliderAttr ?? {};
      return <Slider min={sa.min ?? 0} max={sa.max ?? 100} step={sa.step || 1} value={v} readOnly={p.readOnly} label={label(r)} onChange={pick} />;
    }
    const sc = q.quAttr?.scaleAttr ?? {};
    return <ScaleButtons min={sc.min ?? 1} max={sc.max ?? 5} value={v} onPick={pick} readOnly={p.readOnly} label={label(r)} t={t} />;
  };
  const body: React.ReactNode[] = [];
  rows.forEach((r, i) => {
    if (i > 0 && i % repeat === 0) body.push(head(`h${i}`));
    body.push(
      <tr key={r.dwId}>
        <th scope="row" style={{ minWidth: minW }}>
          <Html html={optTitle(r)} />
        </th>
        {type === 'MATRIX_SCALE' || type === 'MATRIX_SLIDER' ? <td>{scaleRow(r)}</td> : cols.map((c) => <td key={c.dwId}>{cell(r, c)}</td>)}
      </tr>,
    );
  });
  return (
    <div className="dwa-matrix-wrap">
      <table className="dwa-matrix">
        <thead>{head('h0')}</thead>
        <tbody>{body}</tbody>
      </table>
      {type === 'MATRIX_AUTO_ADD' && !p.readOnly && (
        <div className="dwa-row-actions">
          <button type="button" className="dwa-btn" onClick={() => setExtra([...extra, { dwId: `${q.dwId}-add-${extra.length + 1}`, optionTitle: String(baseRows.length + extra.length + 1) }])}>
            {t('an.matrix.addRow')}
          </button>
          {extra.length > 0 && (
            <button type="button" className="dwa-btn" onClick={() => setExtra(extra.slice(0, -1))}>
              {t('an.matrix.removeRow')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- uploads

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

function fileUrl(f: { location?: string; filePath?: string; id?: string }): string {
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
          <input type="file" multiple={limit !== 1} accept={acceptAttr} className="dwa-file" aria-label={t('an.upload.choose')} onChange={(e) => {
            const fl = e.target.files;
            void pick(fl).finally(() => {
              e.target.value = '';
            });
          }} />
          {t('an.upload.choose')}
        </label>
      )}
      {busy > 0 && <span className="dwa-hint"> {t('an.upload.uploading')}</span>}
      <ul className="dwa-files">
        {files.map((f, i) => (
          <li key={`${f.filePath}-${i}`}>
            {q.quType === 'UPLOAD_IMAGE' ? <img src={f.filePath} alt={f.fileName} className="dwa-thumb" /> : null}
            <a href={f.filePath} target="_blank" rel="noreferrer">
              {f.fileName}
            </a>
            {!p.readOnly && (
              <button type="button" className="dwa-link" onClick={() => {
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

// ---------------------------------------------------------------- signature

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
          <button type="button" className="dwa-btn dwa-primary" disabled={busy} onClick={confirm}>
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

// ---------------------------------------------------------------- geolocation

export function Geo(p: WidgetProps) {
  const { q, a, set, t, notify } = p;
  const [busy, setBusy] = useState(false);
  const loc = a?.anLocation;
  const locate = () => {
    if (!navigator.geolocation) {
      notify('error', t('an.geo.unsupported'));
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setBusy(false);
        const { longitude, latitude, accuracy } = pos.coords;
        set({
          ...base(q, a),
          anLocation: {
            location: true,
            longitude,
            latitude,
            accuracy,
            formattedAddress: `${longitude.toFixed(6)},${latitude.toFixed(6)}`,
            locationBrand: 'browser',
            locationClient: 'browser',
            locationType: q.quAttr?.locationAttr?.locationType || 'accurate',
          },
        });
      },
      () => {
        setBusy(false);
        notify('error', t('an.geo.failed'));
      },
      { timeout: 10000, enableHighAccuracy: true },
    );
  };
  return (
    <div className="dwa-geo">
      {!p.readOnly && (
        <button type="button" className="dwa-btn" disabled={busy} onClick={locate}>
          {busy ? t('an.geo.locating') : t('an.geo.get')}
        </button>
      )}
      {loc?.formattedAddress && (
        <div className="dwa-geo-box">
          <div>{t('an.geo.coords', { lng: loc.longitude?.toFixed(6), lat: loc.latitude?.toFixed(6), acc: Math.round(loc.accuracy ?? 0) })}</div>
          <div role="radiogroup" aria-label={t('an.geo.accuracy')} className="dwa-geo-acc">
            <span>{t('an.geo.accuracy')}</span>
            {(['vague', 'accurate', 'high'] as const).map((k) => (
              <label key={k}>
                <input type="radio" name={`geo-${q.dwId}`} checked={loc.accuracyLevel === k} disabled={p.readOnly} onChange={() => set({ ...base(q, a), anLocation: { ...loc, accuracyLevel: k } })} />
                {t(`an.geo.${k}`)}
              </label>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- cascade

type CNode = { label?: string; value?: string; name?: string; children?: CNode[] };

export function Cascade(p: WidgetProps) {
  const { q, a, set, t } = p;
  const [nodes, setNodes] = useState<CNode[] | null | undefined>(undefined);
  const id = q.quAttr?.cascadeAttr?.cascadeJsonId;
  useEffect(() => {
    if (!id) {
      setNodes(null);
      return;
    }
    let gone = false;
    cascadeJson(id)
      .then((r) => {
        if (gone) return;
        let d: any = r.resultCode === 200 ? r.data?.jsonData ?? r.data : null;
        if (typeof d === 'string') {
          try {
            d = JSON.parse(d);
          } catch {
            d = null;
          }
        }
        setNodes(Array.isArray(d) ? d : Array.isArray(d?.children) ? d.children : null);
      })
      .catch(() => !gone && setNodes(null));
    return () => {
      gone = true;
    };
  }, [id]);
  if (nodes === undefined) return <div className="dwa-hint">{t('an.loading')}</div>;
  if (nodes === null) return <div className="dwa-error-text">{t('an.cascade.missing')}</div>;
  const vals = (a?.anCascades ?? []).slice().sort((x, y) => x.level - y.level).map((c) => c.value);
  const selects: React.ReactNode[] = [];
  let level: CNode[] | undefined = nodes;
  for (let i = 0; level && level.length; i++) {
    const cur = vals[i];
    const lv: CNode[] = level;
    selects.push(
      <select key={i} className="dwa-input" aria-label={t('an.cascade.level', { n: i + 1 })} value={cur ?? ''} disabled={p.readOnly} onChange={(e) => {
        const nv = [...vals.slice(0, i), e.target.value].filter(Boolean);
        set(nv.length ? { ...base(q, a), anCascades: nv.map((v, j) => ({ level: j + 1, value: v })) } : undefined, q.dwId);
      }}>
        <option value="">{t('an.select.placeholder')}</option>
        {lv.map((n) => {
          const v = n.value ?? n.label ?? n.name ?? '';
          return <option key={v} value={v}>{n.label ?? n.name ?? v}</option>;
        })}
      </select>,
    );
    if (!cur) break;
    level = lv.find((n) => (n.value ?? n.label ?? n.name) === cur)?.children;
  }
  return <div className="dwa-cascade">{selects}</div>;
}

// ---------------------------------------------------------------- image hot spot

export function ImageHot(p: WidgetProps) {
  const { q, a, set, t } = p;
  const img = (q.quAttr as any)?.imgAttr?.imgSrc || q.quRadios?.[0]?.optionImg?.imgSrc || q.quCheckboxs?.[0]?.optionImg?.imgSrc || '';
  const pts = (a?.anFbk?.answer ?? '').split(';').filter(Boolean).map((s) => s.split(',').map(Number));
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
      <div className="dwa-hot-box" onClick={add} role="button" tabIndex={0} aria-label={t('an.hot.hint')} onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          set({ ...base(q, a), anFbk: { answer: [...pts, [50, 50]].map((pp) => pp.join(',')).join(';') } });
        }
      }}>
        {img ? <img src={img} alt="" draggable={false} /> : <div className="dwa-hot-empty" />}
        {pts.map(([x, y], i) => (
          <span key={i} className="dwa-hot-dot" style={{ left: `${x}%`, top: `${y}%` }}>
            {i + 1}
          </span>
        ))}
      </div>
      {pts.length > 0 && !p.readOnly && (
        <button type="button" className="dwa-link" onClick={() => set(undefined)}>
          {t('an.sign.redo')}
        </button>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- colour

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
      <input type="color" aria-label={textOf(q.quTitleObj, q.quTitle).replace(/<[^>]*>/g, '')} value={full} disabled={p.readOnly} onChange={(e) => set({ ...base(q, a), anFbk: { answer: e.target.value } })} />
      <input className="dwa-input dwa-hex" aria-label={t('an.color.hex')} value={text} disabled={p.readOnly} onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value) set(undefined);
        else if (hexOk(e.target.value)) set({ ...base(q, a), anFbk: { answer: e.target.value.startsWith('#') ? e.target.value : `#${e.target.value}` } });
      }} />
      {text && !hexOk(text) && <span className="dwa-error-text">{t('an.color.bad')}</span>}
    </div>
  );
}

// ---------------------------------------------------------------- components

function Carousel({ q }: { q: Question }) {
  const imgs = [...(q.quRadios ?? []), ...(q.quCheckboxs ?? [])].map((o) => o.optionImg?.imgSrc).filter(Boolean) as string[];
  const h = q.quAttr?.carouselAttr?.height || 150;
  const auto = q.quAttr?.carouselAttr?.autoplay ?? true;
  const [i, setI] = useState(0);
  useEffect(() => {
    if (!auto || imgs.length < 2) return;
    const id = setInterval(() => setI((x) => (x + 1) % imgs.length), 3000);
    return () => clearInterval(id);
  }, [auto, imgs.length]);
  return (
    <div className="dwa-carousel" style={{ height: h }}>
      {imgs.length ? <img src={imgs[i % imgs.length]} alt="" style={{ height: h }} /> : null}
      {imgs.length > 1 && (
        <div className="dwa-dots">
          {imgs.map((_, j) => (
            <button type="button" key={j} aria-label={String(j + 1)} className={j === i ? 'dwa-on' : ''} onClick={() => setI(j)} />
          ))}
        </div>
      )}
    </div>
  );
}

function MapMarker(p: WidgetProps) {
  const { q, a, set, t } = p;
  const v = a?.anFbk?.answer;
  const [x, y] = v ? v.split(',').map(Number) : [NaN, NaN];
  return (
    <div>
      <div className="dwa-map" role="button" tabIndex={0} aria-label={t('an.map.hint')} onClick={(e) => {
        if (p.readOnly) return;
        const r = e.currentTarget.getBoundingClientRect();
        const nx = Math.round(((e.clientX - r.left) / r.width) * 1000) / 10;
        const ny = Math.round(((e.clientY - r.top) / r.height) * 1000) / 10;
        set({ ...base(q, a), anFbk: { answer: `${nx},${ny}` } });
      }}>
        {!Number.isNaN(x) && <span className="dwa-marker" style={{ left: `${x}%`, top: `${y}%` }} />}
      </div>
      <div className="dwa-hint">{Number.isNaN(x) ? t('an.map.hint') : t('an.map.marked', { x, y })}</div>
    </div>
  );
}

function VerifyCode(p: WidgetProps) {
  const { q, a, set, t } = p;
  const code = a?.anFbk?.answer;
  useEffect(() => {
    if (!code && !p.readOnly) set({ ...base(q, a), anFbk: { answer: randomCode(6) } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="dwa-verify">
      {t('an.verifycode')}: <strong className="dwa-code">{code}</strong>
    </div>
  );
}

function ScrollText({ q }: { q: Question }) {
  const sa = q.quAttr?.scrollTextAttr;
  const html = textOf(sa?.scrollText, textOf(q.quTitleObj, q.quTitle));
  return (
    <div className="dwa-scroll" aria-live="off">
      <div className="dwa-scroll-inner" style={{ animationDuration: `${sa?.duration || 30}s`, animationDelay: `${sa?.delay || 0}s` }}>
        <Html html={html} />
      </div>
    </div>
  );
}

export function Component(p: WidgetProps) {
  const { q } = p;
  const kind = q.quType === 'MAP' ? 'map' : q.quType === 'VERIFYCODE' ? 'verifycode' : q.quType === 'SCROLLTEXT' ? 'scrolltext' : q.childType || 'divider';
  switch (kind) {
    case 'carousel':
      return <Carousel q={q} />;
    case 'map':
      return <MapMarker {...p} />;
    case 'verifycode':
      return <VerifyCode {...p} />;
    case 'scrolltext':
      return <ScrollText q={q} />;
  }
  const da = q.quAttr?.dividerAttr;
  return (
    <div className={`dwa-divider dwa-divider-${da?.contentPosition || 'center'}`} role="separator" style={{ borderTopStyle: (da?.borderStyle as any) || 'solid' }}>
      {da?.content ? <span>{da.content}</span> : null}
    </div>
  );
}

/** The widget for one question. */
export function Widget(p: WidgetProps) {
  const t = p.q.quType;
  switch (t) {
    case 'RADIO':
    case 'CHECKBOX':
    case 'YESNO':
    case 'COMPRADIO':
    case 'COMPCHECKBOX':
    case 'IMGRADIO':
    case 'IMGCHECKBOX':
    case 'IMGCHECKBOXGROUP':
    case 'CHECKBOXGROUP':
    case 'RADIOGROUP':
      return <Choice {...p} />;
    case 'FILLBLANK':
    case 'ANSWER':
    case 'BIGQU':
    case 'ENUMQU':
      return <FillBlank {...p} />;
    case 'MULTIFILLBLANK':
      return <MultiFillBlank {...p} />;
    case 'ORDERQU':
      return <OrderQu {...p} />;
    case 'SCORE':
    case 'CHENSCORE':
      return <ScoreQu {...p} />;
    case 'SCALE_NPS':
      return <Nps {...p} />;
    case 'SCALE_SLIDER':
      return <SliderQu {...p} />;
    case 'UPLOADFILE':
    case 'UPLOAD_IMAGE':
      return <Upload {...p} />;
    case 'SIGNATURE':
      return <Signature {...p} />;
    case 'GEOLOCATION':
      return <Geo {...p} />;
    case 'CASCADE':
      return <Cascade {...p} />;
    case 'IMAGE_HOT':
      return <ImageHot {...p} />;
    case 'COLOR_PICKER':
      return <ColorPicker {...p} />;
    case 'DW_COMPONENT':
    case 'MAP':
    case 'VERIFYCODE':
    case 'SCROLLTEXT':
      return <Component {...p} />;
    case 'PAGETAG':
    case 'PARAGRAPH':
      return null;
  }
  if (t.startsWith('MATRIX_')) return <Matrix {...p} />;
  return <FillBlank {...p} />;
}

export const useStable = <T,>(v: T) => useMemo(() => v, [JSON.stringify(v)]); // eslint-disable-line react-hooks/exhaustive-deps
