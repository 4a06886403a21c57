// Cascade (CASCADE): one select per level of the author's tree. A small tree comes whole; a
// large one (server: more than cascade.InlineNodes nodes) comes one level at a time — a node
// with childCascadeJsonId instead of children has its level fetched when it is chosen, once.
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { cascadeJson } from '../../../services/answer';
import { base, fieldAria, type WidgetProps } from './shared';

export type CNode = { label?: string; value?: string; name?: string; children?: CNode[]; childCascadeJsonId?: string; leaf?: boolean };

/** The nodes of a cascade-json-info.do answer (jsonData as an array, a JSON string or {children}); null when absent. */
export function cascadeNodes(r: { resultCode?: number; data?: any } | undefined): CNode[] | null {
  if (!r || r.resultCode !== 200) return null;
  let d: any = r.data?.jsonData ?? r.data;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      return null;
    }
  }
  return Array.isArray(d) ? d : Array.isArray(d?.children) ? d.children : null;
}

const valueOf = (n: CNode) => n.value ?? n.label ?? n.name ?? '';

/**
 * The selects to show for the chosen values: each level's nodes, or the id of a level still to
 * fetch (`pending`) after the last resolved one. `levels` maps fetched ids to their nodes.
 */
export function cascadeLevels(root: CNode[], vals: string[], levels: Map<string, CNode[] | null>): { lists: CNode[][]; pending?: string; missing?: boolean } {
  const lists: CNode[][] = [];
  let level: CNode[] | undefined = root;
  for (let i = 0; level && level.length; i++) {
    lists.push(level);
    const cur = vals[i];
    if (!cur) break;
    const node: CNode | undefined = level.find((n) => valueOf(n) === cur);
    if (!node) break;
    if (node.children) {
      level = node.children;
    } else if (node.childCascadeJsonId && !node.leaf) {
      const got = levels.get(node.childCascadeJsonId);
      if (got === undefined) return { lists, pending: node.childCascadeJsonId };
      if (got === null) return { lists, missing: true };
      level = got;
    } else {
      break;
    }
  }
  return { lists };
}

export function Cascade(p: WidgetProps) {
  const { q, a, set, t } = p;
  // the labels in the respondent's content language (the cascade data's copy in it, else the
  // original labels); the values stay the same in every language
  const lang = p.contentLang || undefined;
  const id = q.quAttr?.cascadeAttr?.cascadeJsonId;
  const [root, setRoot] = useState<CNode[] | null | undefined>(undefined);
  // fetched levels of a large tree by childCascadeJsonId (null: failed); `tick` re-renders
  const levels = useRef(new Map<string, CNode[] | null>());
  const asked = useRef(new Set<string>());
  const [, setTick] = useState(0);

  useEffect(() => {
    if (!id) {
      setRoot(null);
      return;
    }
    let gone = false;
    levels.current = new Map();
    asked.current = new Set();
    cascadeJson(id, lang)
      .then((r) => !gone && setRoot(cascadeNodes(r)))
      .catch(() => !gone && setRoot(null));
    return () => {
      gone = true;
    };
  }, [id, lang]);

  const vals = (a?.anCascades ?? []).slice().sort((x, y) => x.level - y.level).map((c) => c.value);
  const { lists, pending, missing } = root ? cascadeLevels(root, vals, levels.current) : { lists: [] as CNode[][], pending: undefined, missing: false };

  const fetchLevel = useCallback((child: string) => {
    if (asked.current.has(child)) return;
    asked.current.add(child);
    cascadeJson(child, lang)
      .then((r) => levels.current.set(child, cascadeNodes(r)))
      .catch(() => levels.current.set(child, null))
      .finally(() => setTick((n) => n + 1));
  }, [lang]);
  useEffect(() => {
    if (pending) fetchLevel(pending);
  }, [pending, fetchLevel]);

  if (root === undefined) return <div className="dwa-hint">{t('an.loading')}</div>;
  if (root === null) return <div className="dwa-error-text">{t('an.cascade.missing')}</div>;
  const selects: React.ReactNode[] = lists.map((lv, i) => (
    <select key={i} className="dwa-input" aria-label={t('an.cascade.level', { n: i + 1 })} {...fieldAria(p.ax)} value={vals[i] ?? ''} disabled={p.readOnly} onChange={(e) => {
      const nv = [...vals.slice(0, i), e.target.value].filter(Boolean);
      set(nv.length ? { ...base(q, a), anCascades: nv.map((v, j) => ({ level: j + 1, value: v })) } : undefined, q.dwId);
    }}>
      <option value="">{t('an.select.placeholder')}</option>
      {lv.map((n) => {
        const v = valueOf(n);
        return <option key={v} value={v}>{n.label ?? n.name ?? v}</option>;
      })}
    </select>
  ));
  return (
    <div className="dwa-cascade" role="group" aria-labelledby={p.ax?.titleId} aria-busy={pending ? true : undefined}>
      {selects}
      {pending && <span className="dwa-hint" role="status">{t('an.loading')}</span>}
      {missing && <span className="dwa-error-text" role="alert">{t('an.cascade.missing')}</span>}
    </div>
  );
}
