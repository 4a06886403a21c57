// Hardening journeys (issue 19) in real Chromium (Debian /usr/bin/chromium) driven by playwright-core:
//   - My surveys and the recycle bin show the right answer count after submissions, a delete,
//     a move to the recycle bin and back, and a fail verdict (B1);
//   - the console (umi build) and the answer page (light build) run under their
//     Content-Security-Policy without a single violation (C11);
//   - a third-party page can frame an answer page only after the author lists it on c/comp,
//     and can never frame the console (C11).
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/security.test.mjs
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { BASE, T, apiClient, apiLogin, launchBrowser, newPage as openPage, publish as publishSurvey, rowMenuClick, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
let browser;
let api;
let admin; // {ctx, page} logged into the console
const external = [];
const closers = [];
/** CSP violations seen by any page of these journeys: {page, directive, blocked}. */
const violations = [];

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  admin = await newPage();
  await uiLogin(admin.page);
});

after(async () => {
  for (const c of closers) await c().catch(() => {});
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the test hosts');
});

/** A page that reports every CSP violation (event listener installed before any script runs). */
async function newPage(extraHosts = []) {
  const p = await openPage(browser, external, { extraHosts });
  await p.page.exposeFunction('__dwsCsp', (v) => violations.push(v));
  await p.ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__dwsCsp?.({ page: location.href, directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  p.page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push({ page: p.page.url(), console: m.text() });
  });
  return p;
}

const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t } });
const oneQuestion = () => ({
  questions: [{ dwId: 'c1', quType: 'RADIO', ...title('How did you hear of us?'), quAttr: { isRequired: true }, quRadios: [opt('c1a', 'Friends'), opt('c1b', 'Web')] }],
});
const publish = (name) => publishSurvey(api, name, 'survey', oneQuestion());

async function waitApi(page, part, action) {
  const [resp] = await Promise.all([page.waitForResponse((r) => r.url().includes(part) && r.request().method() !== 'OPTIONS', { timeout: T }), action()]);
  return resp.json();
}

/** Answers the survey on its answer page in a fresh browser; returns the save result. */
async function answerInBrowser(sid, option) {
  const { ctx, page } = await newPage();
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
    await page.locator('#qu-c1').getByText(option).click();
    const saved = await waitApi(page, 'save-survey-answer', () => page.getByRole('button', { name: 'Submit' }).click());
    await page.locator('[data-testid=answer-done]').waitFor();
    return saved;
  } finally {
    await ctx.close();
  }
}

/** The Answers cell of a survey's row on My surveys (or the recycle bin). */
async function shownAnswerNum(page, listPath, name) {
  await page.goto(`${BASE}${listPath}`, { waitUntil: 'networkidle' });
  const row = page.locator('.ant-table-row', { hasText: name }).first();
  await row.waitFor();
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const col = headers.findIndex((h) => h.trim() === 'Answers');
  assert.ok(col >= 0, `no Answers column in ${headers.join(' | ')}`);
  return Number((await row.locator('td').nth(col).innerText()).trim());
}

// ---------------------------------------------------------------- answer counts (B1)

test('My surveys shows the right answer count after submissions, a delete, a restore and a fail verdict', async () => {
  const name = `Count ${run}`;
  const s = await publish(name);
  const page = admin.page;
  assert.equal(await shownAnswerNum(page, '/v8/dw/survey', name), 0);

  const ids = [];
  for (const o of ['Friends', 'Web', 'Web']) {
    const saved = await answerInBrowser(s.sid, o);
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
    ids.push(saved.data.dbAnswerId);
  }
  assert.equal(await shownAnswerNum(page, '/v8/dw/survey', name), 3, 'after three submissions');

  // delete one answer on the raw-data page
  await page.goto(`${BASE}/v8/dws/d/data/${s.id}`, { waitUntil: 'networkidle' });
  const victim = page.locator(`tr[data-row-key="${ids[0]}"]`);
  await victim.locator('[data-testid=data-delete]').click();
  const del = await waitApi(page, 'delete-answer', () => page.locator('.ant-popconfirm:visible .ant-btn-primary').click());
  assert.equal(del.data?.deleted, 1, JSON.stringify(del));
  assert.equal(await shownAnswerNum(page, '/v8/dw/survey', name), 2, 'after deleting an answer');

  // to the recycle bin and back
  const row = page.locator('.ant-table-row', { hasText: name }).first();
  await rowMenuClick(page, row, '[data-testid=row-delete]');
  const sd = await waitApi(page, 'app/survey/delete.do', () => page.locator('[data-testid=confirm-delete]').click());
  assert.equal(sd.resultCode, 200, JSON.stringify(sd));
  assert.equal(await shownAnswerNum(page, '/v8/dw/data/recycle', name), 2, 'in the recycle bin');
  const rrow = page.locator('.ant-table-row', { hasText: name }).first();
  const rs = await waitApi(page, 'recycle-restore.do', () => rrow.locator('[data-testid=row-restore]').click());
  assert.equal(rs.resultCode, 200, JSON.stringify(rs));
  assert.equal(await shownAnswerNum(page, '/v8/dw/survey', name), 2, 'after the restore');

  // a fail verdict screens one answer out
  await page.goto(`${BASE}/v8/dws/d/data/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator(`tr[data-row-key="${ids[1]}"] [data-testid=data-review]`).click();
  await page.locator('[data-testid=review-box]').waitFor();
  const v = await waitApi(page, 'answer-verified.do', () => page.locator('[data-testid=review-fail]').click());
  assert.equal(v.resultCode, 200, JSON.stringify(v));
  assert.equal(await shownAnswerNum(page, '/v8/dw/survey', name), 1, 'after a fail verdict');
});

// ---------------------------------------------------------------- CSP (C11)

test('the console and the answer page run under their Content-Security-Policy without violations', async () => {
  const s = await publish(`CSP ${run}`);
  const saved = await answerInBrowser(s.sid, 'Web'); // the light answer build
  assert.equal(saved.data?.anCheckResultCode, 201);
  const { ctx, page } = await newPage();
  try {
    const doc = await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
    const csp = doc.headers()['content-security-policy'] || '';
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
    await uiLogin(page);
    for (const p of [
      '/v8/dw/survey',
      `/v8/dws/design/edit/${s.id}`,
      `/v8/dws/d/chart/${s.id}`,
      `/v8/dws/d/data/${s.id}`,
      `/v8/dws/c/comp/${s.id}`,
      `/v8/diaowen/top/${s.id}`,
      '/v8/dw/admin/user/user',
      `/v8/diaowen/an/m/${s.sid}`,
    ]) {
      await page.goto(`${BASE}${p}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
    }
    // the charts drew (G2 under the policy)
    await page.goto(`${BASE}/v8/dws/d/chart/${s.id}`, { waitUntil: 'networkidle' });
    await page.locator('canvas').first().waitFor();
    assert.deepEqual(violations, [], 'CSP violations');
    // the detector itself: an inline script is refused and reported
    await page.evaluate(() => document.body.appendChild(Object.assign(document.createElement('script'), { textContent: 'window.__inline = 1' })));
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__inline), undefined, 'the inline script did not run');
    assert.ok(violations.some((v) => /script-src/.test(v.directive || v.console || '')), `the inline script was reported: ${JSON.stringify(violations)}`);
    violations.length = 0;
  } finally {
    await ctx.close();
  }
});

// ---------------------------------------------------------------- framing (C11)

async function thirdPartySite(html) {
  const srv = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html(req));
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => srv.close(r)));
  return `127.0.0.1:${srv.address().port}`;
}

test('a third-party page frames an answer page only once the author lists it, and never the console', async () => {
  const s = await publish(`Frame ${run}`);
  const host = await thirdPartySite((req) =>
    req.url === '/console'
      ? `<!doctype html><html><body><iframe id="f" title="console" src="${BASE}/v8/dw/survey" style="width:900px;height:600px"></iframe></body></html>`
      : `<!doctype html><html><body><iframe id="f" title="survey" src="${BASE}/v8/diaowen/an/${s.sid}" style="width:900px;height:700px"></iframe></body></html>`,
  );
  const framed = async (path) => {
    const p = await openPage(browser, external, { extraHosts: [host] });
    try {
      await p.page.goto(`http://${host}${path}`, { waitUntil: 'networkidle' });
      await p.page.waitForTimeout(1000);
      const f = p.page.frames().find((x) => x !== p.page.mainFrame());
      const shown = f ? await f.locator('#qu-c1, .ant-table, #root *').count().catch(() => 0) : 0;
      return shown > 0;
    } finally {
      await p.ctx.close();
    }
  };
  assert.equal(await framed('/'), false, 'embedding is off: the answer page is not shown');

  // list another site only: still not shown
  const ap = admin.page;
  await ap.goto(`${BASE}/v8/dws/c/comp/${s.id}`, { waitUntil: 'networkidle' });
  const allow = async (sites) => {
    const sw = ap.locator('[data-testid=embed-enabled]');
    if ((await sw.getAttribute('aria-checked')) !== 'true') await sw.click();
    await ap.locator('[data-testid=embed-origins]').fill(sites.join('\n'));
    const r = await waitApi(ap, 'app/survey/comp/save.do', () => ap.locator('[data-testid=embed-save]').click());
    assert.equal(r.resultCode, 200, JSON.stringify(r));
  };
  // a bad address is refused on the form, tied to the field
  await ap.locator('[data-testid=embed-enabled]').click();
  await ap.locator('[data-testid=embed-origins]').fill('javascript:alert(1)');
  await ap.locator('[data-testid=embed-save]').click();
  await ap.getByText('Line 1 is not a site address').waitFor();
  await allow(['https://shop.example.com']);
  assert.equal(await framed('/'), false, 'another site is listed: still not shown');

  await allow(['https://shop.example.com', `http://${host}`]);
  assert.equal(await framed('/'), true, 'the listed site shows the answer page');
  assert.equal(await framed('/console'), false, 'the console is never shown in a frame');
});
