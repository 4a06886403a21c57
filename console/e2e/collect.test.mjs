// Collection journeys in real Chromium (Debian /usr/bin/chromium) driven by playwright-core:
// scheduled start (408 before, answers after) and End now from c/url (405), end after 3 answers,
// the site widget on a third-party page served from another local port, bulk answer passwords.
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/collect.test.mjs
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { ADMIN_PASSWORD, BASE, T, apiClient, apiLogin, launchBrowser, newPage as openPage, publish as publishSurvey, uiLogin } from './lib.mjs';

// the server's schedule zone (server.time_zone, default Asia/Shanghai)
const TZ = process.env.DWS_SERVER_TIME_ZONE || 'Asia/Shanghai';
const run = Date.now().toString(36).slice(-6);

let browser;
let api;
let admin; // {ctx, page} logged into the console
const external = [];
const closers = [];

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  admin = await newPage();
  const page = admin.page;
  await uiLogin(page);
});

after(async () => {
  for (const c of closers) await c().catch(() => {});
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the test hosts');
});

const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t } });
const oneQuestion = (extra = {}) => ({
  questions: [{ dwId: 'c1', quType: 'RADIO', ...title('How did you hear of us?'), quAttr: { isRequired: true }, quRadios: [opt('c1a', 'Friends'), opt('c1b', 'Web')] }],
  ...extra,
});

const publish = (name, doc) => publishSurvey(api, name, 'survey', doc);
/** A browser context that only reaches the server and the given extra hosts. */
const newPage = (extraHosts = []) => openPage(browser, external, { extraHosts });

/** yyyy-MM-dd HH:mm:ss of an instant in the server zone. */
function serverTime(ms) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

async function waitSave(page, action) {
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('save-survey-answer') && r.request().method() === 'POST', { timeout: T }),
    action(),
  ]);
  return resp.json();
}

/** Answers the one-question survey in a fresh browser; returns the save result. */
async function answerOnce(sid, pwd) {
  const { ctx, page } = await newPage();
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${sid}`, { waitUntil: 'networkidle' });
    if (pwd) {
      await page.getByPlaceholder('Enter the answer password').fill(pwd);
      await page.getByRole('button', { name: 'Start answering' }).click();
    }
    await page.locator('#qu-c1').getByText('Web').click();
    const saved = await waitSave(page, () => page.getByRole('button', { name: 'Submit' }).click());
    return saved;
  } finally {
    await ctx.close();
  }
}

const status = async (id) => {
  const r = await api('GET', `app/survey/collect-status.do?surveyId=${id}`);
  assert.equal(r.resultCode, 200, JSON.stringify(r));
  return r.data;
};

async function until(fn, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// ---------------------------------------------------------------- (a) start later, end now

test('(a) a survey starting in 20 s answers 408 before, accepts after, and End now on c/url closes it (405)', async () => {
  const startMs = Date.now() + 20000;
  const s = await publish(`Start later ${run}`, oneQuestion({ surveyAttrs: { anStartTimeAttr: { enabled: true, startTime: serverTime(startMs) } } }));
  const { ctx, page } = await newPage();
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await page.getByText('The survey has not started yet').waitFor();
    assert.equal(await page.locator('#qu-c1').count(), 0, 'no question before the start');

    // the author sees the schedule on c/url
    const ap = admin.page;
    await ap.goto(`${BASE}/v8/dws/c/url/${s.id}`, { waitUntil: 'networkidle' });
    assert.equal(await ap.locator('[data-testid=collect-answer-url]').inputValue(), `${BASE}/v8/diaowen/an/${s.sid}`);
    await ap.getByText(serverTime(startMs)).first().waitFor();
    const qr = await ap.evaluate(async (u) => {
      const r = await fetch(u);
      return { type: r.headers.get('content-type'), n: (await r.arrayBuffer()).byteLength };
    }, await ap.locator('[data-testid=qr-img]').getAttribute('src'));
    assert.equal(qr.type, 'image/png');
    assert.ok(qr.n > 100, 'QR PNG');

    // after the start: the link accepts an answer
    await until(async () => Date.now() > startMs + 500, 30000, 'start time');
    await until(
      async () => {
        await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
        return (await page.locator('#qu-c1').count()) > 0;
      },
      30000,
      'the survey opens',
    );
    await page.locator('#qu-c1').getByText('Friends').click();
    const saved = await waitSave(page, () => page.getByRole('button', { name: 'Submit' }).click());
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));

    // End now from c/url
    await ap.reload({ waitUntil: 'networkidle' });
    await ap.locator('[data-testid=collect-state][data-state="1"]').waitFor();
    await ap.locator('[data-testid=collect-end]').click();
    await ap.locator('[data-testid=confirm-ok]').click();
    await ap.locator('[data-testid=collect-state][data-state="2"]').waitFor();
    assert.equal((await status(s.id)).state, 2);

    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await page.getByText('The survey is not collecting answers').waitFor();
    const chk = await api('GET', `none/v6/dw-answer-survey/survey-json-by-survey-id.do?sid=${s.sid}`);
    assert.equal(chk.data?.answerCheckResult?.anCheckResultCode ?? chk.data?.anCheckResultCode, 405, JSON.stringify(chk).slice(0, 300));

    // the status's monitor link opens this survey's workflow history (admins)
    const st = await status(s.id);
    assert.ok(st.monitorPath, JSON.stringify(st));
    await ap.goto(`${BASE}${st.monitorPath}`, { waitUntil: 'networkidle' });
    await ap.locator('.ant-drawer').getByText('CollectionWorkflow').first().waitFor();
    await ap.locator('.ant-drawer').getByText('WorkflowExecutionStarted').first().waitFor();
    // the monitor also shows the outbox (events waiting to start their workflows)
    await ap.keyboard.press('Escape');
    await ap.getByTestId('outbox-state').filter({ hasText: /Every event has started its workflow|events are waiting/ }).waitFor();
  } finally {
    await ctx.close();
  }
});

// ---------------------------------------------------------------- (b) end after 3

test('(b) a survey with end-after-3 closes itself after the third answer and c/url shows it ended', async () => {
  const s = await publish(`End after 3 ${run}`, oneQuestion({ surveyAttrs: { anEndNumAttr: { enabled: true, endNum: 3 } } }));
  for (let i = 0; i < 3; i++) {
    const saved = await answerOnce(s.sid);
    assert.equal(saved.data?.anCheckResultCode, 201, `answer ${i + 1}: ${JSON.stringify(saved)}`);
  }
  const ap = admin.page;
  await ap.goto(`${BASE}/v8/dws/c/url/${s.id}`, { waitUntil: 'networkidle' });
  // the page refreshes its status every 5 s; the workflow closes the survey after the commit
  await ap.locator('[data-testid=collect-state][data-state="2"]').waitFor({ timeout: 30000 });
  assert.equal(await ap.locator('[data-testid=collect-count]').innerText(), '3');
  const st = await status(s.id);
  assert.equal(st.state, 2);
  assert.equal(st.answerCount, 3);
  // the link refuses a fourth answer
  const { ctx, page } = await newPage();
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await page.locator('.dwa-message-text.dwa-red').waitFor();
    assert.equal(await page.locator('#qu-c1').count(), 0);
  } finally {
    await ctx.close();
  }
  // My surveys shows it ended
  await ap.goto(`${BASE}/v8/dw/survey`, { waitUntil: 'networkidle' });
  const row = ap.locator('tr', { hasText: `End after 3 ${run}` });
  await row.getByText('Ended').waitFor();
});

// ---------------------------------------------------------------- (c) widget

async function thirdPartySite(html) {
  const srv = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => srv.close(r)));
  return `127.0.0.1:${srv.address().port}`;
}

/** Turns framing on for the survey open on c/comp and lists the sites that may frame it. */
async function allowSites(ap, sites) {
  const sw = ap.locator('[data-testid=embed-enabled]');
  if ((await sw.getAttribute('aria-checked')) !== 'true') await sw.click();
  await ap.locator('[data-testid=embed-origins]').fill(sites.join('\n'));
  const [resp] = await Promise.all([
    ap.waitForResponse((r) => r.url().includes('app/survey/comp/save.do'), { timeout: T }),
    ap.locator('[data-testid=embed-save]').click(),
  ]);
  assert.equal((await resp.json()).resultCode, 200);
}

test('(c) the c/comp widget snippet on a plain page of another origin opens the survey and submits an answer', async () => {
  const s = await publish(`Widget ${run}`, oneQuestion());
  const ap = admin.page;
  await ap.goto(`${BASE}/v8/dws/c/comp/${s.id}`, { waitUntil: 'networkidle' });
  await ap.locator('[data-testid=comp-kind-script]').click();
  await ap.locator('[data-testid=comp-mode-float]').click();
  await ap.locator('[data-testid=comp-text]').fill('Tell us');
  const code = await ap.locator('[data-testid=embed-snippet]').inputValue();
  assert.match(code, /<script src="[^"]+\/embed\/dwsurvey-embed\.js" data-sid="[^"]+" data-mode="float" data-text="Tell us"/);
  const host = await thirdPartySite(`<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Acme shop</h1><p>Welcome.</p>${code}</body></html>`);
  assert.notEqual(host, new URL(BASE).host);
  await allowSites(ap, [`http://${host}`]); // the answer page may be framed only by listed sites

  const { ctx, page } = await newPage([host]);
  try {
    await page.goto(`http://${host}/`, { waitUntil: 'networkidle' });
    const btn = page.locator('.dwsurvey-embed-btn');
    assert.equal(await btn.innerText(), 'Tell us');
    await btn.click();
    await page.locator('.dwsurvey-embed-overlay').waitFor();
    const frame = page.frameLocator('.dwsurvey-embed-overlay iframe');
    await frame.locator('#qu-c1').getByText('Web').click();
    const saved = await waitSave(page, () => frame.getByRole('button', { name: 'Submit' }).click());
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
    await frame.locator('[data-testid=answer-done]').waitFor();
    await page.locator('.dwsurvey-embed-close').click();
    await page.locator('.dwsurvey-embed-overlay').waitFor({ state: 'detached' });
  } finally {
    await ctx.close();
  }
  assert.equal((await status(s.id)).answerCount, 1, 'the answer is stored');

  // inline mode: an iframe where the script is
  await ap.locator('[data-testid=comp-mode-inline]').click();
  const inline = await ap.locator('[data-testid=embed-snippet]').inputValue();
  assert.match(inline, /data-mode="inline"/);
  // served as http://localhost:<port>: another site (not only another origin) than the server
  const host2 = (await thirdPartySite(`<!doctype html><html><body><div id="before">before</div>${inline}<div id="after">after</div></body></html>`)).replace('127.0.0.1', 'localhost');
  await allowSites(ap, [`http://${host}`, `http://${host2}`]);
  const p2 = await newPage([host2]);
  try {
    await p2.page.goto(`http://${host2}/`, { waitUntil: 'networkidle' });
    const fr = p2.page.frameLocator('.dwsurvey-embed-inline iframe');
    await fr.locator('#qu-c1').getByText('Friends').click();
    const saved = await waitSave(p2.page, () => fr.getByRole('button', { name: 'Submit' }).click());
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
    assert.equal(await p2.page.locator('#before + script + .dwsurvey-embed-inline + #after').count(), 1, 'the iframe sits where the script is');
  } finally {
    await p2.ctx.close();
  }
  assert.equal((await status(s.id)).answerCount, 2);
});

// ---------------------------------------------------------------- (d) bulk passwords

test('(d) two bulk answer passwords generated on c/pwd each admit one answer and then refuse', async () => {
  const s = await publish(`Passwords ${run}`, oneQuestion());
  const ap = admin.page;
  await ap.goto(`${BASE}/v8/dws/c/pwd/${s.id}`, { waitUntil: 'networkidle' });
  await ap.locator('#gen_count').fill('2');
  await ap.locator('#gen_length').fill('8');
  await ap.locator('#gen_tag').fill(`e2e-${run}`);
  await ap.locator('#gen_allowedCount').fill('1');
  const [resp] = await Promise.all([
    ap.waitForResponse((r) => r.url().includes('answer-pwd/generate.do')),
    ap.locator('[data-testid=pwd-generate]').click(),
  ]);
  const gen = await resp.json();
  assert.equal(gen.resultCode, 200, JSON.stringify(gen));
  assert.equal(gen.data.count, 2);
  await until(async () => (await ap.locator('[data-testid=pwd-code]').count()) === 2, T, 'two codes listed');
  const codes = await ap.locator('[data-testid=pwd-code]').allInnerTexts();
  assert.equal(new Set(codes).size, 2);
  for (const c of codes) assert.match(c, /^[A-Z2-9a-z]{8}$/);

  for (const c of codes) {
    const saved = await answerOnce(s.sid, c);
    assert.equal(saved.data?.anCheckResultCode, 201, `first use of ${c}: ${JSON.stringify(saved)}`);
    // the second use is refused
    const { ctx, page } = await newPage();
    try {
      await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
      await page.getByPlaceholder('Enter the answer password').fill(c);
      await page.getByRole('button', { name: 'Start answering' }).click();
      await page.locator('.dwa-pwd .dwa-error').getByText('maximum number of times').waitFor();
      assert.equal(await page.locator('#qu-c1').count(), 0);
    } finally {
      await ctx.close();
    }
  }
  assert.equal((await status(s.id)).answerCount, 2);
  await ap.reload({ waitUntil: 'networkidle' });
  await until(async () => (await ap.locator('[data-testid=pwd-used]').allInnerTexts()).join(',') === '1 / 1,1 / 1', T, 'used counts 1 / 1');
});

// ---------------------------------------------------------------- (e) other channels, bad input

test('(e) schedule, IP rules and share refuse bad input with the server message; quota, guide and redirect pages', async () => {
  const s = await publish(`Channels ${run}`, oneQuestion());
  const ap = admin.page;
  // schedule: a negative count and a start after the end are refused, nothing saved
  await ap.goto(`${BASE}/v8/dws/c/url/${s.id}`, { waitUntil: 'networkidle' });
  await ap.locator('[data-testid=collect-state][data-state="1"]').waitFor();
  await ap.locator('#sched_endNum').fill('-1');
  await ap.locator('[data-testid=sched-save]').click();
  await ap.locator('[data-testid=schedule-error]').getByText('The answer count limit cannot be negative').waitFor();
  const bad = await api('POST', 'app/survey/collect-schedule.do', { surveyId: s.id, startTime: serverTime(Date.now() + 7200e3), endTime: serverTime(Date.now() + 3600e3), endNum: 0 });
  assert.match(bad.resultMsg, /The start time must be before the end time/);
  assert.equal((await status(s.id)).endNum, 0, 'nothing saved');
  await ap.locator('#sched_endNum').fill('5');
  await ap.locator('[data-testid=sched-save]').click();
  await until(async () => (await status(s.id)).endNum === 5, T, 'schedule saved');

  // IP rules: line-numbered error, then a valid save
  await ap.goto(`${BASE}/v8/dws/c/ip/${s.id}`, { waitUntil: 'networkidle' });
  await ap.locator('[data-testid=ip-rules]').fill('10.0.0.1\n999.1.1.1');
  await ap.locator('[data-testid=ip-save]').click();
  await ap.locator('[data-testid=ip-error]').getByText('line 2').waitFor();
  assert.equal((await api('GET', `app/survey/ip-rule/get.do?surveyId=${s.id}`)).data?.rules || '', '', 'nothing saved');
  await ap.locator('[data-testid=ip-mode-deny]').click();
  await ap.locator('[data-testid=ip-rules]').fill('10.0.0.0/8');
  await ap.locator('[data-testid=ip-save]').click();
  await until(async () => (await api('GET', `app/survey/ip-rule/get.do?surveyId=${s.id}`)).data?.mode === 'deny', T, 'ip rules saved');

  // share settings
  await ap.goto(`${BASE}/v8/dws/survey/c/share/${s.id}`, { waitUntil: 'networkidle' });
  await ap.locator('[data-testid=share-title]').fill('Tell us what you think');
  await ap.locator('[data-testid=share-image]').fill('/favicon.svg');
  await ap.locator('[data-testid=share-desc]').fill('Two minutes.');
  await ap.locator('[data-testid=share-save]').click();
  await until(async () => (await api('GET', `app/survey/share/get.do?surveyId=${s.id}`)).data?.title === 'Tell us what you think', T, 'share saved');

  // quota progress (no quotas: the empty state), the public page, the guide and the end redirect
  await ap.goto(`${BASE}/v8/dws/d/quota-progress/${s.id}`, { waitUntil: 'networkidle' });
  await ap.getByText('This survey has no quotas').waitFor();
  await ap.goto(`${BASE}/v8/diaowen/dw-quota-progress/${s.id}`, { waitUntil: 'networkidle' });
  await ap.getByText('This survey has no quotas').waitFor();
  await ap.goto(`${BASE}/v8/dws/c/wx/${s.id}`, { waitUntil: 'networkidle' });
  await ap.getByText('Share it in a chat or group').waitFor();
  await ap.goto(`${BASE}/v8/dws/c/redirection/${s.id}`, { waitUntil: 'networkidle' });
  await ap.waitForURL((u) => u.pathname === `/v8/dws/design/redirection/${s.id}`);

  // My surveys links every row to its collection pages
  await ap.goto(`${BASE}/v8/dw/survey`, { waitUntil: 'networkidle' });
  await ap.locator('tr', { hasText: `Channels ${run}` }).locator('[data-testid=row-collect]').click();
  await ap.waitForURL((u) => u.pathname === `/v8/dws/c/url/${s.id}`);
});
