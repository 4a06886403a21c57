// Admin resources journey in real Chromium (issue 15 part 2): open API applications
// (system/app-secret: validation, secret shown once, a signed call with it, disable, renew,
// delete), and the pages added next to it.
// Run: BASE_URL=… ADMIN_PASSWORD=… node --test e2e/admin-resources.test.mjs
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
let browser;
let api;
let admin;
const external = [];

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  admin = await openPage(browser, external);
  await uiLogin(admin.page);
});

after(async () => {
  await browser?.close();
  a11yReport();
  assert.deepEqual(external, [], 'no request left the test hosts');
});

const page = () => admin.page;
/** Waits until no button shows a spinner (a loading button is paler, below AA contrast). */
const settled = (p) => p.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning'), null, { timeout: T });

/** A signed open API call, written from docs/open-api.md. */
async function signedGet(key, secret, target) {
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomBytes(16).toString('hex');
  const bodyHash = crypto.createHash('sha256').update('').digest('hex');
  const sig = crypto.createHmac('sha256', secret).update(['GET', target, ts, nonce, bodyHash].join('\n')).digest('hex');
  const r = await fetch(`${BASE}${target}`, { headers: { 'X-Dw-App-Key': key, 'X-Dw-Timestamp': ts, 'X-Dw-Nonce': nonce, 'X-Dw-Signature': sig } });
  return { status: r.status, body: await r.json() };
}

async function readShown(p) {
  const key = (await p.locator('[data-testid=shown-key]').innerText()).trim();
  const secret = (await p.locator('[data-testid=shown-secret]').innerText()).trim();
  return { key, secret };
}

test('app secrets: validation, secret shown once, signed call, disable, renew, delete', async () => {
  const p = page();
  await p.goto(`${BASE}/v8/dw/admin/system/app-secret`, { waitUntil: 'networkidle' });
  await p.getByText('No applications yet').waitFor();
  await settled(p);
  await checkA11y(p, 'app secrets: empty', { console: true });

  // the spec's name limit, shown under the field; nothing stored
  await p.locator('[data-testid=add-app]').click();
  await p.locator('#app-name').fill('x'.repeat(19));
  await p.locator('.ant-modal .ant-btn-primary').last().click();
  await p.locator('.ant-form-item-has-error').getByText('At most 18 characters').waitFor();
  await checkA11y(p, 'app secrets: add dialog with an error', { console: true });
  const name = `Sync ${run}`;
  await p.locator('#app-name').fill(name);
  await p.locator('#app-description').fill('CRM nightly import');
  await p.locator('.ant-modal .ant-btn-primary').last().click();

  // shown once
  await p.locator('[data-testid=shown-secret]').waitFor();
  const first = await readShown(p);
  assert.match(first.key, /^dwk_[0-9a-f]{24}$/);
  assert.match(first.secret, /^dws_[0-9a-f]{64}$/);
  await checkA11y(p, 'app secrets: secret shown once', { console: true });
  await p.locator('[data-testid=secret-done]').click();
  const row = p.locator('tr', { hasText: name });
  await row.waitFor();
  await p.locator('[data-testid=shown-secret]').waitFor({ state: 'detached' });
  const html = await p.content();
  const at = html.indexOf(first.secret);
  assert.ok(at < 0, `the page keeps the secret: ${html.slice(Math.max(0, at - 300), at + 100)}`);
  assert.ok((await row.innerText()).includes(first.secret.slice(-4)), 'the list shows the masked secret');

  const target = '/api/dwsurvey/open/v1/surveys?current=1&pageSize=5';
  let res = await signedGet(first.key, first.secret, target);
  assert.equal(res.status, 200, JSON.stringify(res.body));

  // disabled: refused
  await row.getByRole('switch', { name: `Enable application ${name}` }).click();
  await p.getByText('Saved successfully').first().waitFor();
  res = await signedGet(first.key, first.secret, target);
  assert.equal(res.status, 403);
  assert.match(res.body.resultMsg, /disabled/);
  await row.getByRole('switch', { name: `Enable application ${name}` }).click();
  await p.waitForFunction(() => document.querySelectorAll('.ant-switch-checked').length > 0, null, { timeout: T });

  // renew: the old secret stops working, the new one works
  await row.getByRole('button', { name: 'Renew secret' }).click();
  await p.locator('.ant-popconfirm .ant-btn-primary:visible').click();
  await p.locator('[data-testid=shown-secret]').waitFor();
  const second = await readShown(p);
  assert.equal(second.key, first.key);
  assert.notEqual(second.secret, first.secret);
  await p.locator('[data-testid=secret-done]').click();
  res = await signedGet(first.key, first.secret, target);
  assert.equal(res.status, 401);
  res = await signedGet(second.key, second.secret, target);
  assert.equal(res.status, 200, JSON.stringify(res.body));

  // edit: the description is kept, the name limit holds
  await row.getByRole('button', { name: 'Edit' }).click();
  await p.locator('#app-name').fill('y'.repeat(19));
  await p.locator('.ant-modal .ant-btn-primary').last().click();
  await p.locator('.ant-form-item-has-error').getByText('At most 18 characters').waitFor();
  await p.locator('#app-name').fill(`${name} v2`);
  await p.locator('.ant-modal .ant-btn-primary').last().click();
  await p.locator('tr', { hasText: `${name} v2` }).waitFor();
  const listed = await api('GET', `admin/app-secret/list.do?appName=${encodeURIComponent(name)}`);
  assert.equal(listed.data[0].description, 'CRM nightly import');

  // delete behind a confirmation
  await p.locator('tr', { hasText: `${name} v2` }).getByRole('button', { name: 'Delete' }).click();
  await p.locator('.ant-popconfirm .ant-btn-primary:visible').click();
  await p.getByText('No applications yet').waitFor();
  res = await signedGet(second.key, second.secret, target);
  assert.equal(res.status, 401);
});

/** A small PNG (a purple square) for the logo upload. */
function logoPng() {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOoll9EEmIY1TCqYfhqAADYXTwQd41PAQAAAABJRU5ErkJggg==',
    'base64',
  );
}

async function setColor(p, id, hex) {
  await p.locator(`#${id}`).click();
  const input = p.locator('.ant-color-picker-input input.ant-input:visible').first();
  await input.fill(hex.replace('#', ''));
  await input.press('Enter');
  await p.locator(`#${id}`).click(); // closes the picker (Escape would close a drawer too)
  await p.locator('.ant-color-picker-input input.ant-input:visible').waitFor({ state: 'hidden' });
}

test('site customisation: colour (AA enforced) and logo apply to the console and the answer page; a hostname has its own', async () => {
  const p = page();
  await p.goto(`${BASE}/v8/dw/admin/ent/site-custom`, { waitUntil: 'networkidle' });
  await p.locator('#site-siteName').waitFor();
  await settled(p);
  await checkA11y(p, 'site customisation', { console: true });

  // a colour too light for white button text is refused under the field
  await setColor(p, 'site-color', '#FFEB3B');
  await p.getByRole('button', { name: 'Save' }).click();
  await p.locator('.ant-form-item-has-error').getByText(/Contrast with white text is 1\.\d:1/).waitFor();

  await setColor(p, 'site-color', '#7B1FA2');
  await p.locator('input[type=file]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await p.locator('[data-testid=site-logo-preview]').waitFor();
  const logo = await p.locator('#site-logo').inputValue();
  assert.match(logo, /^\/api\/dwsurvey\/up\/download\//);
  await p.getByRole('button', { name: 'Save' }).click();
  await p.getByText('Saved successfully').first().waitFor();

  // the console changes at once: header logo and primary buttons
  await p.waitForFunction((src) => [...document.querySelectorAll('header img')].some((i) => i.src.endsWith(src)), logo, { timeout: T });
  await p.mouse.move(1, 1); // not hovering the button (hover shows a lighter shade)
  await p.waitForFunction(() => [...document.querySelectorAll('button.ant-btn-primary')].some((b) => getComputedStyle(b).backgroundColor === 'rgb(123, 31, 162)'), null, { timeout: T });
  await settled(p);
  await checkA11y(p, 'site customisation: saved with the new colour', { console: true });

  // the answer page: the site colour and logo when the survey sets none
  const survey = await publish(api, `Site theme ${run}`, 'survey', {
    questions: [{ dwId: 's1', quType: 'RADIO', quTitleObj: { dwHtml: 'Pick one', dwText: 'Pick one' }, quRadios: [{ dwId: 's1a', optionTitleObj: { dwHtml: 'A', dwText: 'A' } }, { dwId: 's1b', optionTitleObj: { dwHtml: 'B', dwText: 'B' } }] }],
  });
  const phone = await openPage(browser, external, { phone: true, extraHosts: [`localhost:${new URL(BASE).port}`] });
  try {
    const a = phone.page;
    await a.goto(`${BASE}/v8/diaowen/an/m/${survey.sid}`, { waitUntil: 'networkidle' });
    await a.locator('[data-testid=answer-site-logo]').waitFor();
    assert.ok((await a.locator('[data-testid=answer-site-logo]').evaluate((i) => i.src)).endsWith(logo));
    assert.ok(await a.locator('[data-testid=answer-site-logo]').evaluate((i) => i.complete && i.naturalWidth === 16), 'the logo image loads');
    const theme = await a.locator('.dwa-page').evaluate((d) => getComputedStyle(d).getPropertyValue('--dwa-theme').trim());
    assert.equal(theme.toLowerCase(), '#7b1fa2');
    await checkA11y(a, 'answer page with the site theme (phone)');
    await a.screenshot({ path: '/tmp/dws-site-theme-answer.png' });

    // ent/site-domain: "localhost" gets its own colour; 127.0.0.1 keeps the site-wide one
    await p.goto(`${BASE}/v8/dw/admin/ent/site-domain`, { waitUntil: 'networkidle' });
    await p.getByText('No hostname has its own settings').waitFor();
    await settled(p);
    await checkA11y(p, 'site domain: empty', { console: true });
    await p.locator('[data-testid=add-host]').click();
    await p.locator('#host-name').fill('http://bad/host');
    await p.locator('.ant-drawer .ant-btn-primary').last().click();
    await p.locator('.ant-form-item-has-error').getByText('Enter a hostname').waitFor();
    await p.locator('#host-name').fill('localhost');
    await p.locator('#host-siteName').fill(`Brand ${run}`);
    await setColor(p, 'host-color', '#1B5E20');
    await checkA11y(p, 'site domain: hostname drawer', { console: true });
    await p.locator('.ant-drawer [data-testid=site-logo-clear]').click();
    await p.locator('.ant-drawer .ant-btn-primary').last().click();
    await p.locator('tr', { hasText: 'localhost' }).waitFor();
    await checkA11y(p, 'site domain: one hostname', { console: true });

    await a.goto(`http://localhost:${new URL(BASE).port}/v8/diaowen/an/m/${survey.sid}`, { waitUntil: 'networkidle' });
    await a.locator('.dwa-page').waitFor();
    assert.equal((await a.locator('.dwa-page').evaluate((d) => getComputedStyle(d).getPropertyValue('--dwa-theme').trim())).toLowerCase(), '#1b5e20');
    assert.equal(await a.locator('[data-testid=answer-site-logo]').count(), 0, 'the hostname has no logo');
    await a.goto(`${BASE}/v8/diaowen/an/m/${survey.sid}`, { waitUntil: 'networkidle' });
    await a.locator('[data-testid=answer-site-logo]').waitFor();
  } finally {
    await phone.ctx.close();
  }
  await p.locator('tr', { hasText: 'localhost' }).getByRole('button', { name: 'Delete' }).click();
  await p.locator('.ant-popconfirm .ant-btn-primary:visible').click();
  await p.getByText('No hostname has its own settings').waitFor();
});

test('version and licence pages', async () => {
  const p = page();
  await p.goto(`${BASE}/v8/dw/admin/system/set/version`, { waitUntil: 'networkidle' });
  await p.locator('[data-testid=version-info]').waitFor();
  assert.match(await p.locator('[data-testid=version-info]').innerText(), /Ent V8\.0/);
  await checkA11y(p, 'version', { console: true });
  await p.goto(`${BASE}/v8/dw/admin/system/set/license`, { waitUntil: 'networkidle' });
  await p.getByText('The licence is valid.').waitFor();
  assert.match(await p.locator('[data-testid=licence-info]').innerText(), /\d+ days/);
  await checkA11y(p, 'licence', { console: true });
});
