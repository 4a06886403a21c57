// Lottery, evaluation reports and solutions journey (issue 17) in real Chromium:
//  1. the author sets an instant lottery with 2 prizes (stock 3 and 1) on c/lottery-list
//     (refused input first: probabilities over 100 %, negative stock); 20 logged-in respondents
//     submit, are taken to the lottery page after 2 s and draw: exactly 4 winners with codes,
//     stock 0, each winner's code in their user centre; the author marks one delivered; a forged
//     lottery id and an ineligible answer are refused and change nothing;
//  2. a scheduled lottery drawn now (LotteryWorkflow) publishes its record; re-running the draw
//     twice in the browser from the recorded seed gives the same winners as stored;
//  3. an eval360 survey answered by 1 self (through the rater link in the browser, then the
//     dimension report with its radar) and 4 others, anonymity threshold 3: the report shows the
//     dimension scores and hides the peer breakdown with 2 peers, shows it with 3 (screenshots);
//  4. solutions written on design/solution are shown after submit as the SOLUTION rules choose.
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/lottery.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const PW = 'Lottery-pw-1';
// screenshots of the reports (E2E_SHOTS=dir keeps them somewhere known)
const SHOTS = process.env.E2E_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'dws-lottery-'));
const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t, extra = {}) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t }, ...extra });
const q = (page, id) => page.locator(`#qu-${id}`);
const CODE = /^[A-HJ-NP-TV-Z2-9]{4}(-[A-HJ-NP-TV-Z2-9]{4}){3}$/;

let browser;
let api;
let author; // the author's logged-in page (admin)
const external = [];
const users = []; // { login, id, token }

async function newPage(opts) {
  return openPage(browser, external, opts);
}

async function waitSave(page, action) {
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('save-survey-answer') && r.request().method() === 'POST', { timeout: T }),
    action(),
  ]);
  return resp.json();
}

/** A respondent's browser, logged in with the token (as the login page would leave it). */
async function respondent(token) {
  const p = await newPage();
  if (token) await p.ctx.addInitScript((tok) => window.localStorage.setItem('token', tok), token);
  return p;
}

async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `lottery-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`  screenshot: ${file}`);
}

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  for (let i = 0; i < 20; i++) {
    const login = `lot${run}u${i}`;
    const r = await api('POST', 'admin/user/add.do', { loginName: login, name: `Lottery ${i}`, email: `${login}@example.com`, password: PW, status: 2 });
    assert.equal(r.resultCode, 200, JSON.stringify(r));
    users.push({ login, id: r.data.id, token: await apiLogin(login, PW) });
  }
  author = await newPage();
  await uiLogin(author.page);
});

after(async () => {
  a11yReport();
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the server');
});

// ---------------------------------------------------------------- 1. instant lottery

let survey; // the survey of the lottery tests
let instant; // its instant lottery id
const answersByUser = new Map(); // login -> answer id

test('instant lottery: 2 prizes of stock 3 and 1, 20 respondents draw, exactly 4 winners with codes and awards', async () => {
  survey = await publish(api, `Lottery ${run}`, 'survey', {
    questions: [{ dwId: 'c1', quType: 'RADIO', ...title('Favourite season'), quAttr: { isRequired: true }, quRadios: [opt('c1a', 'Spring'), opt('c1b', 'Autumn')] }],
  });
  const page = author.page;
  await page.goto(`${BASE}/v8/dws/c/lottery-list/${survey.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=lo-empty]').waitFor();
  await checkA11y(page, 'lottery: empty list', { console: true });
  await page.locator('[data-testid=lo-add]').click();
  const form = page.locator('[data-testid=lo-form]');
  await form.waitFor();
  await page.locator('[data-testid=lo-name]').fill('Thank-you draw');
  await page.locator('[data-testid=lo-prize-name-0]').fill('Mug');
  await page.locator('[data-testid=lo-prize-stock-0]').fill('3');
  await page.locator('[data-testid=lo-prize-prob-0]').fill('70');
  await page.locator('[data-testid=lo-prize-add]').click();
  await page.locator('[data-testid=lo-prize-name-1]').fill('Book');
  await page.locator('[data-testid=lo-prize-stock-1]').fill('-1');
  await page.locator('[data-testid=lo-prize-prob-1]').fill('40');
  // refused at the fields: the sum over 100 % and the negative stock; nothing is saved
  await page.locator('[data-testid=lo-form-save]').click();
  await form.getByText('more than 100%').waitFor();
  await form.getByText('not negative').waitFor();
  await checkA11y(page, 'lottery: editor with errors', { console: true });
  let list = await api('GET', `app/v6/lottery/list.do?surveyId=${survey.id}`);
  assert.equal(list.data.length, 0, 'nothing saved while the form is wrong');
  // the server refuses the same on its own (a client that skips the form)
  const bad = await api('POST', 'app/v6/lottery/save.do', { surveyId: survey.id, name: 'X', prizes: [{ name: 'A', stock: 3, probability: 70 }, { name: 'B', stock: -1, probability: 40 }] });
  assert.equal(bad.resultCode, 400, JSON.stringify(bad));
  await page.locator('[data-testid=lo-prize-stock-1]').fill('1');
  await page.locator('[data-testid=lo-prize-prob-1]').fill('30');
  await page.locator('[data-testid=lo-prob-sum]').getByText('100%').waitFor();
  await page.locator('[data-testid=lo-form-save]').click();
  const row = page.locator('[data-testid=lo-row]');
  await row.waitFor();
  instant = await row.getAttribute('data-id');
  list = await api('GET', `app/v6/lottery/list.do?surveyId=${survey.id}`);
  assert.deepEqual(list.data[0].prizes.map((p) => [p.name, p.stock, p.probability]), [['Mug', 3, 70], ['Book', 1, 30]]);
  await checkA11y(page, 'lottery: list', { console: true });

  // 20 respondents: submit, the answer page opens the lottery after 2 s, draw once
  const wins = [];
  let lost = 0;
  for (const [i, u] of users.entries()) {
    const { ctx, page: p } = await respondent(u.token);
    try {
      await p.goto(`${BASE}/v8/diaowen/an/${survey.sid}`, { waitUntil: 'networkidle' });
      await q(p, 'c1').getByText(i % 2 ? 'Spring' : 'Autumn').click();
      const saved = await waitSave(p, () => p.getByRole('button', { name: 'Submit' }).click());
      assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
      answersByUser.set(u.login, saved.data.dbAnswerId);
      await p.waitForURL((url) => url.pathname === `/v8/diaowen/lottery/${instant}/${survey.id}`, { timeout: T });
      const drawBtn = p.locator('[data-testid=lo-an-draw]');
      await drawBtn.waitFor();
      if (i === 0) await checkA11y(p, 'lottery page: before the draw');
      await drawBtn.click();
      const result = p.locator('[data-testid=lo-an-result]');
      await p.waitForFunction(() => ['won', 'lost'].includes(document.querySelector('[data-testid=lo-an-result]')?.getAttribute('data-state') ?? ''), null, { timeout: T });
      if ((await result.getAttribute('data-state')) === 'won') {
        const code = (await p.locator('[data-testid=lo-an-code]').innerText()).trim();
        assert.match(code, CODE);
        wins.push({ u, code });
        if (wins.length === 1) await checkA11y(p, 'lottery page: a win with its code');
      } else lost++;
      // a return shows the same draw, never a second one
      if (i < 2) {
        const state = await result.getAttribute('data-state');
        await p.reload({ waitUntil: 'networkidle' });
        await p.waitForFunction(() => ['won', 'lost'].includes(document.querySelector('[data-testid=lo-an-result]')?.getAttribute('data-state') ?? ''), null, { timeout: T });
        assert.equal(await result.getAttribute('data-state'), state);
        assert.equal(await p.locator('[data-testid=lo-an-draw]').count(), 0);
      }
    } finally {
      await ctx.close();
    }
  }
  assert.equal(wins.length, 4, `exactly 4 winners (${lost} without a prize)`);
  assert.equal(new Set(wins.map((w) => w.code)).size, 4, 'distinct codes');
  list = await api('GET', `app/v6/lottery/list.do?surveyId=${survey.id}`);
  assert.deepEqual([list.data[0].draws, list.data[0].winners, list.data[0].prizes.map((p) => p.stock)], [20, 4, [0, 0]]);

  // the author's winners list: 4 codes; one marked delivered
  await page.reload({ waitUntil: 'networkidle' });
  await page.locator('[data-testid=lo-row-counts][data-winners="4"]').waitFor();
  await page.locator('[data-testid=lo-open-winners]').click();
  await page.locator('[data-testid=lo-w-total][data-total="4"]').waitFor();
  const shown = (await page.locator('[data-testid=lo-w-row-code]').allInnerTexts()).map((s) => s.trim()).sort();
  assert.deepEqual(shown, wins.map((w) => w.code).sort());
  await checkA11y(page, 'lottery: winners', { console: true });
  await page.locator('[data-testid=lo-w-code]').fill(wins[0].code);
  await page.locator('[data-testid=lo-w-apply]').click();
  await page.locator('[data-testid=lo-w-total][data-total="1"]').waitFor();
  await page.locator('[data-testid=lo-w-deliver]').click();
  await page.locator('[data-testid=lo-w-deliver][aria-checked=true]').waitFor();
  await page.keyboard.press('Escape');

  // every winner sees the award in the user centre, with the code (the first one delivered)
  for (const [k, w] of wins.entries()) {
    const { ctx, page: p } = await respondent(w.u.token);
    try {
      await p.goto(`${BASE}/v8/dw/user/award`, { waitUntil: 'networkidle' });
      await p.locator('[data-testid=award-code]').first().waitFor();
      assert.deepEqual((await p.locator('[data-testid=award-code]').allInnerTexts()).map((s) => s.trim()), [w.code]);
      assert.equal((await p.locator('[data-testid=award-prize]').innerText()).trim().length > 0, true);
      if (k === 0) {
        await p.getByText('Delivered', { exact: true }).last().waitFor();
        await checkA11y(p, 'user centre: awards', { console: true });
      }
    } finally {
      await ctx.close();
    }
  }
  // a loser's user centre is empty
  const loser = users.find((u) => !wins.some((w) => w.u === u));
  const awards = await apiClient(loser.token)('GET', 'app/user/awards.do');
  assert.equal(awards.total, 0);

  // bad input changes nothing: a forged lottery id, another survey's lottery, an ineligible answer
  const before = JSON.stringify((await api('GET', `app/v6/lottery/list.do?surveyId=${survey.id}`)).data);
  const u0 = users[0];
  const mine = apiClient(u0.token);
  const forged = await mine('POST', 'none/v6/dw-answer-lottery/draw.do', { lotteryId: `${instant}x`, surveyId: survey.id, answerId: answersByUser.get(u0.login) });
  assert.equal(forged.resultCode, 404, JSON.stringify(forged));
  const other = await publish(api, `Other ${run}`, 'survey', { questions: [{ dwId: 'o1', quType: 'RADIO', ...title('Other'), quRadios: [opt('o1a', 'A')] }] });
  const cross = await mine('POST', 'none/v6/dw-answer-lottery/draw.do', { lotteryId: instant, surveyId: other.id, answerId: answersByUser.get(u0.login) });
  assert.equal(cross.resultCode, 404, JSON.stringify(cross));
  const strange = await apiClient('')('POST', 'none/v6/dw-answer-lottery/draw.do', { lotteryId: instant, surveyId: survey.id, answerId: answersByUser.get(u0.login) });
  assert.equal(strange.resultCode, 404, 'an answer the caller cannot prove');
  const p2 = await respondent('');
  try {
    await p2.page.goto(`${BASE}/v8/diaowen/lottery/${instant}x/${survey.id}`, { waitUntil: 'networkidle' });
    await p2.page.locator('[data-testid=lo-an-error]').getByText('does not exist').waitFor();
  } finally {
    await p2.ctx.close();
  }
  assert.equal(JSON.stringify((await api('GET', `app/v6/lottery/list.do?surveyId=${survey.id}`)).data), before, 'nothing changed');
});

// ---------------------------------------------------------------- 2. scheduled draw, re-run

test('scheduled draw: drawn by its workflow, re-run twice in the browser from the recorded seed gives the same winners', async () => {
  const page = author.page;
  await page.goto(`${BASE}/v8/dws/c/lottery-list/${survey.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=lo-add]').click();
  await page.locator('[data-testid=lo-name]').fill('Grand draw');
  await page.locator('[data-testid=lo-mode-scheduled]').click();
  const at = new Date(Date.now() + 3600_000);
  const pad = (n) => String(n).padStart(2, '0');
  await page.locator('[data-testid=lo-draw-at]').fill(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:00`);
  await page.locator('[data-testid=lo-prize-name-0]').fill('Bike');
  await page.locator('[data-testid=lo-prize-stock-0]').fill('2');
  await page.locator('[data-testid=lo-prize-add]').click();
  await page.locator('[data-testid=lo-prize-name-1]').fill('Cap');
  await page.locator('[data-testid=lo-prize-stock-1]').fill('3');
  await page.locator('[data-testid=lo-form-save]').click();
  const row = page.locator('[data-testid=lo-row]', { hasText: 'Grand draw' });
  await row.waitFor();
  const id = await row.getAttribute('data-id');
  await row.locator('[data-testid=lo-draw-now]').click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  // the list looks again until the workflow has drawn
  await page.locator(`[data-testid=lo-row][data-id="${id}"][data-state=drawn]`).waitFor({ timeout: 90_000 });
  await row.locator('[data-testid=lo-open-proof]').click();
  const proof = page.locator('[data-testid=lo-proof]');
  await proof.waitFor();
  await proof.locator('[data-testid=lo-proof-verified]').waitFor();
  assert.equal((await proof.locator('[data-testid=lo-proof-entrants]').innerText()).trim(), '20', '20 eligible answers');
  const seed = (await proof.locator('[data-testid=lo-proof-seed]').innerText()).trim();
  assert.match(seed, /^[0-9a-f]{64}$/);
  const runs = [];
  for (let k = 1; k <= 2; k++) {
    await proof.locator('[data-testid=lo-proof-rerun]').click();
    const res = proof.locator(`[data-testid=lo-proof-rerun-result][data-runs="${k}"]`);
    await res.waitFor();
    assert.equal(await res.getAttribute('data-same'), '1', `run ${k} gives the stored winners`);
    runs.push(await res.getAttribute('data-winners'));
  }
  assert.equal(runs[0], runs[1], 'both runs give the same winners');
  assert.equal(runs[0].split(',').length, 5, '2 + 3 winners');
  await checkA11y(page, 'lottery: fairness proof', { console: true });
  // the stored winners are the ones of the re-run (rank, entrant id, prize)
  const rec = await apiClient('')('GET', `none/v6/dw-answer-lottery/draw-record.do?lotteryId=${id}&surveyId=${survey.id}`);
  assert.equal(rec.data.verified, true);
  assert.equal(rec.data.winners.map((w) => `${w.rank}:${w.entrantId}:${w.prizeId}`).join(','), runs[0]);
  await page.keyboard.press('Escape');
  // a respondent finds the public record on the lottery page, with their own result
  const u = users[3];
  const { ctx, page: p } = await respondent(u.token);
  try {
    await p.goto(`${BASE}/v8/diaowen/lottery/${id}/${survey.id}?answerId=${answersByUser.get(u.login)}`, { waitUntil: 'networkidle' });
    // the record is there at once (the draw was stored before the author's row said drawn);
    // if not, say what the page shows instead
    await p.locator('[data-testid=lo-proof]').waitFor().catch(async (e) => {
      const shown = await p.locator('body').innerText().catch(() => '');
      throw new Error(`no public draw record on the lottery page: ${e.message}\npage text: ${shown.slice(0, 600)}`);
    });
    await p.waitForFunction(() => ['won', 'lost'].includes(document.querySelector('[data-testid=lo-an-result]')?.getAttribute('data-state') ?? ''), null, { timeout: T });
    await p.locator('[data-testid=lo-proof-rerun]').click();
    await p.locator('[data-testid=lo-proof-rerun-result][data-same="1"]').waitFor();
    await p.mouse.move(0, 0); // not the re-run button's hover shade (as in the other journeys)
    await checkA11y(p, 'lottery page: public draw record');
  } finally {
    await ctx.close();
  }
});

// ---------------------------------------------------------------- 3. eval360 anonymity threshold

const scored = (id, t) => ({ dwId: id, quType: 'RADIO', ...title(t), quAttr: { isRequired: true }, quRadios: [1, 2, 3, 4, 5].map((n) => opt(`${id}o${n}`, String(n), { scoreNum: n })) });

test('eval360: 1 self and 4 others, threshold 3: peer breakdown hidden with 2 peers, shown with 3; the self rater sees the dimension report', async () => {
  const s = await publish(api, `360 ${run}`, 'eval360', {
    surveyAttrs: { evalAttr: { showDimReport: { enabled: true } } },
    questions: [scored('lead', 'Leads the team'), scored('talk', 'Communicates clearly')],
  });
  const g = await api('POST', 'app/v6/dw-eval/save-dimension-group.do', {
    surveyId: s.id,
    name: 'Competences',
    dimensions: [
      { name: 'Leadership', items: [{ quDwId: 'lead', weight: 1 }], bands: [{ min: 0, max: 2.99, label: 'Developing', text: 'Practise leading small tasks.' }, { min: 3, max: 5, label: 'Strong', text: 'Keep it up.' }] },
      { name: 'Communication', items: [{ quDwId: 'talk', weight: 2 }, { quDwId: 'lead', weight: 1 }] },
      { name: 'Overall', items: [{ quDwId: 'talk', weight: 1 }, { quDwId: 'lead', weight: 1 }] },
    ],
  });
  assert.equal(g.resultCode, 200, JSON.stringify(g));
  const sub = await api('POST', 'app/v6/dw-eval/save-subject.do', {
    surveyId: s.id,
    name: 'Ann',
    anonMin: 3,
    raters: [{ role: 'self', name: 'Ann' }, { role: 'manager' }, { role: 'peer' }, { role: 'peer' }, { role: 'subordinate' }, { role: 'peer' }],
  });
  assert.equal(sub.resultCode, 200, JSON.stringify(sub));
  const raters = sub.data.raters;
  const page = author.page;
  await page.goto(`${BASE}/v8/dws/design/dimension-group/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=ev-group]').waitFor();
  await checkA11y(page, 'eval: dimension groups', { console: true });
  await page.getByRole('link', { name: 'Edit dimensions' }).click();
  await page.locator('[data-testid=ev-dim-card]').first().waitFor();
  assert.equal(await page.locator('[data-testid=ev-dim-card]').count(), 3);
  await checkA11y(page, 'eval: dimensions of a group', { console: true });

  // the self rater answers in the browser through the rater link, then sees the dimension report
  const self = await respondent('');
  try {
    const p = self.page;
    await p.goto(`${BASE}/v8/diaowen/an/${s.sid}?rater=${raters[0].token}`, { waitUntil: 'networkidle' });
    await q(p, 'lead').getByText('5', { exact: true }).click();
    await q(p, 'talk').getByText('5', { exact: true }).click();
    const saved = await waitSave(p, () => p.getByRole('button', { name: 'Submit' }).click());
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
    await p.waitForURL((u) => u.pathname === `/v8/diaowen/dimension/${saved.data.dbAnswerId}`, { timeout: T });
    await p.locator('[data-testid=ev-radar][data-ready="1"]').waitFor();
    const dims = await p.locator('[data-testid=ev-dim]').allInnerTexts();
    assert.match(dims[0], /Leadership\s+5 \/ 5 \(100%\)\s+Strong/);
    await checkA11y(p, 'dimension report');
    await shot(p, 'dimension-report');
  } finally {
    await self.ctx.close();
  }
  // the others answer (manager 4/2, peers 3/3 and 1/3, subordinate 4/4)
  const answer = async (tok, lead, talk) => {
    const answerJson = { answerCommon: { answerDwId: `e-${run}-${tok}`, evalRater: tok }, anQuestions: [
      { quDwId: 'lead', quType: 'RADIO', anRadio: { optionDwId: `leado${lead}` } },
      { quDwId: 'talk', quType: 'RADIO', anRadio: { optionDwId: `talko${talk}` } },
    ] };
    const r = await fetch(`${BASE}/api/dwsurvey/none/v6/dw-answer-survey/save-survey-answer.do`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ surveyId: s.id, sid: s.sid, jsonVersion: 6, answerJson }),
    }).then((x) => x.json());
    assert.equal(r.data?.anCheckResultCode, 201, JSON.stringify(r));
  };
  await answer(raters[1].token, 4, 2);
  await answer(raters[2].token, 3, 3);
  await answer(raters[3].token, 1, 3);
  await answer(raters[4].token, 4, 4);

  const openReport = async () => {
    await page.goto(`${BASE}/v8/dws/design/eval360/${s.id}`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid=ev-s-report]').click();
    await page.locator('[data-testid=ev-subject-report]').waitFor();
    await page.locator('[data-testid=ev-r-radar][data-ready="1"]').waitFor();
    return page.locator('[data-testid=ev-subject-report]');
  };
  let rep = await openReport();
  // the dimension scores of everyone: Leadership (5+4+3+1+4)/5 = 3.4
  assert.equal((await rep.locator('[data-testid=ev-r-all]').first().innerText()).trim(), '3.4 / 5');
  assert.equal(await rep.locator('[data-testid=ev-r-col-self]').first().getAttribute('data-hidden'), '0');
  assert.equal(await rep.locator('[data-testid=ev-r-col-others]').first().getAttribute('data-raters'), '4');
  assert.equal(await rep.locator('[data-testid=ev-r-col-peer]').first().getAttribute('data-raters'), '2');
  assert.equal(await rep.locator('[data-testid=ev-r-col-peer]').first().getAttribute('data-hidden'), '1');
  assert.equal((await rep.locator('[data-testid=ev-r-peer]').first().innerText()).trim(), 'Hidden');
  assert.equal((await rep.locator('[data-testid=ev-r-others]').first().innerText()).trim(), '3 / 5');
  await checkA11y(page, 'eval360: subject report, peers hidden', { console: true });
  await shot(page, 'eval360-2-peers');
  await page.keyboard.press('Escape');
  await answer(raters[5].token, 2, 2); // a third peer
  rep = await openReport();
  assert.equal(await rep.locator('[data-testid=ev-r-col-peer]').first().getAttribute('data-hidden'), '0');
  assert.equal(await rep.locator('[data-testid=ev-r-col-peer]').first().getAttribute('data-raters'), '3');
  assert.equal((await rep.locator('[data-testid=ev-r-peer]').first().innerText()).trim(), '2 / 5', 'peers on leadership: (3+1+2)/3');
  await shot(page, 'eval360-3-peers');
  await page.keyboard.press('Escape');
});

// ---------------------------------------------------------------- 4. solutions

test('solutions: written on design/solution, shown after submit as the SOLUTION rules choose', async () => {
  const s = await publish(api, `Solutions ${run}`, 'eval', {
    questions: [
      {
        dwId: 'st',
        quType: 'RADIO',
        ...title('How stressed are you?'),
        quAttr: { isRequired: true },
        quRadios: [opt('hi', 'Very'), opt('lo', 'Hardly')],
        questionLogics: [
          { logicType: 'SOLUTION', cgQuItemId: ['hi'], skQuId: ['rest'] },
          { logicType: 'SOLUTION', cgQuItemId: ['lo'], skQuId: ['keep'] },
        ],
      },
    ],
  });
  const page = author.page;
  await page.goto(`${BASE}/v8/dws/design/solution/${s.id}`, { waitUntil: 'networkidle' });
  const cards = page.locator('[data-testid=ev-sol]');
  await cards.first().waitFor();
  assert.deepEqual(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-id'))), ['rest', 'keep']);
  await checkA11y(page, 'eval: solutions editor', { console: true });
  const write = async (id, t, text) => {
    const c = page.locator(`[data-testid=ev-sol][data-id="${id}"]`);
    await c.locator('[data-testid=ev-sol-title]').fill(t);
    await c.locator('[data-testid=ev-sol-content]').click();
    await page.keyboard.type(text);
  };
  await write('rest', 'Take a break', 'Plan two quiet evenings this week.');
  await write('keep', 'Keep going', 'Your balance looks healthy.');
  await Promise.all([page.waitForResponse((r) => r.url().includes('save-solutions.do')), page.locator('[data-testid=ev-sol-save]').click()]);
  const saved = await api('GET', `app/v6/dw-eval/solutions.do?surveyId=${s.id}`);
  assert.deepEqual(saved.data.solutions.map((x) => x.title), ['Take a break', 'Keep going']);

  for (const [choice, want, not] of [
    ['Very', 'Plan two quiet evenings', 'Your balance'],
    ['Hardly', 'Your balance looks healthy', 'quiet evenings'],
  ]) {
    const { ctx, page: p } = await respondent('');
    try {
      await p.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
      await q(p, 'st').getByText(choice, { exact: true }).click();
      const r = await waitSave(p, () => p.getByRole('button', { name: 'Submit' }).click());
      assert.equal(r.data?.anCheckResultCode, 201, JSON.stringify(r));
      await p.waitForURL((u) => u.pathname === `/v8/diaowen/an-solution/${r.data.dbAnswerId}`, { timeout: T });
      const box = p.locator('[data-testid=an-solutions]');
      await box.getByText(want).waitFor();
      assert.equal(await box.getByText(not).count(), 0);
      assert.equal(await p.locator('[data-testid=an-solution]').count(), 1);
      if (choice === 'Very') await checkA11y(p, 'solution page after submit', { include: '[data-testid=an-solutions]' });
    } finally {
      await ctx.close();
    }
  }
  // the author's preview shows every text
  await page.goto(`${BASE}/v8/diaowen/preview-solution/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=an-solution]').nth(1).waitFor();
  await checkA11y(page, 'solution preview');
});
