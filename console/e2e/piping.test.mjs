// Answer piping journey (issue 21) in real Chromium (Debian /usr/bin/chromium) driven by
// playwright-core: an author quotes Q1 in Q3's title, in an option of Q4 and on the end page
// through the designer's "Insert answer of…" picker; the checker flags a placeholder to a
// deleted question (save refuses it) and one to a later question while questions move, and
// moving keeps placeholders on the same questions. A respondent answers on desktop and on a
// phone: the texts follow Q1 as it changes, a hostile answer shows as characters, a second
// content language translates the piped option; the end page, the owner's review, the raw-data
// detail and print show the same piped text; the submit button and the end redirect's query quote
// answers too. axe runs on every page opened.
// Run: E2E_ONLY=e2e/piping.test.mjs bash scripts/e2e.sh (after make build console)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const HOSTILE = '<img src=x onerror=window.__pwned=1>';

let browser;
let api;
let s; // {id, sid}
let answerId = '';
const external = [];

const title = (t) => ({ quTitle: t, quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t) => ({ dwId: id, optionTitle: t, optionTitleObj: { dwHtml: t, dwText: t } });
const DOC = {
  questions: [
    { dwId: 'q1', quType: 'RADIO', ...title('Which fruit?'), quRadios: [opt('q1a1', 'Apple'), opt('q1a2', 'Banana')] },
    { dwId: 'q2', quType: 'FILLBLANK', ...title('Your name?') },
    { dwId: 'qt', quType: 'FILLBLANK', ...title('Temporary') },
    { dwId: 'q3', quType: 'FILLBLANK', ...title('Why?') },
    { dwId: 'q4', quType: 'CHECKBOX', ...title('Anything else?'), quCheckboxs: [opt('q4a1', 'More'), opt('q4a2', 'Nothing')] },
  ],
};

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  const name = `Piping ${run}`;
  const add = await api('POST', 'app/survey/add.do', { surveyName: name, surveyType: 'survey' });
  assert.equal(add.resultCode, 200, JSON.stringify(add));
  const full = { surveyType: 'survey', surveyNameObj: { dwHtml: name, dwText: name }, surveyName: name, ...DOC };
  const save = await api('POST', 'app/v6/dw-design-survey/save-survey-json.do', { surveyId: add.data.id, surveyJsonText: JSON.stringify(full) });
  assert.equal(save.resultCode, 200, JSON.stringify(save));
  s = { id: add.data.id, sid: add.data.sid };
});

after(async () => {
  a11yReport();
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the server host');
});

const draft = async () => {
  const r = await api('GET', `app/v6/dw-design-survey/survey-json-by-survey-id.do?surveyId=${s.id}`);
  assert.equal(r.resultCode, 200, JSON.stringify(r));
  return JSON.parse(r.data.surveyJsonText);
};

/** Puts the caret at the end of a rich-text field. */
async function caretEnd(page, field) {
  await field.click();
  await field.evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    r.collapse(false);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(r);
  });
  await page.keyboard.press('End');
}

// The designer is checked whole (the selected question's settings panel included) with the
// picker open on a question's title.
const DESIGN_A11Y = { console: true };

/** Opens the picker of the focused field, checks what it offers and inserts `name`
 *  (with `a11y`, axe checks the designer, or what a11yOpts names, while the picker is open). */
async function pick(page, name, offered, a11y, a11yOpts = DESIGN_A11Y) {
  await page.locator('[data-testid=rt-pipe]').click();
  const list = page.locator('[data-testid=rt-pipe-list]');
  await list.waitFor();
  if (a11y) await checkA11y(page, a11y, a11yOpts);
  if (offered) {
    const names = await list.locator('option').evaluateAll((l) => l.map((o) => o.value));
    assert.deepEqual(names, offered, 'the picker offers only earlier questions');
  }
  await list.selectOption(name);
  await list.press('Enter');
  await list.waitFor({ state: 'detached' });
}

const titleOf = (page, i) => page.locator(`[data-testid=qu-${i}] [data-testid=qu-title]`);
const text = (l) => l.evaluate((el) => el.textContent);

test('designer: the picker writes placeholders, the checker flags deleted and later questions, moves keep them on the same questions', async () => {
  const { ctx, page } = await openPage(browser, external);
  try {
    await uiLogin(page);
    await page.goto(`${BASE}/v8/dws/design/edit/${s.id}`, { waitUntil: 'networkidle' });
    await titleOf(page, 4).waitFor();

    // Q4's title: "{Q2|Friend}, you chose {Q1}. Why?" (Q1 through the picker: earlier questions only)
    const t3 = titleOf(page, 3);
    await t3.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('{Q2|Friend}, you chose ');
    await pick(page, 'Q1', ['Q1', 'Q2', 'Q3'], 'piping: designer with the picker open');
    await page.keyboard.type('. Why?');
    assert.equal(await text(t3), '{Q2|Friend}, you chose {Q1}. Why?');

    // an option of the checkbox question quotes Q1; another quotes the temporary Q3
    const o0 = page.locator('[data-testid=qu-4] [data-testid=opt-0]');
    await caretEnd(page, o0);
    await page.keyboard.type(' ');
    await pick(page, 'Q1', ['Q1', 'Q2', 'Q3', 'Q4']);
    assert.equal(await text(o0), 'More {Q1}');
    const o1 = page.locator('[data-testid=qu-4] [data-testid=opt-1]');
    await caretEnd(page, o1);
    await page.keyboard.type(' ');
    await pick(page, 'Q3');
    assert.equal(await text(o1), 'Nothing {Q3}');

    // deleting the temporary question: the placeholder is flagged, save refuses the document
    await page.locator('[data-testid=qu-2] [data-testid=qu-del]').click();
    await page.locator('[data-testid=pipe-issue-pipeDeleted]').waitFor();
    await checkA11y(page, 'piping: designer with a placeholder issue', DESIGN_A11Y);
    assert.equal(await text(titleOf(page, 2)), '{Q2|Friend}, you chose {Q1}. Why?', 'earlier placeholders unchanged');
    const [resp] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('save-survey-json.do') && r.request().method() === 'POST'),
      page.locator('[data-testid=design-save]').click(),
    ]);
    const body = await resp.json();
    assert.notEqual(body.resultCode, 200, 'save refuses a placeholder to a deleted question');
    assert.match(JSON.stringify(body), /deleted/);
    await page.locator('.ant-modal-confirm-btns button, .ant-modal-footer button').last().click().catch(() => undefined);
    // the author removes it: the issue goes
    const o1b = page.locator('[data-testid=qu-3] [data-testid=opt-1]');
    await o1b.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Nothing');
    await page.locator('[data-testid=pipe-issues]').waitFor({ state: 'detached' });

    // moving Q1 down twice: placeholders follow it (it becomes a later question: a warning)
    const down = async (i) => page.locator(`[data-testid=qu-${i}] [data-testid=qu-down]`).click();
    await down(0);
    await page.waitForFunction(() => document.querySelector('[data-testid=qu-2] [data-testid=qu-title]')?.textContent === '{Q1|Friend}, you chose {Q2}. Why?');
    await down(1);
    await page.waitForFunction(() => document.querySelector('[data-testid=qu-1] [data-testid=qu-title]')?.textContent === '{Q1|Friend}, you chose {Q3}. Why?');
    await page.locator('[data-testid=pipe-issue-pipeLater]').waitFor();
    assert.equal(await text(page.locator('[data-testid=qu-3] [data-testid=opt-0]')), 'More {Q3}');
    // and back: the texts are as written
    await page.locator('[data-testid=qu-2] [data-testid=qu-up]').click();
    await page.locator('[data-testid=qu-1] [data-testid=qu-up]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=qu-2] [data-testid=qu-title]')?.textContent === '{Q2|Friend}, you chose {Q1}. Why?');
    await page.locator('[data-testid=pipe-issues]').waitFor({ state: 'detached' });
    assert.equal(await text(page.locator('[data-testid=qu-3] [data-testid=opt-0]')), 'More {Q1}');

    // saved, then the end page: "Thanks, {Q1}!" (every question offered)
    const [moved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('save-survey-json.do') && r.request().method() === 'POST'),
      page.locator('[data-testid=design-save]').click(),
    ]);
    assert.equal((await moved.json()).resultCode, 200);
    await page.locator('[data-testid=tab-redirection]').click();
    await page.waitForURL((u) => u.pathname.startsWith('/v8/dws/design/redirection/'), { timeout: T });
    await page.waitForLoadState('networkidle');
    await page.locator('[data-testid=end-text-on]').click();
    await checkA11y(page, 'piping: end page editor', DESIGN_A11Y);
    const end = page.locator('[data-testid=end-text]');
    await end.click();
    await page.keyboard.type('Thanks, ');
    // the open toolbar and its picker sit under the field: the whole page is checked with them open
    await pick(page, 'Q1', ['Q1', 'Q2', 'Q3', 'Q4'], 'piping: end page picker');
    await page.keyboard.type('!');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('save-survey-json.do') && r.request().method() === 'POST'),
      page.locator('[data-testid=design-save]').click(),
    ]);
    const sb = await saved.json();
    assert.equal(sb.resultCode, 200, JSON.stringify(sb));
  } finally {
    await ctx.close();
  }
  const d = await draft();
  assert.equal(d.questions.length, 4);
  assert.equal(d.questions[2].quTitleObj.dwText, '{Q2|Friend}, you chose {Q1}. Why?');
  assert.equal(d.questions[3].quCheckboxs[0].optionTitleObj.dwText, 'More {Q1}');
  assert.match(d.surveyAttrs.endPageAttr.textAttr.submitSuccess.text, /Thanks, \{Q1\}!/);
  assert.deepEqual(d.dwPipes['q3/quTitle'], [{ name: 'Q2', quDwId: 'q2' }, { name: 'Q1', quDwId: 'q1' }]);
  // publish, and a second content language that translates the quoted options
  const dev = await api('POST', 'app/v6/dw-design-survey/dev-survey.do', { surveyId: s.id });
  assert.equal(dev.resultCode, 200, JSON.stringify(dev));
  const items = [
    { lanCode: 'q1a1', lanType: 'optionTitle', lanValue: 'Pomme' },
    { lanCode: 'q1a2', lanType: 'optionTitle', lanValue: 'Banane' },
    { lanCode: 'q3', lanType: 'quTitle', lanValue: '{Q2|Ami}, vous avez choisi {Q1}. Pourquoi ?' },
  ];
  const lang = await api('POST', 'app/v6/language/add', { surveyId: s.id, languageCode: 'fr', languageName: 'Français', languageJsonScript: JSON.stringify(items) });
  assert.equal(lang.resultCode, 200, JSON.stringify(lang));
});

const qt = (page, id) => page.locator(`#qt-${id} .dwa-qtitle-text`);

test('respondent on desktop: texts follow Q1 as it changes, a hostile answer shows as characters, the end page quotes the answer', async () => {
  const { ctx, page } = await openPage(browser, external);
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await qt(page, 'q3').waitFor();
    assert.match(await qt(page, 'q3').innerText(), /Friend, you chose \. Why\?/, 'fallback and nothing before any answer');
    await page.locator('#qu-q1').getByText('Banana').click();
    await page.waitForFunction(() => /you chose Banana\. Why\?/.test(document.querySelector('#qt-q3 .dwa-qtitle-text')?.textContent ?? ''));
    assert.match(await page.locator('#qu-q4').innerText(), /More Banana/);
    await page.locator('#qu-q1').getByText('Apple').click();
    await page.waitForFunction(() => /you chose Apple\. Why\?/.test(document.querySelector('#qt-q3 .dwa-qtitle-text')?.textContent ?? ''));
    assert.match(await page.locator('#qu-q4').innerText(), /More Apple/);
    // a hostile name: shown as the characters typed, no element, nothing runs
    await page.locator('#qu-q2 input').fill(HOSTILE);
    await page.waitForFunction((h) => (document.querySelector('#qt-q3 .dwa-qtitle-text')?.textContent ?? '').startsWith(h), HOSTILE);
    assert.equal(await page.locator('#qt-q3 img').count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await checkA11y(page, 'piping: answer page (desktop) with piped texts');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('save-survey-answer') && r.request().method() === 'POST').then((r) => r.json()),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
    answerId = saved.data.dbAnswerId;
    const done = page.locator('.dwa-result-text');
    await done.waitFor();
    assert.equal((await done.innerText()).trim(), 'Thanks, Apple!');
    await checkA11y(page, 'piping: end page');
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
  } finally {
    await ctx.close();
  }
});

test('respondent on a phone and in a second content language: the piped option is translated', async () => {
  const phone = await openPage(browser, external, { phone: true });
  try {
    const page = phone.page;
    await page.goto(`${BASE}/v8/diaowen/an/m/${s.sid}`, { waitUntil: 'networkidle' });
    await qt(page, 'q3').waitFor();
    await page.locator('#qu-q1').getByText('Banana').tap();
    await page.waitForFunction(() => /you chose Banana\./.test(document.querySelector('#qt-q3 .dwa-qtitle-text')?.textContent ?? ''));
    await page.locator('#qu-q2 input').fill('Mia');
    await page.waitForFunction(() => /^Mia, you chose Banana\./.test(document.querySelector('#qt-q3 .dwa-qtitle-text')?.textContent ?? ''));
    // Q1 changes on the phone too: the title and the quoting option follow
    await page.locator('#qu-q1').getByText('Apple').tap();
    await page.waitForFunction(() => /^Mia, you chose Apple\./.test(document.querySelector('#qt-q3 .dwa-qtitle-text')?.textContent ?? ''));
    assert.match(await page.locator('#qu-q4').innerText(), /More Apple/);
    await checkA11y(page, 'piping: answer page (phone)');
  } finally {
    await phone.ctx.close();
  }
  const fr = await openPage(browser, external);
  try {
    const page = fr.page;
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}?lang=fr`, { waitUntil: 'networkidle' });
    await page.locator('#qu-q1').getByText('Pomme').click();
    await page.waitForFunction(() => /Ami, vous avez choisi Pomme\. Pourquoi/.test(document.querySelector('#qt-q3 .dwa-qtitle-text')?.textContent ?? ''));
    assert.match(await page.locator('#qu-q4').innerText(), /More Pomme/);
    await checkA11y(page, 'piping: answer page (second content language)');
  } finally {
    await fr.ctx.close();
  }
});

test("the owner's review, raw-data detail and print show the same piped text", async () => {
  assert.ok(answerId, 'an answer was submitted');
  const want = `${HOSTILE}, you chose Apple. Why?`;
  const { ctx, page } = await openPage(browser, external);
  try {
    await uiLogin(page);
    // owner review of the answer
    await page.goto(`${BASE}/v8/diaowen/an/review/${s.sid}/${answerId}`, { waitUntil: 'networkidle' });
    await page.getByText('you chose Apple').first().waitFor();
    assert.ok((await page.locator('body').innerText()).includes(want), 'review shows the piped title');
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await checkA11y(page, "piping: owner's review");
    // raw data: detail drawer
    await page.goto(`${BASE}/v8/dws/d/data/${s.id}`, { waitUntil: 'networkidle' });
    const row = page.locator(`tr[data-row-key="${answerId}"]`);
    await row.waitFor();
    await row.locator('[data-testid=data-view]').click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.locator('[data-testid=detail-answer]').getByText('you chose Apple').first().waitFor();
    assert.ok((await drawer.locator('[data-testid=detail-answer]').innerText()).includes(want), 'detail shows the piped title');
    assert.match(await drawer.locator('[data-testid=detail-answer]').innerText(), /More Apple/);
    await checkA11y(page, 'piping: raw-data detail', { console: true });
    await page.keyboard.press('Escape');
    // print view
    const [popup] = await Promise.all([ctx.waitForEvent('page', { timeout: T }), row.locator('[data-testid=data-print]').click()]);
    const view = popup.locator('[data-testid=print-view]');
    await view.getByText('you chose Apple').first().waitFor();
    assert.ok((await view.innerText()).includes(want), 'print shows the piped title');
    assert.equal(await popup.evaluate(() => window.__pwned), undefined);
    await checkA11y(popup, 'piping: print view', { console: true });
    await popup.close();
  } finally {
    await ctx.close();
  }
});

test('button texts and the end redirect query quote answers (each typed text one percent-encoded query value)', async () => {
  const landing = `${BASE}/v8/piping-landing-${run}`;
  const p = await publish(api, `Piping redirect ${run}`, 'survey', {
    surveyStyle: { submitBtnText: 'Send, {Q2|friend}' },
    surveyAttrs: { endPageAttr: { redirectionAttr: { enabled: true, redirectionType: '1', reqUrl: `${landing}?fruit={Q1}&name={Q2}` } } },
    questions: [DOC.questions[0], DOC.questions[1]],
  });
  const { ctx, page } = await openPage(browser, external);
  try {
    await page.goto(`${BASE}/v8/diaowen/an/${p.sid}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Send, friend' }).waitFor();
    await page.locator('#qu-q1').getByText('Banana').click();
    await page.locator('#qu-q2 input').fill('Ann & Bob=1 <b>');
    const submit = page.getByRole('button', { name: 'Send, Ann & Bob=1 <b>' });
    await submit.waitFor();
    await checkA11y(page, 'piping: piped button text');
    await submit.click();
    await page.waitForURL((u) => u.pathname === new URL(landing).pathname, { timeout: T });
    const u = new URL(page.url());
    assert.equal(u.searchParams.get('fruit'), 'Banana');
    assert.equal(u.searchParams.get('name'), 'Ann & Bob=1 <b>', 'the typed text is one query value');
    assert.match(page.url(), /\?fruit=Banana&name=Ann%20%26%20Bob%3D1%20%3Cb%3E$/);
  } finally {
    await ctx.close();
  }
});
