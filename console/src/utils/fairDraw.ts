// The scheduled draw re-run in the browser (docs/lottery.md, services/lottery/fair.go): anyone
// holding a draw record (seed, entrant ids, prizes) gets the same winners without trusting the
// server. WebCrypto only; the Go implementation and this one share the pinned vector.
import type { PrizeSlot, Winner } from '../services/lottery';

const enc = new TextEncoder();

function hex(b: ArrayBuffer): string {
  return Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
}

function unhex(s: string): Uint8Array<ArrayBuffer> | null {
  const t = s.trim();
  if (!/^([0-9a-fA-F]{2})+$/.test(t)) return null;
  const out = new Uint8Array(new ArrayBuffer(t.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(t.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Public id of an entrant key (answer:<id>, contact:<id>, user:<id>). */
export async function entrantId(key: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', enc.encode(`dwsurvey-lottery-entrant:${key}`)));
}

/** Entrant ids ordered by HMAC-SHA256(seed, id) ascending as bytes, ties by id. */
export async function drawOrder(seedHex: string, ids: string[]): Promise<string[]> {
  const seed = unhex(seedHex);
  if (!seed || seed.length < 16) throw new Error('the seed must be at least 16 bytes of hex');
  const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const items = await Promise.all(ids.map(async (id) => ({ id, mac: hex(await crypto.subtle.sign('HMAC', key, enc.encode(id))) })));
  // equal-length lowercase hex compares like the bytes
  items.sort((a, b) => (a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return items.map((x) => x.id);
}

/** Prizes in display order: the first to the first `total` entrants of the order, and so on. */
export function winnersOf(order: string[], prizes: PrizeSlot[]): Winner[] {
  const out: Winner[] = [];
  let i = 0;
  for (const p of prizes) {
    for (let k = 0; k < p.total && i < order.length; k++, i++) out.push({ entrantId: order[i], prizeId: p.prizeId, rank: i + 1 });
  }
  return out;
}

export async function reDraw(seedHex: string, ids: string[], prizes: PrizeSlot[]): Promise<Winner[]> {
  return winnersOf(await drawOrder(seedHex, ids), prizes);
}

/** Same winners, same prizes, same ranks. */
export function sameWinners(a: Winner[], b: Winner[]): boolean {
  return a.length === b.length && a.every((w, i) => w.entrantId === b[i].entrantId && w.prizeId === b[i].prizeId && w.rank === b[i].rank);
}
