// Results journeys, part 2, in real Chromium (Debian /usr/bin/chromium) driven by playwright-core:
// raw data (list, filters, detail, review, owner edit, print, delete, bulk delete), overview,
// provinces map, sources and visit log. A survey is created and published through the API,
// answered once on the answer page and four times through the none/ save call.
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/results-data.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN_PASSWORD, BASE, T, apiClient, apiLogin, launchBrowser, newPage as openPage, publish, switchLanguage, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
// RD_SHOTS=<dir> saves screenshots of the pages (for looking at them, not asserted)
const SHOTS = process.env.RD_SHOTS || '';
const shot = (page, name) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve());

let browser;
let api;
let admin; // {ctx, page} logged into the console
let s; // {id, sid}
const ids = {}; // name → answerId
const external = [];

const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t } });
const DOC = {
  questions: [
    { dwId: 'c1', quType: 'RADIO', ...title('Favourite colour'), quAttr: { isRequired: true }, quRadios: [opt('c1a', 'Red'), opt('c1b', 'Green'), opt('c1c', 'Blue')] },
    { dwId: 'c2', quType: 'FILLBLANK', ...title('Your name'), quAttr: { isRequired: true } },
  ],
};

/** Submits one answer through the none/ save call (as a respondent would). */
async function submit(name, colour, source) {
  const answerJson = {
    answerCommon: { answerDwId: `rd-${run}-${name}`, anSource: { dwSourceCode: source, dwSourceName: source } },
    anQuestions: [
      { quDwId: 'c1', quType: 'RADIO', anRadio: { optionDwId: colour } },
      { quDwId: 'c2', quType: 'FILLBLANK', anFbk: { answer: name } },
    ],
  };
  const r = await fetch(`${BASE}/api/dwsurvey/none/v6/dw-answer-survey/save-survey-answer.do`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ surveyId: s.id, sid: s.sid, jsonVersion: 6, answerJson }),
  }).then((x) => x.json());
  assert.equal(r.data?.anCheckResultCode, 201, `submit ${name}: ${JSON.stringify(r)}`);
  ids[name] = r.data.dbAnswerId;
}

const row = (page, name) => page.locator(`tr[data-row-key="${ids[name]}"]`);
const rows = (page) => page.locator('[data-testid=data-table] tbody tr[data-row-key]');
const total = async (page) => Number(await page.locator('[data-testid=data-total]').getAttribute('data-total'));

/** Waits until the raw-data table shows exactly n rows (after the list call settled). */
async function waitRows(page, n) {
  await page.waitForFunction(
    (k) => document.querySelectorAll('[data-testid=data-table] tbody tr[data-row-key]').length === k && !document.querySelector('[data-testid=data-table] .ant-spin-spinning'),
    n,
    { timeout: T },
  );
}

async function openData(page) {
  await page.goto(`${BASE}/v8/dws/d/data/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=data-table]').waitFor();
}

async function pick(page, testid, text) {
  await page.locator(`[data-testid=${testid}]`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  s = await publish(api, `Raw data ${run}`, 'survey', DOC);

  // one answer through the answer page (also leaves a visit in the log)
  const resp = await openPage(browser, external);
  try {
    const p = resp.page;
    await p.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await p.locator('#qu-c1').getByText('Red').click();
    await p.locator('#qu-c2 input').fill('Alice');
    const [saved] = await Promise.all([
      p.waitForResponse((r) => r.url().includes('save-survey-answer') && r.request().method() === 'POST', { timeout: T }).then((r) => r.json()),
      p.getByRole('button', { name: 'Submit' }).click(),
    ]);
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
    ids.Alice = saved.data.dbAnswerId;
  } finally {
    await resp.ctx.close();
  }
  await submit('Bob', 'c1b', 'wx');
  await submit('Carol', 'c1b', 'wx');
  await submit('Dave', 'c1c', 'mail');
  await submit('Erin', 'c1c', 'mail');

  admin = await openPage(browser, external);
  const page = admin.page;
  await uiLogin(page);
});

after(async () => {
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the server host');
});

test('raw data lists the answers, a value filter narrows them, detail shows the answer read-only', async () => {
  const page = admin.page;
  await openData(page);
  await waitRows(page, 5);
  assert.equal(await total(page), 5);
  // newest first; every row carries its answer id and state
  assert.equal(await rows(page).first().getAttribute('data-row-key'), ids.Erin);
  assert.equal(await row(page, 'Alice').locator('[data-testid=row-state]').getAttribute('data-state'), 'unreviewed');
  assert.equal(await row(page, 'Alice').locator('[data-testid=row-ip]').innerText(), '127.0.0.1');

  // answer value: Favourite colour = Green → Bob and Carol
  await pick(page, 'filter-question', 'Favourite colour');
  await pick(page, 'filter-option', 'Green');
  await page.locator('[data-testid=filter-add-value]').click();
  await waitRows(page, 2);
  assert.deepEqual((await rows(page).evaluateAll((l) => l.map((r) => r.getAttribute('data-row-key')))).sort(), [ids.Bob, ids.Carol].sort());
  assert.equal(await total(page), 2);
  // an IP that answered nothing → empty state
  await page.locator('[data-testid=filter-ip]').fill('10.9.8.7');
  await page.locator('[data-testid=filter-apply]').click();
  await page.locator('[data-testid=data-empty]').waitFor();
  await page.locator('[data-testid=filter-reset]').click();
  await waitRows(page, 5);
  await shot(page, 'data');

  // detail of Bob: facts and the answer drawn read-only
  await row(page, 'Bob').locator('[data-testid=data-view]').click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.locator('[data-testid=detail-answer] [data-qu=c1]').waitFor();
  assert.equal(await drawer.locator('[data-testid=detail-state]').innerText(), 'Unreviewed');
  await drawer.getByText(ids.Bob).waitFor();
  await shot(page, 'detail');
  const checked = await drawer.locator('[data-qu=c1] input:checked').evaluateAll((l) => l.map((i) => i.closest('label')?.innerText.trim()));
  assert.deepEqual(checked, ['Green']);
  assert.equal(await drawer.locator('[data-qu=c2] input, [data-qu=c2] textarea').first().inputValue(), 'Bob');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
});

test('review fail (answer-verified.do) screens the answer out and opens the next unreviewed one', async () => {
  const page = admin.page;
  await openData(page);
  await waitRows(page, 5);
  await row(page, 'Bob').locator('[data-testid=data-review]').click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByText(ids.Bob).waitFor();
  await drawer.locator('[data-testid=review-note]').fill('duplicate respondent');
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('answer-verified.do'), { timeout: T }),
    drawer.locator('[data-testid=review-fail]').click(),
  ]);
  const body = await resp.json().catch(() => ({}));
  assert.equal(resp.status(), 200, `answer-verified.do is not available on the server (HTTP ${resp.status()}): ${JSON.stringify(body)}`);
  assert.equal(body.resultCode, 200, JSON.stringify(body));
  const next = body.data?.answerId;
  assert.ok(next && next !== ids.Bob, `the next unreviewed answer is returned: ${JSON.stringify(body.data)}`);
  // the drawer now shows the next unreviewed answer
  await drawer.getByText(next).waitFor();
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
  // all valid: Bob is gone; screened: only Bob, marked screened
  await waitRows(page, 4);
  assert.equal(await row(page, 'Bob').count(), 0);
  await pick(page, 'filter-state', 'Screened out');
  await waitRows(page, 1);
  assert.equal(await row(page, 'Bob').locator('[data-testid=row-state]').getAttribute('data-state'), 'screened');
  const info = await api('GET', `app/answer/info.do?answerId=${ids.Bob}`);
  assert.equal(info.data.isEff, 0);
});

test('owner edit: the server validation error is shown, then a changed value is saved', async () => {
  const page = admin.page;
  await openData(page);
  await row(page, 'Dave').locator('[data-testid=data-edit]').click();
  const modal = page.locator('.ant-modal-content');
  const name = modal.locator('[data-qu=c2] input, [data-qu=c2] textarea').first();
  await name.waitFor();
  assert.equal(await name.inputValue(), 'Dave');
  // the required name cleared: the server refuses and says why
  await name.fill('');
  await modal.locator('[data-testid=edit-save]').click();
  await modal.locator('[data-testid=edit-errors]').waitFor();
  await shot(page, 'edit-errors');
  assert.match(await modal.locator('[data-testid=edit-errors]').innerText(), /Your name/);
  // a new name and colour are saved
  await name.fill('David');
  await modal.locator('[data-qu=c1]').getByText('Red').click();
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('app/answer/edit.do'), { timeout: T }),
    modal.locator('[data-testid=edit-save]').click(),
  ]);
  assert.equal((await resp.json()).resultCode, 200);
  await modal.waitFor({ state: 'hidden' });
  const info = await api('GET', `app/answer/info.do?answerId=${ids.Dave}`);
  const an = new Map(info.data.answerJson.anQuestions.map((q) => [q.quDwId, q]));
  assert.equal(an.get('c1').anRadio.optionDwId, 'c1a');
  assert.equal(an.get('c2').anFbk.answer, 'David');
  // the value filter sees the edit: Red → Alice and Dave
  await pick(page, 'filter-question', 'Favourite colour');
  await pick(page, 'filter-option', 'Red');
  await page.locator('[data-testid=filter-add-value]').click();
  await waitRows(page, 2);
  assert.equal(await row(page, 'Dave').count(), 1);
});

test('print view shows the questions and the answers and prints', async () => {
  const page = admin.page;
  await openData(page);
  const [popup] = await Promise.all([admin.ctx.waitForEvent('page', { timeout: T }), row(page, 'Alice').locator('[data-testid=data-print]').click()]);
  try {
    await popup.waitForLoadState('networkidle');
    assert.equal(new URL(popup.url()).pathname, `/v8/dws/d/print/${s.id}`);
    assert.equal(new URL(popup.url()).searchParams.get('answerId'), ids.Alice);
    const view = popup.locator('[data-testid=print-view]');
    await view.waitFor();
    const qs = await view.locator('[data-testid=print-question]').allInnerTexts();
    assert.equal(qs.length, 2);
    assert.match(qs[0], /1\. Favourite colour\s+Red/);
    assert.match(qs[1], /2\. Your name\s+Alice/);
    await popup.evaluate(() => {
      window.__printed = 0;
      window.print = () => (window.__printed += 1);
    });
    await shot(popup, 'print');
    await popup.locator('[data-testid=print-button]').click();
    assert.equal(await popup.evaluate(() => window.__printed), 1);
    // print CSS hides everything but the sheet
    await popup.emulateMedia({ media: 'print' });
    assert.equal(await popup.locator('[data-testid=print-button]').isVisible(), false);
    assert.equal(await view.isVisible(), true);
  } finally {
    await popup.close();
  }
});

test('delete with confirmation and bulk delete remove answers', async () => {
  const page = admin.page;
  await openData(page);
  const before = await total(page);
  await row(page, 'Carol').locator('[data-testid=data-delete]').click();
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('delete-answer.do'), { timeout: T }),
    page.locator('.ant-popover:visible .ant-btn-primary').click(),
  ]);
  assert.equal((await resp.json()).data.deleted, 1);
  await waitRows(page, before - 1);
  assert.equal(await row(page, 'Carol').count(), 0);

  await row(page, 'Erin').locator('.ant-checkbox-input').check();
  await page.locator('[data-testid=data-bulk-delete]').click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('delete-answer.do'), { timeout: T }),
    page.locator('.ant-popover:visible .ant-btn-primary').click(),
  ]);
  await waitRows(page, before - 2);
  assert.equal(await row(page, 'Erin').count(), 0);
  const info = await api('GET', `app/answer/info.do?answerId=${ids.Erin}`);
  assert.notEqual(info.resultCode, 200, 'a deleted answer is not found');
});

test('overview, provinces, sources and visit log show the data', async () => {
  const page = admin.page;
  const ov = (await api('GET', `app/v6/analysis/analysis.do?surveyId=${s.id}`)).data;
  assert.ok(ov.submitted >= 1, JSON.stringify(ov));

  await page.goto(`${BASE}/v8/dws/d/analysis/${s.id}`, { waitUntil: 'networkidle' });
  assert.equal(await page.locator('[data-testid=ov-submitted]').innerText(), String(ov.submitted));
  assert.equal(await page.locator('[data-testid=ov-drafts]').innerText(), String(ov.drafts));
  await page.locator('[data-testid=ov-days-chart][data-ready="1"] canvas').waitFor();
  await page.locator('[data-testid=ov-sources-chart][data-ready="1"]').waitFor();
  await page.locator('[data-testid=ov-devices-chart][data-ready="1"]').waitFor();
  await shot(page, 'analysis');
  const srcNames = await page.locator('[data-testid=ov-sources-name]').allInnerTexts();
  for (const x of ov.sources) assert.ok(srcNames.includes(x.name || 'Direct (no source)'), `${x.name} in ${srcNames}`);

  await page.goto(`${BASE}/v8/dws/d/district/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=district-map][data-ready="1"] canvas').waitFor();
  await shot(page, 'district');
  const prov = (await api('GET', `app/v6/analysis/province-answer-page.do?surveyId=${s.id}&pageSize=100`)).data;
  const counts = (await page.locator('[data-testid=district-table-count]').allInnerTexts()).map(Number);
  assert.equal(
    counts.reduce((a, b) => a + b, 0),
    prov.result.reduce((a, r) => a + r.count, 0),
  );
  assert.ok(counts.length >= 1);

  await page.goto(`${BASE}/v8/dws/d/source-stats/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=sources-chart][data-ready="1"] canvas').waitFor();
  await shot(page, 'sources');
  const src = (await api('GET', `app/v6/analysis/source-stats.do?surveyId=${s.id}`)).data;
  const names = await page.locator('[data-testid=sources-table-name]').allInnerTexts();
  assert.equal(names.length, src.length);
  assert.ok(names.includes('mail'), names.join());
  // switch the language: the table heads and the blank source name follow
  await switchLanguage(page, 'zh-CN');
  await page.waitForFunction(() => /答卷数/.test(document.querySelector('[data-testid=sources-table] thead')?.textContent ?? ''), null, { timeout: T });
  assert.ok((await page.locator('[data-testid=sources-table-name]').allInnerTexts()).includes('直接访问（无来源）'));
  await shot(page, 'sources-zh');
  await switchLanguage(page, 'en-US');
  await page.waitForFunction(() => /Answers/.test(document.querySelector('[data-testid=sources-table] thead')?.textContent ?? ''), null, { timeout: T });

  await page.goto(`${BASE}/v8/dws/d/log/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=log-event]').first().waitFor();
  assert.equal(await page.locator('[data-testid=log-event]').first().innerText(), 'Visit');
  await shot(page, 'log');
  assert.ok(Number(await page.locator('[data-testid=log-count]').first().innerText()) >= 1);
});
