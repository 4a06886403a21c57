import { useAntdConfigSetter, useModel } from '@umijs/max';
import { useEffect } from 'react';

/** `hex` (#rgb or #rrggbb) mixed with white: `share` 0–1 of the colour. */
export function tint(hex: string, share: number): string {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const mix = (i: number) => Math.round(255 - share * (255 - parseInt(h.slice(i, i + 2), 16)));
  return `#${[1, 3, 5].map((i) => mix(i).toString(16).padStart(2, '0')).join('')}`;
}

/** `hex` mixed with black: `share` 0–1 of black. */
export function shade(hex: string, share: number): string {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const mix = (i: number) => Math.round((1 - share) * parseInt(h.slice(i, i + 2), 16));
  return `#${[1, 3, 5].map((i) => mix(i).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Applies the site's theme colour (get-sys-property → initial state `siteTheme`) to antd's
 * tokens; the admin site pages update the initial state after a save, so the console changes
 * at once. Renders nothing.
 *
 * Selected table rows get a light tint of the colour (4 %, 7 % when hovered) instead of antd's
 * derived palette: with a saturated colour (purple, dark green) antd's hover shade leaves the
 * red "Delete" links in a selected row under 4.5:1 (WCAG 1.4.3); a 7 % tint keeps any text
 * that has 4.9:1 on white above 4.5:1. Hover shades are darker, not lighter (antd derives a
 * lighter one): the admin's colour has at least 4.5:1 with white (services/site), so a darker
 * shade keeps white button text and link text on white above AA while hovered.
 */
export default function SiteTheme() {
  const { initialState } = useModel('@@initialState');
  const setAntd = useAntdConfigSetter();
  const color = (initialState as any)?.siteTheme?.primaryColor as string | undefined;
  useEffect(() => {
    if (color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) {
      setAntd({
        theme: {
          token: { colorPrimary: color, colorLink: color, colorPrimaryHover: shade(color, 0.18), colorLinkHover: shade(color, 0.18) },
          components: { Table: { rowSelectedBg: tint(color, 0.04), rowSelectedHoverBg: tint(color, 0.07) } },
        },
      } as any);
    }
  }, [color]);
  return null;
}
