type Item = { path?: string; name?: string; children?: Item[]; routes?: Item[]; [k: string]: unknown };

export const LR_PREFIX = '/v8/lr';

export function isLrPath(pathname: string) {
  return pathname === LR_PREFIX || pathname.startsWith(LR_PREFIX + '/');
}

/**
 * The top layout (/v8) and the left-right layout (/v8/lr) share the same children; show only
 * the menu of the layout in use. Nameless group items are replaced by their children.
 */
export function menuForPath<T extends Item>(menus: T[] | undefined, pathname: string): T[] {
  const lr = isLrPath(pathname);
  const out: T[] = [];
  for (const m of menus ?? []) {
    const p = m.path ?? '';
    if (lr !== isLrPath(p)) continue;
    if (!m.name && (m.children?.length || 0) > 0) {
      out.push(...menuForPath(m.children as T[], pathname));
    } else {
      out.push(m);
    }
  }
  return out;
}

const PUBLIC_PREFIXES = ['/login', '/protocal', '/v8/diaowen'];
/** Pages that work without an account (login group, agreements, answer side). */
export const isPublicPath = (p: string) => PUBLIC_PREFIXES.some((x) => p === x || p.startsWith(x + '/'));
