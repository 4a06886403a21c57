import { describe, expect, it } from 'vitest';
import { drawOrder, entrantId, reDraw, sameWinners } from './fairDraw';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('browser re-run of a scheduled draw', () => {
  it('matches the pinned vector of services/lottery (docs/lottery.md)', async () => {
    const ids = await Promise.all(['answer:a', 'answer:b', 'answer:c'].map(entrantId));
    expect(await drawOrder(SEED, ids)).toEqual([
      '63058fdb1a03c1f909b7b0bd9fef7b7a48cec758570d6e79242af5f23a34a74b',
      'c4c00e33c65557ed0a6b4fa63c56ab582a2217eee0132ddab5e30e0f10e184c8',
      '59f7a464c77439ba5d22c04e1928720fec07118b011feb3c632159519e017749',
    ]);
  });
  it('depends on the seed and the set, not the listing order', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => entrantId(`answer:${i}`)));
    const prizes = [
      { prizeId: 'p1', total: 3 },
      { prizeId: 'p2', total: 1 },
    ];
    const a = await reDraw(SEED, ids, prizes);
    const b = await reDraw(SEED, [...ids].reverse(), prizes);
    expect(a).toHaveLength(4);
    expect(sameWinners(a, b)).toBe(true);
    expect(a.map((w) => w.prizeId)).toEqual(['p1', 'p1', 'p1', 'p2']);
    const c = await reDraw(`ff${SEED.slice(2)}`, ids, prizes);
    expect(sameWinners(a, c)).toBe(false);
    await expect(drawOrder('zz', ids)).rejects.toThrow();
  });
});
