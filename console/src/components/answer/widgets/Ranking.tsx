// Ranking (ORDERQU). Each option is a toggle button: pressing an unranked one gives it the next
// rank, pressing a ranked one removes it. From the keyboard a ranked option moves up and down with
// the arrow keys; every change is announced ("Apple: ranked 2 of 5") in a polite live region and
// focus stays on the moved option.
import { useLayoutEffect, useRef, useState } from 'react';
import { optTitle, optionsOf } from '../util';
import { base, Html, plain, type WidgetProps } from './shared';

type Rank = { optionDwId: string; orderNum: number };

/**
 * Click rules of the spec: clicking an unranked option gives it the next rank; clicking a ranked
 * one removes it and shifts the ranks after it up; at the maximum top number the last rank is
 * replaced; unranked options are listed after the ranked ones.
 */
export function orderClick(cur: Rank[], id: string, maxTop: number) {
  const ranked = cur.slice().sort((x, y) => x.orderNum - y.orderNum).map((x) => x.optionDwId);
  const i = ranked.indexOf(id);
  if (i >= 0) ranked.splice(i, 1);
  else if (maxTop > 0 && ranked.length >= maxTop) ranked[ranked.length - 1] = id;
  else ranked.push(id);
  return ranked.map((x, n) => ({ optionDwId: x, orderNum: n + 1 }));
}

/** Moves a ranked option one place up (-1) or down (+1); unchanged when it cannot move. */
export function orderMove(cur: Rank[], id: string, by: -1 | 1): Rank[] {
  const ranked = cur.slice().sort((x, y) => x.orderNum - y.orderNum).map((x) => x.optionDwId);
  const i = ranked.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ranked.length) return cur;
  [ranked[i], ranked[j]] = [ranked[j], ranked[i]];
  return ranked.map((x, n) => ({ optionDwId: x, orderNum: n + 1 }));
}

export function OrderQu(p: WidgetProps) {
  const { q, a, set, t } = p;
  const all = optionsOf(q, p.order).filter((o) => !p.hidden.has(o.dwId ?? ''));
  const cur = a?.anOrders ?? [];
  const rank = new Map(cur.map((x) => [x.optionDwId, x.orderNum]));
  const maxTop = q.quAttr?.orderQuAttr?.maxTopNum || q.quAttr?.orderQuAttr?.topNum || 0;
  const list = [...all.filter((o) => rank.has(o.dwId ?? '')).sort((x, y) => (rank.get(x.dwId ?? '') ?? 0) - (rank.get(y.dwId ?? '') ?? 0)), ...all.filter((o) => !rank.has(o.dwId ?? ''))];
  const [said, setSaid] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const refocus = useRef('');
  // the list re-sorts after a change: keep focus on the option that was moved, in the same
  // commit (a plain effect runs a frame later under Preact: a key pressed in between acted on
  // whatever held focus after the re-sort)
  useLayoutEffect(() => {
    if (!refocus.current) return;
    box.current?.querySelector<HTMLElement>(`[data-opt="${refocus.current}"]`)?.focus();
    refocus.current = '';
  });
  const apply = (next: Rank[], id: string) => {
    set(next.length ? { ...base(q, a), anOrders: next } : undefined, id);
    const o = all.find((x) => x.dwId === id);
    const r = next.find((x) => x.optionDwId === id)?.orderNum;
    const name = plain(o ? optTitle(o) : '');
    setSaid(r ? t('an.order.ranked', { name, n: r, total: all.length }) : t('an.order.unranked', { name }));
    refocus.current = id;
  };
  return (
    <div className="dwa-order" ref={box}>
      <div className="dwa-hint">{t('an.order.hint')}</div>
      {list.map((o) => {
        const id = o.dwId ?? '';
        const r = rank.get(id);
        return (
          <button
            type="button"
            key={id}
            data-opt={id}
            className={`dwa-order-item ${r ? 'dwa-on' : ''}`}
            disabled={p.readOnly}
            aria-pressed={!!r}
            aria-describedby={p.ax?.describedBy}
            onClick={() => apply(orderClick(cur, id, maxTop), id)}
            onKeyDown={(e) => {
              if (!r || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
              e.preventDefault();
              const next = orderMove(cur, id, e.key === 'ArrowUp' ? -1 : 1);
              if (next !== cur) apply(next, id);
            }}
          >
            <span className="dwa-rank" aria-hidden="true">{r ?? ''}</span>
            <Html html={optTitle(o)} />
            <span className="dwa-sr">{r ? t('an.order.state', { n: r, total: all.length }) : t('an.order.none')}</span>
          </button>
        );
      })}
      <span className="dwa-sr" aria-live="polite">{said}</span>
    </div>
  );
}
