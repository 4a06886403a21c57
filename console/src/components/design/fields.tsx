// Small bound controls: read a dotted path of an object, write through onSet(path, value).
import { Input, InputNumber, Select, Switch } from 'antd';
import React from 'react';
import { ownBtnText, type BtnField } from '../../survey/defaults';
import { getIn } from './model';

export type Bind = { obj: any; onSet: (path: string, v: unknown) => void };

/** A labelled row: `labelId` names the controls inside (they point at it with aria-labelledby). */
export const Row: React.FC<{ label: React.ReactNode; children: React.ReactNode; labelId?: string }> = ({ label, children, labelId }) => (
  <div className="dw-field">
    <div className="dw-field-label" id={labelId}>
      {label}
    </div>
    <div className="dw-field-ctl">{children}</div>
  </div>
);

export const BoolF: React.FC<Bind & { path: string; label: React.ReactNode; tid?: string }> = ({ obj, onSet, path, label, tid }) => {
  const id = React.useId();
  return (
    <Row label={label} labelId={id}>
      <Switch size="small" aria-labelledby={id} data-testid={tid ?? `f-${path}`} checked={!!getIn(obj, path)} onChange={(v) => onSet(path, v)} />
    </Row>
  );
};

export const NumF: React.FC<Bind & { path: string; label: React.ReactNode; min?: number; max?: number; step?: number; tid?: string }> = ({ obj, onSet, path, label, min, max, step, tid }) => {
  const id = React.useId();
  return (
    <Row label={label} labelId={id}>
      <InputNumber
        size="small"
        aria-labelledby={id}
        data-testid={tid ?? `f-${path}`}
        min={min}
        max={max}
        step={step}
        value={getIn(obj, path) ?? null}
        onChange={(v) => onSet(path, v === null ? undefined : Number(v))}
        style={{ width: '100%' }}
      />
    </Row>
  );
};

export const TextF: React.FC<Bind & { path: string; label: React.ReactNode; area?: boolean; tid?: string; placeholder?: string }> = ({ obj, onSet, path, label, area, tid, placeholder }) => {
  const id = React.useId();
  return (
    <Row label={label} labelId={id}>
      {area ? (
        <Input.TextArea size="small" rows={3} aria-labelledby={id} data-testid={tid ?? `f-${path}`} value={getIn(obj, path) ?? ''} placeholder={placeholder} onChange={(e) => onSet(path, e.target.value)} />
      ) : (
        <Input size="small" aria-labelledby={id} data-testid={tid ?? `f-${path}`} value={getIn(obj, path) ?? ''} placeholder={placeholder} onChange={(e) => onSet(path, e.target.value)} />
      )}
    </Row>
  );
};

/**
 * A button text of the survey style: empty when the style has none or only the stock text (which
 * is not the author's: the answer page shows its own in the respondent's language), with the
 * console language's text as the placeholder; clearing it goes back to the stock text.
 */
export const BtnTextF: React.FC<Bind & { field: BtnField; label: React.ReactNode; placeholder: string; tid?: string }> = ({ obj, onSet, field, label, placeholder, tid }) => {
  const id = React.useId();
  const path = `surveyStyle.${field}`;
  return (
    <Row label={label} labelId={id}>
      <Input size="small" aria-labelledby={id} data-testid={tid ?? `f-${path}`} value={ownBtnText(obj?.surveyStyle, field)} placeholder={placeholder} onChange={(e) => onSet(path, e.target.value)} />
    </Row>
  );
};

export const SelF: React.FC<Bind & { path: string; label: React.ReactNode; options: { value: any; label: React.ReactNode }[]; tid?: string; allowClear?: boolean }> = ({ obj, onSet, path, label, options, tid, allowClear }) => {
  const id = React.useId();
  return (
    <Row label={label} labelId={id}>
      <Select size="small" aria-labelledby={id} data-testid={tid ?? `f-${path}`} style={{ width: '100%' }} allowClear={allowClear} value={getIn(obj, path)} options={options} onChange={(v) => onSet(path, v)} />
    </Row>
  );
};

/**
 * A colour: the picker and its hex text, both named by the row's label. Without a colour (the
 * answer page's default) the swatch says "default" instead of showing the native picker's black;
 * it still opens the picker.
 */
export const ColorF: React.FC<Bind & { path: string; label: React.ReactNode; tid?: string; defaultText: string }> = ({ obj, onSet, path, label, tid, defaultText }) => {
  const id = React.useId();
  const v: string = getIn(obj, path) ?? '';
  return (
    <Row label={label} labelId={id}>
      <span style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
        <span className={`dw-color${v ? '' : ' dw-color-empty'}`} data-testid={`${tid ?? `f-${path}`}-swatch`}>
          {!v && (
            <span className="dw-color-default" id={`${id}-def`}>
              {defaultText}
            </span>
          )}
          <input type="color" aria-labelledby={id} aria-describedby={v ? undefined : `${id}-def`} value={/^#[0-9a-f]{6}$/i.test(v) ? v : '#000000'} onChange={(e) => onSet(path, e.target.value)} />
        </span>
        <Input size="small" aria-labelledby={id} data-testid={tid ?? `f-${path}`} value={v} placeholder={defaultText} onChange={(e) => onSet(path, e.target.value)} />
      </span>
    </Row>
  );
};
