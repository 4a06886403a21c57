// CODE128 (code set B, with the modulo-103 check symbol) for the verification code on the
// result page. Pure functions, no DOM: the page draws the bars as SVG rectangles.

/** Bar/space widths of the 107 Code 128 symbols (values 0..105 six elements, 106 the stop, seven). */
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const START_B = 104;
export const STOP = 106;

/** Symbol values: start B, one per character, the check symbol, the stop. Throws on characters outside ASCII 32..126. */
export function code128Values(text: string): number[] {
  if (!text) throw new Error('empty');
  const out = [START_B];
  let sum = START_B;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126) throw new Error(`character ${c} is not in code set B`);
    out.push(c - 32);
    sum += (c - 32) * (i + 1);
  }
  out.push(sum % 103, STOP);
  return out;
}

/** The symbol as modules, '1' bar and '0' space (no quiet zone). */
export function code128Modules(text: string): string {
  let s = '';
  for (const v of code128Values(text)) {
    const p = CODE128_PATTERNS[v];
    for (let i = 0; i < p.length; i++) s += (i % 2 === 0 ? '1' : '0').repeat(Number(p[i]));
  }
  return s;
}

export type Bars = { bars: { x: number; w: number }[]; width: number; height: number };

/** Bars in SVG units: module width `unit`, a quiet zone of 10 modules on each side, height 70 by default. */
export function code128Bars(text: string, unit = 2, height = 70): Bars {
  const m = code128Modules(text);
  const quiet = 10;
  const bars: { x: number; w: number }[] = [];
  let i = 0;
  while (i < m.length) {
    if (m[i] === '1') {
      let j = i;
      while (j < m.length && m[j] === '1') j++;
      bars.push({ x: (quiet + i) * unit, w: (j - i) * unit });
      i = j;
    } else i++;
  }
  return { bars, width: (m.length + 2 * quiet) * unit, height };
}
