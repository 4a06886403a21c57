// Results journeys (issue 7 acceptance) in real Chromium (Debian /usr/bin/chromium) driven by
// playwright-core: a survey answered several times through the answer page, the default charts
// (counts, chart type switch, language switch), the cross analysis against a hand count, and the
// charts after deleting an answer; plus the load time of the charts page of a 20-question survey.
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/results.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN_PASSWORD, BASE, T, apiClient, apiLogin, launchBrowser, newPage as openPage, publish as publishSurvey, switchLanguage, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);

let browser;
let api;
let admin; // {ctx, page} logged into the console
const external = [];

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  admin = await openPage(browser, external);
  const page = admin.page;
  await uiLogin(page);
});

after(async () => {
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the server host');
});

const publish = (name, surveyType, d) => publishSurvey(api, name, surveyType, d);
const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t } });

// ---------------------------------------------------------------- the answered survey

const G = { m: 'Male', f: 'Female' };
const FR = { fa: 'Apple', fb: 'Banana', fc: 'Cherry' };
const S = { sy: 'Yes', sn: 'No' };
const doc = {
  questions: [
    { dwId: 'g', quType: 'RADIO', ...title('Your gender'), quAttr: { isRequired: true }, quRadios: Object.entries(G).map(([k, v]) => opt(k, v)) },
    { dwId: 'fr', quType: 'CHECKBOX', ...title('Fruits you like'), quAttr: { isRequired: true }, quCheckboxs: Object.entries(FR).map(([k, v]) => opt(k, v)) },
    { dwId: 's', quType: 'RADIO', ...title('Are you satisfied?'), quAttr: { isRequired: true }, quRadios: Object.entries(S).map(([k, v]) => opt(k, v)) },
    { dwId: 'c', quType: 'FILLBLANK', ...title('Any comment?') },
  ],
};
// what each respondent answers (option dwIds); the last one is deleted later
const answers = [
  { g: 'm', fr: ['fa', 'fb'], s: 'sy', c: 'great' },
  { g: 'f', fr: ['fb'], s: 'sn', c: '' },
  { g: 'm', fr: ['fc'], s: 'sy', c: 'ok' },
  { g: 'f', fr: ['fa', 'fc'], s: 'sy', c: '' },
  { g: 'm', fr: ['fa'], s: 'sn', c: 'bad' },
];
const TEXT = { ...G, ...FR, ...S };

/** Option counts of question q over the answers (a hand count). */
function handCount(list, q) {
  const out = {};
  for (const a of list) for (const o of [a[q]].flat()) out[o] = (out[o] ?? 0) + 1;
  return out;
}
/** Pairs (row option, column option) of two questions over the answers. */
function handCross(list, rq, cq) {
  const out = {};
  for (const a of list) for (const r of [a[rq]].flat()) for (const c of [a[cq]].flat()) out[`${r}|${c}`] = (out[`${r}|${c}`] ?? 0) + 1;
  return out;
}

async function answerInBrowser(sid, a) {
  const { ctx, page } = await openPage(browser, external);
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
    await page.locator('#qu-g').getByText(TEXT[a.g], { exact: true }).click();
    for (const o of a.fr) await page.locator('#qu-fr').getByText(TEXT[o], { exact: true }).click();
    await page.locator('#qu-s').getByText(TEXT[a.s], { exact: true }).click();
    if (a.c) await page.locator('#qu-c input').fill(a.c);
    const [resp] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('save-survey-answer') && r.request().method() === 'POST', { timeout: T }),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    const saved = await resp.json();
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
    return saved.data.dbAnswerId;
  } finally {
    await ctx.close();
  }
}

/** Counts shown in the table under a choice question's chart, by option dwId. */
async function shownCounts(page, qid, keys) {
  const out = {};
  for (const k of keys) out[k] = Number(await page.locator(`[data-testid=rs-q-${qid}-table] tr[data-row-key="${k}"] td[data-col=count]`).innerText());
  return out;
}

const renders = (page, testId) => page.locator(`[data-testid="${testId}"]`).getAttribute('data-renders').then(Number);
async function waitRenders(page, testId, more) {
  await page.waitForFunction(
    ([id, n]) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-renders') ?? 0) > n,
    [testId, more],
    { timeout: T },
  );
}
const pixels = (page, testId) => page.locator(`[data-testid="${testId}"] canvas`).first().evaluate((c) => c.toDataURL('image/png'));

/** Picks options of an antd Select by their text and waits until its dropdown has closed. */
async function pick(page, testId, texts) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), null, { timeout: T });
  await page.locator(`[data-testid=${testId}]`).click();
  await open.waitFor();
  for (const t of texts) await open.locator('.ant-select-item-option').filter({ hasText: t }).click();
  if (await open.count()) await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), null, { timeout: T });
}

/** Full-page screenshot when RS_SHOTS names a folder (for looking at the pages). */
async function shot(page, name) {
  if (process.env.RS_SHOTS) await page.screenshot({ path: `${process.env.RS_SHOTS}/${name}.png`, fullPage: true });
}

async function openCharts(page, id) {
  await page.goto(`${BASE}/v8/dws/d/chart/${id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=rs-chart]').waitFor();
}

const zeroFill = (keys, m) => Object.fromEntries(keys.map((k) => [k, m[k] ?? 0]));

test('charts and cross analysis of a survey answered through the answer page; deleting an answer updates the charts', async () => {
  const s = await publish(`Results ${run}`, 'survey', doc);
  const ids = [];
  for (const a of answers) ids.push(await answerInBrowser(s.sid, a));
  const page = admin.page;

  // ---- empty state of another survey without answers
  const empty = await publish(`Results empty ${run}`, 'survey', doc);
  await openCharts(page, empty.id);
  await page.locator('[data-testid=rs-chart-empty]').waitFor();

  // ---- charts: counts equal what was answered
  await openCharts(page, s.id);
  await page.locator('[data-testid=rs-type-all-column]').click(); // the default type is remembered in the browser
  assert.equal(await page.locator('[data-testid=rs-chart-total]').getAttribute('data-value'), String(answers.length));
  const keysOf = { g: Object.keys(G), fr: Object.keys(FR), s: Object.keys(S) };
  for (const q of ['g', 'fr', 's']) {
    assert.deepEqual(await shownCounts(page, q, keysOf[q]), zeroFill(keysOf[q], handCount(answers, q)), `counts of ${q}`);
    await page.locator(`[data-testid=rs-q-${q}-chart][data-ready="1"]`).waitFor();
  }
  // percentages of the answered count (checkbox: of the 5 answers)
  assert.equal(await page.locator('[data-testid=rs-q-fr-table] tr[data-row-key="fa"] td[data-col=percent]').innerText(), '60%');
  assert.match(await page.locator('[data-testid=rs-q-g-answered]').innerText(), /5 answered \(100%\)/);
  // option titles come through (from optionTitleObj)
  assert.match(await page.locator('[data-testid=rs-q-fr-table]').innerText(), /Banana/);
  // the fill-blank question lists its answers
  const texts = page.locator('[data-testid=rs-q-c-texts]');
  for (const t of ['great', 'ok', 'bad']) await texts.getByText(t, { exact: true }).waitFor();

  await shot(page, 'charts');
  // ---- switch one chart's type: it draws again, differently
  const cid = 'rs-q-g-chart';
  let n = await renders(page, cid);
  const before = await pixels(page, cid);
  await page.locator('[data-testid=rs-q-g-type-pie]').click();
  await waitRenders(page, cid, n);
  assert.notEqual(await pixels(page, cid), before, 'the pie looks different from the columns');
  // the global switch changes every chart
  n = await renders(page, 'rs-q-s-chart');
  const nfr = await renders(page, 'rs-q-fr-chart');
  await page.locator('[data-testid=rs-type-all-bar]').click();
  await waitRenders(page, 'rs-q-s-chart', n);
  await waitRenders(page, 'rs-q-fr-chart', nfr);

  await shot(page, 'charts-bar');
  // ---- PNG export downloads a PNG file
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=rs-q-fr-chart-png]').click()]);
  assert.match(dl.suggestedFilename(), /^02_Fruits_you_like\.png$/);
  const path = await dl.path();
  const { readFileSync } = await import('node:fs');
  assert.deepEqual([...readFileSync(path).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'PNG signature');

  // ---- switch the language: texts change and the charts draw again
  const head = page.locator('[data-testid=rs-q-g-table] thead');
  assert.match(await head.innerText(), /Count/);
  n = await renders(page, cid);
  await switchLanguage(page, 'zh-CN');
  await page.waitForFunction(() => /数量/.test(document.querySelector('[data-testid=rs-q-g-table] thead')?.textContent ?? ''), null, { timeout: T });
  await waitRenders(page, cid, n);
  assert.match(await page.locator('[data-testid=rs-q-g-answered]').innerText(), /5 人作答/);
  assert.match(await page.locator('[data-testid=rs-type-all-pie]').innerText(), /饼图/);
  await shot(page, 'charts-zh');
  // back to English for the rest
  await switchLanguage(page, 'en-US');
  await page.waitForFunction(() => /Count/.test(document.querySelector('[data-testid=rs-q-g-table] thead')?.textContent ?? ''), null, { timeout: T });

  // ---- cross analysis: gender and fruits against satisfaction equal a hand count
  await page.goto(`${BASE}/v8/dws/d/cross/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=rs-cross-intro]').waitFor();
  await pick(page, 'rs-cross-col', ['Are you satisfied?']);
  await pick(page, 'rs-cross-rows', ['Your gender', 'Fruits you like']);
  await page.locator('[data-testid=rs-cross-run]').click();
  for (const [rq, rkeys] of [
    ['g', keysOf.g],
    ['fr', keysOf.fr],
  ]) {
    const card = page.locator(`[data-testid=rs-cross-${rq}]`);
    await card.waitFor();
    const want = handCross(answers, rq, 's');
    for (const r of rkeys) {
      for (const c of keysOf.s) {
        const got = await card.locator(`tr[data-row="${r}"] td[data-colkey="${c}"] [data-col=count]`).innerText();
        assert.equal(Number(got), want[`${r}|${c}`] ?? 0, `cross ${rq}: ${r} x ${c}`);
      }
      const rowTotal = keysOf.s.reduce((x, c) => x + (want[`${r}|${c}`] ?? 0), 0);
      assert.equal(Number(await card.locator(`tr[data-row="${r}"] td[data-colkey="__total"] [data-col=count]`).innerText()), rowTotal);
    }
    const grand = Object.values(want).reduce((x, y) => x + y, 0);
    assert.equal(Number(await card.locator(`tr[data-row="__total"] td[data-colkey="__total"] [data-col=count]`).innerText()), grand);
    const chi = card.locator(`[data-testid=rs-cross-${rq}-chi]`);
    assert.equal(await chi.getAttribute('data-df'), String((rkeys.filter((r) => keysOf.s.some((c) => want[`${r}|${c}`])).length - 1) * (keysOf.s.length - 1)));
    assert.match(await chi.innerText(), /χ² = [\d.]+, df = \d+, p = /);
    await page.locator(`[data-testid=rs-cross-${rq}-chart][data-ready="1"]`).waitFor();
  }
  // gender x satisfaction by hand: male yes 2 / no 1, female yes 1 / no 1 → row % of male yes 66.67
  assert.match(await page.locator('[data-testid=rs-cross-g] tr[data-row="m"] td[data-colkey="sy"]').innerText(), /Row % 66\.67%/);

  // a filter that matches nothing gives the empty state
  await shot(page, 'cross');
  await pick(page, 'rs-cross-state', ['Screened out']);
  await page.locator('[data-testid=rs-cross-run]').click();
  await page.locator('[data-testid=rs-cross-empty]').waitFor();

  // the server's refusal is shown (a non-choice column question, sent directly)
  const bad = await api('POST', 'app/v6/dw-answer-data-survey/cross.do', { surveyId: s.id, rowQuDwIds: ['g'], colQuDwId: 'c' });
  assert.equal(bad.resultCode, 400);

  // ---- delete the last answer on the raw-data page (or through the API while it is not built)
  const victim = ids[ids.length - 1];
  await page.goto(`${BASE}/v8/dws/d/data/${s.id}`, { waitUntil: 'networkidle' });
  const row = page.locator(`tr[data-row-key="${victim}"]`);
  let how = 'raw-data page';
  try {
    await row.waitFor({ timeout: 8000 });
  } catch {
    how = 'API';
  }
  if (how === 'raw-data page') {
    await row.locator('[data-testid=data-delete]').click();
    const [resp] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('delete-answer'), { timeout: T }),
      page.locator('.ant-popconfirm:visible .ant-btn-primary').click(),
    ]);
    assert.equal((await resp.json()).data?.deleted, 1);
  } else {
    const del = await api('POST', 'app/v6/dw-answer-data-survey/delete-answer.do', { surveyId: s.id, ids: [victim] });
    assert.equal(del.data?.deleted, 1, JSON.stringify(del));
  }
  console.log(`# answer deleted through the ${how}`);

  const left = answers.slice(0, -1);
  await openCharts(page, s.id);
  assert.equal(await page.locator('[data-testid=rs-chart-total]').getAttribute('data-value'), String(left.length));
  for (const q of ['g', 'fr', 's']) assert.deepEqual(await shownCounts(page, q, keysOf[q]), zeroFill(keysOf[q], handCount(left, q)), `counts of ${q} after the delete`);
  const gone = answers[answers.length - 1];
  assert.equal((await shownCounts(page, 'g', [gone.g]))[gone.g], handCount(answers, 'g')[gone.g] - 1, 'dropped by one');
  await texts.getByText('great', { exact: true }).waitFor();
  assert.equal(await page.locator('[data-testid=rs-q-c-texts]').getByText('bad', { exact: true }).count(), 0);
});

// ---------------------------------------------------------------- 20 questions: load time

test('charts page of a 20-question survey: load time', async () => {
  const qs = [];
  for (let i = 1; i <= 20; i++) {
    const radio = i % 2 === 1;
    const os = Array.from({ length: radio ? 4 : 5 }, (_, j) => opt(`p${i}o${j}`, `Option ${j + 1} of ${i}`));
    qs.push({ dwId: `p${i}`, quType: radio ? 'RADIO' : 'CHECKBOX', ...title(`Question ${i}`), [radio ? 'quRadios' : 'quCheckboxs']: os });
  }
  const s = await publish(`Results 20q ${run}`, 'survey', { questions: qs });
  const N = 30;
  for (let k = 0; k < N; k++) {
    const anQuestions = qs.map((q, i) =>
      q.quType === 'RADIO'
        ? { quDwId: q.dwId, quType: 'RADIO', anRadio: { optionDwId: q.quRadios[(k + i) % 4].dwId } }
        : { quDwId: q.dwId, quType: 'CHECKBOX', anCheckboxs: q.quCheckboxs.filter((_, j) => (k + j) % 3 !== 0).map((o) => ({ optionDwId: o.dwId })) },
    );
    const r = await api('POST', 'none/v6/dw-answer-survey/save-survey-answer.do', {
      surveyId: s.id,
      sid: s.sid,
      jsonVersion: 6,
      answerJson: { answerCommon: { answerDwId: `perf-${run}-${k}` }, anQuestions },
    });
    assert.equal(r.data?.anCheckResultCode, 201, JSON.stringify(r));
  }
  const page = admin.page;
  // warm the route's chunks once, then measure a full load
  await openCharts(page, s.id);
  const times = [];
  for (let k = 0; k < 3; k++) {
    const t0 = Date.now();
    await page.goto(`${BASE}/v8/dws/d/chart/${s.id}`);
    await page.locator('[data-testid=rs-chart]').waitFor();
    const tData = Date.now() - t0;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="rs-q-"][data-testid$="-chart"][data-ready="1"]').length >= 20, null, { timeout: 60000 });
    times.push({ data: tData, charts: Date.now() - t0 });
  }
  assert.equal(await page.locator('[data-testid=rs-chart-total]').getAttribute('data-value'), String(N));
  const nav = await page.evaluate(() => {
    const r = performance.getEntriesByType('resource').find((e) => e.name.includes('report.do'));
    return r ? Math.round(r.duration) : -1;
  });
  console.log(`# 20-question charts page (${N} answers): ${times.map((t) => `cards ${t.data} ms, all 20 charts drawn ${t.charts} ms`).join('; ')}; report.do ${nav} ms`);
  // switching all 20 charts at once
  const t1 = Date.now();
  const before = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="rs-q-"][data-testid$="-chart"]')].map((e) => Number(e.getAttribute('data-renders'))));
  await page.locator('[data-testid=rs-type-all-pie]').click();
  await page.waitForFunction(
    (b) => [...document.querySelectorAll('[data-testid^="rs-q-"][data-testid$="-chart"]')].every((e, i) => Number(e.getAttribute('data-renders')) > b[i]),
    before,
    { timeout: 60000 },
  );
  console.log(`# switching all 20 charts to pie: ${Date.now() - t1} ms`);
  assert.ok(times.every((t) => t.charts < 15000), JSON.stringify(times));
});

// ---------------------------------------------------------------- score, NPS and matrix questions

test('score, NPS and matrix questions: averages, min/max, NPS split, matrix counts, stacked and pie', async () => {
  const o = (id) => opt(id, id.toUpperCase());
  const s = await publish(`Results kinds ${run}`, 'survey', {
    questions: [
      { dwId: 'k1', quType: 'SCORE', ...title('Rate the food'), paramInt02: 5, quScores: [o('s1'), o('s2')] },
      { dwId: 'k2', quType: 'SCALE_NPS', ...title('Would you recommend us?') },
      { dwId: 'k3', quType: 'MATRIX_RADIO', ...title('Matrix radio'), quRows: [o('r1'), o('r2')], quCols: [o('c1'), o('c2')] },
      { dwId: 'k4', quType: 'MATRIX_CHECKBOX', ...title('Matrix checkbox'), quRows: [o('x1'), o('x2')], quCols: [o('y1'), o('y2')] },
    ],
  });
  const fixture = [
    { s: [5, 3], n: 10, mr: { r1: 'c1', r2: 'c1' }, mc: { x1: ['y1', 'y2'] } },
    { s: [3, 1], n: 9, mr: { r1: 'c2', r2: 'c1' }, mc: { x1: ['y1'] } },
    { s: [4, 5], n: 7, mr: { r1: 'c1', r2: 'c2' }, mc: { x2: ['y2'] } },
    { s: [1, 2], n: 3 },
  ];
  for (const [k, a] of fixture.entries()) {
    const anQuestions = [
      { quDwId: 'k1', quType: 'SCORE', anScores: a.s.map((v, i) => ({ optionDwId: `s${i + 1}`, answerScore: v })) },
      { quDwId: 'k2', quType: 'SCALE_NPS', anScale: { answerScore: a.n } },
    ];
    if (a.mr) anQuestions.push({ quDwId: 'k3', quType: 'MATRIX_RADIO', anMatrixRadios: Object.entries(a.mr).map(([r, c]) => ({ rowDwId: r, colDwId: c })) });
    if (a.mc)
      anQuestions.push({
        quDwId: 'k4',
        quType: 'MATRIX_CHECKBOX',
        anMatrixCheckboxes: Object.entries(a.mc).map(([r, cs]) => ({ rowDwId: r, rowAnCheckboxs: cs.map((c) => ({ colDwId: c })) })),
      });
    const r = await api('POST', 'none/v6/dw-answer-survey/save-survey-answer.do', { surveyId: s.id, sid: s.sid, jsonVersion: 6, answerJson: { answerCommon: { answerDwId: `kinds-${run}-${k}` }, anQuestions } });
    assert.equal(r.data?.anCheckResultCode, 201, JSON.stringify(r));
  }
  const page = admin.page;
  await openCharts(page, s.id);
  await page.locator('[data-testid=rs-type-all-column]').click();
  const cell = (q, row, col) => page.locator(`[data-testid=rs-q-${q}-table] tr[data-row-key="${row}"] td[data-col="${col}"]`).innerText();
  // score: average, min, max per item
  assert.deepEqual([await cell('k1', 's1', 'count'), await cell('k1', 's1', 'avg'), await cell('k1', 's1', 'min'), await cell('k1', 's1', 'max')], ['4', '3.25', '1', '5']);
  assert.deepEqual([await cell('k1', 's2', 'avg'), await cell('k1', 's2', 'min'), await cell('k1', 's2', 'max')], ['2.75', '1', '5']);
  // NPS: promoters 10, 9; passive 7; detractor 3 → (2 − 1) / 4 = 25
  assert.equal(await page.locator('[data-testid=rs-q-k2]').getAttribute('data-kind'), 'nps');
  assert.match(await page.locator('[data-testid=rs-q-k2-nps]').innerText(), /NPS: 25/);
  assert.deepEqual([await cell('k2', 'p', 'count'), await cell('k2', 's', 'count'), await cell('k2', 'd', 'count')], ['2', '1', '1']);
  // matrix: counts by row and column
  assert.match(await cell('k3', 'r1', 'c1'), /^2 /);
  assert.match(await cell('k3', 'r1', 'c2'), /^1 /);
  assert.match(await cell('k3', 'r2', 'c1'), /^2 /);
  assert.match(await cell('k4', 'x1', 'y1'), /^2 /);
  assert.match(await cell('k4', 'x2', 'y2'), /^1 /);
  assert.match(await cell('k4', 'x2', 'y1'), /^0 /);
  for (const q of ['k1', 'k2', 'k3', 'k4']) await page.locator(`[data-testid=rs-q-${q}-chart][data-ready="1"]`).waitFor();
  await shot(page, 'kinds');
  // stacked matrix, then a pie of the matrix
  let n = await renders(page, 'rs-q-k3-chart');
  await page.locator('[data-testid=rs-q-k3-stacked]').click();
  await waitRenders(page, 'rs-q-k3-chart', n);
  n = await renders(page, 'rs-q-k4-chart');
  await page.locator('[data-testid=rs-q-k4-type-pie]').click();
  await waitRenders(page, 'rs-q-k4-chart', n);
  n = await renders(page, 'rs-q-k1-chart');
  await page.locator('[data-testid=rs-q-k1-type-line]').click();
  await waitRenders(page, 'rs-q-k1-chart', n);
  await shot(page, 'kinds-switched');
  // ranking links by survey type
  const vote = await publish(`Results vote ${run}`, 'vote', { questions: [{ dwId: 'v1', quType: 'RADIO', ...title('Pick'), quRadios: [o('va'), o('vb')] }] });
  await openCharts(page, vote.id);
  assert.equal(await page.locator('[data-testid=rs-vote-top]').getAttribute('href'), `/v8/diaowen/vote/top/${vote.id}`);
  assert.equal(await page.locator('[data-testid=rs-score-top]').count(), 0);
  const exam = await publish(`Results exam ${run}`, 'exam', { questions: [{ dwId: 'e1', quType: 'RADIO', ...title('2+2?'), quRadios: [o('ea'), o('eb')] }] });
  await openCharts(page, exam.id);
  assert.equal(await page.locator('[data-testid=rs-score-top]').getAttribute('href'), `/v8/diaowen/top/${exam.id}`);
  assert.equal(await page.locator('[data-testid=rs-vote-top]').count(), 0);
  await openCharts(page, s.id);

  // phone width: the page stays usable (looked at in the screenshot)
  await page.setViewportSize({ width: 390, height: 844 });
  // the charts follow the narrower container
  await page.waitForFunction(() => {
    const c = document.querySelector('[data-testid=rs-q-k2-chart] canvas');
    const box = document.querySelector('[data-testid=rs-q-k2-chart]');
    return c && box && c.getBoundingClientRect().width <= box.getBoundingClientRect().width + 1;
  }, null, { timeout: T });
  // a page opened on a phone
  await page.reload({ waitUntil: 'networkidle' });
  for (const q of ['k1', 'k2', 'k3', 'k4']) await page.locator(`[data-testid=rs-q-${q}-chart][data-ready="1"]`).waitFor();
  await page.waitForTimeout(1500); // entry animations, for the screenshot only
  await shot(page, 'kinds-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
});
