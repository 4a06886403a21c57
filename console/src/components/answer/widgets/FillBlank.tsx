// Fill-blank questions: one blank (FILLBLANK, ANSWER, BIGQU, ENUMQU) and several (MULTIFILLBLANK).
import { optTitle, optionsOf, textOf } from '../util';
import { base, Html, plain, type WidgetProps } from './shared';
import { TextInput } from './TextInput';

export function FillBlank(p: WidgetProps) {
  const { q, a, set } = p;
  return (
    <TextInput
      id={`in-${q.dwId}`}
      label={plain(textOf(q.quTitleObj, q.quTitle))}
      labelledBy={p.ax?.titleId}
      ax={p.ax}
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
      {opts.map((o, i) => {
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
                label={plain(optTitle(o)) || p.t('an.blank', { n: i + 1 })}
                ax={p.ax && { ...p.ax, required: !!o.isRequired }}
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
