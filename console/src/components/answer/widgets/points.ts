// Keyboard use of the point boards (image hot spots, map marker): Enter or Space marks the centre,
// the arrow keys move the last point by 2 % (Shift: 10 %). Positions are percentages of the board.
import type React from 'react';

export type Point = [number, number];

/** The points after a key press, or null when the key is not the board's. */
export function pointKey(e: React.KeyboardEvent, pts: Point[], add: boolean): Point[] | null {
  if (e.key === 'Enter' || e.key === ' ') return add || !pts.length ? [...(add ? pts : []), [50, 50]] : pts;
  const step = e.shiftKey ? 10 : 2;
  const d: Record<string, Point> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const m = d[e.key];
  if (!m || !pts.length) return null;
  const clamp = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;
  const [x, y] = pts[pts.length - 1];
  return [...pts.slice(0, -1), [clamp(x + m[0]), clamp(y + m[1])]];
}
