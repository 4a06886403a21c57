// Shared plumbing of the Playwright journeys: settings from the environment, Debian's
// Chromium with the flags this machine needs, the API as the admin, and pages that may not
// reach any host but the server (and hosts a test serves itself).
import assert from 'node:assert/strict';
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
