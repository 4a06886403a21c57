// Accessibility journeys (issue 22): axe-core (WCAG 2.2 AA tags) on every answer page state,
// Chromium's accessibility tree per widget, a keyboard-only answer of every question type
// (desktop and phone) with the Tab stops counted, focus screenshots, the default theme's contrast
// and the style designer's contrast warning.
// Run: E2E_ONLY="e2e/a11y.test.mjs" … bash scripts/e2e.sh (A11Y_SHOTS=dir keeps the screenshots).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish as publishSurvey, uiLogin } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = Date.now().toString(36).slice(-6);
const SHOTS = process.env.A11Y_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'dwa-a11y-'));

let browser;
let api;
const external = [];

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
});

after(async () => {
  a11yReport();
  console.log(`  screenshots: ${SHOTS}`);
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the server host');
});

const publish = (name, surveyType, doc) => publishSurvey(api, name, surveyType, doc);
const newPage = (phone) => openPage(browser, external, { phone });
const text = (t) => ({ dwHtml: t, dwText: t });
const q = (page, id) => page.locator(`#qu-${id}`);

/**
 * One question of every type, from the engine's own vectors (testdata/engine/types.json), with
 * titles, option, row, column and group texts; ids are the type names.
 */
export function everyTypeQuestions({ optional = [] } = {}) {
  const types = JSON.parse(fs.readFileSync(path.join(here, '../../testdata/engine/types.json'), 'utf8'));
  const out = [];
  for (const [key, s] of Object.entries(types.surveys)) {
    if (key === 'optional') continue;
    const id = key.replace(/[^a-z0-9]/gi, '_');
    const src = JSON.parse(JSON.stringify(s.questions[0]).replaceAll('"q1', `"${id}`));
    const name = (o, t) => ({ ...o, optionTitleObj: text(t), optionTitle: t });
    const qq = { ...src, quTitleObj: text(`Question about ${key}`), quTitle: `Question about ${key}` };
    for (const k of ['quRadios', 'quCheckboxs', 'quScores', 'quOrderbys', 'quMultiFillblanks']) if (qq[k]) qq[k] = qq[k].map((o, i) => name(o, `${key} option ${i + 1}`));
    if (qq.quCols) qq.quCols = qq.quCols.map((o, i) => name(o, `Column ${i + 1}`));
    if (qq.quRows) {
      qq.quRows = qq.quRows.map((o, i) =>
        o.groupOptions ? { ...name(o, `Group ${i + 1}`), groupNameObj: text(`Group ${i + 1}`), groupOptions: o.groupOptions.map((g, j) => name(g, `${key} g${i + 1} option ${j + 1}`)) } : name(o, `Row ${i + 1}`),
      );
    }
    if (optional.includes(key) && qq.quAttr) qq.quAttr = { ...qq.quAttr, isRequired: false };
    out.push(qq);
  }
  return out;
}

// ---------------------------------------------------------------- axe on every answer page state

for (const phone of [false, true]) {
  test(`axe: every question type, before and after a failed submit (${phone ? 'phone' : 'desktop'})`, async () => {
    const s = await publish(`A11y types ${run} ${phone ? 'm' : 'd'}`, 'survey', { questions: everyTypeQuestions() });
    const { ctx, page } = await newPage(phone);
    try {
      await page.goto(`${BASE}/v8/diaowen/an/${phone ? 'm/' : ''}${s.sid}`, { waitUntil: 'networkidle' });
      await q(page, 'radio').waitFor();
      await checkA11y(page, `answer page, every type (${phone ? 'phone' : 'desktop'})`);
      await page.getByRole('button', { name: 'Submit' }).click();
      const summary = page.locator('[data-testid=answer-error-summary]');
      await summary.waitFor();
      await page.waitForTimeout(300);
      await checkA11y(page, `answer page, error state (${phone ? 'phone' : 'desktop'})`);
      // focus went to the first invalid question, and the summary names the questions with links
      const focusedIn = await page.evaluate(() => document.activeElement?.closest('.dwa-question')?.id);
      const firstInvalid = await page.locator('.dwa-question.dwa-has-error').first().getAttribute('id');
      assert.equal(focusedIn, firstInvalid, 'focus moved to the first invalid question');
      assert.ok((await summary.locator('a').count()) >= 20, 'one link per invalid question');
      assert.match(await summary.locator('a').first().innerText(), /^Question \d+ \(Question about \w+\): /);
    } finally {
      await ctx.close();
    }
  });
}

// ---------------------------------------------------------------- console pages

/**
 * Moderate or minor axe findings accepted in the console, with the reason (critical and serious
 * ones are never accepted).
 */
export const CONSOLE_ALLOW = {};

test('axe: console pages (login, lists, designer and its style tab, results, admin) have no critical or serious violation; the style designer warns about low contrast', async () => {
  const s = await publish(`A11y console ${run}`, 'survey', {
    questions: [
      { dwId: 'c1', quType: 'RADIO', quTitleObj: text('Which browser do you use most?'), quAttr: { isRequired: true }, quRadios: [{ dwId: 'c1a', optionTitleObj: text('Chrome') }, { dwId: 'c1b', optionTitleObj: text('Firefox') }] },
      { dwId: 'c2', quType: 'FILLBLANK', quTitleObj: text('Why?') },
    ],
  });
  // one answer so that results and raw data have rows
  const { ctx: actx, page: ap } = await newPage(false);
  await ap.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
  await q(ap, 'c1').getByText('Firefox').click();
  await Promise.all([ap.waitForResponse((r) => r.url().includes('save-survey-answer')), ap.getByRole('button', { name: 'Submit' }).click()]);
  await ap.locator('[data-testid=answer-done]').waitFor();
  await checkA11y(ap, 'answer page: done');
  await actx.close();

  const { ctx, page } = await newPage(false);
  // every page is checked; the failures are reported together at the end
  const failures = [];
  const check = (label, opts = {}) => checkA11y(page, label, { console: true, allow: CONSOLE_ALLOW, ...opts }).catch((e) => failures.push(e.message));
  try {
    await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
    await check('console: login');
    await uiLogin(page);
    assert.match((await page.getAttribute('html', 'lang')) || '', /^en/, 'the page language is set');
    const vp = await page.getAttribute('meta[name=viewport]', 'content');
    assert.ok(!/user-scalable\s*=\s*no|maximum-scale\s*=\s*1(\.0)?\b/.test(vp || ''), `zoom allowed (${vp})`);
    const pages = [
      ['my surveys', '/v8/dw/survey', '.ant-pro-table, .ant-table, .ant-list'],
      ['designer', `/v8/dws/design/edit/${s.id}`, '[data-testid]'],
      ['designer style', `/v8/dws/design/style/${s.id}`, '[data-testid=style-themeColor]'],
      ['chart results', `/v8/dws/d/chart/${s.id}`, 'canvas, table'],
      ['raw data', `/v8/dws/d/data/${s.id}`, '.ant-table'],
      ['admin users', '/v8/dw/admin/user/user', '.ant-table'],
    ];
    for (const [label, p, ready] of pages) {
      await page.goto(`${BASE}${p}`, { waitUntil: 'networkidle' });
      await page.locator(ready).first().waitFor();
      await page.waitForTimeout(500);
      await check(`console: ${label}`);
      if (label === 'designer style') {
        // a light theme colour: the warning names the contrast problem
        await page.locator('[data-testid=style-themeColor]').fill('#ffcc00');
        const warn = page.locator('[data-testid=style-contrast-warning]');
        await warn.waitFor();
        assert.match(await warn.innerText(), /Theme colour: .*1\.\d+:1 \(at least 4\.5:1 needed\)/);
        await page.screenshot({ path: path.join(SHOTS, 'designer-contrast-warning.png') });
        // the sample shows the author's own colours as respondents would see them: with a bad
        // colour it fails contrast by design (that is what the warning is about), so it is left out
        await check('console: designer style with the warning (sample of the author colours excluded)', { exclude: '[data-testid=style-sample]' });
      }
    }
    assert.deepEqual(failures, []);
  } finally {
    await ctx.close();
  }
});

// ---------------------------------------------------------------- keyboard only

/** The question (id after "qu-") and element focused now. */
const focused = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    const qu = a?.closest('.dwa-question');
    return { qid: qu ? qu.id.slice(3) : '', type: qu?.getAttribute('data-qu-type') || '', tag: a?.tagName.toLowerCase() || '', inputType: a?.getAttribute('type') || '', nav: !!a?.closest('.dwa-nav'), text: (a?.textContent || '').trim().slice(0, 40) };
  });

/**
 * Answers the question that has focus with keys only (Space, Enter, arrows, typing, Tab inside
 * it); returns the extra Tab presses used.
 */
async function answerFocused(page, f) {
  const k = page.keyboard;
  let tabs = 0;
  const tab = async (n = 1) => {
    for (let i = 0; i < n; i++) await k.press('Tab');
    tabs += n;
  };
  const t = f.type;
  if (['RADIO', 'YESNO', 'IMGRADIO', 'COMPRADIO', 'RADIOGROUP', 'CHECKBOX', 'IMGCHECKBOX', 'COMPCHECKBOX', 'CHECKBOXGROUP', 'IMGCHECKBOXGROUP', 'MATRIX_RADIO', 'MATRIX_SCALE', 'SCORE', 'CHENSCORE', 'MATRIX_CHECKBOX'].includes(t)) {
    // radios: arrow to the second value (moves and chooses); checkboxes: Space
    if (f.inputType === 'radio') await k.press('ArrowRight');
    else await k.press('Space');
    // every further item (score items, matrix rows, groups) of the question
    for (;;) {
      await tab();
      const g = await focused(page);
      if (g.qid !== f.qid) return { tabs, next: g };
      if (g.inputType === 'radio') await k.press('ArrowRight');
      else if (g.inputType === 'checkbox') await k.press('Space');
    }
  }
  if (t === 'SCALE_NPS') await k.press('ArrowRight');
  else if (t === 'SCALE_SLIDER' || t === 'MATRIX_SLIDER') {
    for (;;) {
      await k.press('ArrowRight');
      await tab();
      const g = await focused(page);
      if (g.qid !== f.qid) return { tabs, next: g };
    }
  } else if (t === 'ORDERQU') {
    // rank all three by Enter, then move the third up with the arrow key
    for (let i = 0; i < 3; i++) {
      await k.press('Enter');
      if (i < 2) await tab();
    }
    await k.press('ArrowUp');
    // a live region is read when it changes: wait for the change, then say what it became
    const live = page.locator(`#qu-${f.qid} .dwa-order > .dwa-sr[aria-live]`);
    await page.waitForFunction((el) => /ranked 2 of 3/.test(el?.textContent ?? ''), await live.elementHandle(), { timeout: 5000 }).catch(() => {});
    const said = await live.innerText();
    assert.match(said, /ranked 2 of 3/, `ranking change announced: ${said}`);
  } else if (t === 'UPLOADFILE') {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), k.press('Space')]);
    const tmp = path.join(os.tmpdir(), `kb-${run}.txt`);
    fs.writeFileSync(tmp, 'keyboard upload');
    await chooser.setFiles(tmp);
    await page.locator(`#qu-${f.qid} .dwa-files a`).waitFor();
  } else if (t === 'GEOLOCATION' || t === 'IMAGE_HOT' || t === 'MAP' || (t === 'DW_COMPONENT' && f.tag === 'div')) {
    await k.press('Enter');
    if (t === 'GEOLOCATION') await page.locator(`#qu-${f.qid} .dwa-geo-box`).waitFor();
  } else if (t === 'COLOR_PICKER') {
    await tab();
    await k.type('#336699');
  } else if (f.tag === 'input' || f.tag === 'textarea') {
    // text-like: every input of the question (blanks, matrix cells) gets a value
    for (;;) {
      const g = await focused(page);
      if (g.qid !== f.qid) return { tabs, next: g };
      if (g.tag === 'input' && g.inputType === 'number') await k.type('7');
      else if (g.tag === 'input' || g.tag === 'textarea') await k.type('kb');
      else if (g.tag === 'select') await k.press('ArrowDown');
      await tab();
    }
  } else if (f.tag === 'select') {
    for (;;) {
      const g = await focused(page);
      if (g.qid !== f.qid) return { tabs, next: g };
      if (g.tag === 'select') {
        await k.press('ArrowDown');
        // a cascade loads its next level after a choice: Tab once it is there
        if (t === 'CASCADE') {
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(200);
        }
      } else if (g.tag === 'input') await k.type('kb');
      await tab();
    }
  }
  return { tabs, next: null };
}

/** Tabs through the page answering every question on the way; stops on the Next/Submit button. */
async function answerPageByKeyboard(page, { skip = [] } = {}) {
  const done = new Set(skip);
  let tabs = 0;
  let next = null;
  for (let guard = 0; guard < 400; guard++) {
    let f = next;
    next = null;
    if (!f) {
      await page.keyboard.press('Tab');
      tabs++;
      f = await focused(page);
    }
    if (f.nav && /Next|Submit/.test(f.text)) return { tabs };
    if (f.qid && !done.has(f.qid)) {
      done.add(f.qid);
      const r = await answerFocused(page, f);
      tabs += r.tabs;
      next = r.next;
    }
  }
  throw new Error('the Next/Submit button was not reached by Tab');
}

const choiceScalePage = () => {
  const o = (id, n) => Array.from({ length: n }, (_, i) => ({ dwId: `${id}o${i + 1}`, optionTitleObj: text(`${id} choice ${i + 1}`) }));
  const req = { isRequired: true };
  return [
    { dwId: 'k1', quType: 'RADIO', quTitleObj: text('Which browser do you use most?'), quAttr: req, quRadios: o('k1', 3) },
    { dwId: 'k2', quType: 'RADIO', quTitleObj: text('How often do you shop online?'), quAttr: req, quRadios: o('k2', 4) },
    { dwId: 'k3', quType: 'YESNO', quTitleObj: text('Do you own a car?'), quAttr: req, quRadios: o('k3', 2) },
    { dwId: 'k4', quType: 'IMGRADIO', quTitleObj: text('Pick a picture'), quAttr: req, quRadios: o('k4', 3) },
    { dwId: 'k5', quType: 'SCALE_NPS', quTitleObj: text('How likely are you to recommend us?'), quAttr: req },
    { dwId: 'k6', quType: 'SCORE', quTitleObj: text('Rate the service'), quAttr: req, quScores: o('k6', 1) },
    { dwId: 'k7', quType: 'SCALE_SLIDER', quTitleObj: text('How satisfied are you?'), quAttr: req },
    { dwId: 'k8', quType: 'MATRIX_RADIO', quTitleObj: text('Delivery speed'), quAttr: req, quRows: o('k8r', 1), quCols: o('k8c', 3) },
    { dwId: 'k9', quType: 'MATRIX_SCALE', quTitleObj: text('Price fairness'), quAttr: req, quRows: o('k9r', 1) },
    { dwId: 'k10', quType: 'CHENSCORE', quTitleObj: text('Rate the packaging'), quAttr: req, quScores: o('k10', 1) },
  ];
};

for (const phone of [false, true]) {
  test(`keyboard only: every question type answered with Tab, arrows, Space, Enter; an error is reached, fixed and submitted (${phone ? 'phone' : 'desktop'})`, async () => {
    // signature (a path-based drawing, WCAG 2.1.1's exception) and the image upload (the file
    // upload's widget, but it needs an image file) are optional here; everything else is required
    // (the cascade reads the built-in region tree, its levels chosen with the arrow keys)
    const rest = everyTypeQuestions({ optional: ['signature', 'upload_image'] }).map((x) =>
      x.quType === 'MATRIX_INPUT_MATRIX_SELECT'
        ? { ...x, quAttr: { ...x.quAttr, inputAttr: { commonAttr: { inputType: 'Select' }, selectAttr: { options: 'Good,Bad' } } } }
        : x.quType === 'CASCADE'
          ? { ...x, quAttr: { ...x.quAttr, cascadeAttr: { cascadeJsonId: 'builtin-china-pcd' } } }
          : x,
    );
    const s = await publish(`A11y keyboard ${run} ${phone ? 'm' : 'd'}`, 'survey', { questions: [...choiceScalePage(), { dwId: 'pk', quType: 'PAGETAG' }, ...rest] });
    const ctx = await browser.newContext(
      phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' } : { viewport: { width: 1366, height: 900 }, locale: 'en-US' },
    );
    await ctx.grantPermissions(['geolocation']);
    await ctx.setGeolocation({ latitude: 30.27, longitude: 120.15, accuracy: 20 });
    await ctx.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
    const page = await ctx.newPage();
    page.setDefaultTimeout(T);
    try {
      await page.goto(`${BASE}/v8/diaowen/an/${phone ? 'm/' : ''}${s.sid}`, { waitUntil: 'networkidle' });
      await q(page, 'k1').waitFor();
      // page 1: the last question is left out; Next takes focus to it
      const first = await answerPageByKeyboard(page, { skip: ['k10'] });
      const stops = await page.evaluate(() => {
        const all = Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')).filter((e) => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length);
        // radios of one name are one Tab stop
        const seen = new Set();
        return all.filter((e) => (e.type === 'radio' ? !seen.has(e.name) && seen.add(e.name) : true)).length;
      });
      console.log(`  ${phone ? 'phone' : 'desktop'}: Tab stops from the top to Next on a page of 10 choice/scale questions: ${stops} (10 questions + Next); Tab presses used while answering: ${first.tabs}`);
      assert.ok(stops <= 10 + 1, `at most one Tab stop per question plus the buttons (${stops})`);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=answer-error-summary]').waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('.dwa-question')?.id === 'qu-k10');
      await page.keyboard.press('ArrowRight');
      // on to Next: Tab out of the question (the summary link and the rest are behind)
      for (let i = 0; i < 5 && !(await focused(page)).nav; i++) await page.keyboard.press('Tab');
      assert.ok((await focused(page)).nav, 'Next reached by Tab after the fix');
      await page.keyboard.press('Enter');
      await q(page, 'radio').waitFor();
      // page 2: every other type (widgets loaded on demand are in place once the network is idle)
      await page.waitForLoadState('networkidle');
      await q(page, 'uploadfile').locator('input[type=file]').waitFor({ state: 'attached' });
      await answerPageByKeyboard(page);
      const [saved] = await Promise.all([page.waitForResponse((r) => r.url().includes('save-survey-answer')), page.keyboard.press('Enter')]);
      const body = await saved.json();
      if (body.data?.anCheckResultCode !== 201) {
        const errs = await page.locator('.dwa-has-error').evaluateAll((els) => els.map((e) => `${e.id}: ${e.querySelector('.dwa-error')?.textContent}`));
        assert.fail(`not submitted: ${JSON.stringify(body).slice(0, 300)} ${errs.join('; ')}`);
      }
      await page.locator('[data-testid=answer-done]').waitFor();
      await checkA11y(page, `answer page: done after keyboard answering (${phone ? 'phone' : 'desktop'})`);
    } finally {
      await ctx.close();
    }
  });
}

// ---------------------------------------------------------------- accessibility tree per widget

/** Chromium's computed accessibility node of the first element matching selector. */
async function axNode(page, cdp, selector) {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  if (!nodeId) return null;
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  const n = nodes.find((x) => !x.ignored) ?? nodes[0];
  const props = Object.fromEntries((n.properties ?? []).map((p) => [p.name, p.value?.value]));
  return { role: n.role?.value, name: n.name?.value ?? '', description: n.description?.value ?? '', value: n.value?.value, ...props };
}

/** The element of a question that carries its answer state (first control, or its radio group). */
const CONTROL = ':is([role=radiogroup], input:not([type=hidden]), select, textarea, [role=button], button:not(.dwa-flag))';

test('accessibility tree: each widget announces its question, required state, value and error', async () => {
  // the cascade reads the built-in region tree, so that it has its level selects
  const questions = everyTypeQuestions().map((x) => (x.quType === 'CASCADE' ? { ...x, quAttr: { ...x.quAttr, cascadeAttr: { cascadeJsonId: 'builtin-china-pcd' } } } : x));
  const s = await publish(`A11y tree ${run}`, 'survey', { questions });
  const { ctx, page } = await newPage(false);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('Accessibility.enable');
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await q(page, 'radio').waitFor();
    await q(page, 'cascade').locator('select').first().locator('option', { hasText: '浙江省' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('[data-testid=answer-error-summary]').waitFor();
    const ids = await page.locator('.dwa-question.dwa-has-error').evaluateAll((els) => els.map((e) => e.id.slice(3)));
    assert.ok(ids.length >= 30, `invalid questions: ${ids.length}`);
    const rows = [];
    for (const id of ids) {
      const err = (await q(page, id).locator('.dwa-error').innerText()).trim();
      const group = await axNode(page, cdp, `#qu-${id}`);
      assert.equal(group.role, 'group', `${id}: a group`);
      assert.ok(group.name.includes(`Question about`) && group.name.includes('Required'), `${id}: group named by the title and Required: "${group.name}"`);
      assert.ok(group.description.includes(err), `${id}: group described by its error "${err}": "${group.description}"`);
      const ctl = await axNode(page, cdp, `#qu-${id} .dwa-qbody ${CONTROL}`);
      assert.ok(ctl, `${id}: a control in the accessibility tree`);
      // the control itself: invalid, or described by the error (buttons cannot be invalid)
      assert.ok(ctl.invalid === 'true' || ctl.invalid === true || ctl.description.includes(err), `${id}: control ${ctl.role} "${ctl.name}" tells the error (invalid=${ctl.invalid}, description="${ctl.description}")`);
      rows.push(`${id}: ${ctl.role} "${ctl.name.slice(0, 48)}"${ctl.required ? ' required' : ''}${ctl.invalid ? ' invalid' : ''} — ${ctl.description.slice(0, 40)}`);
    }
    // values and states after answering
    await q(page, 'radio').getByText('radio option 2').click();
    const rg = await axNode(page, cdp, '#qu-radio [role=radiogroup]');
    assert.equal(rg.name.includes('Question about radio'), true, rg.name);
    assert.equal(String(rg.required), 'true');
    const chosen = await axNode(page, cdp, '#qu-radio input[type=radio]:checked');
    assert.equal(chosen.name, 'radio option 2');
    assert.equal(String(chosen.checked), 'true');
    await q(page, 'scale_nps').locator('label', { hasText: /^7$/ }).click();
    const nps = await axNode(page, cdp, '#qu-scale_nps input[type=radio]:checked');
    assert.equal(nps.name, '7');
    await q(page, 'fillblank').locator('input').fill('Hangzhou');
    const fb = await axNode(page, cdp, '#qu-fillblank input');
    assert.equal(fb.value, 'Hangzhou');
    assert.match(fb.name, /Question about fillblank/);
    assert.ok(!fb.invalid || fb.invalid === 'false', 'valid once answered');
    const slider = await axNode(page, cdp, '#qu-scale_slider input[type=range]');
    assert.match(slider.name, /Question about scale_slider/);
    // before a choice the slider says so (Chromium's tree keeps the numeric value next to it)
    assert.equal(await q(page, 'scale_slider').locator('input[type=range]').getAttribute('aria-valuetext'), 'Not answered');
    // a checkbox, a matrix cell (named by its row and column) and a cascade level tell their state
    await q(page, 'checkbox').getByText('checkbox option 1').click();
    const cb = await axNode(page, cdp, '#qu-checkbox input[type=checkbox]:checked');
    assert.equal(cb.name, 'checkbox option 1');
    assert.equal(String(cb.checked), 'true');
    await q(page, 'matrix_radio').locator('input[type=radio]').nth(1).check();
    const cell = await axNode(page, cdp, '#qu-matrix_radio input[type=radio]:checked');
    assert.equal(cell.name, 'Row 1 - Column 2');
    assert.equal(String(cell.checked), 'true');
    await q(page, 'cascade').locator('select').first().selectOption({ label: '浙江省' });
    const level = await axNode(page, cdp, '#qu-cascade select');
    assert.equal(level.role, 'combobox');
    assert.equal(level.value, '浙江省');
    const cgroup = await axNode(page, cdp, '#qu-cascade .dwa-cascade');
    assert.match(cgroup.name, /Question about cascade/, 'the cascade levels are grouped under the question title');
    await q(page, 'orderqu').getByRole('button', { name: /orderqu option 2/ }).click();
    const ranked = await axNode(page, cdp, '#qu-orderqu [data-opt=orderqua2]');
    assert.match(ranked.name, /ranked 1 of 3/);
    console.log(`  accessibility tree (after a failed submit):\n    ${rows.join('\n    ')}`);
    // an ARIA snapshot of two widgets, as Playwright reads them
    console.log(`  ARIA snapshot, radio:\n${await q(page, 'radio').ariaSnapshot()}`);
  } finally {
    await ctx.close();
  }
});

// ---------------------------------------------------------------- dialogs, review, focus screenshots

test('dialogs trap focus, close with Escape where allowed and give focus back; focus screenshots', async () => {
  const mk = (n) => ({ dwId: `e${n}`, quType: 'RADIO', quTitleObj: text(`Exam question ${n}`), quAttr: { isRequired: true, scoreAttr: { maxScore: 5 } }, quRadios: ['a', 'b'].map((k) => ({ dwId: `e${n}${k}`, optionTitleObj: text(`E${n} option ${k}`), isRight: k === 'a', scoreNum: k === 'a' ? 5 : 0 })) });
  const s = await publish(`A11y exam ${run}`, 'exam', {
    surveyAttrs: { examAttr: { answerCard: { enabled: true } }, scoreAttr: { enabled: true, showSumScore: { enabled: true, showContent: 'sumAndDetail' } } },
    questions: [mk(1), mk(2)],
  });
  const { ctx, page } = await newPage(false);
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await q(page, 'e1').waitFor();
    const cardBtn = page.getByRole('button', { name: 'Answer card' });
    await cardBtn.focus();
    await page.keyboard.press('Enter');
    const dlg = page.getByRole('dialog', { name: 'Answer card' });
    await dlg.waitFor();
    assert.ok(await dlg.evaluate((d) => d.contains(document.activeElement)), 'focus moved into the dialog');
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    assert.ok(await dlg.evaluate((d) => d.contains(document.activeElement)), 'Tab stays inside');
    for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+Tab');
    assert.ok(await dlg.evaluate((d) => d.contains(document.activeElement)), 'Shift+Tab stays inside');
    await checkA11y(page, 'answer page: answer card dialog');
    await page.keyboard.press('Escape');
    await dlg.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Answer card', 'focus back on the button that opened it');

    // focus screenshots of five widgets and the error summary
    await page.setViewportSize({ width: 900, height: 700 });
    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.locator('[data-testid=answer-error-summary]');
    await summary.waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, 'error-summary.png') });
    await q(page, 'e1').getByText('E1 option a').click();
    await q(page, 'e2').getByText('E2 option b').click();
    // the local-draft choice: a dialog the spec gives no close — Escape leaves it open, focus inside
    await page.waitForTimeout(2600);
    await page.reload({ waitUntil: 'networkidle' });
    const draft = page.getByRole('dialog', { name: /local draft/i });
    await draft.waitFor();
    assert.ok(await draft.evaluate((d) => d.contains(document.activeElement)), 'focus in the draft dialog');
    await checkA11y(page, 'answer page: local draft dialog');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    assert.equal(await draft.count(), 1, 'Escape does not dismiss a choice the respondent must make');
    await draft.getByRole('button', { name: 'Use the local draft' }).click();
    await draft.waitFor({ state: 'detached' });
    assert.equal(await q(page, 'e1').locator('input:checked').count(), 1, 'draft restored');
    // submit: the score review (the respondent's transcript) is checked too
    await Promise.all([page.waitForResponse((r) => r.url().includes('save-survey-answer')), page.getByRole('button', { name: 'Submit' }).click()]);
    await page.waitForURL((u) => u.pathname.startsWith(`/v8/diaowen/an/review/${s.sid}/`), { timeout: T });
    await page.locator('[data-testid=answer-review]').waitFor();
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'answer review (score detail)');
    // the transcript's other view: only the wrongly answered questions (E2 option b was wrong)
    const wrongOnly = page.getByRole('button', { name: 'View wrong questions' });
    await wrongOnly.click();
    assert.equal(await wrongOnly.getAttribute('aria-pressed'), 'true');
    await checkA11y(page, 'answer review (transcript: wrong questions only)');
  } finally {
    await ctx.close();
  }
  // the focus ring on five widgets (one page holding them)
  const w = await publish(`A11y focus ${run}`, 'survey', {
    questions: [
      { dwId: 'f1', quType: 'RADIO', quTitleObj: text('Which browser do you use most?'), quAttr: { isRequired: true }, quRadios: [{ dwId: 'f1a', optionTitleObj: text('Chrome') }, { dwId: 'f1b', optionTitleObj: text('Firefox') }] },
      { dwId: 'f2', quType: 'SCALE_NPS', quTitleObj: text('How likely are you to recommend us?'), quAttr: { isRequired: true } },
      { dwId: 'f3', quType: 'FILLBLANK', quTitleObj: text('Your city'), quAttr: { isRequired: true } },
      { dwId: 'f4', quType: 'ORDERQU', quTitleObj: text('Rank these'), quOrderbys: [{ dwId: 'f4a', optionTitleObj: text('Price') }, { dwId: 'f4b', optionTitleObj: text('Quality') }, { dwId: 'f4c', optionTitleObj: text('Speed') }] },
      { dwId: 'f5', quType: 'MATRIX_RADIO', quTitleObj: text('Delivery'), quRows: [{ dwId: 'f5r1', optionTitleObj: text('Speed') }, { dwId: 'f5r2', optionTitleObj: text('Care') }], quCols: [{ dwId: 'f5c1', optionTitleObj: text('Good') }, { dwId: 'f5c2', optionTitleObj: text('Bad') }] },
    ],
  });
  const { ctx: c2, page: p2 } = await newPage(false);
  try {
    await p2.setViewportSize({ width: 900, height: 700 });
    await p2.goto(`${BASE}/v8/diaowen/an/${w.sid}`, { waitUntil: 'networkidle' });
    await q(p2, 'f1').waitFor();
    const shots = [
      ['focus-radio', 'f1', '#qu-f1 input[type=radio]'],
      ['focus-nps', 'f2', '#qu-f2 input[type=radio]'],
      ['focus-text', 'f3', '#qu-f3 input'],
      ['focus-ranking', 'f4', '#qu-f4 button'],
      ['focus-matrix', 'f5', '#qu-f5 input[type=radio]'],
    ];
    for (const [name, id, sel] of shots) {
      // keyboard focus (focus-visible): Tab from the element before
      await p2.locator(sel).first().focus();
      await p2.keyboard.press('Shift+Tab');
      await p2.keyboard.press('Tab');
      await q(p2, id).screenshot({ path: path.join(SHOTS, `${name}.png`) });
    }
    // the focus indicator is at least 2 px and 3:1 against white
    const ring = await p2.evaluate(() => {
      const s = getComputedStyle(document.activeElement);
      return { w: parseFloat(s.outlineWidth), c: s.outlineColor, style: s.outlineStyle };
    });
    assert.ok(ring.w >= 2 && ring.style !== 'none', `focus outline ${JSON.stringify(ring)}`);
  } finally {
    await c2.close();
  }
});

// ---------------------------------------------------------------- contrast of the default theme

test('default theme contrast: texts 4.5:1, control borders and focus ring 3:1 (computed colours on the page)', async () => {
  const s = await publish(`A11y contrast ${run}`, 'survey', {
    questions: [
      { dwId: 'c1', quType: 'FILLBLANK', quTitleObj: text('Your city'), quNoteObj: text('As on your ID card'), quAttr: { isRequired: true } },
      { dwId: 'c2', quType: 'SCALE_NPS', quTitleObj: text('Recommend us?'), quAttr: { isRequired: true } },
    ],
  });
  const { ctx, page } = await newPage(false);
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await q(page, 'c1').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('[data-testid=answer-error-summary]').waitFor();
    await q(page, 'c1').locator('input').focus();
    const res = await page.evaluate(() => {
      const rgb = (c) => (c.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
      const lum = (c) => {
        const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        const [r, g, b] = rgb(c);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      const ratio = (a, b) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return Math.round(((x + 0.05) / (y + 0.05)) * 100) / 100;
      };
      // the first ancestor with an opaque background
      const bg = (el) => {
        for (let e = el; e; e = e.parentElement) {
          const c = getComputedStyle(e).backgroundColor;
          if (c && !/rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent') return c;
        }
        return 'rgb(255, 255, 255)';
      };
      const text = (sel) => {
        const el = document.querySelector(sel);
        return el ? ratio(getComputedStyle(el).color, bg(el)) : null;
      };
      const border = (sel) => {
        const el = document.querySelector(sel);
        return el ? ratio(getComputedStyle(el).borderTopColor, bg(el.parentElement)) : null;
      };
      const input = document.querySelector('#qu-c1 input');
      return {
        'question text': text('.dwa-qtitle-text'),
        'note': text('.dwa-qnote'),
        'error badge': text('.dwa-error'),
        'summary link': text('.dwa-summary a'),
        'character counter': text('.dwa-counter'),
        'footer or hint': text('.dwa-footer') ?? text('.dwa-hint'),
        'primary button': text('.dwa-nav .dwa-primary'),
        'text field border (3:1)': border('#qu-c1 input'),
        'scale button border (3:1)': border('.dwa-scale-btn'),
        'focus ring (3:1)': ratio(getComputedStyle(input).outlineColor, bg(input.parentElement)),
      };
    });
    console.log(`  default theme contrast: ${Object.entries(res).map(([k, v]) => `${k} ${v}:1`).join(', ')}`);
    for (const [k, v] of Object.entries(res)) {
      if (v === null) continue;
      assert.ok(v >= (k.includes('(3:1)') ? 3 : 4.5), `${k}: ${v}:1`);
    }
  } finally {
    await ctx.close();
  }
});

// ---------------------------------------------------------------- reflow

test('reflow: at 320 px (400 % zoom of 1280) the answer page needs no horizontal scrolling but in matrix tables', async () => {
  const s = await publish(`A11y reflow ${run}`, 'survey', { questions: everyTypeQuestions() });
  const ctx = await browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'en-US' });
  const page = await ctx.newPage();
  page.setDefaultTimeout(T);
  try {
    await page.goto(`${BASE}/v8/diaowen/an/m/${s.sid}`, { waitUntil: 'networkidle' });
    await q(page, 'radio').waitFor();
    const wide = await page.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('.dwa-question')) {
        if (el.closest('.dwa-matrix-wrap')) continue;
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1) out.push(`${el.id} ${Math.round(r.right)}px`);
      }
      return { page: document.documentElement.scrollWidth, out };
    });
    await page.screenshot({ path: path.join(SHOTS, 'reflow-320.png') });
    assert.deepEqual(wide.out, [], 'questions fit 320 px');
    assert.ok(wide.page <= 321, `page width ${wide.page}px at a 320 px viewport`);
    await checkA11y(page, 'answer page at 320 px');
  } finally {
    await ctx.close();
  }
});
