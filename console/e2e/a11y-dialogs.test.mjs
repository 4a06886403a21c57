// Accessibility of the answer page's remaining dialogs and timers (issue 22): the submit
// confirmation (a survey setting that must survive publishing), the terminated-answer dialog when
// the page's maximum time runs out, the exam tab-switch warning; the timers' polite announcements
// (said at the marks, not every second, and never by colour alone); prefers-reduced-motion
// stopping the scrolling text and the carousel autoplay. axe (no violation at all) on each.
// Run: E2E_ONLY="e2e/a11y-dialogs.test.mjs" … bash scripts/e2e.sh
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish as publishSurvey } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
let browser;
let api;
const external = [];

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
});

after(async () => {
  a11yReport();
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the server host');
});

const publish = (name, surveyType, doc) => publishSurvey(api, name, surveyType, doc);
const newPage = (opts) => openPage(browser, external, opts);
const text = (t) => ({ dwHtml: t, dwText: t });
const radio = (id, title) => ({ dwId: id, quType: 'RADIO', quTitleObj: text(title), quAttr: { isRequired: true }, quRadios: [{ dwId: `${id}a`, optionTitleObj: text('Yes') }, { dwId: `${id}b`, optionTitleObj: text('No') }] });
const inside = (loc) => loc.evaluate((d) => d.contains(document.activeElement));

/** Records every text the page's polite timer region says (window.__said), from now on. */
async function recordAnnouncements(page) {
  await page.evaluate(() => {
    window.__said = [];
    const el = document.querySelector('[data-testid=answer-timer-say]');
    if (el.textContent) window.__said.push(el.textContent);
    new MutationObserver(() => el.textContent && window.__said.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
}

test('submit confirmation: the setting survives publishing; the dialog traps focus, closes with Escape, ties its errors to the fields and submits', async () => {
  const s = await publish(`A11y confirm ${run}`, 'survey', { surveyAttrs: { submitConfirmAttr: { enabled: true } }, questions: [radio('q1', 'Do you agree?')] });
  const { ctx, page } = await newPage();
  try {
    // the published document the answer page loads still carries the setting
    const [doc] = await Promise.all([page.waitForResponse((r) => r.url().includes('survey-json-by-survey-id')), page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' })]);
    const published = JSON.parse((await doc.json()).data.surveyJson.surveyJsonText);
    assert.deepEqual(published.surveyAttrs?.submitConfirmAttr, { enabled: true }, 'submitConfirmAttr published');
    await page.locator('#qu-q1').getByText('Yes').click();
    const submitBtn = page.getByRole('button', { name: 'Submit' });
    await submitBtn.focus();
    await page.keyboard.press('Enter');
    const dlg = page.getByRole('dialog', { name: 'Confirm your information' });
    await dlg.waitFor();
    assert.ok(await inside(dlg), 'focus moved into the dialog');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('label')?.textContent?.trim()), 'Name', 'focus on the first field');
    await checkA11y(page, 'answer page: submit confirmation dialog');
    for (let i = 0; i < 9; i++) await page.keyboard.press('Tab');
    assert.ok(await inside(dlg), 'Tab stays inside');
    for (let i = 0; i < 9; i++) await page.keyboard.press('Shift+Tab');
    assert.ok(await inside(dlg), 'Shift+Tab stays inside');
    await page.keyboard.press('Escape');
    await dlg.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Submit', null, { timeout: 2000 }).catch(() => {});
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Submit', 'focus back on Submit');
    // again, with wrong values: each field is invalid and described by its rule
    await page.keyboard.press('Enter');
    await dlg.waitFor();
    const name = dlg.getByRole('textbox', { name: 'Name' });
    const phone = dlg.getByRole('textbox', { name: 'Mobile phone' });
    await name.fill('x');
    await phone.fill('123');
    await dlg.getByRole('button', { name: 'Confirm and submit' }).click();
    await dlg.getByText('Please complete the confirmation info').first().waitFor();
    for (const [field, rule] of [
      [name, 'Enter 2 to 20 Chinese characters'],
      [phone, 'Enter a valid mainland mobile number'],
    ]) {
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      const desc = await field.evaluate((el) => (el.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' '));
      assert.ok(desc.includes(rule), `described by "${rule}": ${desc}`);
    }
    await checkA11y(page, 'answer page: submit confirmation with errors');
    await name.fill('张三');
    await phone.fill('13812345678');
    assert.equal(await name.getAttribute('aria-invalid'), null, 'valid once fixed');
    await Promise.all([page.waitForResponse((r) => r.url().includes('save-survey-answer')), dlg.getByRole('button', { name: 'Confirm and submit' }).click()]);
    await page.locator('[data-testid=answer-done]').waitFor();
  } finally {
    await ctx.close();
  }
});

test('page maximum time: announced politely at the marks only, shown as text; the terminated dialog keeps focus, ignores Escape and submits', async () => {
  // 20 s for the page
  const s = await publish(`A11y timer ${run}`, 'survey', { surveyAttrs: { pageAnTimeAttr: { anMaxTime: { enabled: true, time: 1 / 3 } } }, questions: [radio('t1', 'Quick one?')] });
  const { ctx, page } = await newPage();
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await page.locator('#qu-t1').getByText('Yes').click();
    await recordAnnouncements(page);
    const timer = page.getByRole('timer');
    const shown = new Set();
    const dlg = page.getByRole('dialog', { name: 'Answer terminated' });
    const deadline = Date.now() + 60000;
    while (!(await dlg.count()) && Date.now() < deadline) {
      if (await timer.count()) shown.add((await timer.innerText()).trim());
      await page.waitForTimeout(400);
    }
    await dlg.waitFor({ timeout: T });
    const said = await page.evaluate(() => window.__said);
    console.log(`  timer texts seen: ${shown.size}; announcements: ${JSON.stringify(said)}`);
    assert.ok(shown.size >= 8, `the visible timer counts down in text (${[...shown].join(', ')})`);
    assert.ok([...shown].every((x) => /^Time left /.test(x)), 'the timer says what it is, not colour alone');
    // not chatty: when it appears (if recorded in time) and at 10 s — never once a second
    assert.ok(said.length >= 1 && said.length <= 3, `announcements: ${JSON.stringify(said)}`);
    assert.ok(said.some((x) => /Time left 00:(10|0\d)/.test(x)), `the 10 s mark is announced: ${JSON.stringify(said)}`);
    assert.equal(await page.locator('[data-testid=answer-timer-say]').getAttribute('aria-live'), 'polite');
    // the dialog: focus inside, Escape does not dismiss it (the only way on is to submit)
    assert.ok(await inside(dlg), 'focus in the terminated dialog');
    await checkA11y(page, 'answer page: terminated dialog');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    assert.equal(await dlg.count(), 1, 'Escape does not close it');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    assert.ok(await inside(dlg), 'Tab stays inside');
    const [saved] = await Promise.all([page.waitForResponse((r) => r.url().includes('save-survey-answer')), dlg.getByRole('button', { name: 'Submit now' }).click()]);
    assert.equal(saved.status(), 200);
  } finally {
    await ctx.close();
  }
});

test('page minimum time: the wait and the moment Next is possible are announced', async () => {
  // 5 s minimum on page 1
  const s = await publish(`A11y min ${run}`, 'survey', {
    surveyAttrs: { pageAnTimeAttr: { anMinTime: { enabled: true, time: 1 / 12 } } },
    questions: [radio('m1', 'First?'), { dwId: 'pg', quType: 'PAGETAG' }, radio('m2', 'Second?')],
  });
  const { ctx, page } = await newPage();
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await page.locator('#qu-m1').waitFor();
    await recordAnnouncements(page);
    await page.waitForFunction(() => window.__said.some((x) => /You can go on now/.test(x)), null, { timeout: 30000 });
    const said = await page.evaluate(() => window.__said);
    console.log(`  minimum time announcements: ${JSON.stringify(said)}`);
    assert.ok(said.length <= 3, `not chatty: ${JSON.stringify(said)}`);
    await checkA11y(page, 'answer page: page minimum passed');
  } finally {
    await ctx.close();
  }
});

test('exam tab-switch warning: shown after the allowed switches, focus inside, not dismissed by Escape, gives way to the exam', async () => {
  const s = await publish(`A11y switch ${run}`, 'exam', { surveyAttrs: { examAttr: { pageEvent: { switch: { enabled: true, maxCount: 1 } } } }, questions: [radio('x1', 'Exam question')] });
  const { ctx, page } = await newPage();
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await page.locator('#qu-x1').getByText('No').click();
    // leave the page and come back (the browser's visibility change)
    const flip = (state) =>
      page.evaluate((st) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => st });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => st === 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await flip('hidden');
    await page.waitForTimeout(1100);
    await flip('visible');
    const dlg = page.getByRole('dialog', { name: 'Do not switch screens' });
    await dlg.waitFor();
    assert.ok(await inside(dlg), 'focus in the warning');
    assert.match(await dlg.innerText(), /Switched away 1 times/);
    await checkA11y(page, 'answer page: tab-switch warning');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    assert.equal(await dlg.count(), 1, 'Escape does not dismiss the warning');
    await page.keyboard.press('Enter'); // "I understand" has focus
    await dlg.waitFor({ state: 'detached' });
    assert.ok(!(await page.evaluate(() => document.activeElement === document.body && document.querySelector('.dwa-modal'))), 'no dialog left holding focus');
  } finally {
    await ctx.close();
  }
});

test('prefers-reduced-motion: no scrolling text and no carousel autoplay (and both move without it)', async () => {
  const img = `${BASE}/logo.svg`;
  const s = await publish(`A11y motion ${run}`, 'survey', {
    questions: [
      { dwId: 'sc', quType: 'DW_COMPONENT', childType: 'scrolltext', quTitleObj: text('Notice'), quAttr: { scrollTextAttr: { scrollText: text('Welcome to the survey, please answer calmly'), duration: 10 } } },
      { dwId: 'ca', quType: 'DW_COMPONENT', childType: 'carousel', quTitleObj: text('Pictures'), quAttr: { carouselAttr: { autoplay: true, height: 80 } }, quRadios: [1, 2, 3].map((n) => ({ dwId: `ca${n}`, optionTitleObj: text(`Picture ${n}`), optionImg: { imgSrc: `${img}?n=${n}` } })) },
      radio('r1', 'Fine?'),
    ],
  });
  const look = async (reduce) => {
    const { ctx, page } = await newPage();
    try {
      await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
      await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
      await page.locator('#qu-ca img').waitFor();
      const first = await page.locator('#qu-ca img').getAttribute('alt');
      const anim = await page.locator('#qu-sc .dwa-scroll-inner').evaluate((el) => getComputedStyle(el).animationName);
      await page.waitForTimeout(3600);
      const later = await page.locator('#qu-ca img').getAttribute('alt');
      if (reduce) await checkA11y(page, 'answer page: reduced motion');
      return { anim, moved: first !== later, first, later };
    } finally {
      await ctx.close();
    }
  };
  const still = await look(true);
  const moving = await look(false);
  console.log(`  reduced motion: ${JSON.stringify(still)}; no preference: ${JSON.stringify(moving)}`);
  assert.equal(still.anim, 'none', 'no scrolling text');
  assert.equal(still.moved, false, 'the carousel stays');
  assert.notEqual(moving.anim, 'none', 'the text scrolls without the preference');
  assert.equal(moving.moved, true, 'the carousel plays without the preference');
});

test('answer gates: the password form (a wrong password tied to its field), the verification code (a new picture from the keyboard) and the not-started message have no axe violation', async () => {
  // password
  const p = await publish(`A11y password ${run}`, 'survey', { surveyAttrs: { anPwdAttr: { enabled: true, anPwdCode: 'open-sesame' } }, questions: [radio('p1', 'Behind a password?')] });
  {
    const { ctx, page } = await newPage();
    try {
      await page.goto(`${BASE}/v8/diaowen/an/${p.sid}`, { waitUntil: 'networkidle' });
      const field = page.getByRole('textbox', { name: 'Enter the answer password' });
      await field.waitFor();
      await checkA11y(page, 'answer page: password form');
      await field.fill('wrong');
      await field.press('Enter');
      const err = page.locator('.dwa-pwd .dwa-error');
      await err.waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true', 'the field is invalid');
      const desc = await field.evaluate((el) => (el.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' '));
      assert.equal(desc.trim(), (await err.innerText()).trim(), 'the field is described by the message');
      await checkA11y(page, 'answer page: password form with a wrong password');
      await field.fill('open-sesame');
      await field.press('Enter');
      await page.locator('#qu-p1').waitFor();
    } finally {
      await ctx.close();
    }
  }
  // verification code: shown from the first answer of this address on
  const c = await publish(`A11y captcha ${run}`, 'survey', { surveyAttrs: { anRefreshAttr: { randomCode: true, randomCodeNum: 1 } }, questions: [radio('v1', 'Again?')] });
  const first = await api('POST', 'none/v6/dw-answer-survey/save-survey-answer.do', {
    surveyId: c.id,
    sid: c.sid,
    jsonVersion: 6,
    answerJson: { answerCommon: { answerDwId: `cap-${run}` }, anQuestions: [{ quDwId: 'v1', quType: 'RADIO', anRadio: { optionDwId: 'v1a' } }] },
  });
  assert.equal(first.data?.anCheckResultCode, 201, JSON.stringify(first));
  {
    const { ctx, page } = await newPage();
    try {
      await page.goto(`${BASE}/v8/diaowen/an/${c.sid}`, { waitUntil: 'networkidle' });
      const code = page.getByRole('textbox', { name: 'Verification code' });
      await code.waitFor();
      await checkA11y(page, 'answer page: verification code');
      const picture = page.locator('.dwa-captcha img');
      const before = await picture.getAttribute('src');
      assert.equal(await page.locator('.dwa-captcha button img').count(), 1, 'the picture is inside a button');
      // from the field, Tab reaches the picture's button; Enter fetches a new picture
      await code.focus();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'dwa-captcha-img', 'the picture is a Tab stop');
      const [img] = await Promise.all([page.waitForResponse((r) => r.url().includes('jcaptcha.do'), { timeout: T }), page.keyboard.press('Enter')]);
      assert.equal(img.status(), 200);
      assert.notEqual(await picture.getAttribute('src'), before, 'a new picture');
    } finally {
      await ctx.close();
    }
  }
  // not started yet (a day ahead: whatever the server's zone)
  const ahead = new Date(Date.now() + 2 * 86400e3).toISOString().slice(0, 19).replace('T', ' ');
  const n = await publish(`A11y later ${run}`, 'survey', { surveyAttrs: { anStartTimeAttr: { enabled: true, startTime: ahead } }, questions: [radio('n1', 'Later?')] });
  {
    const { ctx, page } = await newPage();
    try {
      await page.goto(`${BASE}/v8/diaowen/an/${n.sid}`, { waitUntil: 'networkidle' });
      await page.getByText('The survey has not started yet').waitFor();
      await checkA11y(page, 'answer page: not started (408)');
    } finally {
      await ctx.close();
    }
  }
});
