// Contacts journey (issue 14) in real Chromium against the real binary, with a real SMTP server
// (tools/smtpsink: STARTTLS + AUTH, started by scripts/e2e.sh, its messages at SMTP_API_URL):
// import a 200-row .xlsx with 5 bad rows (the preview names them, 195 saved), bind the group to a
// contact-only survey, send invitations in Japanese (the dialog presets the survey's English; 195
// messages in Japanese with the survey's Japanese title and distinct personal links that open the
// Japanese translation), answer through one link (that contact completed), an anonymous visit gets the 413 login offer and a
// contact logs in and answers, a second answer over the per-contact limit is refused, "Remind
// now" reaches only the unanswered, and a bound system user's My tasks shows the survey pending,
// then answered.
// Run: E2E_ONLY=e2e/contacts.test.mjs bash scripts/e2e.sh (after make build console)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, newPage as openPage, publish, uiLogin } from './lib.mjs';

const SMTP = (process.env.SMTP_API_URL || '').replace(/\/+$/, '');
const run = Date.now().toString(36).slice(-6);
const GROUP = `E2E ${run}`;
const N = 200;

let browser;
let api;
let admin;
let survey; // {id, sid}
let xlsx;
const external = [];
const newPage = () => openPage(browser, external);

/** The contact list: header + 200 rows, rows 11, 21, 31, 41 and 51 bad. */
function contactRows() {
  const rows = [['account', 'name', 'email', 'phone', 'job title', 'initial password', 'group']];
  for (let i = 1; i <= N; i++) {
    const a = `c${run}${String(i).padStart(3, '0')}`;
    rows.push([a, `Contact ${i}`, `${a}@example.org`, `139${String(i).padStart(8, '0')}`, 'Staff', i === 3 ? 'Contact-pw-3' : '', GROUP]);
  }
  rows[10][1] = ''; // line 11: missing name
  rows[20][2] = 'not-an-email'; // line 21
  rows[30][3] = '12345'; // line 31
  rows[40][0] = rows[39][0]; // line 41: duplicate account
  rows[50][5] = '12'; // line 51: initial password too short
  return rows;
}

/** Writes the rows as CSV and lets LibreOffice turn it into a real .xlsx (every column text). */
function makeXlsx(rows) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dws-contacts-'));
  const csv = path.join(dir, 'contacts.csv');
  fs.writeFileSync(csv, rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n') + '\n');
  execFileSync('soffice', ['--headless', '--infilter=CSV:44,34,76,1,1/2/2/2/3/2/4/2/5/2/6/2/7/2', '--convert-to', 'xlsx', '--outdir', dir, csv], {
    stdio: 'ignore',
    timeout: 120000,
    env: { ...process.env, HOME: dir },
  });
  const out = path.join(dir, 'contacts.xlsx');
  assert.ok(fs.existsSync(out), 'LibreOffice made the .xlsx');
  return out;
}

async function messages() {
  const r = await fetch(`${SMTP}/messages`);
  return (await r.json()) ?? [];
}

async function waitMessages(n, timeout = 90000) {
  const end = Date.now() + timeout;
  let got = [];
  while (Date.now() < end) {
    got = await messages();
    if (got.length >= n) return got;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.fail(`${got.length} messages arrived, want ${n}`);
}

const linkOf = (m) => (m.Body.match(/https?:\/\/\S+\/contacts\/([0-9a-f]{24})(\?lang=ja)?/) || [])[0];
const JA_TITLE = `研修アンケート ${run}`;

async function waitSave(page, action) {
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('save-survey-answer') && r.request().method() === 'POST', { timeout: T }),
    action(),
  ]);
  return resp.json();
}

async function answer(page) {
  await page.locator('#qu-k1').getByText('Yes').click();
  const saved = await waitSave(page, () => page.getByRole('button', { name: 'Submit' }).click());
  assert.equal(saved.data?.anCheckResultCode, 201, JSON.stringify(saved));
}

before(async () => {
  assert.ok(SMTP, 'SMTP_API_URL must be set (scripts/e2e.sh starts tools/smtpsink)');
  await fetch(`${SMTP}/reset`, { method: 'POST' });
  xlsx = makeXlsx(contactRows());
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  admin = await newPage();
  await uiLogin(admin.page);
  survey = await publish(api, `Contacts only ${run}`, 'survey', {
    dwId: `ct${run}`,
    surveyAttrs: { contactAttr: { enabled: true, whoAn: 'bind', anNum: 1 } },
    questions: [
      {
        dwId: 'k1',
        quType: 'RADIO',
        quTitleObj: { dwHtml: 'Did the training help?', dwText: 'Did the training help?' },
        quAttr: { isRequired: true },
        quRadios: [
          { dwId: 'k1a', optionTitleObj: { dwHtml: 'Yes', dwText: 'Yes' } },
          { dwId: 'k1b', optionTitleObj: { dwHtml: 'No', dwText: 'No' } },
        ],
      },
    ],
  });
});

after(async () => {
  a11yReport();
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the test hosts');
});

test('import 200 rows: the preview names the 5 bad ones, 195 are saved', async () => {
  const page = admin.page;
  await page.goto(`${BASE}/v8/dw/contacts`, { waitUntil: 'networkidle' });
  await page.getByTestId('ct-import').click();
  await page.locator('.ant-modal input[type=file]').setInputFiles(xlsx);
  const summary = page.getByTestId('ct-imp-summary');
  await summary.waitFor();
  assert.match(await summary.innerText(), /200 rows read: 195 ready to import, 5 with problems/);
  const errors = page.getByTestId('ct-imp-errors');
  const text = await errors.innerText();
  for (const want of ['missing name', 'invalid e-mail address', 'invalid phone number', 'duplicate account (also on row 40)', 'initial password must be 6 to 18']) {
    assert.ok(text.includes(want), `the preview names "${want}":\n${text}`);
  }
  assert.equal(await errors.locator('tbody tr.ant-table-row').count(), 5);
  await checkA11y(page, 'contacts import preview', { console: true });
  await page.getByTestId('ct-imp-confirm').click();
  await page.getByText('195 contacts imported').waitFor();
  const list = await api('GET', `app/contacts/list.do?keyword=c${run}&pageSize=10`);
  assert.equal(list.total, 195);
  await page.getByTestId('ct-group').filter({ hasText: `${GROUP} (195)` }).waitFor();
  await checkA11y(page, 'contacts page', { console: true, exclude: '.ant-message' }); // not the fading toast
});

test('bind the group, send invitations: 195 messages with distinct links', async () => {
  const page = admin.page;
  await page.goto(`${BASE}/v8/dws/c/bind-contacts/${survey.id}`, { waitUntil: 'networkidle' });
  await page.getByTestId('bd-pick-groups').click();
  await page.locator('.ant-select-item-option').filter({ hasText: GROUP }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('bd-bind').click();
  await page.getByText('195 bound, 0 were bound already').waitFor();
  // a published Japanese translation of the title: the Japanese messages use it
  const ja = await api('POST', 'app/v6/language/add', {
    surveyId: survey.id,
    languageCode: 'ja',
    languageName: '日本語',
    languageJsonScript: JSON.stringify([{ lanCode: `ct${run}`, lanType: 'surveyName', lanValue: JA_TITLE }]),
  });
  assert.equal(ja.resultCode, 200, JSON.stringify(ja));
  await page.getByTestId('inv-open').click();
  await page.getByTestId('inv-submit').waitFor();
  // the survey is written in English: the message language starts as English; the author picks Japanese
  const langItem = page.locator('.ant-form-item').filter({ has: page.locator('#invitation_language') }).locator('.ant-select-selection-item');
  await langItem.filter({ hasText: /^English$/ }).waitFor();
  await checkA11y(page, 'invitation dialog', { console: true });
  await langItem.click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Japanese (日本語)' }).click();
  await langItem.filter({ hasText: 'Japanese (日本語)' }).waitFor();
  await page.locator('#invitation_reminders').fill('1');
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('invitation/send.do'), { timeout: T }),
    page.getByTestId('inv-submit').click(),
  ]);
  const sent = await resp.json();
  assert.equal(sent.resultCode, 200, `send refused: ${JSON.stringify(sent)}`);
  const got = await waitMessages(195);
  await new Promise((r) => setTimeout(r, 1000));
  const all = await messages();
  assert.equal(all.length, 195, 'exactly 195 invitations');
  const links = new Set(all.map(linkOf));
  const to = new Set(all.map((m) => m.To[0]));
  assert.equal(links.size, 195, 'distinct personal links');
  assert.equal(to.size, 195, 'distinct recipients');
  assert.equal(got[0].Subject, `アンケートご協力のお願い：${JA_TITLE}`);
  assert.ok(got[0].Body.includes(`アンケート「${JA_TITLE}」へのご回答をお願いいたします。`), got[0].Body);
  assert.ok(got[0].Body.includes('以下のあなた専用のリンクからご回答ください'), got[0].Body);
  assert.ok(all.every((m) => linkOf(m)?.endsWith('?lang=ja')), 'every link opens the Japanese translation');
  await page.getByTestId('inv-sent').filter({ hasText: '195' }).waitFor({ timeout: 30000 });
  await checkA11y(page, 'bind contacts page', { console: true });
});

test('answer through a link; anonymous 413 then contact login; over the limit refused', async () => {
  const all = await messages();
  const first = all.find((m) => m.To[0] === `c${run}001@example.org`);
  assert.ok(first, 'contact 1 got an invitation');
  const link = linkOf(first);
  {
    const { ctx, page } = await newPage();
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.locator('#qu-k1').waitFor();
    await page.getByText(JA_TITLE).first().waitFor(); // the link opened the Japanese translation
    await checkA11y(page, 'answer page through a personal link');
    await answer(page);
    await ctx.close();
  }
  const done = await api('GET', `app/survey/bind/list.do?surveyId=${survey.id}&state=completed`);
  assert.equal(done.total, 1);
  assert.equal(done.data[0].account, `c${run}001`);
  // anonymous: the login offer, then the contact logs in and answers
  {
    const { ctx, page } = await newPage();
    await page.goto(`${BASE}/v8/diaowen/an/${survey.sid}`, { waitUntil: 'networkidle' });
    const panel = page.locator('.dwa-message[data-code="413"]');
    await panel.waitFor();
    await checkA11y(page, 'answer page 413');
    await panel.getByRole('link', { name: 'Log in to answer' }).click();
    await page.waitForURL((u) => u.pathname === `/login/an/${survey.sid}`);
    await page.locator('#login-userName').waitFor();
    await checkA11y(page, 'answer login page', { console: true });
    await page.locator('#login-userName').fill(`c${run}003`);
    await page.locator('#login-password').fill('Contact-pw-3');
    await page.locator('.ant-pro-form-login-main button.ant-btn-primary').click();
    await page.waitForURL((u) => u.pathname === `/v8/diaowen/an/${survey.sid}`, { timeout: T });
    await answer(page);
    await ctx.close();
  }
  // the same link again: over the per-contact limit
  {
    const { ctx, page } = await newPage();
    await page.goto(link, { waitUntil: 'networkidle' });
    const panel = page.locator('.dwa-message[data-code="412"]');
    await panel.waitFor();
    assert.match(await panel.innerText(), /You have already answered this survey/);
    await checkA11y(page, 'answer page 412');
    await ctx.close();
  }
  const counts = await api('GET', `app/survey/bind/counts.do?surveyId=${survey.id}`);
  assert.equal(counts.data.completed, 2);
});

test('remind now: only the 193 unanswered get the reminder', async () => {
  const page = admin.page;
  await page.goto(`${BASE}/v8/dws/c/bind-contacts/${survey.id}`, { waitUntil: 'networkidle' });
  await page.getByTestId('inv-answered').filter({ hasText: '2' }).waitFor({ timeout: 30000 });
  await page.getByTestId('inv-remind').click();
  await page.getByTestId('confirm-ok').waitFor();
  await checkA11y(page, 'remind-now confirmation', { console: true });
  await page.getByTestId('confirm-ok').click();
  const all = await waitMessages(195 + 193);
  await new Promise((r) => setTimeout(r, 1000));
  const reminders = (await messages()).slice(195);
  assert.equal(reminders.length, 193, 'one reminder per unanswered contact');
  const to = new Set(reminders.map((m) => m.To[0]));
  assert.equal(to.size, 193);
  for (const answered of [`c${run}001@example.org`, `c${run}003@example.org`]) assert.ok(!to.has(answered), `${answered} answered: no reminder`);
  assert.equal(all[195].Subject, `【リマインド】アンケートご回答のお願い：${JA_TITLE}`);
  await page.getByTestId('inv-state').filter({ hasText: 'Finished' }).waitFor({ timeout: 30000 });
});

test('My tasks of a bound user: pending, then answered', async () => {
  const login = `task${run}`;
  const add = await api('POST', 'admin/user/add.do', { loginName: login, name: `Task ${run}`, email: `${login}@example.org`, password: 'Task-pw-123', status: 2 });
  assert.equal(add.resultCode, 200, JSON.stringify(add));
  // the author binds the user on c/user-bind
  {
    const page = admin.page;
    await page.goto(`${BASE}/v8/dws/c/user-bind/${survey.id}`, { waitUntil: 'networkidle' });
    await page.getByText('No users bound yet: choose departments or users above.').waitFor();
    await page.getByTestId('bd-pick-user').click();
    await page.keyboard.type(login);
    await page.locator('.ant-select-item-option').filter({ hasText: `(${login})` }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('bd-bind').click();
    await page.getByText('1 bound, 0 were bound already').waitFor();
    await page.locator('.ant-table-row').filter({ hasText: login }).getByTestId('bd-state').filter({ hasText: 'Unanswered' }).waitFor();
    await checkA11y(page, 'user bind page', { console: true, exclude: '.ant-message' });
  }
  const { ctx, page } = await newPage();
  await uiLogin(page, login, 'Task-pw-123');
  await page.goto(`${BASE}/v8/dw/my-task`, { waitUntil: 'networkidle' });
  const pending = page.getByTestId('task-pending');
  await pending.getByText(`Contacts only ${run}`).waitFor();
  await checkA11y(page, 'my tasks', { console: true });
  const [answerPage] = await Promise.all([ctx.waitForEvent('page'), pending.getByTestId('task-answer').first().click()]);
  await answerPage.waitForLoadState('networkidle');
  await answer(answerPage);
  await answerPage.close();
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByText('No pending surveys.').waitFor();
  await page.getByRole('tab', { name: 'My answered / Draft surveys' }).click();
  await page.getByTestId('task-answered').getByText(`Contacts only ${run}`).waitFor();
  await page.locator('.ant-tabs-tabpane-active .ant-pagination-total-text').filter({ hasText: '1 in all' }).waitFor();
  await checkA11y(page, 'my tasks: answered tab', { console: true });
  // My answers: the same answer, page size 10
  await page.goto(`${BASE}/v8/dw/my-answer`, { waitUntil: 'networkidle' });
  const mine = page.getByTestId('my-answers');
  await mine.getByText(`Contacts only ${run}`).waitFor();
  const pager = page.locator('.ant-pagination'); // page size 10 with total, previous, pager and next
  await pager.locator('.ant-pagination-total-text').filter({ hasText: '1 in all' }).waitFor();
  for (const part of ['.ant-pagination-prev', '.ant-pagination-item-1', '.ant-pagination-next']) assert.equal(await pager.locator(part).count(), 1, part);
  assert.equal(await pager.locator('.ant-pagination-options').count(), 0, 'no page size changer: always 10');
  assert.equal(await mine.locator('.ant-table-row').first().getByText('Submitted').count(), 1);
  await checkA11y(page, 'my answers', { console: true });
  await ctx.close();
  const users = await api('GET', `app/survey/bind/list.do?surveyId=${survey.id}&kind=user&state=completed`);
  assert.equal(users.total, 1, 'the bound user is completed');
});

test('a contact changes its password on the answer login page', async () => {
  const { ctx, page } = await newPage();
  await page.goto(`${BASE}/login/an/${survey.sid}`, { waitUntil: 'networkidle' });
  await page.getByTestId('contact-pwd').click();
  await page.locator('#pwd-userName').fill(`c${run}003`);
  await page.locator('#pwd-current').fill('Contact-pw-3');
  await page.locator('#pwd-new').fill('Contact-pw-3b');
  await page.locator('#pwd-new2').fill('Contact-pw-3x');
  await page.locator('.ant-pro-form-login-main button.ant-btn-primary').click();
  await page.getByText('The passwords entered twice do not match!').waitFor();
  await page.locator('#pwd-new2').fill('Contact-pw-3b');
  await page.mouse.move(0, 0); // not the submit button's hover state, caught mid-transition
  await page.waitForTimeout(400);
  await checkA11y(page, 'contact password change', { console: true });
  await page.locator('.ant-pro-form-login-main button.ant-btn-primary').click();
  await page.waitForURL((u) => u.pathname === `/v8/diaowen/an/${survey.sid}`, { timeout: T });
  await page.locator('.dwa-message[data-code="412"]').waitFor(); // answered already
  await ctx.close();
  const login = async (password) =>
    (
      await fetch(`${BASE}/api/dwsurvey/anon/contact/login.do`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sid: survey.sid, userName: `c${run}003`, password }),
      })
    ).json();
  assert.equal((await login('Contact-pw-3')).status, 'error', 'the old password no longer works');
  assert.equal((await login('Contact-pw-3b')).type, 'contact');
});

test('by hand: a contact with a bad e-mail is refused at the field, saved, moved to a new group, deleted', async () => {
  const page = admin.page;
  const acct = `m${run}`;
  const other = `Moved ${run}`;
  await page.goto(`${BASE}/v8/dw/contacts`, { waitUntil: 'networkidle' });
  await page.getByTestId('ct-add').click();
  await page.locator('#contact_account').fill(acct);
  await page.locator('#contact_name').fill('Manual Contact');
  await page.locator('#contact_email').fill('not-an-address');
  await page.getByTestId('ct-save').click();
  await page.getByText('Please enter a valid e-mail address').waitFor();
  assert.equal(await page.locator('#contact_email').getAttribute('aria-invalid'), 'true', 'the error is tied to the field');
  await checkA11y(page, 'contact dialog with a field error', { console: true });
  await page.locator('#contact_email').fill(`${acct}@example.org`);
  await page.getByTestId('ct-save').click();
  await page.getByText('Saved successfully').waitFor();
  assert.equal((await api('GET', `app/contacts/list.do?keyword=${acct}`)).total, 1);
  // a new group, then move the contact into it
  await page.getByTestId('ct-group-add').click();
  await page.locator('#group_name').fill(other);
  await checkA11y(page, 'group dialog', { console: true });
  await page.getByTestId('ct-group-save').click();
  await page.getByTestId('ct-group').filter({ hasText: `${other} (0)` }).waitFor();
  await page.getByLabel('Search contacts').fill(acct);
  await page.getByLabel('Search contacts').press('Enter');
  const row = page.locator('.ant-table-row').filter({ hasText: acct });
  await row.waitFor();
  // the new contact was already on the unfiltered first page: wait for the search's result (up to T)
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1, null, { timeout: T }).catch(() => {});
  assert.equal(await page.locator('.ant-table-row').count(), 1);
  await row.getByLabel('Select row Manual Contact').check();
  await page.getByTestId('ct-move').click();
  await page.getByTestId('ct-move-ok').waitFor();
  await checkA11y(page, 'move dialog', { console: true });
  await page.locator('#move_groupId').click();
  await page.locator('.ant-select-item-option').filter({ hasText: other }).click();
  await page.getByTestId('ct-move-ok').click();
  await page.getByTestId('ct-group').filter({ hasText: `${other} (1)` }).waitFor();
  const moved = await api('GET', `app/contacts/list.do?keyword=${acct}`);
  assert.equal(moved.data[0].groupName, other);
  // delete it (with confirmation)
  await row.getByRole('button', { name: 'Delete Manual Contact' }).click();
  await page.getByTestId('confirm-ok').waitFor();
  await checkA11y(page, 'delete confirmation', { console: true, exclude: '.ant-message' }); // not the fading toast
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('ct-group').filter({ hasText: `${other} (0)` }).waitFor();
  assert.equal((await api('GET', `app/contacts/list.do?keyword=${acct}`)).total, 0);
});
