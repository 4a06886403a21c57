/** Theme primary colour of the spec (section 9). */
export const THEME_COLOR = '#015AB4';

/** The 15-colour chart palette (spec section 9): the theme colour first, then hues far apart. */
export const PALETTE = [
  '#015AB4',
  '#2FC25B',
  '#FACC14',
  '#F04864',
  '#8543E0',
  '#13C2C2',
  '#FA8C16',
  '#1890FF',
  '#A0D911',
  '#EB2F96',
  '#3436C7',
  '#5D7092',
  '#F7664E',
  '#6DC8EC',
  '#9270CA',
] as const;
