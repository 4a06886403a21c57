// One question on the design canvas, drawn roughly as the respondent sees it, with inline editing.
// Memoised: typing in one question re-renders only that card.
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import React, { memo } from 'react';
import type { Option, Question } from '../../survey';
import { getIn, isGroupType, isImgType, isMatrixType, newOption, optionKey, optText, quTitleText, setNote, setOptTitle, setTitle } from './model';

export type CardProps = {
  q: Question;
  index: number;
  num: number | null;
  selected: boolean;
  typeName: string;
  L: (k: string, v?: Record<string, any>) => string;
  onSelect: (i: number) => void;
  onChange: (i: number, fn: (q: Question) => Question) => void;
  onMove: (i: number, to: number) => void;
  onRemove: (i: number) => void;
  onCopy: (i: number) => void;
  onDragStart: (i: number) => void;
  onDropOn: (i: number) => void;
};

const box: React.CSSProperties = { display: 'inline-block', width: 14, height: 14, border: '1px solid #999', marginRight: 6, verticalAlign: 'middle' };

const OptList: React.FC<{ list: Option[]; round: boolean; img?: boolean; onList: (l: Option[]) => void; L: CardProps['L']; tid: string }> = ({ list, round, img, onList, L, tid }) => (
  <div>
    {list.map((o, i) => (
      <div key={o.dwId ?? i} style={{ display: 'flex', alignItems: 'center', gap: 4, margin: '2px 0' }}>
        <span style={{ ...box, borderRadius: round ? 7 : 2 }} />
        {img && <span style={{ width: 32, height: 24, background: o.optionImg?.imgSrc ? `center/cover url(${o.optionImg.imgSrc})` : '#eee', display: 'inline-block' }} />}
        <input
          className="dw-inline"
          data-testid={`${tid}-opt-${i}`}
          value={optText(o)}
          onChange={(e) => onList(list.map((x, j) => (j === i ? setOptTitle(x, e.target.value) : x)))}
        />
        {o.isRight && <span style={{ color: '#52c41a' }}>✓</span>}
        <MinusCircleOutlined style={{ color: '#999' }} onClick={() => list.length > 1 && onList(list.filter((_, j) => j !== i))} />
      </div>
    ))}
    <button type="button" className="dw-link" data-testid={`${tid}-add-opt`} onClick={() => onList([...list, newOption(`${L('au.d.option')} ${list.length + 1}`)])}>
      <PlusOutlined /> {L('au.d.addOption')}
    </button>
  </div>
);

function Body({ q, index, L, onChange }: CardProps) {
  const t = q.quType;
  const tid = `qu-${index}`;
  const set = (fn: (q: Question) => Question) => onChange(index, fn);
  const k = optionKey(t);
  if (k === 'quRadios' || k === 'quCheckboxs' || k === 'quOrderbys') {
    return <OptList tid={tid} L={L} list={q[k] ?? []} round={k === 'quRadios'} img={isImgType(t)} onList={(l) => set((x) => ({ ...x, [k]: l }))} />;
  }
  if (k === 'quScores') {
    const max = q.paramInt02 || 5;
    return (
      <div>
        <OptList tid={tid} L={L} list={q.quScores ?? []} round={false} onList={(l) => set((x) => ({ ...x, quScores: l }))} />
        <div style={{ color: '#fadb14' }}>{'★'.repeat(Math.min(max, 10))}</div>
      </div>
    );
  }
  if (k === 'quMultiFillblanks') {
    return <OptList tid={tid} L={L} list={q.quMultiFillblanks ?? []} round={false} onList={(l) => set((x) => ({ ...x, quMultiFillblanks: l }))} />;
  }
  if (isGroupType(t)) {
    return (
      <div>
        {(q.quRows ?? []).map((g, gi) => (
          <div key={g.dwId ?? gi} style={{ marginBottom: 4 }}>
            <input className="dw-inline" style={{ fontWeight: 600 }} value={optText(g)} onChange={(e) => set((x) => ({ ...x, quRows: x.quRows!.map((r, j) => (j === gi ? setOptTitle(r, e.target.value) : r)) }))} />
            <OptList tid={`${tid}-g${gi}`} L={L} list={g.groupOptions ?? []} round={t === 'RADIOGROUP'} img={t === 'IMGCHECKBOXGROUP'} onList={(l) => set((x) => ({ ...x, quRows: x.quRows!.map((r, j) => (j === gi ? { ...r, groupOptions: l } : r)) }))} />
          </div>
        ))}
        <button type="button" className="dw-link" onClick={() => set((x) => ({ ...x, quRows: [...(x.quRows ?? []), { ...newOption(`${L('au.d.group')} ${(x.quRows?.length ?? 0) + 1}`), groupOptions: [newOption(L('au.d.option'))] }] }))}>
          <PlusOutlined /> {L('au.d.addGroup')}
        </button>
      </div>
    );
  }
  if (isMatrixType(t)) {
    const rows = q.quRows ?? [];
    const cols = q.quCols ?? [];
    const cell = t === 'MATRIX_RADIO' ? '○' : t === 'MATRIX_CHECKBOX' ? '☐' : t === 'MATRIX_SCALE' ? '☆' : t === 'MATRIX_SLIDER' ? '—' : '▭';
    const setRows = (l: Option[]) => set((x) => ({ ...x, quRows: l }));
    const setCols = (l: Option[]) => set((x) => ({ ...x, quCols: l }));
    return (
      <div style={{ overflowX: 'auto' }}>
        <table className="dw-matrix">
          <thead>
            <tr>
              <th />
              {cols.map((c, ci) => (
                <th key={c.dwId ?? ci}>
                  <input className="dw-inline" style={{ width: 70 }} data-testid={`${tid}-col-${ci}`} value={optText(c)} onChange={(e) => setCols(cols.map((x, j) => (j === ci ? setOptTitle(x, e.target.value) : x)))} />
                </th>
              ))}
              <th>
                <PlusOutlined data-testid={`${tid}-add-col`} onClick={() => setCols([...cols, newOption(`${L('au.d.col')} ${cols.length + 1}`)])} />
                {cols.length > 1 && <MinusCircleOutlined onClick={() => setCols(cols.slice(0, -1))} />}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, ri) => (
              <tr key={r.dwId ?? ri}>
                <td>
                  <input className="dw-inline" style={{ width: 90 }} data-testid={`${tid}-row-${ri}`} value={optText(r)} onChange={(e) => setRows(rows.map((x, j) => (j === ri ? setOptTitle(x, e.target.value) : x)))} />
                </td>
                {cols.map((c, ci) => (
                  <td key={c.dwId ?? ci} style={{ textAlign: 'center', color: '#999' }}>
                    {cell}
                  </td>
                ))}
                <td>{rows.length > 1 && <MinusCircleOutlined onClick={() => setRows(rows.filter((_, j) => j !== ri))} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="dw-link" data-testid={`${tid}-add-row`} onClick={() => setRows([...rows, newOption(`${L('au.d.row')} ${rows.length + 1}`)])}>
          <PlusOutlined /> {L('au.d.addRow')}
        </button>
      </div>
    );
  }
  const dis: React.CSSProperties = { border: '1px solid #d9d9d9', borderRadius: 4, padding: '4px 8px', color: '#bbb', minHeight: 30 };
  switch (t) {
    case 'FILLBLANK':
    case 'ENUMQU':
    case 'COLOR_PICKER':
      return <div style={dis}>{getIn(q, 'quAttr.inputAttr.commonAttr.placeholder') || getIn(q, 'quAttr.inputAttr.commonAttr.inputType') || L('au.d.input')}</div>;
    case 'ANSWER':
    case 'BIGQU':
      return <div style={{ ...dis, minHeight: 70 }}>{L('au.d.textarea')}</div>;
    case 'SCALE_NPS': {
      const a = q.quAttr?.scaleAttr ?? {};
      const lo = a.min ?? 0;
      const hi = Math.min(a.max ?? 10, lo + 20);
      return (
        <div style={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {Array.from({ length: hi - lo + 1 }, (_, i) => (
            <span key={i} style={{ border: '1px solid #d9d9d9', padding: '2px 8px' }}>
              {lo + i}
            </span>
          ))}
        </div>
      );
    }
    case 'SCALE_SLIDER': {
      const a = q.quAttr?.sliderAttr ?? {};
      return (
        <div>
          {a.min ?? 0} <input type="range" disabled min={a.min ?? 0} max={a.max ?? 100} style={{ width: 240, verticalAlign: 'middle' }} /> {a.max ?? 100}
        </div>
      );
    }
    case 'UPLOADFILE':
    case 'UPLOAD_IMAGE':
      return <div style={{ ...dis, textAlign: 'center' }}>⇪ {L('au.d.upload')}</div>;
    case 'SIGNATURE':
      return <div style={{ ...dis, height: 80 }}>✍ {L('au.d.signature')}</div>;
    case 'GEOLOCATION':
    case 'MAP':
      return <div style={{ ...dis }}>⌖ {L('au.d.location')}</div>;
    case 'CASCADE':
      return <div style={dis}>▾ ▾ ▾ {q.quAttr?.cascadeAttr?.cascadeJsonId || L('au.d.cascade')}</div>;
    case 'IMAGE_HOT':
      return <div style={{ ...dis, height: 80 }}>▦ {L('au.d.imageHot')}</div>;
    case 'VERIFYCODE':
      return <div style={dis}>{L('au.d.verifyCode')} ▭▭▭▭</div>;
    case 'SCROLLTEXT':
      return <div style={dis}>⟶ {L('au.d.scrollText')}</div>;
    case 'DW_COMPONENT':
      switch (q.childType) {
        case 'divider':
          return <div style={{ borderTop: `1px ${q.quAttr?.dividerAttr?.borderStyle || 'solid'} #bbb`, textAlign: (q.quAttr?.dividerAttr?.contentPosition as any) || 'center', paddingTop: 4, color: '#999' }}>{q.quAttr?.dividerAttr?.content}</div>;
        case 'carousel':
          return <div style={{ ...dis, height: Math.min(q.quAttr?.carouselAttr?.height || 120, 200), textAlign: 'center' }}>◀ {L('au.d.carousel')} ▶</div>;
        case 'map':
          return <div style={{ ...dis, height: 80 }}>⌖ {L('au.d.map')}</div>;
        case 'verifycode':
          return <div style={dis}>{L('au.d.verifyCode')} ▭▭▭▭</div>;
        case 'scrolltext':
          return <div style={dis}>⟶ {q.quAttr?.scrollTextAttr?.scrollText?.dwText || L('au.d.scrollText')}</div>;
      }
      return null;
  }
  return null;
}

const QuestionCard: React.FC<CardProps> = (p) => {
  const { q, index, num, selected, L, onSelect, onChange } = p;
  const t = q.quType;
  if (t === 'PAGETAG') {
    return (
      <div
        className={`dw-card dw-page ${selected ? 'dw-sel' : ''}`}
        data-testid={`qu-${index}`}
        data-qutype={t}
        draggable
        onDragStart={() => p.onDragStart(index)}
        onDragOver={(e) => e.preventDefault()}
        onDrop={() => p.onDropOn(index)}
        onClick={() => onSelect(index)}
      >
        <span>— {L('au.d.pageBreak')} —</span>
        <Actions {...p} />
      </div>
    );
  }
  return (
    <div
      className={`dw-card ${selected ? 'dw-sel' : ''}`}
      data-testid={`qu-${index}`}
      data-qutype={t}
      onClick={() => onSelect(index)}
      onDragOver={(e) => e.preventDefault()}
      onDrop={() => p.onDropOn(index)}
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 6 }}>
        <span className="dw-handle" draggable onDragStart={() => p.onDragStart(index)} title={L('au.d.drag')}>
          ⠿
        </span>
        {(q.quAttr?.isRequired || q.isRequired) && t !== 'PARAGRAPH' && <span style={{ color: 'red' }}>*</span>}
        {num !== null && <b>{num}.</b>}
        <input
          className="dw-inline dw-qtitle"
          data-testid={`qu-title-${index}`}
          value={quTitleText(q)}
          placeholder={L('au.d.titlePh')}
          onChange={(e) => onChange(index, (x) => setTitle(x, e.target.value))}
        />
        <span className="dw-type">{p.typeName}</span>
        <Actions {...p} />
      </div>
      {(q.quAttr?.showQuNote || q.quNote) && (
        <input className="dw-inline dw-note" data-testid={`qu-note-${index}`} value={q.quNoteObj?.dwText ?? q.quNote ?? ''} placeholder={L('au.d.notePh')} onChange={(e) => onChange(index, (x) => setNote(x, e.target.value))} />
      )}
      <div style={{ paddingLeft: 28, marginTop: 4 }}>
        <Body {...p} />
      </div>
      {(q.questionLogics?.length ?? 0) > 0 && <div className="dw-logic">⚑ {L('au.d.hasLogic', { n: q.questionLogics!.length })}</div>}
    </div>
  );
};

const Actions: React.FC<CardProps> = ({ index, L, onMove, onRemove, onCopy }) => (
  // plain elements with title attributes: a card must stay cheap to re-render (300-question surveys)
  <span className="dw-actions" onClick={(e) => e.stopPropagation()}>
    <span title={L('au.d.up')} data-testid={`qu-up-${index}`} onClick={() => onMove(index, index - 1)}>
      <ArrowUpOutlined />
    </span>
    <span title={L('au.d.down')} data-testid={`qu-down-${index}`} onClick={() => onMove(index, index + 1)}>
      <ArrowDownOutlined />
    </span>
    <span title={L('au.d.copy')} onClick={() => onCopy(index)}>
      <CopyOutlined />
    </span>
    <span title={L('common.delete')} data-testid={`qu-del-${index}`} onClick={() => onRemove(index)}>
      <DeleteOutlined />
    </span>
  </span>
);

export default memo(QuestionCard);
