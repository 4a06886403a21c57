// One question on the design canvas, drawn roughly as the respondent sees it, with inline rich-text
// editing of the title, note and option texts.
//
// Re-render budget (300-question surveys): the card is split so that moving a question re-renders
// only what changed. The outer frame depends on the position (index, number, selection) and is a
// few elements; the title, note and body depend only on the question object and a change callback
// keyed by the question's dwId, so they are skipped when a move shifts the card's index. The action
// buttons have no per-card props at all: the frame handles their clicks by delegation.
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import React, { memo } from 'react';
import RichText, { type RichTextLabels } from '../RichText';
import type { Option, Question } from '../../survey';
import { getIn, isGroupType, isImgType, isMatrixType, newOption, optHtml, optionKey, quNoteHtml, quTitleHtml, setNoteHtml, setOptHtml, setTitleHtml } from './model';

type L = (k: string, v?: Record<string, any>) => string;
/** Applies an edit to the question with this id (dwId, or "#index" for a question without one). */
export type ChangeById = (id: string, fn: (q: Question) => Question) => void;

export type CardProps = {
  q: Question;
  index: number;
  num: number | null;
  selected: boolean;
  typeName: string;
  L: L;
  labels: RichTextLabels;
  onSelect: (i: number) => void;
  onChangeId: ChangeById;
  onMove: (i: number, to: number) => void;
  onRemove: (i: number) => void;
  onCopy: (i: number) => void;
  onDragStart: (i: number) => void;
  onDropOn: (i: number) => void;
};

type ContentProps = { q: Question; cid: string; L: L; labels: RichTextLabels; onChangeId: ChangeById };

const box: React.CSSProperties = { display: 'inline-block', width: 14, height: 14, border: '1px solid #999', marginRight: 6, verticalAlign: 'middle', flex: 'none' };

const OptList: React.FC<{
  list: Option[];
  round: boolean;
  img?: boolean;
  onEdit: (fn: (l: Option[]) => Option[]) => void;
  L: L;
  labels: RichTextLabels;
  tid: string;
  owner: string;
}> = ({ list, round, img, onEdit, L, labels, tid, owner }) => (
  <div>
    {list.map((o, i) => (
      <div key={o.dwId ?? i} className="dw-optrow">
        <span style={{ ...box, borderRadius: round ? 7 : 2 }} />
        {img && <span style={{ width: 32, height: 24, flex: 'none', background: o.optionImg?.imgSrc ? `center/cover url(${o.optionImg.imgSrc})` : '#eee', display: 'inline-block' }} />}
        <RichText
          single
          className="dw-inline"
          testid={`${tid}opt-${i}`}
          label={L('au.d.optionN', { n: i + 1 })}
          html={optHtml(o)}
          labels={labels}
          pipeOwner={owner}
          placeholder={L('au.d.option')}
          onChange={(h, t) => onEdit((l) => l.map((x, j) => (j === i ? setOptHtml(x, h, t) : x)))}
        />
        {o.isRight && <span style={{ color: '#52c41a' }}>✓</span>}
        <button
          type="button"
          className="dw-icon-btn"
          title={L('au.d.delOptionN', { n: i + 1 })}
          aria-label={L('au.d.delOptionN', { n: i + 1 })}
          data-testid={`${tid}opt-del-${i}`}
          onClick={() => onEdit((l) => (l.length > 1 ? l.filter((_, j) => j !== i) : l))}
        >
          <MinusCircleOutlined style={{ color: '#595959' }} />
        </button>
      </div>
    ))}
    <button type="button" className="dw-link" data-testid={`${tid}add-opt`} onClick={() => onEdit((l) => [...l, newOption(`${L('au.d.option')} ${l.length + 1}`)])}>
      <PlusOutlined /> {L('au.d.addOption')}
    </button>
  </div>
);

function Body({ q, cid, L, labels, onChangeId }: ContentProps) {
  const t = q.quType;
  const set = (fn: (q: Question) => Question) => onChangeId(cid, fn);
  const k = optionKey(t);
  if (k === 'quRadios' || k === 'quCheckboxs' || k === 'quOrderbys') {
    return <OptList tid="" owner={cid} L={L} labels={labels} list={q[k] ?? []} round={k === 'quRadios'} img={isImgType(t)} onEdit={(fn) => set((x) => ({ ...x, [k]: fn(x[k] ?? []) }))} />;
  }
  if (k === 'quScores') {
    const max = q.paramInt02 || 5;
    return (
      <div>
        <OptList tid="" owner={cid} L={L} labels={labels} list={q.quScores ?? []} round={false} onEdit={(fn) => set((x) => ({ ...x, quScores: fn(x.quScores ?? []) }))} />
        <div style={{ color: '#fadb14' }}>{'★'.repeat(Math.min(max, 10))}</div>
      </div>
    );
  }
  if (k === 'quMultiFillblanks') {
    return <OptList tid="" owner={cid} L={L} labels={labels} list={q.quMultiFillblanks ?? []} round={false} onEdit={(fn) => set((x) => ({ ...x, quMultiFillblanks: fn(x.quMultiFillblanks ?? []) }))} />;
  }
  if (isGroupType(t)) {
    return (
      <div>
        {(q.quRows ?? []).map((g, gi) => (
          <div key={g.dwId ?? gi} style={{ marginBottom: 4 }}>
            <RichText single className="dw-inline" style={{ fontWeight: 600 }} testid={`g${gi}-title`} label={L('au.d.groupN', { n: gi + 1 })} labels={labels} pipeOwner={cid} html={optHtml(g)} onChange={(h, tx) => set((x) => ({ ...x, quRows: x.quRows!.map((r, j) => (j === gi ? setOptHtml(r, h, tx) : r)) }))} />
            <OptList tid={`g${gi}-`} owner={cid} L={L} labels={labels} list={g.groupOptions ?? []} round={t === 'RADIOGROUP'} img={t === 'IMGCHECKBOXGROUP'} onEdit={(fn) => set((x) => ({ ...x, quRows: x.quRows!.map((r, j) => (j === gi ? { ...r, groupOptions: fn(r.groupOptions ?? []) } : r)) }))} />
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
    const editRows = (fn: (l: Option[]) => Option[]) => set((x) => ({ ...x, quRows: fn(x.quRows ?? []) }));
    const editCols = (fn: (l: Option[]) => Option[]) => set((x) => ({ ...x, quCols: fn(x.quCols ?? []) }));
    return (
      <div style={{ overflowX: 'auto' }}>
        <table className="dw-matrix">
          <thead>
            <tr>
              <th />
              {cols.map((c, ci) => (
                <th key={c.dwId ?? ci}>
                  <RichText single className="dw-inline" style={{ minWidth: 70 }} testid={`col-${ci}`} label={L('au.d.colN', { n: ci + 1 })} labels={labels} pipeOwner={cid} html={optHtml(c)} onChange={(h, tx) => editCols((l) => l.map((x, j) => (j === ci ? setOptHtml(x, h, tx) : x)))} />
                </th>
              ))}
              <th>
                <button type="button" className="dw-icon-btn" title={L('au.d.addCol')} aria-label={L('au.d.addCol')} data-testid="add-col" onClick={() => editCols((l) => [...l, newOption(`${L('au.d.col')} ${l.length + 1}`)])}>
                  <PlusOutlined />
                </button>
                {cols.length > 1 && (
                  <button type="button" className="dw-icon-btn" title={L('au.d.delLastCol')} aria-label={L('au.d.delLastCol')} data-testid="del-col" onClick={() => editCols((l) => l.slice(0, -1))}>
                    <MinusCircleOutlined />
                  </button>
                )}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, ri) => (
              <tr key={r.dwId ?? ri}>
                <td>
                  <RichText single className="dw-inline" style={{ minWidth: 90 }} testid={`row-${ri}`} label={L('au.d.rowN', { n: ri + 1 })} labels={labels} pipeOwner={cid} html={optHtml(r)} onChange={(h, tx) => editRows((l) => l.map((x, j) => (j === ri ? setOptHtml(x, h, tx) : x)))} />
                </td>
                {cols.map((c, ci) => (
                  <td key={c.dwId ?? ci} style={{ textAlign: 'center', color: '#595959' }}>
                    {cell}
                  </td>
                ))}
                <td>
                  {rows.length > 1 && (
                    <button type="button" className="dw-icon-btn" title={L('au.d.delRowN', { n: ri + 1 })} aria-label={L('au.d.delRowN', { n: ri + 1 })} data-testid={`row-del-${ri}`} onClick={() => editRows((l) => l.filter((_, j) => j !== ri))}>
                      <MinusCircleOutlined />
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="dw-link" data-testid="add-row" onClick={() => editRows((l) => [...l, newOption(`${L('au.d.row')} ${l.length + 1}`)])}>
          <PlusOutlined /> {L('au.d.addRow')}
        </button>
      </div>
    );
  }
  const dis: React.CSSProperties = { border: '1px solid #d9d9d9', borderRadius: 4, padding: '4px 8px', color: '#6b6b6b', minHeight: 30 };
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
          {/* a picture of the slider, not a control (the author cannot answer here) */}
          {a.min ?? 0} <span className="dw-slider-pv" aria-hidden="true" /> {a.max ?? 100}
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
          return <div style={{ borderTop: `1px ${q.quAttr?.dividerAttr?.borderStyle || 'solid'} #bbb`, textAlign: (q.quAttr?.dividerAttr?.contentPosition as any) || 'center', paddingTop: 4, color: '#595959' }}>{q.quAttr?.dividerAttr?.content}</div>;
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


/** Title field: depends only on the question, never on its position. */
const Title = memo(function Title({ q, cid, L, labels, onChangeId }: ContentProps) {
  return (
    <RichText
      single
      className="dw-inline dw-qtitle"
      testid="qu-title"
      html={quTitleHtml(q)}
      labels={labels}
      pipeOwner={cid}
      placeholder={L('au.d.titlePh')}
      onChange={(h, t) => onChangeId(cid, (x) => setTitleHtml(x, h, t))}
    />
  );
});

/** Note and body: depend only on the question, never on its position. */
const Content = memo(function Content(p: ContentProps) {
  const { q, cid, L, labels, onChangeId } = p;
  return (
    <>
      {(q.quAttr?.showQuNote || q.quNote) && (
        <div style={{ paddingLeft: 28 }}>
          <RichText className="dw-inline dw-note" testid="qu-note" html={quNoteHtml(q)} labels={labels} pipeOwner={cid} placeholder={L('au.d.notePh')} onChange={(h, t) => onChangeId(cid, (x) => setNoteHtml(x, h, t))} />
        </div>
      )}
      <div style={{ paddingLeft: 28, marginTop: 4 }}>
        <Body {...p} />
      </div>
      {(q.questionLogics?.length ?? 0) > 0 && <div className="dw-logic">⚑ {L('au.d.hasLogic', { n: q.questionLogics!.length })}</div>}
    </>
  );
});

/** The card's action buttons, named after the question's number (unnumbered items: the plain
 * verbs); clicks are handled by the frame (data-act). */
const Actions = memo(function Actions({ L, num }: { L: L; num?: number | null }) {
  const b = (act: string, title: string, icon: React.ReactNode) => (
    <button type="button" className="dw-act" data-act={act} data-testid={`qu-${act}`} title={title} aria-label={title}>
      {icon}
    </button>
  );
  const named = (key: string, plain: string) => (num ? L(key, { n: num }) : L(plain));
  return (
    <span className="dw-actions">
      {b('up', named('au.d.quUp', 'au.d.up'), <ArrowUpOutlined />)}
      {b('down', named('au.d.quDown', 'au.d.down'), <ArrowDownOutlined />)}
      {b('copy', named('au.d.quCopy', 'au.d.copy'), <CopyOutlined />)}
      {b('del', named('au.d.quDel', 'common.delete'), <DeleteOutlined />)}
    </span>
  );
});

const QuestionCard: React.FC<CardProps> = (p) => {
  const { q, index, num, selected, L, labels, onChangeId } = p;
  const t = q.quType;
  const cid = q.dwId ?? `#${index}`;
  const onClick = (e: React.MouseEvent) => {
    const act = (e.target as Element).closest?.('[data-act]')?.getAttribute('data-act');
    if (act) {
      e.stopPropagation();
      if (act === 'up') p.onMove(index, index - 1);
      if (act === 'down') p.onMove(index, index + 1);
      if (act === 'copy') p.onCopy(index);
      if (act === 'del') p.onRemove(index);
      return;
    }
    p.onSelect(index);
  };
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
        onClick={onClick}
      >
        <span>— {L('au.d.pageBreak')} —</span>
        <Actions L={L} />
      </div>
    );
  }
  return (
    <div
      className={`dw-card ${selected ? 'dw-sel' : ''}`}
      data-testid={`qu-${index}`}
      data-qutype={t}
      role="group"
      aria-label={L('au.d.quN', { n: index + 1 })}
      onClick={onClick}
      onDragOver={(e) => e.preventDefault()}
      onDrop={() => p.onDropOn(index)}
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 6 }}>
        <span className="dw-handle" draggable onDragStart={() => p.onDragStart(index)} title={L('au.d.drag')}>
          ⠿
        </span>
        {(q.quAttr?.isRequired || q.isRequired) && t !== 'PARAGRAPH' && (
          <span style={{ color: '#c62828' }} role="img" aria-label={L('au.d.required')}>
            *
          </span>
        )}
        {num !== null && <b className="dw-card-num">{num}.</b>}
        <Title q={q} cid={cid} L={L} labels={labels} onChangeId={onChangeId} />
        <span className="dw-type">{p.typeName}</span>
        <Actions L={L} num={num} />
      </div>
      <Content q={q} cid={cid} L={L} labels={labels} onChangeId={onChangeId} />
    </div>
  );
};

export default memo(QuestionCard);
