import { describe, expect, it } from 'vitest';
import { cascadeLevels, cascadeNodes, type CNode } from './Cascade';

// a large tree as cascade-json-info.do serves it: one level, children fetched by id
const root: CNode[] = [
  { label: 'Zhejiang', value: 'zj', childCascadeJsonId: 's~1', leaf: false },
  { label: 'Macau', value: 'mo', leaf: true },
];

describe('cascade levels', () => {
  it('shows the first level and nothing to fetch before a choice', () => {
    expect(cascadeLevels(root, [], new Map())).toEqual({ lists: [root] });
  });
  it('asks for the level of a chosen node that carries childCascadeJsonId, once it is chosen', () => {
    expect(cascadeLevels(root, ['zj'], new Map())).toEqual({ lists: [root], pending: 's~1' });
    const cities: CNode[] = [{ label: 'Hangzhou', value: 'hz', childCascadeJsonId: 's~2' }];
    const got = cascadeLevels(root, ['zj', 'hz'], new Map([['s~1', cities]]));
    expect(got.lists).toEqual([root, cities]);
    expect(got.pending).toBe('s~2');
  });
  it('stops at a leaf and reports a level that could not be read', () => {
    expect(cascadeLevels(root, ['mo'], new Map())).toEqual({ lists: [root] });
    expect(cascadeLevels(root, ['zj'], new Map([['s~1', null]]))).toEqual({ lists: [root], missing: true });
  });
  it('walks a whole (small) tree without fetching', () => {
    const small: CNode[] = [{ label: 'A', value: 'a', children: [{ label: 'A1', value: 'a1', children: [{ label: 'A1x', value: 'x' }] }] }];
    const got = cascadeLevels(small, ['a', 'a1'], new Map());
    expect(got.lists.map((l) => l.map((n) => n.value))).toEqual([['a'], ['a1'], ['x']]);
    expect(got.pending).toBeUndefined();
  });
  it('reads jsonData as an array or a JSON string, and nothing from an error', () => {
    expect(cascadeNodes({ resultCode: 200, data: { jsonData: root } })).toBe(root);
    expect(cascadeNodes({ resultCode: 200, data: { jsonData: JSON.stringify(root) } })).toEqual(root);
    expect(cascadeNodes({ resultCode: 404, data: null })).toBeNull();
  });
});
