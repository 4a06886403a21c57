// Webhook journey in real Chromium: one hook of each type (WeCom, Feishu, DingTalk, custom)
// configured in the settings page against local stand-ins that check what the real services
// check, each "send test" showing the stand-in's reply; an internal address refused under its
// field; answers given in the answer page reach every stand-in exactly once, correctly signed
// (the stand-in's own check); the delivery log; a target answering 410 is disabled and the
// survey warns; admins see the delivery workflows.
// Run: BASE_URL=… ADMIN_PASSWORD=… node --test e2e/webhook.test.mjs (scripts/e2e.sh allows
// 127.0.0.1 for outgoing requests, so the server can reach the stand-ins).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, uiLogin } from './lib.mjs';
import { startStandIn } from './webhook-standins.mjs';

const run = Date.now().toString(36).slice(-6);
let browser;
let api;
let admin;
let survey;
const external = [];
const stands = {};
let gone;

const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t } });

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  admin = await openPage(browser, external);
  await uiLogin(admin.page);
  stands['work-chat'] = await startStandIn('work-chat');
  stands.feishu = await startStandIn('feishu', `feishu-secret-${run}`);
  stands.dingtalk = await startStandIn('dingtalk', `SECding${run}0123456789`);
  stands.custom = await startStandIn('custom', ''); // its secret is generated in the page
  gone = await startStandIn('custom', '');
  gone.reply = { status: 410, body: { error: 'this hook was removed' } };
  survey = await publish(api, `Webhooks ${run}`, 'survey', {
    questions: [{ dwId: 'w1', quType: 'RADIO', ...title('Favourite colour'), quAttr: { isRequired: true }, quRadios: [opt('w1a', 'Red'), opt('w1b', 'Blue')] }],
  });
});

after(async () => {
  for (const s of [...Object.values(stands), gone]) await s?.close().catch(() => {});
  await browser?.close();
  a11yReport();
  assert.deepEqual(external, [], 'no request left the test hosts');
});

const page = () => admin.page;
const hooks = async () => (await api('GET', `app/survey/webhook/list.do?surveyId=${survey.id}`)).data.hooks;

async function pick(selectTestId, optionTestId) {
  await page().locator(`[data-testid=${selectTestId}]`).click();
  await page().locator(`[data-testid=${optionTestId}]`).last().click();
}

test('the settings page: one hook of each type, each test send shows the target reply, internal addresses refused', async () => {
  const p = page();
  await p.goto(`${BASE}/v8/dws/set/webhook/${survey.id}`, { waitUntil: 'networkidle' });
  await p.locator('[data-testid=wh-empty]').waitFor();
  await checkA11y(p, 'webhooks: empty', { console: true, include: '.ant-pro-page-container' });

  // an internal address: refused under the field, nothing stored
  await p.locator('[data-testid=wh-add]').click();
  await pick('wh-target', 'wh-target-custom');
  await p.locator('[data-testid=wh-url]').fill('http://10.0.0.1/hook');
  await p.locator('[data-testid=wh-generate]').click();
  await p.locator('[data-testid=wh-save]').click();
  await p.locator('[data-testid=wh-form-error]').getByText('may not reach internal addresses').waitFor();
  assert.match(await p.locator('.ant-form-item-has-error').first().innerText(), /10\.0\.0\.1.*private address/s);
  await p.getByRole('button', { name: 'Cancel' }).click();
  assert.equal((await hooks()).length, 0);

  const replies = { 'work-chat': '"errmsg":"ok"', feishu: '"msg":"success"', dingtalk: '"errmsg":"ok"', custom: '"received":"test_' };
  for (const target of ['work-chat', 'feishu', 'dingtalk', 'custom']) {
    const s = stands[target];
    await p.locator('[data-testid=wh-add]').click();
    const dialog = p.locator('.ant-modal');
    await dialog.waitFor();
    await p.locator('[data-testid=wh-name]').fill(`${target} team`);
    await pick('wh-target', `wh-target-${target}`);
    await p.locator('[data-testid=wh-url]').fill(s.url);
    if (target === 'custom') {
      await p.locator('[data-testid=wh-generate]').click();
      s.secret = await p.locator('[data-testid=wh-secret]').inputValue();
      assert.match(s.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    } else if (target !== 'work-chat') {
      await p.locator('[data-testid=wh-secret]').fill(s.secret);
    }
    if (target !== 'custom') {
      await p.locator('[data-testid=wh-msg-title]').fill('Colour vote: {Q1}');
      await page().locator('[data-testid=wh-questions]').click();
      await page().locator('.ant-select-item-option').filter({ hasText: 'Favourite colour' }).last().click();
      await page().keyboard.press('Escape');
    }
    await p.locator('[data-testid=wh-test]').click();
    await p.locator('[data-testid=wh-test-result]').waitFor();
    const reply = await p.locator('[data-testid=wh-test-reply]').innerText();
    assert.ok(reply.includes(replies[target]), `${target} test reply: ${reply}`);
    assert.equal(s.accepted.length, 1, `${target}: the test message passed the stand-in's own check (refused: ${JSON.stringify(s.refused.map((r) => r.problem))})`);
    if (target === 'feishu') await checkA11y(p, 'webhooks: form with test result', { console: true, include: '.ant-modal-content' });
    await p.locator('[data-testid=wh-save]').click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await p.locator('[data-testid=wh-table] tbody tr').nth(3).waitFor();
  const saved = await hooks();
  assert.equal(saved.length, 4);
  for (const h of saved) {
    assert.equal(h.enabled, true);
    if (h.target !== 'work-chat') assert.ok(h.hasSecret && h.secretMasked.startsWith('••••'), `${h.target} secret masked`);
  }
  assert.ok(!JSON.stringify(saved).includes(stands.feishu.secret), 'the Feishu secret never comes back');
  for (const s of Object.values(stands)) s.accepted.length = 0; // the test messages are done
  // the 410 target, through the API
  const r = await api('POST', 'app/survey/webhook/save.do', {
    surveyId: survey.id, name: 'Gone endpoint', target: 'custom', url: gone.url, secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64'),
    events: ['answer.submitted'],
  });
  assert.equal(r.resultCode, 200, JSON.stringify(r));
  await checkA11y(p, 'webhooks: list', { console: true, include: '.ant-pro-page-container' });
});

async function answer() {
  const { ctx, page: ap } = await openPage(browser, external);
  try {
    await ap.goto(`${BASE}/v8/diaowen/an/${survey.sid}`, { waitUntil: 'networkidle' });
    await ap.locator('#qu-w1').getByText('Blue').click();
    const [resp] = await Promise.all([
      ap.waitForResponse((x) => x.url().includes('save-survey-answer') && x.request().method() === 'POST', { timeout: T }),
      ap.getByRole('button', { name: 'Submit' }).click(),
    ]);
    const saved = await resp.json();
    assert.equal(saved.data.anCheckResultCode, 201, JSON.stringify(saved));
    // the page's send-webhook call (front) only nudges: it is answered and creates nothing
    await ap.waitForResponse((x) => x.url().includes('dw-answer-webhook/send-webhook'), { timeout: T }).catch(() => null);
    return saved.data.dbAnswerId;
  } finally {
    await ctx.close();
  }
}

async function until(what, cond, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('answers given in the answer page reach every stand-in exactly once, correctly signed', async () => {
  const ids = [await answer(), await answer()];
  await until('two accepted messages at each target', () => Object.values(stands).every((s) => s.accepted.length >= 2));
  await new Promise((r) => setTimeout(r, 3000)); // nothing more arrives
  for (const [target, s] of Object.entries(stands)) {
    assert.equal(s.accepted.length, 2, `${target}: accepted ${s.accepted.length}`);
    assert.deepEqual(s.refused, [], `${target} refused ${JSON.stringify(s.refused.map((x) => x.problem))}`);
  }
  // custom: the answer as JSON, one webhook-id per answer
  const bodies = stands.custom.accepted.map((x) => JSON.parse(x.body));
  assert.deepEqual(bodies.map((b) => b.data.answer.id).sort(), [...ids].sort());
  assert.equal(new Set(stands.custom.accepted.map((x) => x.id)).size, 2);
  assert.equal(bodies[0].data.questions[0].title, 'Favourite colour');
  // bots: the piped title and the chosen question with its answer
  const wecom = JSON.parse(stands['work-chat'].accepted[0].body).markdown.content;
  assert.ok(wecom.includes('Colour vote: Blue') && wecom.includes('Favourite colour: Blue'), wecom);
  const ding = JSON.parse(stands.dingtalk.accepted[0].body).markdown.text;
  assert.ok(ding.includes('Favourite colour: Blue'), ding);
});

test('the delivery log lists the deliveries with their attempts; the 410 target is disabled and the survey warns', async () => {
  const p = page();
  await until('the 410 target disabled', async () => (await hooks()).some((h) => h.disabledReason));
  await p.goto(`${BASE}/v8/dws/set/webhook/${survey.id}`, { waitUntil: 'networkidle' });
  await p.locator('[data-testid=wh-row-gone]').waitFor();
  await p.locator('[data-testid=webhook-warning]').getByText('Gone endpoint').waitFor();
  // other survey pages warn too, with a link here
  await p.goto(`${BASE}/v8/dws/c/url/${survey.id}`, { waitUntil: 'networkidle' });
  await p.locator('[data-testid=webhook-warning]').getByText('410 Gone').waitFor();
  await p.getByRole('button', { name: 'Open webhook settings' }).click();
  await p.waitForURL(/\/set\/webhook\//);
  const row = p.locator('[data-testid=wh-table] tbody tr').filter({ hasText: 'feishu team' });
  await row.locator('[data-testid=wh-row-log]').click();
  const log = p.locator('.ant-drawer');
  await log.locator('[data-testid=wh-log-state]').nth(1).waitFor();
  assert.equal(await log.locator('[data-testid=wh-log-state]').count(), 2);
  assert.deepEqual(await log.locator('[data-testid=wh-log-state]').allInnerTexts(), ['Delivered', 'Delivered']);
  await log.locator('[data-testid=wh-log-expand]').first().click();
  await log.locator('[data-testid=wh-attempts]').getByText('"msg":"success"').waitFor();
  await checkA11y(p, 'webhooks: delivery log', { console: true, include: '.ant-drawer-content' });
  await log.locator('[data-testid=wh-log-filter-failed]').click();
  await log.getByText('No deliveries yet.').waitFor();
  // admins see the delivery workflows in the monitor
  let wf;
  await until('the delivery workflows in the monitor', async () => {
    wf = await api('GET', 'admin/workflow/list.do?workflowType=DeliveryWorkflow&pageSize=50');
    return wf.resultCode === 200 && wf.data.items.length >= 9;
  });
  assert.ok(wf.data.items.every((x) => x.workflowId.startsWith('webhook:')), JSON.stringify(wf.data.items.map((x) => x.workflowId)));
});
