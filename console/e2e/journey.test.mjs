// Playwright journey in real Chromium (Debian /usr/bin/chromium) driven by playwright-core.
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... npm run e2e
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USER, BASE, BROWSER_ARGS, CHROMIUM, HEADED, T, checkA11y, switchLanguage } from './lib.mjs';


const run = Date.now().toString(36).slice(-6) + Math.floor(Math.random() * 1000);
const ROLE_NAME = `LogRole${run}`.slice(0, 18);
const ROLE_CODE = `LOG_${run}`.slice(0, 18);
const USER_NAME = `e2e${run}`.slice(0, 18);
const USER_PWD = 'Passw0rd1';
const USER_PWD2 = 'Passw0rd2';

let context;
let page;
let userDataDir;
const external = [];

before(async () => {
  assert.ok(ADMIN_PASSWORD, 'ADMIN_PASSWORD must be set');
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dws-e2e-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: !HEADED,
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    args: HEADED ? BROWSER_ARGS : ['--headless', ...BROWSER_ARGS],
  });
  const baseHost = new URL(BASE).host;
  // the page must never load anything from an outside host
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.host !== baseHost) {
      external.push(u.href);
      return route.abort();
    }
    return route.continue();
  });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en-US');
  });
  page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(T);
});

after(async () => {
  if (page && process.env.E2E_SCREENSHOT) await page.screenshot({ path: process.env.E2E_SCREENSHOT }).catch(() => {});
  await context?.close();
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
});

const api = (p) => `/api/dwsurvey/${p}`;

async function waitApi(p, action) {
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(api(p)) && r.request().method() !== 'OPTIONS', { timeout: T }),
    action(),
  ]);
  let body;
  try {
    body = await resp.json();
  } catch {
    body = undefined;
  }
  return { resp, body };
}

async function login(user, pwd) {
  await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
  await page.locator('#login-userName').fill(user);
  await page.locator('#login-password').fill(pwd);
  const { body } = await waitApi('anon/security-token/login.do', () =>
    page.locator('.ant-pro-form-login-main button.ant-btn-primary').click(),
  );
  assert.equal(body?.status, 'ok', `login of ${user} failed: ${JSON.stringify(body?.httpResult)}`);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: T });
  await page.waitForLoadState('networkidle');
}

async function logout() {
  await page.locator('[data-testid=avatar]').first().hover();
  await page.locator('[data-testid=menu-logout]').click();
  await page.waitForURL((u) => u.pathname.startsWith('/login'), { timeout: T });
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
}

// what the console shows for texts the server seeds in English (models/permissions.go)
const TEXTS = {
  'en-US': { perm: 'Design surveys', log: 'System log', group: 'Surveys', superAdmin: 'Super administrator', author: 'Survey author', authorNote: 'Default role of registered users' },
  'zh-CN': { perm: '设计问卷', log: '系统日志', group: '问卷', superAdmin: '超级管理员', author: '问卷作者', authorNote: '注册用户的默认角色' },
};

/** The roles page lists the system roles with their names and notes in lang. */
async function seededTexts(lang) {
  const t = TEXTS[lang];
  const author = page.locator('.ant-table-row', { hasText: 'DWSURVEY_USER' }).first();
  await page.waitForFunction(
    ([a, n]) => [...document.querySelectorAll('.ant-table-row')].some((r) => r.textContent.includes('DWSURVEY_USER') && r.textContent.includes(a) && r.textContent.includes(n)),
    [t.author, t.authorNote],
    { timeout: T },
  );
  const row = await author.innerText();
  assert.match(row, new RegExp(t.perm), `${lang}: the author role lists its permissions by their ${lang} names`);
  const other = TEXTS[lang === 'en-US' ? 'zh-CN' : 'en-US'];
  assert.doesNotMatch(row, new RegExp(other.author), `${lang}: no ${other.author}`);
  assert.match(await page.locator('.ant-table-row', { hasText: 'DWSURVEY_SUPER_ADMIN' }).first().innerText(), new RegExp(t.superAdmin));
}

/** The role dialog's permission list: names and group headings in lang. */
async function permTexts(lang) {
  const t = TEXTS[lang];
  const label = visibleModal().locator('[data-perm-label="survey:manage"]');
  await label.waitFor();
  assert.equal((await label.innerText()).trim(), t.perm, `${lang}: survey:manage`);
  assert.equal((await visibleModal().locator('[data-perm-label="admin:log"]').innerText()).trim(), t.log, `${lang}: admin:log`);
  assert.equal((await visibleModal().locator('[data-perm-group="survey"] .ant-divider').innerText()).trim(), t.group, `${lang}: group survey`);
}

function visibleModal() {
  return page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();
}

async function menuText() {
  await page.locator('.ant-menu').first().waitFor();
  return (await page.locator('.ant-menu').allInnerTexts()).join('\n');
}

test('admin creates a role and a user; the user sees only permitted menus, gets 403, changes password, switches language', async () => {
  // 1. admin logs in
  await login(ADMIN_USER, ADMIN_PASSWORD);
  assert.match(new URL(page.url()).pathname, /^\/v8\/dw\/survey/);
  const adminAuth = await page.evaluate(() => JSON.parse(localStorage.getItem('authority') || '[]'));
  assert.ok(adminAuth.includes('DWSURVEY_SUPER_ADMIN'), 'admin has DWSURVEY_SUPER_ADMIN');

  // 2. creates a role holding only admin:log; the server-seeded texts read in the console
  // language (English here: the server's own texts; Chinese in step 10)
  await page.goto(`${BASE}/v8/dw/admin/system/role`, { waitUntil: 'networkidle' });
  await seededTexts('en-US');
  await page.locator('[data-testid=add-role]').click();
  await permTexts('en-US');
  await page.locator('#role-name').fill(ROLE_NAME);
  await page.locator('#role-code').fill(ROLE_CODE);
  await page.locator('[data-perm-label="admin:log"]').click();
  const role = await waitApi('admin/role/add.do', () => visibleModal().locator('.ant-modal-footer .ant-btn-primary').click());
  assert.equal(role.body?.resultCode, 200, `role add: ${JSON.stringify(role.body)}`);
  await page.locator('.ant-table-row', { hasText: ROLE_NAME }).first().waitFor();

  // 3. creates a user with that role: the form preselects the Survey author role (what
  // registration gives), which this user must not have, so it is removed
  await page.goto(`${BASE}/v8/dw/admin/user/user`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=add-user]:not(.ant-btn-loading)').click();
  const preset = visibleModal().locator('.ant-select-selection-item', { hasText: 'Survey author' });
  await preset.waitFor({ timeout: T });
  await preset.locator('.ant-select-selection-item-remove').click();
  assert.equal(await visibleModal().locator('.ant-select-selection-item', { hasText: 'Survey author' }).count(), 0, 'the default role is removable');
  await page.locator('#user-loginName').fill(USER_NAME);
  await page.locator('#user-name').fill('E2E user');
  await page.locator('#user-email').fill(`${USER_NAME}@example.com`);
  await page.locator('#user-password').fill(USER_PWD);
  await page.locator('#user-roles').click();
  await page.locator('#user-roles').fill(ROLE_NAME);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: ROLE_NAME }).first().click();
  await page.keyboard.press('Escape');
  const user = await waitApi('admin/user/add.do', () => visibleModal().locator('.ant-modal-footer .ant-btn-primary').click());
  assert.equal(user.body?.resultCode, 200, `user add: ${JSON.stringify(user.body)}`);
  assert.deepEqual(user.body?.data?.roles?.map((r) => r.code), [ROLE_CODE], 'only the chosen role');

  // 4. logs out, logs in as the new user
  await logout();
  await login(USER_NAME, USER_PWD);
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('authority') || '[]'));
  assert.ok(auth.includes('admin:log'), `authority ${auth}`);
  assert.ok(!auth.includes('admin:user'));

  // 5. the admin entry opens the first permitted page (not the 403 of Users), and only the
  // permitted menus show (left-right layout opens the admin sub-menu of the current page)
  await page.goto(`${BASE}/v8/lr/dw/admin`, { waitUntil: 'networkidle' });
  await page.waitForURL((u) => u.pathname === '/v8/lr/dw/admin/system/log', { timeout: T });
  await page.locator('.ant-pro-table').first().waitFor();
  let menus = await menuText();
  assert.match(menus, /System log/);
  assert.doesNotMatch(menus, /\bUsers\b/);
  assert.doesNotMatch(menus, /\bRoles\b/);
  assert.doesNotMatch(menus, /Workflows/);
  assert.doesNotMatch(menus, /My surveys/);

  // 6. a forbidden admin call answers 403, and the route shows no access
  const forbidden = await page.evaluate(async (url) => {
    const r = await fetch(url, { headers: { Authorization: localStorage.getItem('token') || '' } });
    let body = null;
    try {
      body = await r.json();
    } catch {}
    return { status: r.status, code: body && body.resultCode };
  }, api('admin/user/list.do?current=1&pageSize=10'));
  assert.ok(forbidden.code === 403 || forbidden.status === 403, `expected 403, got ${JSON.stringify(forbidden)}`);
  await page.goto(`${BASE}/v8/dw/admin/user/user`, { waitUntil: 'networkidle' });
  await page.locator('.ant-result-403').waitFor();

  // 7. changes the password; the new token from the answer replaces the stored one
  await page.goto(`${BASE}/v8/dw/user`, { waitUntil: 'networkidle' });
  const oldToken = await page.evaluate(() => localStorage.getItem('token'));
  await page.locator('#curpwd').fill(USER_PWD);
  await page.locator('#pwd').fill(USER_PWD2);
  await page.locator('#pwdConfirm').fill(USER_PWD2 + 'x');
  await page.getByText('The passwords entered twice do not match!').waitFor();
  await page.locator('#pwdConfirm').fill(USER_PWD2);
  const pwd = await waitApi('app/user/up-pwd.do', () =>
    page.locator('.ant-pro-form button[type=button].ant-btn-primary, .ant-pro-form button[type=submit]').first().click(),
  );
  assert.equal(pwd.body?.resultCode, 200, `up-pwd: ${JSON.stringify(pwd.body)}`);
  await page.waitForFunction((old) => localStorage.getItem('token') && localStorage.getItem('token') !== old, oldToken);
  const me = await page.evaluate(async (url) => {
    const r = await fetch(url, { headers: { Authorization: localStorage.getItem('token') || '' } });
    return (await r.json()).resultCode;
  }, api('app/user/currentUser.do'));
  assert.equal(me, 200, 'new token works');

  // 8. switches the language: a menu label changes language
  await page.goto(`${BASE}/v8/lr/dw/admin/system/log`, { waitUntil: 'networkidle' });
  menus = await menuText();
  assert.match(menus, /System log/);
  await switchLanguage(page, 'zh-CN');
  await page.waitForFunction(() => document.querySelector('.ant-menu')?.textContent?.includes('系统日志'));
  menus = await menuText();
  assert.match(menus, /系统日志/);
  assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'zh-CN');

  // 9. the new password works for a fresh login
  await logout();
  await login(USER_NAME, USER_PWD2);

  // 10. the administrator, still in Chinese: permission names, group headings and the system
  // roles read in Chinese (chosen by code; the custom role keeps its own name), on the roles
  // page, the users page and its role picker; back in English they read in English again
  await logout();
  await login(ADMIN_USER, ADMIN_PASSWORD);
  assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'zh-CN');
  await page.goto(`${BASE}/v8/dw/admin/system/role`, { waitUntil: 'networkidle' });
  await seededTexts('zh-CN');
  const custom = page.locator('.ant-table-row', { hasText: ROLE_NAME }).first();
  assert.match(await custom.innerText(), /系统日志/, 'the custom role lists its permission in Chinese');
  await page.locator('[data-testid=add-role]').click();
  await permTexts('zh-CN');
  await checkA11y(page, 'roles page with the permission list in Chinese', { console: true });
  await page.keyboard.press('Escape');
  await page.goto(`${BASE}/v8/dw/admin/user/user`, { waitUntil: 'networkidle' });
  const mine = page.locator('.ant-table-row', { hasText: USER_NAME }).first();
  await mine.waitFor();
  assert.match(await mine.innerText(), new RegExp(ROLE_NAME), 'a custom role keeps its name');
  // the administrator's own row (found by login name: newest users list first) names the system role
  await page.locator('.ant-pro-table-search input#loginName').fill(ADMIN_USER);
  await waitApi('admin/user/list.do', () => page.locator('.ant-pro-table-search input#loginName').press('Enter'));
  const adminRow = page.locator('.ant-table-row', { hasText: ADMIN_USER }).filter({ hasText: TEXTS['zh-CN'].superAdmin }).first();
  await adminRow.waitFor();
  await page.locator('[data-testid=add-user]:not(.ant-btn-loading)').click();
  await visibleModal().locator('.ant-select-selection-item', { hasText: TEXTS['zh-CN'].author }).waitFor();
  await page.keyboard.press('Escape');
  await page.goto(`${BASE}/v8/dw/admin/system/role`, { waitUntil: 'networkidle' });
  await switchLanguage(page, 'en-US');
  await seededTexts('en-US');

  assert.deepEqual(external, [], 'no request left the site');
});
