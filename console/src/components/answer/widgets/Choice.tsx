// Choice questions: RADIO, CHECKBOX, YESNO, image and comprehensive choices, grouped choices.
import type { Option } from '../../../survey';
import { optTitle, ordered, optionsOf, textOf } from '../util';
import { base, fieldAria, Html, plain, VoteInfo, type WidgetProps } from './shared';

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
  // a group's radio group is named by its legend, the question's by the question title
  const renderList = (opts: Option[], labelledBy = p.ax?.titleId) => {
    const vis = opts.filter((o) => !hidden.has(o.dwId ?? ''));
    if (q.hv === 4 && radio) {
      return (
        <select className="dwa-input" disabled={readOnly} aria-label={labelledBy ? undefined : plain(textOf(q.quTitleObj, q.quTitle))} aria-labelledby={labelledBy} {...fieldAria(p.ax)} value={a?.anRadio?.optionDwId ?? ''} onChange={(e) => {
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
      <div className={`dwa-options ${img ? 'dwa-img-grid' : ''}`} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }} role={radio ? 'radiogroup' : 'group'} aria-labelledby={labelledBy} {...fieldAria(p.ax, radio)}>
        {vis.map((o, i) => {
          const id = o.dwId ?? '';
          const on = isOn(id);
          return (
            <div key={id} className={`dwa-option ${on ? 'dwa-on' : ''}`}>
              <label className="dwa-option-label">
                <input type={radio ? 'radio' : 'checkbox'} name={name} checked={on} disabled={readOnly} aria-describedby={p.ax?.describedBy} aria-invalid={p.ax?.invalid || undefined} onChange={() => toggle(o)} onClick={(e) => {
                  // allow reselect of radio to be a no-op
                  if (radio && on) e.stopPropagation();
                }} />
                {img && o.optionImg?.imgSrc && <img className="dwa-opt-img" src={o.optionImg.imgSrc} alt={plain(optTitle(o)) ? '' : t('an.option.image', { n: i + 1 })} />}
                <Html html={optTitle(o)} />
              </label>
              {noteShown(o) && (on || q.quType.startsWith('COMP')) && (
                <input
                  className="dwa-input dwa-note"
                  aria-label={`${plain(optTitle(o))} ${t('an.option.other')}`}
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
            <legend id={`lg-${g.dwId}`}>
              <Html html={textOf(g.groupNameObj, g.optionTitle || g.optionName)} />
            </legend>
            {renderList(ordered(g.groupOptions, p.order?.options[g.dwId ?? '']), `${p.ax?.titleId ?? ''} lg-${g.dwId}`.trim())}
          </fieldset>
        ))}
      </div>
    );
  }
  return renderList(optionsOf(q, p.order));
}
