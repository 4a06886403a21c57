// WCAG 2.x contrast of colours: relative luminance and contrast ratio (1.4.3 text 4.5:1, 1.4.11
// controls and graphics 3:1). Used by the style designer's warning and the contrast tests.

/** [r, g, b] 0..255 of #rgb / #rrggbb / rgb(a)(…); null when it cannot be read. */
export function parseColor(c: string | undefined | null): [number, number, number] | null {
  if (!c) return null;
  const s = c.trim().toLowerCase();
  let m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(s);
  if (m) {
    const h = m[1].length === 3 ? m[1].replace(/./g, (x) => x + x) : m[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  }
  m = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(s);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

export function luminance([r, g, b]: [number, number, number]): number {
  const f = (v: number) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** Contrast ratio 1..21 of two colours (NaN when one cannot be read). */
export function contrast(a: string, b: string): number {
  const x = parseColor(a);
  const y = parseColor(b);
  if (!x || !y) return NaN;
  const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The answer page's own colours that an author's style sits next to. */
export const ANSWER_COLORS = { text: '#1f2329', muted: '#5f6368', panel: '#ffffff', pageBg: '#f4f6f9', track: '#dcdfe6', theme: '#015ab4' };

export type ContrastIssue = { key: 'themeText' | 'pageText' | 'progress'; ratio: number; need: number };

/**
 * What an author's colours break on the answer page: white text on theme-coloured buttons and
 * theme-coloured links and focus rings on the white panel (4.5:1), the footer's text on the page
 * background (4.5:1), the progress bar against its track (3:1).
 */
export function styleContrastIssues(style: { themeColor?: string; pageBgColor?: string; progressColor?: string }): ContrastIssue[] {
  const out: ContrastIssue[] = [];
  const check = (key: ContrastIssue['key'], a: string | undefined, b: string, need: number) => {
    if (!a) return;
    const ratio = contrast(a, b);
    if (ratio < need) out.push({ key, ratio: Math.round(ratio * 100) / 100, need });
  };
  check('themeText', style.themeColor, ANSWER_COLORS.panel, 4.5);
  check('pageText', style.pageBgColor, ANSWER_COLORS.muted, 4.5);
  check('progress', style.progressColor, ANSWER_COLORS.track, 3);
  return out;
}
