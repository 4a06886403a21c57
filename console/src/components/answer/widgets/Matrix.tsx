// The matrix family: MATRIX_RADIO, _CHECKBOX, _INPUT, _NUMBER, _SELECT, _SCALE, _SLIDER, _AUTO_ADD.
import React, { useState } from 'react';
import type { Option } from '../../../survey';
import { optTitle, ordered } from '../util';
import { ScaleButtons, Slider } from './scale';
import { base, fieldAria, Html, plain, type WidgetProps } from './shared';

export function Matrix(p: WidgetProps) {
  const { q, a, set, t } = p;
  const [extra, setExtra] = useState<Option[]>([]);
  const baseRows = ordered(q.quRows, p.order?.rows[q.dwId ?? '']).filter((r) => !p.hidden.has(r.dwId ?? ''));
  const rows = [...baseRows, ...extra];
  const cols = ordered(q.quCols, p.order?.cols[q.dwId ?? '']).filter((c) => !p.hidden.has(c.dwId ?? ''));
  const type = q.quType;
  const minW = q.quAttr?.rowAttr?.rowHeadMinWidth || 80;
  const repeat = q.quAttr?.colAttr?.repeatHead || 10;
  const label = (o: Option) => plain(optTitle(o));
  const aria = fieldAria(p.ax, false);
  const fieldAriaReq = fieldAria(p.ax);
  const head = (k: string) => (
    <tr key={k} className="dwa-mhead">
      <td style={{ minWidth: minW }} />
      {type === 'MATRIX_SCALE' || type === 'MATRIX_SLIDER' ? <td /> : cols.map((c) => <th key={c.dwId} scope="col"><Html html={optTitle(c)} /></th>)}
    </tr>
  );
  const cell = (r: Option, c: Option) => {
    const rid = r.dwId ?? '';
    const cid = c.dwId ?? '';
    const lbl = `${label(r)} - ${label(c)}`;
    if (type === 'MATRIX_RADIO') {
      const on = !!a?.anMatrixRadios?.some((m) => m.rowDwId === rid && m.colDwId === cid);
      return <input type="radio" name={`m-${q.dwId}-${rid}`} aria-label={lbl} {...aria} checked={on} disabled={p.readOnly} onChange={() => set({ ...base(q, a), anMatrixRadios: [...(a?.anMatrixRadios ?? []).filter((m) => m.rowDwId !== rid), { rowDwId: rid, colDwId: cid }] }, cid)} />;
    }
    if (type === 'MATRIX_CHECKBOX') {
      const row = a?.anMatrixCheckboxes?.find((m) => m.rowDwId === rid);
      const on = !!row?.rowAnCheckboxs.some((c2) => c2.colDwId === cid);
      return (
        <input type="checkbox" aria-label={lbl} {...aria} checked={on} disabled={p.readOnly} onChange={() => {
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
        <select className="dwa-input" aria-label={lbl} {...fieldAriaReq} value={v} disabled={p.readOnly} onChange={(e) => change(e.target.value)}>
          <option value="">{t('an.select.placeholder')}</option>
          {opts.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      );
    }
    if (type === 'MATRIX_NUMBER') return <input className="dwa-input" type="number" inputMode="decimal" aria-label={lbl} {...fieldAriaReq} value={v} disabled={p.readOnly} onChange={(e) => change(e.target.value)} />;
    return <input className="dwa-input" type="text" aria-label={lbl} {...fieldAriaReq} value={v} disabled={p.readOnly} maxLength={ia?.commonAttr?.maxlength || 119} onChange={(e) => change(e.target.value)} />;
  };
  const scaleRow = (r: Option) => {
    const rid = r.dwId ?? '';
    const v = a?.anMatrixScales?.find((m) => m.rowDwId === rid)?.answerScore;
    const pick = (n: number) => set({ ...base(q, a), anMatrixScales: [...(a?.anMatrixScales ?? []).filter((m) => m.rowDwId !== rid), { rowDwId: rid, answerScore: n }] }, rid);
    if (type === 'MATRIX_SLIDER') {
      const sa = q.quAttr?.sliderAttr ?? {};
      return <Slider min={sa.min ?? 0} max={sa.max ?? 100} step={sa.step || 1} value={v} readOnly={p.readOnly} label={label(r)} ax={p.ax} t={t} onChange={pick} />;
    }
    const sc = q.quAttr?.scaleAttr ?? {};
    return <ScaleButtons min={sc.min ?? 1} max={sc.max ?? 5} value={v} onPick={pick} readOnly={p.readOnly} label={label(r)} name={`ms-${q.dwId}-${rid}`} ax={p.ax} t={t} />;
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
      <table className="dwa-matrix" aria-labelledby={p.ax?.titleId}>
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
