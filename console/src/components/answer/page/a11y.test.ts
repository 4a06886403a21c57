import { describe, expect, it } from 'vitest';
import { timerLevel } from './a11y';

/** The announcements a countdown from `from` seconds makes when the page sees the given ticks. */
function announced(ticks: number[]): number[] {
  const out: number[] = [];
  let last = -1;
  for (const s of ticks) {
    const l = timerLevel(s);
    if (l >= 0 && l !== last) out.push(s);
    last = l;
  }
  return out;
}

describe('timer announcements', () => {
  it('says the time when the timer appears and at each mark, not every second', () => {
    const every = Array.from({ length: 400 }, (_, i) => 400 - i);
    expect(announced(every)).toEqual([400, 300, 240, 180, 120, 60, 30, 10]);
  });
  it('a late tick that skips a mark still announces it once', () => {
    expect(announced([20, 19, 12, 11, 9, 8, 1])).toEqual([20, 9]);
    expect(announced([65, 58, 57, 31, 29])).toEqual([65, 58, 29]);
  });
  it('no maximum: nothing', () => {
    expect(timerLevel(Infinity)).toBe(-1);
    expect(announced([Infinity, Infinity])).toEqual([]);
  });
});
