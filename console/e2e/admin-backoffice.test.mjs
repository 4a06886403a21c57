// Admin back office journey in real Chromium (issue 15): cascade data sources (tree editor,
// import from Excel, a JSON file and a JSON URL this test serves, spec validation) feeding CASCADE
// questions answered on a phone (the built-in 3-level China list loads its levels lazily); a
// notice reaching only the chosen department; poster templates and a survey's share poster PNG;
// style templates applied in the style designer; all surveys, groups and the answer log;
// dashboards; a user without the permission gets 403.
// Run: BASE_URL=… ADMIN_PASSWORD=… node --test e2e/admin-backoffice.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, settled as settledAnimations, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const PW = 'Backoffice-pw-1';
let browser;
let api;
let admin;
let feed;
let feedUrl;
const external = [];

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  admin = await openPage(browser, external);
  await uiLogin(admin.page);
  // the JSON URL feed (the server's outbound guard lets 127.0.0.1 through in the journeys only)
  feed = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify([{ label: `Feed ${run}`, children: [{ label: 'North' }, { label: 'South' }] }]));
  });
  await new Promise((r) => feed.listen(0, '127.0.0.1', r));
  feedUrl = `http://127.0.0.1:${feed.address().port}/regions-${run}.json`;
});

after(async () => {
  await browser?.close();
  feed?.close();
  a11yReport();
  assert.deepEqual(external, [], 'no request left the test hosts');
});

const page = () => admin.page;
const settled = (p) => p.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning'), null, { timeout: T });
const modal = (p) => p.locator('.ant-modal-content:visible').last();
/**
 * Opens an admin list page and waits until its table has its rows: the list response has come
 * and nothing is loading any more. (networkidle alone can come before the table's first
 * request on a busy machine; axe then sees the search button half-faded in its loading state.)
 */
async function openList(p, url, list) {
  await Promise.all([p.waitForResponse((r) => new URL(r.url()).pathname.endsWith(list), { timeout: T }), p.goto(`${BASE}${url}`)]);
  await settled(p);
}
/**
 * Clicks `opener` and returns the dialog it opens, found by its title (not "the last visible
 * dialog": a dialog that is closing is still visible while it fades out), once it is fully
 * open: its zoom-in has ended and its first render's effects have run.
 */
async function openDialog(p, opener, title) {
  await opener.click();
  const d = p.getByRole('dialog', { name: title });
  await d.waitFor();
  await settledAnimations(p);
  return d;
}

async function addUser(login) {
  const r = await api('POST', 'admin/user/add.do', { loginName: login, name: login, email: `${login}@example.com`, password: PW, status: 2 });
  assert.equal(r.resultCode, 200, JSON.stringify(r));
  return r.data.id;
}

async function sourceNamed(name) {
  const r = await api('GET', `admin/cascade/list.do?cascadeName=${encodeURIComponent(name)}&pageSize=5`);
  const hit = (r.data ?? []).find((s) => s.cascadeName === name);
  assert.ok(hit, `source ${name}: ${JSON.stringify(r)}`);
  return hit;
}

test('cascade sources: editor validation, import of Excel + JSON file + JSON URL, CASCADE answered on a phone with lazy levels', async () => {
  const p = page();
  await p.goto(`${BASE}/v8/dw/admin/resource/cascade`, { waitUntil: 'networkidle' });
  await p.locator('tr', { hasText: '中国省市区' }).or(p.locator('tr', { hasText: 'China' })).first().waitFor();
  await settled(p);
  await checkA11y(p, 'cascade sources', { console: true });

  // the tree editor: the spec's messages, nothing stored
  await p.locator('[data-testid=cascade-add]').click();
  const m = modal(p);
  await m.locator('.ant-btn-primary').click();
  await m.getByText('Please enter the cascade data source name').waitFor();
  await m.getByText('Please add at least one item').waitFor();
  await p.locator('#cascade-name').fill('x'.repeat(32));
  await m.getByText('The cascade data source name must be under 32 characters').waitFor();
  await checkA11y(p, 'cascade editor with errors', { console: true });
  const name = `Fruit ${run}`;
  await p.locator('#cascade-name').fill(name);
  await p.locator('#cascade-label').fill('Apple');
  await p.locator('[data-testid=cascade-add-root]').click();
  await p.locator('[data-testid=cascade-tree]').getByText('Apple').click();
  for (const v of ['Fuji', 'Gala']) {
    await p.locator('#cascade-label').fill(v);
    await p.locator('[data-testid=cascade-add-child]').click();
  }
  await m.getByText('2 level(s), 3 item(s)').waitFor();
  await m.locator('.ant-btn-primary').click();
  await p.locator('tr', { hasText: name }).waitFor();
  const fruit = await sourceNamed(name);
  assert.equal(fruit.countLevel, 2);
  assert.equal(fruit.nodeCount, 3);

  // import: 4 inputs are refused before anything is sent; then Excel + JSON file + JSON URL
  const xlsx = Buffer.from(await (await fetch(`${BASE}/api/dwsurvey/none/v6/dw-cascade-json/import-template.do`)).arrayBuffer());
  const json = Buffer.from(JSON.stringify([{ label: `Colours ${run}`, children: [{ label: 'Red' }, { label: 'Blue' }] }]));
  await p.locator('[data-testid=cascade-import]').click();
  const im = modal(p);
  const files = [
    { name: `xl-${run}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx },
    { name: `colours-${run}.json`, mimeType: 'application/json', buffer: json },
  ];
  await im.locator('input[type=file]').setInputFiles([...files, { name: 'extra.json', mimeType: 'application/json', buffer: json }]);
  await p.locator('[data-testid=cascade-url-0]').fill(feedUrl);
  await p.locator('[data-testid=cascade-preview]').click();
  await im.locator('[data-testid=cascade-import-error]').getByText('At most 3 files can be imported at a time').waitFor();
  await im.locator('.ant-upload-list-item', { hasText: 'extra.json' }).hover();
  await im.locator('.ant-upload-list-item', { hasText: 'extra.json' }).getByRole('button').last().click();
  // an address inside the network is refused by the server's outbound guard (preview shows why)
  await p.locator('[data-testid=cascade-url-0]').fill('http://169.254.169.254/latest.json');
  await p.locator('[data-testid=cascade-preview]').click();
  const result = im.locator('[data-testid=cascade-import-result]');
  await result.getByText('Failed').waitFor();
  assert.match(await result.innerText(), /refused/);
  await p.locator('[data-testid=cascade-url-0]').fill(feedUrl);
  await p.locator('[data-testid=cascade-preview]').click();
  await p.waitForFunction(() => document.querySelectorAll('[data-testid=cascade-import-result] .ant-tag').length === 3 && ![...document.querySelectorAll('[data-testid=cascade-import-result] .ant-tag')].some((t) => t.textContent === 'Failed'), null, { timeout: T });
  assert.match(await result.innerText(), /3 level\(s\)/); // the Excel template: province, city, district
  await checkA11y(p, 'cascade import preview', { console: true });
  await p.locator('[data-testid=cascade-import-go]').click();
  await p.getByText('3 data source(s) imported').first().waitFor();
  const fromUrl = (await api('GET', `admin/cascade/list.do?pageSize=50`)).data.find((s) => s.cascadeName.includes(`regions-${run}`));
  assert.ok(fromUrl, 'the JSON URL source is listed');
  await sourceNamed(`colours-${run}`);
  await sourceNamed(`xl-${run}`);

  // disable, enable (the answer side refuses a disabled source)
  const row = p.locator('tr', { hasText: name });
  await row.getByRole('switch', { name: `Enable ${name}` }).click();
  await p.getByText('Saved successfully').first().waitFor();
  const off = await fetch(`${BASE}/api/dwsurvey/none/v6/dw-answer-survey/cascade-json-info.do?id=${fruit.id}`).then((r) => r.json());
  assert.equal(off.resultMsg, 'Cascade data not found');
  await row.getByRole('switch', { name: `Enable ${name}` }).click();
  await p.waitForFunction((n) => [...document.querySelectorAll('tr')].some((tr) => tr.textContent.includes(n) && tr.querySelector('.ant-switch-checked')), name, { timeout: T });

  // a respondent on a phone: the URL source (small, whole) and the built-in China list (lazy)
  const doc = {
    questions: [
      { dwId: 'c1', quType: 'CASCADE', quTitleObj: { dwHtml: 'Region', dwText: 'Region' }, quAttr: { cascadeAttr: { cascadeJsonId: fromUrl.id } } },
      { dwId: 'c2', quType: 'CASCADE', quTitleObj: { dwHtml: 'Where do you live?', dwText: 'Where do you live?' }, quAttr: { cascadeAttr: { cascadeJsonId: 'builtin-china-pcd' } } },
    ],
  };
  const s = await publish(api, `Cascade ${run}`, 'survey', doc);
  const phone = await openPage(browser, external, { phone: true });
  const lazy = [];
  phone.page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('cascade-json-info.do')) lazy.push(u.searchParams.get('id'));
  });
  await phone.page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
  const q1 = phone.page.locator('[role=group]').filter({ has: phone.page.locator('select') }).first();
  await q1.locator('select').first().selectOption({ label: `Feed ${run}` });
  await q1.locator('select').nth(1).selectOption({ label: 'South' });
  const q2 = phone.page.locator('.dwa-cascade').nth(1);
  const provinces = await q2.locator('select').first().locator('option').allInnerTexts();
  assert.ok(provinces.length > 30, `provinces: ${provinces.length}`);
  assert.ok(!lazy.some((id) => id.includes('~')), 'no level fetched before a choice');
  await q2.locator('select').first().selectOption({ label: '浙江省' });
  await q2.locator('select').nth(1).locator('option', { hasText: '杭州市' }).waitFor({ state: 'attached' });
  await q2.locator('select').nth(1).selectOption({ label: '杭州市' });
  await q2.locator('select').nth(2).locator('option', { hasText: '西湖区' }).waitFor({ state: 'attached' });
  await q2.locator('select').nth(2).selectOption({ label: '西湖区' });
  assert.equal(lazy.filter((id) => id.includes('~')).length, 2, `levels fetched: ${lazy.join(', ')}`);
  await checkA11y(phone.page, 'answer page with cascade questions (phone)');
  const [resp] = await Promise.all([
    phone.page.waitForResponse((r) => r.url().includes('save-survey-answer') && r.request().method() === 'POST', { timeout: T }),
    phone.page.getByRole('button', { name: 'Submit' }).click(),
  ]);
  const saved = await resp.json();
  assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
  const sent = JSON.stringify(resp.request().postDataJSON());
  for (const v of ['South', '浙江省', '杭州市', '西湖区']) assert.ok(sent.includes(v), `the answer carries ${v}`);
  await phone.ctx.close();
});

test('notices: the spec messages, a department notice reaches its members only, read from the bell', async () => {
  const inDept = `nin${run}`;
  const outside = `nout${run}`;
  const inId = await addUser(inDept);
  await addUser(outside);
  const deptName = `Notice dept ${run}`;
  const d = await api('POST', 'admin/dept/add.do', { name: deptName, code: `nd${run}` });
  assert.equal(d.resultCode, 200, JSON.stringify(d));
  assert.equal((await api('POST', 'admin/dept-user/add-user.do', { deptId: d.data.id, userIds: [inId] })).resultCode, 200);

  const p = page();
  await p.goto(`${BASE}/v8/dw/admin/system/notice`, { waitUntil: 'networkidle' });
  await settled(p);
  await checkA11y(p, 'notices', { console: true });
  await p.locator('[data-testid=notice-add]').click();
  const m = modal(p);
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await m.getByText('Please enter the notice title').waitFor();
  await m.getByText('Please enter the notice content').waitFor();
  const title = `Fire drill ${run}`;
  await p.locator('#notice-title').fill(title);
  await p.locator('[data-testid=notice-content]').click();
  await p.keyboard.type('Meet at the north gate at 10:00.');
  await m.locator('[data-testid=notice-to-dept]').click();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await m.getByText('Department is required: choose the department the notice is for').waitFor();
  await checkA11y(p, 'notice editor with errors', { console: true });
  await p.locator('#notice-dept').fill(deptName);
  await p.locator('.ant-select-tree-node-content-wrapper', { hasText: deptName }).click();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await p.locator('tr', { hasText: title }).waitFor();
  assert.match(await p.locator('tr', { hasText: title }).innerText(), new RegExp(deptName));

  // the member: the bell counts it, the notice opens and is then read
  const member = await openPage(browser, external);
  await uiLogin(member.page, inDept, PW);
  const bell = member.page.locator('[data-testid=notice-bell]');
  await member.page.waitForFunction(() => /[1-9]\d* unread/.test(document.querySelector('[data-testid=notice-bell]')?.getAttribute('aria-label') ?? ''), null, { timeout: T });
  await bell.hover();
  await member.page.locator('[data-testid=bell-notice]', { hasText: title }).click();
  await member.page.locator('[data-testid=notice-title]', { hasText: title }).waitFor();
  assert.match(await member.page.locator('[data-testid=notice-body]').innerText(), /north gate/);
  await checkA11y(member.page, 'notice page', { console: true });
  const unread = await apiClient(await apiLogin(inDept, PW))('GET', 'app/notice/unread.do');
  assert.ok(!unread.data.latest.some((n) => n.title === title), 'read after opening');
  await member.ctx.close();

  // someone outside the department never sees it
  const other = await openPage(browser, external);
  await uiLogin(other.page, outside, PW);
  await other.page.goto(`${BASE}/v8/diaowen/notice`, { waitUntil: 'networkidle' });
  await other.page.locator('main').getByText('Notices').first().waitFor();
  await settled(other.page);
  assert.ok(!(await other.page.locator('main').innerText()).includes(title), 'a notice for another department is hidden');
  await other.ctx.close();
});

test('posters and style templates: validation, live preview, a survey poster PNG, apply in the style designer', async () => {
  const p = page();
  await openList(p, '/v8/dw/admin/resource/poster', '/admin/poster/list.do');
  await checkA11y(p, 'poster templates', { console: true });
  const m = await openDialog(p, p.locator('[data-testid=poster-add]'), 'Add poster template');
  await p.locator('#poster-name').fill('p'.repeat(19));
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await m.getByText('Please enter the poster name (at most 18 characters)').waitFor();
  await p.locator('#poster-fg').fill('#1155bb');
  await m.locator('[data-testid=poster-contrast]').getByText(/contrast of 1\.\d+:1/).waitFor();
  await p.locator('#poster-fg').fill('#ffffff');
  await p.locator('#poster-bg').fill('#7a1f3d');
  const name = `Wine ${run}`;
  await p.locator('#poster-name').fill(name);
  await p.locator('#poster-subtitle').fill('Three minutes, ten questions');
  await p.locator('#poster-footer').fill('Scan to answer');
  await m.locator('[data-testid=poster-preview]').waitFor();
  await checkA11y(p, 'poster editor with preview', { console: true });
  await m.getByText('Use as the default template').click();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await p.locator('tr', { hasText: name }).waitFor();

  // the author's share poster: a PNG from the server with the default (this) template
  const s = await publish(api, `Poster ${run} 海报`, 'survey', { questions: [{ dwId: 'q1', quType: 'FILLBLANK', quTitleObj: { dwHtml: 'Name', dwText: 'Name' } }] });
  // reached from the survey's share page: a named link, taken with the keyboard
  await p.goto(`${BASE}/v8/dws/survey/c/share/${s.id}`, { waitUntil: 'networkidle' });
  const toPoster = p.getByRole('link', { name: 'Share poster (PNG with a QR code)' });
  assert.ok((await toPoster.evaluate((e) => e.tabIndex)) >= 0, 'the poster link is in the tab order');
  await checkA11y(p, 'share page with the poster link', { console: true });
  await toPoster.focus();
  await Promise.all([p.waitForURL(`**/v8/diaowen/mo/poster/${s.id}`, { timeout: T }), p.keyboard.press('Enter')]);
  const img = p.locator('[data-testid=survey-poster]');
  await img.waitFor();
  await p.waitForFunction(() => document.querySelector('[data-testid=survey-poster]')?.naturalWidth === 750, null, { timeout: T });
  const direct = await fetch(`${BASE}/api/dwsurvey/app/poster/survey.png?surveyId=${s.id}`, { headers: { Authorization: await apiLogin() } });
  assert.equal(direct.headers.get('content-type'), 'image/png');
  const png = Buffer.from(await direct.arrayBuffer());
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG');
  const file = path.join(os.tmpdir(), `poster-${run}-direct.png`);
  fs.writeFileSync(file, png);
  console.log(`  poster PNG: ${file}`);
  // the background is the template's colour
  const px = await p.evaluate(() => {
    const i = document.querySelector('[data-testid=survey-poster]');
    const c = document.createElement('canvas');
    c.width = i.naturalWidth;
    c.height = i.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(i, 0, 0);
    return Array.from(g.getImageData(5, 5, 1, 1).data.slice(0, 3));
  });
  assert.deepEqual(px, [0x7a, 0x1f, 0x3d]);
  const out = path.join(os.tmpdir(), `poster-${run}.png`);
  await img.screenshot({ path: out });
  console.log(`  poster screenshot: ${out}`);
  await checkA11y(p, 'share poster page', { console: true });
  // make another template default again so later runs start from a known state
  const mine = (await api('GET', `admin/poster/list.do?name=${encodeURIComponent(name)}`)).data[0];
  assert.equal((await api('POST', 'admin/poster/save.do', { id: mine.id, isDefault: false, status: 0 })).resultCode, 200);

  // a style template, applied in the style designer
  await openList(p, '/v8/dw/admin/resource/style-template', '/admin/style-template/list.do');
  const sm = await openDialog(p, p.locator('[data-testid=style-add]'), 'Add style template');
  await p.locator('#style-name').fill('s'.repeat(19));
  await sm.locator('.ant-modal-footer .ant-btn-primary').click();
  await sm.getByText('Please enter the style template name (at most 18 characters)').waitFor();
  const styleName = `Forest ${run}`;
  await p.locator('#style-name').fill(styleName);
  await p.locator('#style-themeColor').fill('#1f6f3f');
  await p.locator('#style-submitBtnText').fill('Send it');
  await checkA11y(p, 'style template editor', { console: true });
  await sm.locator('.ant-modal-footer .ant-btn-primary').click();
  await p.locator('tr', { hasText: styleName }).waitFor();
  await p.goto(`${BASE}/v8/dws/design/style/${s.id}`, { waitUntil: 'networkidle' });
  await p.locator('#style-template-pick').click();
  await p.locator('.ant-select-item-option', { hasText: styleName }).click();
  await p.locator('[data-testid=style-template-apply]').click();
  await p.getByText(`Applied “${styleName}”`).first().waitFor();
  await p.locator('[data-testid=style-sample]').getByRole('button', { name: 'Send it' }).waitFor();
});

test('all surveys, groups, answer log, dashboards; a user without the permission gets 403', async () => {
  const p = page();
  const owner = `own${run}`;
  await addUser(owner);
  const s = await publish(api, `Transfer me ${run}`, 'survey', { questions: [{ dwId: 'q1', quType: 'FILLBLANK', quTitleObj: { dwHtml: 'Name', dwText: 'Name' } }] });
  await fetch(`${BASE}/v8/diaowen/an/${s.sid}`);
  await p.goto(`${BASE}/v8/dw/admin/survey`, { waitUntil: 'networkidle' });
  await settled(p);
  const row = p.locator('tr', { hasText: `Transfer me ${run}` });
  await row.waitFor();
  await checkA11y(p, 'all surveys', { console: true });
  await row.getByRole('button', { name: 'Transfer' }).click();
  const m = modal(p);
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await m.getByText('Choose the user who gets the surveys').waitFor();
  await checkA11y(p, 'transfer dialog with an error', { console: true });
  await p.locator('#transfer-user').fill(owner);
  await p.locator('.ant-select-item-option', { hasText: owner }).click();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await p.getByText('Transferred').first().waitFor();
  await p.waitForFunction((o) => [...document.querySelectorAll('tr')].some((tr) => tr.textContent.includes(o)), owner, { timeout: T });
  await row.getByRole('button', { name: 'Delete' }).click();
  await p.locator('.ant-popconfirm .ant-btn-primary:visible').click();
  await row.waitFor({ state: 'detached' });
  await p.getByText('Recycle bin', { exact: true }).click();
  await p.locator('tr', { hasText: `Transfer me ${run}` }).getByRole('button', { name: 'Restore' }).click();
  await p.getByText('Restored').first().waitFor();

  // groups: the name limit, add, delete
  await p.goto(`${BASE}/v8/dw/admin/survey/group`, { waitUntil: 'networkidle' });
  await settled(p);
  await p.locator('[data-testid=add-group]').click();
  await p.locator('#group-name').fill('g'.repeat(19));
  await modal(p).locator('.ant-modal-footer .ant-btn-primary').click();
  await modal(p).getByText('At most 18 characters').waitFor();
  await p.locator('#group-name').fill(`Team ${run}`);
  await modal(p).locator('.ant-modal-footer .ant-btn-primary').click();
  const g = p.locator('tr', { hasText: `Team ${run}` });
  await g.waitFor();
  await checkA11y(p, 'survey groups', { console: true });
  await g.getByRole('button', { name: 'Delete' }).click();
  await p.locator('.ant-popconfirm .ant-btn-primary:visible').click();
  await g.waitFor({ state: 'detached' });

  // answer log
  await p.goto(`${BASE}/v8/dw/admin/survey/answer-log`, { waitUntil: 'networkidle' });
  await settled(p);
  await p.locator('table').first().waitFor();
  await checkA11y(p, 'answer log', { console: true });
  await p.getByText('Archive', { exact: true }).click();
  await settled(p);

  // dashboards
  for (const [url, label, probe] of [
    ['/v8/dw/admin/dashboard/analysis', 'dashboard analysis', '[data-testid=dash-surveys]'],
    ['/v8/dw/admin/dashboard/monitor', 'dashboard monitor', '[data-testid=monitor-total]'],
    ['/v8/dw/data/dashboard', 'my dashboard', '[data-testid=mine-surveys]'],
  ]) {
    await p.goto(`${BASE}${url}`, { waitUntil: 'networkidle' });
    await p.locator(probe).waitFor();
    await settled(p);
    await checkA11y(p, label, { console: true });
  }
  const surveys = Number((await p.locator('[data-testid=mine-surveys] .ant-statistic-content-value').innerText()).replace(/\D/g, ''));
  assert.ok(surveys >= 1, `my surveys: ${surveys}`);

  // an author without admin permissions
  const author = await openPage(browser, external);
  await uiLogin(author.page, owner, PW);
  for (const u of ['resource/cascade', 'system/notice', 'dashboard/analysis', 'survey/answer-log']) {
    await author.page.goto(`${BASE}/v8/dw/admin/${u}`, { waitUntil: 'networkidle' });
    await author.page.getByText('403').first().waitFor();
  }
  await author.ctx.close();
});
