// Shared plumbing of the Playwright journeys: settings from the environment, Debian's
// Chromium with the flags this machine needs, the API as the admin, and pages that may not
// reach any host but the server (and hosts a test serves itself).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

export const BASE = (process.env.BASE_URL || 'http://127.0.0.1:18080').replace(/\/+$/, '');
export const ADMIN_USER = process.env.ADMIN_USER || 'admin';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || '';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const HEADED = process.env.HEADED === '1';
/** Default timeout of waits, in milliseconds. */
export const T = 20000;

/** Chromium flags for this machine: root, no GPU, and no background calls to outside hosts. */
export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: !HEADED, args: BROWSER_ARGS });
}

/** Logs in through login.do and returns the token. */
export async function apiLogin(userName = ADMIN_USER, password = ADMIN_PASSWORD) {
  assert.ok(password, 'ADMIN_PASSWORD must be set');
  const r = await fetch(`${BASE}/api/dwsurvey/anon/security-token/login.do`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'account', userName, password }),
  });
  const b = await r.json();
  assert.equal(b.status, 'ok', `login ${userName}: ${JSON.stringify(b)}`);
  return b.token;
}

/** Returns api(method, path, body) calling /api/dwsurvey/<path> with the token; resolves to the JSON body. */
export function apiClient(token) {
  return async (method, p, body) => {
    const r = await fetch(`${BASE}/api/dwsurvey/${p}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: body ? JSON.stringify(body) : undefined,
    });
    return r.json();
  };
}

/** Creates, saves and publishes a survey through the API; returns {id, sid}. */
export async function publish(api, name, surveyType, doc) {
  const add = await api('POST', 'app/survey/add.do', { surveyName: name, surveyType });
  assert.equal(add.resultCode, 200, `add: ${JSON.stringify(add)}`);
  const id = add.data.id;
  const full = { surveyType, surveyNameObj: { dwHtml: name, dwText: name }, surveyName: name, ...doc };
  const save = await api('POST', 'app/v6/dw-design-survey/save-survey-json.do', { surveyId: id, surveyJsonText: JSON.stringify(full) });
  assert.equal(save.resultCode, 200, `save: ${JSON.stringify(save)}`);
  const dev = await api('POST', 'app/v6/dw-design-survey/dev-survey.do', { surveyId: id });
  assert.equal(dev.resultCode, 200, `publish: ${JSON.stringify(dev)}`);
  return { id, sid: dev.data.sid || add.data.sid };
}

/** Logs a page in through the login form and waits until it has left /login. */
export async function uiLogin(page, user = ADMIN_USER, password = ADMIN_PASSWORD) {
  await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
  await page.locator('#login-userName').fill(user);
  await page.locator('#login-password').fill(password);
  await page.locator('.ant-pro-form-login-main button.ant-btn-primary').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: T });
}

/**
 * Opens a page in a fresh context (English, desktop or a 390x844 phone) whose requests to any
 * host but the server and extraHosts are aborted and recorded in `external`.
 */
export async function newPage(browser, external, { phone = false, extraHosts = [] } = {}) {
  const ctx = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' } : { viewport: { width: 1366, height: 900 }, locale: 'en-US' },
  );
  const allowed = new Set([new URL(BASE).host, ...extraHosts]);
  await ctx.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if ((u.protocol === 'http:' || u.protocol === 'https:') && !allowed.has(u.host)) {
      external.push(u.href);
      return route.abort();
    }
    return route.continue();
  });
  await ctx.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en-US');
    if (!window.localStorage.getItem('umi_locale')) window.localStorage.setItem('umi_locale', 'en-US');
  });
  const page = await ctx.newPage();
  page.setDefaultTimeout(T);
  return { ctx, page };
}

// ---------------------------------------------------------------- accessibility (axe-core)

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The WCAG levels every page is checked against (WCAG 2.2 AA and what it includes). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** What checkA11y found, per page label: the journeys print it at the end (a11yReport). */
export const a11yLog = [];

/**
 * Waits (up to 5 s) until no finite CSS animation or transition is running: a dialog, toast or
 * menu still fading in has mid-fade colours, which axe would report as low contrast. Endless
 * ones (spinners, scrolling text) are not waited for, but a table still loading or a button in
 * its loading state is (antd fades them to 65 %, which reads as low contrast). Toasts (.ant-message) come and go on
 * their own timer, so checkA11y leaves them out (antd's default toast colours pass AA).
 */
export async function settled(page) {
  await page.waitForTimeout(150);
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming?.().iterations === Infinity) &&
        !document.querySelector('.ant-btn-loading, .ant-table-wrapper .ant-spin-spinning'),
      null,
      { timeout: 5000, polling: 100 },
    )
    .catch(() => {});
}

/**
 * Runs axe-core (AXE_TAGS) on the page as it is now and fails the test on violations.
 *   answer pages (default): no violation at all;
 *   { console: true }: no critical or serious one; a moderate or minor one only when `allow`
 *   names its rule id with the reason it is accepted (listed in the log).
 * `include`/`exclude`: CSS selectors to limit the check (e.g. exclude a third-party frame).
 * Call it from any journey: `await checkA11y(page, 'results: charts', { console: true })`.
 */
export async function checkA11y(page, label, { console: isConsole = false, allow = {}, include, exclude } = {}) {
  await settled(page);
  await page.evaluate(AXE_SOURCE);
  const res = await page.evaluate(
    ({ tags, include, exclude }) =>
      window.axe.run({ include: include ? [include] : [document], exclude: ['.ant-message', ...(exclude ? [exclude] : [])] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    { tags: AXE_TAGS, include, exclude },
  );
  const fmt = (v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n      ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${(n.failureSummary || '').split('\n').slice(1, 2).join('').trim()}`).join('\n      ')}`;
  const bad = res.violations.filter((v) => !isConsole || v.impact === 'critical' || v.impact === 'serious' || !allow[v.id]);
  const accepted = res.violations.filter((v) => !bad.includes(v)).map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${allow[v.id]}`);
  a11yLog.push({ label, violations: res.violations.length, accepted });
  assert.equal(bad.length, 0, `axe (${AXE_TAGS.join(', ')}) on ${label} (${page.url()}):\n    ${bad.map(fmt).join('\n    ')}`);
  return res.violations;
}

/** Prints what checkA11y saw (pages checked, accepted exceptions). */
export function a11yReport() {
  for (const x of a11yLog) console.log(`  axe ${x.label}: ${x.violations} violation(s)${x.accepted.length ? `; accepted: ${x.accepted.join('; ')}` : ''}`);
}

/** Waits until the workflow monitor (filtered by type) shows, for the given workflow ids, the
 *  step texts that `ok(steps)` accepts (a row not listed reads 'missing', one without a step
 *  '-'); it reloads meanwhile (visibility lags behind the workflows). Returns the steps, or
 *  throws with the last ones read after 3 T. */
export async function monitorSteps(page, type, workflowIds, ok) {
  await page.goto(`${BASE}/v8/dw/admin/workflows`, { waitUntil: 'networkidle' });
  const search = page.getByLabel('Filter by workflow type');
  const deadline = Date.now() + 3 * T;
  for (;;) {
    await search.fill(type);
    await search.press('Escape'); // the type suggestions close
    await page.locator('.ant-input-search-button').click();
    await page.waitForFunction(() => !document.querySelector('.ant-table .ant-spin-spinning'), null, { timeout: T });
    // running workflows list before closed ones, 20 a page: page on while one of ours is not shown
    for (let more = 0; more < 10; more++) {
      const shown = await Promise.all(workflowIds.map((id) => page.locator('.ant-table-row').filter({ hasText: id }).count()));
      const loadMore = page.getByRole('button', { name: 'Load more' });
      if (shown.every((n) => n > 0) || !(await loadMore.count())) break;
      await loadMore.click();
      await page.waitForFunction(() => !document.querySelector('.ant-table .ant-spin-spinning, .ant-btn-loading'), null, { timeout: T });
    }
    const steps = [];
    for (const id of workflowIds) {
      const row = page.locator('.ant-table-row').filter({ hasText: id });
      steps.push((await row.count()) ? ((await row.first().locator('[data-testid=wf-step]').allInnerTexts())[0] ?? '-') : 'missing');
    }
    if (ok(steps)) return steps;
    if (Date.now() > deadline) throw new Error(`workflow monitor steps of ${workflowIds.join(', ')}: ${JSON.stringify(steps)}`);
    await page.waitForTimeout(500);
  }
}

/**
 * Opens a My-surveys row's "more" menu by hover and clicks one of its items.
 * `item`: a CSS selector inside the menu, or { text } for an item's label. On a loaded machine
 * another row's menu may still be fading out over this one, or this menu still sliding in: so
 * first the mouse leaves and every open menu is gone, then the item is clicked once no menu is
 * animating; a click that cannot land is retried from the start (up to 3 times).
 */
export async function rowMenuClick(page, row, item) {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const moving = page.locator('.ant-dropdown[class*="-enter"], .ant-dropdown[class*="-leave"]');
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'), null, { timeout: T });
    await row.locator('[data-testid=row-more]').hover();
    const target = (typeof item === 'string' ? open.locator(item) : open.locator('.ant-dropdown-menu-item', { hasText: item.text })).first();
    try {
      await target.waitFor({ state: 'visible', timeout: 10000 });
      await moving.first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
      await target.click({ timeout: 5000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * Switches the console language through the header's hover menu, as a user does. The menu
 * fades in and out like the row menus (see rowMenuClick): a click that lands on an item while it
 * is still animating may not choose it, so the choice is checked in storage and the hover and
 * click retried (up to 3 times). Assertions on what changes on screen stay with the caller.
 */
export async function switchLanguage(page, lang) {
  const moving = page.locator('.ant-dropdown[class*="-enter"], .ant-dropdown[class*="-leave"]');
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'), null, { timeout: T });
    await page.locator('[data-testid=lang-switch]').hover();
    const item = page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-lang="${lang}"]`);
    try {
      await item.waitFor({ state: 'visible', timeout: 10000 });
      await moving.first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
      await item.click({ timeout: 5000 });
      await page.waitForFunction((l) => localStorage.getItem('language') === l, lang, { timeout: 5000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * Ticks a checkbox. Playwright's check() clicks once and fails if the state did not change at
 * that instant; a form inside a dialog that is still settling (antd re-rendering the Form after
 * an upload or the opening animation) occasionally drops that one click. The state is read
 * again and the click retried (up to 3 times); the caller's later assertions see the result.
 */
export async function checkOn(box) {
  for (let attempt = 1; ; attempt++) {
    if (await box.isChecked()) return;
    try {
      await box.check({ timeout: 5000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      await box.page().waitForTimeout(300);
    }
  }
}

/** axe's landmark and heading rules (best practices that WCAG 1.3.1 and 2.4.1/2.4.6 rest on). */
export const LANDMARK_RULES = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-unique',
  'page-has-heading-one',
  'heading-order',
  'empty-heading',
];

/**
 * Landmarks and headings of the page as it is now; fails the test when
 *   - axe's LANDMARK_RULES find a violation (one main, landmarks top-level and unique, an h1,
 *     heading levels that never skip one going down, no empty heading);
 *   - the h1 is not inside the main landmark (the page's own title, not the site's);
 *   - `nav: true` and there is no named navigation landmark (console pages with the menu).
 * Returns the outline (landmarks and headings) for the report.
 */
export async function checkLandmarks(page, label, { nav = false, include, exclude } = {}) {
  await page.evaluate(AXE_SOURCE);
  const res = await page.evaluate(
    ({ rules, include, exclude }) =>
      window.axe.run(include || exclude ? { include: include ? [include] : [document], exclude: exclude ? [exclude] : [] } : document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] }),
    { rules: LANDMARK_RULES, include, exclude },
  );
  const outline = await page.evaluate(() => {
    const vis = (e) => !!e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
    const name = (e) => e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') || '').split(/\s+/).map((id) => document.getElementById(id)?.textContent || '').join(' ').trim();
    const marks = Array.from(document.querySelectorAll('main, [role=main], nav, [role=navigation], header, [role=banner], footer, [role=contentinfo], aside, [role=complementary], [role=search], form[aria-label], [role=region][aria-label], section[aria-label], section[aria-labelledby]')).filter(vis);
    const hs = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')).filter((h) => vis(h) && !['none', 'presentation'].includes(h.getAttribute('role') || ''));
    const level = (h) => Number(h.getAttribute('aria-level') || h.tagName.slice(1)) || 2;
    const main = document.querySelector('main, [role=main]');
    return {
      landmarks: marks.map((m) => `${m.getAttribute('role') || m.tagName.toLowerCase()}${name(m) ? `"${name(m)}"` : ''}`),
      headings: hs.map((h) => `h${level(h)} ${h.textContent.trim().slice(0, 40)}`),
      h1InMain: hs.filter((h) => level(h) === 1).some((h) => main?.contains(h)),
      namedNav: marks.some((m) => (m.tagName === 'NAV' || m.getAttribute('role') === 'navigation') && !!name(m)),
    };
  });
  const problems = res.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  if (!outline.h1InMain) problems.push('the h1 is not inside the main landmark');
  if (nav && !outline.namedNav) problems.push('no named navigation landmark');
  assert.equal(problems.length, 0, `landmarks/headings on ${label} (${page.url()}):\n    ${problems.join('\n    ')}\n    landmarks: ${outline.landmarks.join(', ')}\n    headings: ${outline.headings.join(' | ')}`);
  return outline;
}
