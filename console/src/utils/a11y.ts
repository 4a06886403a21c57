// Accessibility helpers of the console (issue 22).

/**
 * rowSelection props that name each row's checkbox ("Select row <name>"): antd gives the
 * checkboxes of selectable tables no name.
 */
export function namedRowSelection<T>(name: (row: T) => string, f: (id: string, v?: Record<string, unknown>) => string) {
  return { getCheckboxProps: (row: T) => ({ 'aria-label': f('common.selectRow', { name: name(row) }) }) as any };
}

/**
 * Runs fix once per frame after nodes were added (or an aria-hidden changed), for the page's
 * lifetime; cheap: attribute-only fixes, one pass per frame with changes.
 */
function onDomAdditions(fix: () => void) {
  if (typeof MutationObserver === 'undefined') return;
  let queued = false;
  const run = () => {
    queued = false;
    fix();
  };
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(run);
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-hidden'] });
  fix();
}

/**
 * antd tables with a horizontal scroll keep a hidden "measure row" that repeats the column
 * titles — the select-all checkbox included — inside aria-hidden: make those rows inert so that
 * nothing hidden from screen readers can take focus (axe aria-hidden-focus). Overflowed top-menu
 * items get the same.
 */
export function inertTableMeasureRows() {
  onDomAdditions(() => {
    document.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((tr) => tr.setAttribute('inert', ''));
    // the top menu hides the items that do not fit (aria-hidden, still focusable links): the
    // same rule, undone when the item fits again
    document.querySelectorAll('.ant-menu-overflow-item[aria-hidden="true"]:not([inert])').forEach((li) => li.setAttribute('inert', ''));
    document.querySelectorAll('.ant-menu-overflow-item[inert]:not([aria-hidden="true"])').forEach((li) => li.removeAttribute('inert'));
  });
}

/**
 * Landmarks, headings and roles that ProLayout and antd do not give, set on their markup (the
 * components offer no props for them). Contract, checked on every route by
 * e2e/a11y-sweep.test.mjs:
 *   - one banner: the fixed header's empty spacer is no landmark;
 *   - the site name next to the logo is not a heading; the page container's title is the h1;
 *     pages without one keep the layout's visually hidden route title (RouteHeading) as theirs;
 *   - the main menu (top header or side bar) is a navigation landmark named `menuName()`, the
 *     breadcrumb one named `breadcrumbName()`;
 *   - a tablist holds only tabs: the role moves from antd's nav (which also holds the overflow
 *     button) to the list of tabs;
 *   - a required Select's aria-required sits on its combobox, not on antd's wrapper.
 */
export function layoutLandmarks(menuName: () => string, breadcrumbName: () => string) {
  onDomAdditions(() => {
    document.querySelectorAll('.ant-pro-layout-container > header.ant-layout-header:not(.ant-pro-layout-header):not([role])').forEach((h) => h.setAttribute('role', 'none'));
    document.querySelectorAll(':is(.ant-pro-layout-header, .ant-pro-sider, .ant-pro-global-header-logo) h1:not([role])').forEach((h) => h.setAttribute('role', 'none'));
    document.querySelectorAll('.ant-page-header-heading-title:not([role])').forEach((h) => {
      h.setAttribute('role', 'heading');
      h.setAttribute('aria-level', '1');
    });
    // the layout's hidden route title (components/RouteHeading) only when the page has no h1 of its own
    document.querySelectorAll('h1[data-route-heading]').forEach((h) => {
      const scope = h.closest('main') ?? document.body;
      const own = Array.from(scope.querySelectorAll('h1:not([data-route-heading]):not([role]), [role=heading][aria-level="1"]')).some((x) => x.getClientRects().length > 0);
      if (h.hasAttribute('hidden') !== own) h.toggleAttribute('hidden', own);
    });
    document.querySelectorAll(':is(.ant-pro-layout-header, .ant-pro-sider) ul.ant-menu-root').forEach((ul) => {
      const box = ul.parentElement;
      if (box && !box.getAttribute('role')) {
        box.setAttribute('role', 'navigation');
        box.setAttribute('aria-label', menuName());
      }
    });
    document.querySelectorAll('nav.ant-breadcrumb:not([aria-label])').forEach((n) => n.setAttribute('aria-label', breadcrumbName()));
    // antd's Form.Item required puts aria-required on a Select's wrapper (no role allows it there):
    // it belongs to the combobox inside
    document.querySelectorAll('.ant-select[aria-required]').forEach((sel) => {
      const v = sel.getAttribute('aria-required');
      sel.removeAttribute('aria-required');
      sel.querySelector('input[role=combobox]')?.setAttribute('aria-required', v || 'true');
    });
    document.querySelectorAll('.ant-tabs-nav[role=tablist]').forEach((nav) => {
      const list = nav.querySelector(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
      if (!list) return;
      nav.removeAttribute('role');
      list.setAttribute('role', 'tablist');
      const o = nav.getAttribute('aria-orientation');
      nav.removeAttribute('aria-orientation');
      if (o) list.setAttribute('aria-orientation', o);
    });
  });
}

/**
 * antd and ProTable actions written as `<a onClick>` without href are no Tab stop and no button
 * to assistive technology. New code uses components/LinkButton (a real button) or a real link;
 * for the rest this gives every href-less, role-less link of the console the button role, a Tab
 * stop, and Enter/Space activation (marked data-kbd-link; links that handle keys themselves
 * already carry a role and are left alone). e2e/a11y-sweep.test.mjs checks every route for
 * links that are neither.
 */
export function keyboardLinks() {
  onDomAdditions(() => {
    document.querySelectorAll('a:not([href]):not([role])').forEach((a) => {
      a.setAttribute('role', 'button');
      a.setAttribute('tabindex', '0');
      a.setAttribute('data-kbd-link', '');
    });
  });
  document.addEventListener('keydown', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[data-kbd-link]');
    if (!a || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    (a as HTMLElement).click();
  });
}
