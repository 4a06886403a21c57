// Pure edits of a cascade tree (the admin's tree editor). Nodes are addressed by their path of
// indexes from the root; every edit returns a new tree and leaves the old one unchanged.
import type { CascadeNode } from '../../services/backoffice';

export type Path = number[];

/** The key of a node in the editor (its index path). */
export const keyOf = (p: Path) => p.join('-');
export const pathOf = (k: string): Path => (k === '' ? [] : k.split('-').map(Number));

function update(nodes: CascadeNode[], p: Path, fn: (list: CascadeNode[], i: number) => CascadeNode[]): CascadeNode[] {
  if (p.length === 1) return fn(nodes, p[0]);
  return nodes.map((n, i) => (i === p[0] ? { ...n, children: update(n.children ?? [], p.slice(1), fn) } : n));
}

/** Adds a child labelled label under the node at p (the root list when p is empty). */
export function addChild(nodes: CascadeNode[], p: Path, label: string): CascadeNode[] {
  if (p.length === 0) return [...nodes, { label }];
  return update(nodes, p, (list, i) => list.map((n, j) => (j === i ? { ...n, children: [...(n.children ?? []), { label }] } : n)));
}

export function rename(nodes: CascadeNode[], p: Path, label: string): CascadeNode[] {
  return update(nodes, p, (list, i) => list.map((n, j) => (j === i ? { ...n, label } : n)));
}

export function remove(nodes: CascadeNode[], p: Path): CascadeNode[] {
  return update(nodes, p, (list, i) => list.filter((_, j) => j !== i));
}

export function nodeAt(nodes: CascadeNode[], p: Path): CascadeNode | undefined {
  let list: CascadeNode[] | undefined = nodes;
  let n: CascadeNode | undefined;
  for (const i of p) {
    n = list?.[i];
    list = n?.children;
  }
  return n;
}

/** Depth of the deepest branch (the source's level count) and the number of nodes. */
export function measure(nodes: CascadeNode[]): { levels: number; count: number } {
  let levels = 0;
  let count = 0;
  const walk = (list: CascadeNode[], d: number) => {
    for (const n of list) {
      count++;
      levels = Math.max(levels, d);
      if (n.children?.length) walk(n.children, d + 1);
    }
  };
  walk(nodes, 1);
  return { levels, count };
}

/** Problems the server would refuse, found before saving: empty labels, one value (the label when none) twice under one parent. */
export function treeProblems(nodes: CascadeNode[]): { path: Path; kind: 'empty' | 'duplicate' }[] {
  const out: { path: Path; kind: 'empty' | 'duplicate' }[] = [];
  const walk = (list: CascadeNode[], base: Path) => {
    const seen = new Set<string>();
    list.forEach((n, i) => {
      const p = [...base, i];
      const l = (n.label ?? '').trim();
      const v = (n.value ?? l).trim();
      if (!l) out.push({ path: p, kind: 'empty' });
      else if (seen.has(v)) out.push({ path: p, kind: 'duplicate' });
      seen.add(v);
      if (n.children?.length) walk(n.children, p);
    });
  };
  walk(nodes, []);
  return out;
}
