// Content languages journey (issue 16) in real Chromium against `dwsurvey dev`, whose AI
// translations go to the local chat-completions stand-in (tools/aistandin, started by
// scripts/e2e.sh: every text comes back as "[en] <text>", tags and placeholders kept):
//  1. the author adds English to a Chinese survey by AI translation on design/language (a
//     TranslationWorkflow; progress, then the draft side by side with the originals), fixes
//     one string, saves the draft and publishes it;
//  2. the translation file round trip: the .xlsx export has the spec's columns; the file with
//     two cells changed is previewed (2 changed) and imported into the draft, then published;
//  3. a respondent answers in Chinese, switches to English mid-survey and keeps the answers;
//  4. the console in each of the eight languages on the survey list, designer, charts and the
//     users admin page: no missing-key markers, no English interface text left (every line of
//     the page checked against the en-US texts the language translates), screenshots;
//  5. the answer page's own texts (buttons, page progress, required marks and messages) in
//     ja-JP and ru-RU, from src/locales/answer/<lang>.ts (skipped, naming the file, while a
//     language has none: the page then answers in English, which is asserted instead).
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/language.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, settled, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t.replace(/<[^>]*>/g, '') } });
const radio = (id, t) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t } });
const q = (page, id) => page.locator(`#qu-${id}`);

let browser;
let api;
let token;
const external = [];

before(async () => {
  token = await apiLogin();
  api = apiClient(token);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  a11yReport();
  assert.deepEqual(external, [], 'no request left the server');
});

test('AI translation, review, publish, file round trip, respondent switches mid-survey', async () => {
  const s = await publish(api, `语言 ${run}`, 'survey', {
    // the author's own button texts and end page text are content too (translated below)
    surveyStyle: { nextBtnText: '继续', prevBtnText: '返回', submitBtnText: '交卷' },
    surveyAttrs: { endPageAttr: { textAttr: { submitSuccess: { enabled: true, text: '<p>谢谢参与</p>' } } } },
    questions: [
      { dwId: 'c1', quType: 'RADIO', ...title('你喜欢什么<b>颜色</b>？'), quAttr: { isRequired: true }, quRadios: [radio('c1a', '红色'), radio('c1b', '蓝色')] },
      { dwId: 'c2', quType: 'FILLBLANK', ...title('你的名字') },
      { dwId: 'cp', quType: 'PAGETAG' },
      { dwId: 'c3', quType: 'FILLBLANK', ...title('备注') },
    ],
  });
  const { ctx, page } = await openPage(browser, external);
  try {
    await uiLogin(page);
    await page.goto(`${BASE}/v8/dws/design/language/${s.id}`, { waitUntil: 'networkidle' });
    await page.getByText('No content languages yet').waitFor();
    await checkA11y(page, 'design: languages', { console: true });

    // 1. AI translation into English
    await page.locator('[data-testid=lg-code]').click();
    await page.keyboard.type('English');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=lg-ai]').click();
    await page.locator('[data-testid=lg-job][data-state=done]').waitFor({ timeout: 3 * T });
    const editor = page.locator('[data-testid=lg-editor]');
    await editor.waitFor();
    const titleBox = page.locator('[data-testid=lg-text-quTitle-c1]');
    await titleBox.waitFor();
    assert.equal(await titleBox.inputValue(), '[en] 你喜欢什么<b>颜色</b>？');
    assert.equal(await page.locator('[data-testid=lg-text-optionTitle-c1a]').inputValue(), '[en] 红色');
    await checkA11y(page, 'design: language editor', { console: true });
    // review and fix one string, save the draft, publish
    await titleBox.fill('Which <b>colour</b> do you like?');
    await page.locator('[data-testid=lg-text-optionTitle-c1a]').fill('Red');
    // the button texts and the end page text of the language, edited by the author
    const texts = { nextBtnText: 'Continue', prevBtnText: 'Go back', submitBtnText: 'Hand in', submitSuccess: '<p>Thanks for taking part</p>' };
    for (const [type, v] of Object.entries(texts)) {
      const box = page.locator(`[data-testid^="lg-text-${type}-"]`);
      assert.match(await box.inputValue(), /\[en\] /, `${type}: AI translated`);
      await box.fill(v);
    }
    await page.locator('[data-testid=lg-save]').click();
    await page.getByText('Saved successfully').first().waitFor();
    await page.locator('[data-testid=lg-publish-en]').click();
    await page.getByText('Published to respondents').first().waitFor();

    // 2. the translation file: export (spec columns), two cells changed, preview, import
    const xr = await fetch(`${BASE}/api/dwsurvey/app/v6/language/export.do?surveyId=${s.id}&languageCode=en`, { headers: { Authorization: token } });
    assert.equal(xr.status, 200);
    const xlsx = Buffer.from(await xr.arrayBuffer());
    assert.equal(xlsx.subarray(0, 2).toString(), 'PK');
    // the changed file is made by the server's own writer: re-add the texts, export, restore
    const ed = await api('GET', `app/v6/language/edit?surveyId=${s.id}&languageCode=en`);
    assert.equal(ed.resultCode, 200, JSON.stringify(ed));
    const rows = ed.data.rows;
    assert.deepEqual(rows.map((r) => (/Btn|submitSuccess|surveyName/.test(r.type) ? r.type : `${r.type} ${r.code}`)), [
      'surveyName', 'quTitle c1', 'optionTitle c1a', 'optionTitle c1b', 'quTitle c2', 'quTitle c3', 'nextBtnText', 'prevBtnText', 'submitBtnText', 'submitSuccess',
    ]);
    assert.equal(rows.find((r) => r.type === 'submitBtnText')?.translated, 'Hand in', 'the edited button text was saved');
    const changed = rows.map((r) => ({ lanCode: r.code, lanType: r.type, lanValue: r.code === 'c1b' ? 'Blue' : r.code === 'c2' ? 'Your name' : r.translated }));
    const tmp = await api('POST', 'app/v6/language/add', { surveyId: s.id, languageCode: 'fr', languageName: 'tmp', languageJsonScript: JSON.stringify(changed), draft: true });
    assert.equal(tmp.resultCode, 200, JSON.stringify(tmp));
    const fr = await fetch(`${BASE}/api/dwsurvey/app/v6/language/export.do?surveyId=${s.id}&languageCode=fr`, { headers: { Authorization: token } });
    const file = Buffer.from(await fr.arrayBuffer());
    await api('POST', 'app/v6/language/delete', { surveyId: s.id, languageCode: 'fr' });
    const chooser = page.waitForEvent('filechooser');
    await page.locator('[data-testid=lg-import-en]').click();
    await (await chooser).setFiles({ name: 'translation-en.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    const preview = page.locator('[data-testid=lg-preview]');
    await preview.getByText(`2 changed, ${rows.length - 2} unchanged, 0 not in this survey`).waitFor();
    await checkA11y(page, 'design: import preview', { console: true });
    await page.locator('[data-testid=lg-import-apply]').click();
    await page.getByText('Imported into the draft').first().waitFor();
    // the editor reloads the draft after the toast: wait for it (up to T), then assert
    await page.waitForFunction(() => document.querySelector('[data-testid=lg-text-optionTitle-c1b]')?.value === 'Blue', null, { timeout: T }).catch(() => {});
    assert.equal(await page.locator('[data-testid=lg-text-optionTitle-c1b]').inputValue(), 'Blue');
    await page.locator('[data-testid=lg-publish-en]').click();
    await page.getByText('Published to respondents').first().waitFor();
  } finally {
    await ctx.close();
  }

  // 3. a respondent starts in Chinese, switches to English mid-survey, keeps the answers
  const r = await openPage(browser, external);
  try {
    const rp = r.page;
    await rp.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    const sel = rp.locator('[data-testid=answer-lang]');
    await sel.waitFor();
    await sel.selectOption('');
    await q(rp, 'c1').getByText('蓝色').click();
    await q(rp, 'c2').locator('input').fill('李雷');
    await sel.selectOption('en');
    await q(rp, 'c1').locator('b', { hasText: 'colour' }).waitFor();
    await q(rp, 'c1').getByText('Blue').waitFor();
    await q(rp, 'c2').getByText('Your name').waitFor();
    assert.equal(await q(rp, 'c2').locator('input').inputValue(), '李雷', 'answer kept');
    assert.equal(await q(rp, 'c1').locator('input[type=radio]:checked').count(), 1, 'choice kept');
    await checkA11y(rp, 'answer: switched to English');
    // the author's button texts and end page text in English
    const next = rp.locator('.dwa-nav .dwa-primary');
    assert.match((await next.innerText()).trim(), /^Continue\b/);
    await next.click();
    await q(rp, 'c3').waitFor();
    await rp.getByRole('button', { name: 'Go back', exact: true }).waitFor();
    assert.equal((await rp.locator('.dwa-nav .dwa-primary').innerText()).trim(), 'Hand in');
    await rp.locator('.dwa-nav .dwa-primary').click();
    await rp.getByText('Thanks for taking part').waitFor();
    assert.equal(await rp.getByText('谢谢参与').count(), 0, 'the end page in English only');
  } finally {
    await r.ctx.close();
  }
});

// Every console text of a language, parsed from its locale files (src/locales/<module>/<lang>.ts,
// results/chart-<lang>.ts, data-<lang>.ts, core/, shell/): key -> text.
function consoleTexts(lang) {
  const root = new URL('../src/locales/', import.meta.url);
  const out = {};
  for (const dir of fs.readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of fs.readdirSync(new URL(`${dir.name}/`, root))) {
      if (f === `${lang}.ts` || f.endsWith(`-${lang}.ts`)) Object.assign(out, messagesOf(new URL(`${dir.name}/${f}`, root)));
    }
  }
  return Object.assign(messagesOf(new URL(`${lang}.ts`, root)), out);
}

// English interface texts that a page in `lang` must not show: every en-US text the language
// translates differently (texts it keeps as they are, like "DWSurvey", do not count).
function englishLeft(lang) {
  const en = consoleTexts('en-US');
  const own = consoleTexts(lang);
  return new Set(Object.entries(en).filter(([k, v]) => own[k] !== undefined && own[k] !== v && /\p{L}{3}/u.test(v) && !/\{/.test(v)).map(([, v]) => v));
}

// The date of a server time ("YYYY-MM-DD HH:mm:ss") as each console language writes it (what
// Intl gives: Thai in the Buddhist era, Korean with dots and spaces).
function localDate(lang, serverTime) {
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(serverTime);
  return {
    'zh-CN': `${y}/${m}/${d}`,
    'zh-TW': `${y}/${m}/${d}`,
    'ja-JP': `${y}/${m}/${d}`,
    'en-US': `${m}/${d}/${y}`,
    'ru-RU': `${d}.${m}.${y}`,
    'vi-VN': `${d}/${m}/${y}`,
    'th-TH': `${d}/${m}/${+y + 543}`,
    'ko-KR': `${y}. ${m}. ${d}.`,
  }[lang];
}

// One text of src/locales/authoring/<lang>.ts (its keys are quoted either way).
function authoringText(lang, key) {
  const src = fs.readFileSync(new URL(`../src/locales/authoring/${lang}.ts`, import.meta.url), 'utf8');
  const m = new RegExp(`^\\s*['"]${key.replace(/\./g, '\\.')}['"]\\s*:\\s*(['"])(.*)\\1\\s*,?\\s*$`, 'm').exec(src);
  assert.ok(m, `${key} in authoring/${lang}.ts`);
  return m[2];
}

// Data, not interface texts, that happen to equal an English message: the site name in the
// header and the seeded administrator's display name.
const DATA = new Set(['DWSurvey', 'Administrator']);

test('the console in eight languages: survey list, designer, charts and an admin page', { timeout: 600000 }, async () => {
  const want = {
    'zh-CN': '我的问卷',
    'en-US': 'My surveys',
    'zh-TW': '我的問卷',
    'vi-VN': 'Khảo sát của tôi',
    'th-TH': 'แบบสำรวจของฉัน',
    'ko-KR': '내 설문',
    'ja-JP': 'マイアンケート',
    'ru-RU': 'Мои опросы',
  };
  const s = await publish(api, `Lang pages ${run}`, 'survey', {
    questions: [{ dwId: 'p1', quType: 'RADIO', ...title('Pick'), quRadios: [radio('p1a', 'A'), radio('p1b', 'B')] }],
  });
  const listed = await api('GET', 'app/survey/list.do?current=1&pageSize=100');
  const updated = (listed.data ?? []).find((x) => x.id === s.id)?.updateDate;
  assert.match(updated ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, `the list answers the server time: ${JSON.stringify(listed).slice(0, 300)}`);
  const pages = [
    ['survey list', '/v8/dw/survey'],
    ['designer', `/v8/dws/design/edit/${s.id}`],
    ['charts', `/v8/dws/d/chart/${s.id}`],
    ['admin users', '/v8/dw/admin/user/user'],
  ];
  const { ctx, page } = await openPage(browser, external);
  try {
    await uiLogin(page);
    for (const [lang, text] of Object.entries(want)) {
      const english = lang === 'en-US' ? new Set() : englishLeft(lang);
      await page.evaluate((l) => {
        localStorage.setItem('language', l);
        localStorage.setItem('umi_locale', l);
      }, lang);
      for (const [label, url] of pages) {
        await page.goto(`${BASE}${url}`, { waitUntil: 'networkidle' });
        await page.getByRole('menuitem', { name: text }).first().waitFor();
        await settled(page);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        const body = await page.locator('body').innerText();
        assert.ok(!/\b(menu|app|common|error|au|an|rs|bo|lg|ex|ct)\.[a-zA-Z]+\.?[a-zA-Z]*\b/.test(body), `${lang} ${label}: a missing-key marker in ${body.slice(0, 400)}`);
        const left = [...new Set(body.split('\n').map((l) => l.trim()).filter((l) => english.has(l) && !DATA.has(l)))];
        assert.deepEqual(left, [], `${lang} ${label}: English interface texts left`);
        await page.screenshot({ path: `${process.env.E2E_SHOTS || '/tmp'}/console-${lang}-${label.replace(/ /g, '-')}.png` });
        if (label === 'designer') {
          // the stock submit text is no author's text: an empty field with the console language's placeholder
          const btn = page.locator('[data-testid="f-surveyStyle.submitBtnText"]');
          assert.equal(await btn.inputValue(), '', `${lang} designer: stock submit text not shown as typed`);
          assert.equal(await btn.getAttribute('placeholder'), authoringText(lang, 'au.pv.submit'), `${lang} designer: submit placeholder`);
        }
        if (label === 'survey list') {
          // dates per locale: the survey's "updated" cell in the language's own date format
          const row = await page.locator(`tr[data-row-key="${s.id}"]`).innerText();
          assert.ok(row.includes(localDate(lang, updated)), `${lang} survey list: ${localDate(lang, updated)} in ${JSON.stringify(row)}`);
          assert.ok(!/\d{4}-\d{2}-\d{2}/.test(row), `${lang} survey list: no YYYY-MM-DD left in ${JSON.stringify(row)}`);
          await checkA11y(page, `survey list: ${lang}`, { console: true });
        }
      }
    }
  } finally {
    await ctx.close();
  }
});

// The answer texts of a language as the build has them (src/locales/answer/<lang>.ts: a plain
// object of 'key': 'text'); null when the language has no answer file.
function answerTexts(lang) {
  const file = new URL(`../src/locales/answer/${lang}.ts`, import.meta.url);
  return fs.existsSync(file) ? messagesOf(file) : null;
}

// The 'key': 'text' entries of a locale file (a plain object; spreads and imports are skipped).
function messagesOf(file) {
  if (!fs.existsSync(file)) return {};
  const src = fs.readFileSync(file, 'utf8');
  const out = {};
  for (const m of src.matchAll(/^\s*'([^']+)'\s*:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*,?\s*$/gm)) {
    const v = m[2];
    out[m[1]] = v.startsWith('"') ? JSON.parse(v) : JSON.parse(`"${v.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
  }
  return out;
}

// The page's own texts in one interface language: the stored console choice ('language') is
// what the answer page follows (utils/language: stored, browser, English).
async function answerChrome(lang, s, want, label) {
  const { ctx, page } = await openPage(browser, external);
  try {
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.goto(`${BASE}/v8/diaowen/an/${s.sid}`, { waitUntil: 'networkidle' });
    await q(page, 'k1').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), want.lang, `${label}: <html lang>`);
    const next = page.locator('.dwa-nav .dwa-primary');
    const progress = want.texts['an.pageProgress'].replace('{cur}', '1').replace('{total}', '2');
    assert.equal((await next.innerText()).trim(), `${want.texts['an.next']} ${progress}`, `${label}: next button with page progress`);
    assert.equal(await page.locator('.dwa-progress').getAttribute('aria-label'), want.texts['an.progress'], `${label}: progress bar name`);
    assert.equal(await q(page, 'k1').locator('.dwa-req').getAttribute('aria-label'), want.texts['an.required'], `${label}: required mark`);
    await next.click();
    await q(page, 'k1').locator('.dwa-error').getByText(want.texts['an.v.required']).waitFor();
    await page.screenshot({ path: `${process.env.E2E_SHOTS || '/tmp'}/answer-${lang}.png`, fullPage: true });
    await checkA11y(page, `answer page: ${lang} (${label})`);
    await q(page, 'k1').getByText('B', { exact: true }).click();
    await next.click();
    await q(page, 'k2').waitFor();
    await page.getByRole('button', { name: want.texts['an.prev'], exact: true }).waitFor();
    assert.equal((await page.locator('.dwa-nav .dwa-primary').innerText()).trim(), want.texts['an.submit'], `${label}: submit button`);
  } finally {
    await ctx.close();
  }
}

for (const lang of ['ja-JP', 'ru-RU']) {
  const own = answerTexts(lang);
  test(`the answer page in ${lang}`, { skip: own ? false : `src/locales/answer/${lang}.ts is not there yet (its translation is being written); the English fallback is asserted in the next test` }, async () => {
    const s = await publish(api, `Answer ${lang} ${run}`, 'survey', {
      surveyStyle: { showProgressbar: true },
      questions: [
        { dwId: 'k1', quType: 'RADIO', ...title('A or B'), quAttr: { isRequired: true }, quRadios: [radio('k1a', 'A'), radio('k1b', 'B')] },
        { dwId: 'kp', quType: 'PAGETAG' },
        { dwId: 'k2', quType: 'FILLBLANK', ...title('C') },
      ],
    });
    await answerChrome(lang, s, { lang, texts: own }, 'own answer file');
  });
}

test('the answer page in a language without its own answer file answers in English, else in its own', async () => {
  // a newer console language whose answer file is missing shows the English fallback; when all
  // are there, the first of them is checked against its own file
  const newer = ['zh-TW', 'vi-VN', 'th-TH', 'ko-KR', 'ja-JP', 'ru-RU'];
  const missing = newer.find((l) => !answerTexts(l));
  const lang = missing ?? newer[0];
  const want = missing ? { lang: 'en-US', texts: answerTexts('en-US') } : { lang, texts: answerTexts(lang) };
  assert.ok(want.texts['an.next'] && want.texts['an.v.required'], 'answer texts read from the locale file');
  const s = await publish(api, `Answer fallback ${run}`, 'survey', {
    surveyStyle: { showProgressbar: true },
    questions: [
      { dwId: 'k1', quType: 'RADIO', ...title('A or B'), quAttr: { isRequired: true }, quRadios: [radio('k1a', 'A'), radio('k1b', 'B')] },
      { dwId: 'kp', quType: 'PAGETAG' },
      { dwId: 'k2', quType: 'FILLBLANK', ...title('C') },
    ],
  });
  await answerChrome(lang, s, want, missing ? 'English fallback' : 'own answer file');
  // and zh-CN, the product's original language
  await answerChrome('zh-CN', s, { lang: 'zh-CN', texts: answerTexts('zh-CN') }, 'zh-CN');
});
