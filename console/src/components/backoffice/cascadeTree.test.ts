import { describe, expect, it } from 'vitest';
import { addChild, measure, nodeAt, remove, rename, treeProblems } from './cascadeTree';

describe('cascade tree edits', () => {
  const base = [{ label: 'Zhejiang', children: [{ label: 'Hangzhou' }] }];
  it('adds, renames and removes without touching the old tree', () => {
    const a = addChild(base, [0, 0], 'Xihu');
    expect(nodeAt(a, [0, 0, 0])?.label).toBe('Xihu');
    expect(base[0].children[0]).toEqual({ label: 'Hangzhou' });
    const b = addChild(rename(a, [0], 'Zhejiang Province'), [], 'Jiangsu');
    expect(b.map((n) => n.label)).toEqual(['Zhejiang Province', 'Jiangsu']);
    expect(measure(b)).toEqual({ levels: 3, count: 4 });
    expect(remove(b, [0, 0])[0].children).toEqual([]);
  });
  it('finds empty and repeated labels under one parent', () => {
    const t = [{ label: 'A', children: [{ label: 'x' }, { label: 'x' }, { label: ' ' }] }, { label: 'B', children: [{ label: 'x' }] }];
    expect(treeProblems(t)).toEqual([
      { path: [0, 1], kind: 'duplicate' },
      { path: [0, 2], kind: 'empty' },
    ]);
  });
});
