// Hand grading journey (issue 11) in real Chromium: an exam with 2 automatically scored and 2
// hand-graded questions, three submissions; the grader grades them in turn through the queue
// ("Saved, moving to the next answer" then "Saved, this was the last ungraded answer"), the
// totals and the ranking page update, and the respondent's score page shows the final score
// instead of "being graded".
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/grading.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, T, a11yReport, apiClient, apiLogin, checkA11y, launchBrowser, monitorSteps, newPage as openPage, publish, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const PW = 'Grader-pw-1';
const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t, right) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t }, ...(right ? { isRight: 1 } : {}) });
const DOC = {
  surveyAttrs: { scoreAttr: { enabled: true, showTopSum: { enabled: true } } },
  questions: [
    { dwId: 'q1', quType: 'RADIO', ...title('Capital of France'), quAttr: { scoreAttr: { maxScore: 5 } }, quRadios: [opt('q1a', 'Paris', true), opt('q1b', 'Lyon')] },
    { dwId: 'q2', quType: 'CHECKBOX', ...title('Even numbers'), quAttr: { scoreAttr: { maxScore: 10 } }, quCheckboxs: [opt('q2a', '2', true), opt('q2b', '4', true), opt('q2c', '5')] },
    { dwId: 'q3', quType: 'ANSWER', ...title('Explain photosynthesis'), quAttr: { scoreAttr: { maxScore: 10 } } },
    { dwId: 'q4', quType: 'FILLBLANK', ...title('Name a prime number'), quAttr: { scoreAttr: { maxScore: 5 } } },
  ],
};

let browser;
let api;
let s;
const external = [];
const answers = []; // {id, token}

async function submit(n, q1) {
  const answerJson = {
    answerCommon: { answerDwId: `gr-${run}-${n}` },
    anQuestions: [
      { quDwId: 'q1', quType: 'RADIO', anRadio: { optionDwId: q1 } },
      { quDwId: 'q2', quType: 'CHECKBOX', anCheckboxs: [{ optionDwId: 'q2a' }, { optionDwId: 'q2b' }] },
      { quDwId: 'q3', quType: 'ANSWER', anFbk: { answer: `Essay number ${n}` } },
      { quDwId: 'q4', quType: 'FILLBLANK', anFbk: { answer: '7' } },
    ],
  };
  const r = await fetch(`${BASE}/api/dwsurvey/none/v6/dw-answer-survey/save-survey-answer.do`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ surveyId: s.id, sid: s.sid, jsonVersion: 6, answerJson }),
  }).then((x) => x.json());
  assert.equal(r.data?.anCheckResultCode, 201, JSON.stringify(r));
  assert.equal(r.data.scorePending, true, 'the total waits for grading');
  answers.push({ id: r.data.dbAnswerId, token: r.data.resumeToken, auto: r.data.sumScore });
}

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  s = await publish(api, `Hand grading ${run}`, 'exam', DOC);
  const u = await api('POST', 'admin/user/add.do', { loginName: `grd${run}`, name: `grd${run}`, email: `grd${run}@example.com`, password: PW, status: 2 });
  assert.equal(u.resultCode, 200, JSON.stringify(u));
  const set = await api('POST', 'app/v6/review/settings-save.do', { surveyId: s.id, levels: 1, graders: [{ kind: 'user', id: u.data.id }] });
  assert.equal(set.resultCode, 200, JSON.stringify(set));
  await submit(1, 'q1a');
  await submit(2, 'q1b');
  await submit(3, 'q1a');
});

after(async () => {
  await browser?.close();
  a11yReport();
  assert.deepEqual(external, [], 'no request left the server host');
});

test('the grader grades three answers in turn; totals, ranking and the respondent see the final score', async () => {
  assert.deepEqual(answers.map((a) => a.auto), [15, 10, 15]);
  // the respondent's score page says "being graded" first
  const resp = await openPage(browser, external);
  await resp.ctx.addInitScript((a) => window.localStorage.setItem(`dwResumeToken_${a.id}`, a.token), answers[1]);
  await resp.page.goto(`${BASE}/v8/diaowen/an/review/${s.sid}/${answers[1].id}`, { waitUntil: 'networkidle' });
  await resp.page.locator('[data-testid=score-pending]').waitFor();
  assert.equal(await resp.page.locator('[data-testid=sum-score]').innerText(), '10');
  let top = await api('GET', `none/v6/dw-answer-exam/top-sum-score.do?sid=${s.sid}`);
  assert.deepEqual(top.data, [], 'no provisional total is ranked');

  // the workflow monitor shows each answer's grading workflow waiting
  const adm = await openPage(browser, external);
  await uiLogin(adm.page);
  const gradingIds = answers.map((a) => `grading:${a.id}`);
  await monitorSteps(adm.page, 'GradingWorkflow', gradingIds, (st) => st.every((x) => x === 'Waiting for grading'));

  const g = await openPage(browser, external);
  const page = g.page;
  await uiLogin(page, `grd${run}`, PW);
  await page.goto(`${BASE}/v8/dw/my-review`, { waitUntil: 'networkidle' });
  const item = page.locator('[data-testid=grading-survey]');
  await item.waitFor();
  assert.equal(await item.getAttribute('data-waiting'), '3');
  await page.locator('[data-testid=grading-next]').click();
  await page.waitForURL((u) => u.pathname.includes(`/an/review-event/custom-score/${s.sid}/${answers[0].id}`), { timeout: T });

  const grade = async (answer, q3, q4, expectTotal, last) => {
    await page.locator(`[data-testid=grading-page][data-answer="${answer.id}"]`).waitFor();
    assert.equal(await page.locator('[data-testid=grading-auto]').count(), 2, 'the automatic scores are shown');
    await page.locator('[data-testid=grading-score-q3]').fill(String(q3));
    await page.locator('[data-testid=grading-score-q4]').fill(String(q4));
    await page.locator('[data-testid=grading-total]').click(); // leave the box: the total follows
    assert.equal(Number(await page.locator('[data-testid=grading-total]').getAttribute('data-total')), expectTotal);
    await page.locator('[data-testid=grading-save]').click();
    const saved = page.locator('[data-testid=grading-saved]');
    await saved.waitFor().catch(async (e) => {
      const why = await page.locator('[data-testid=grading-save-error], [role=alert]').allInnerTexts();
      throw new Error(`not saved (${why.join(' | ')}): ${e.message}`);
    });
    assert.equal(await saved.innerText(), last ? 'Saved, this was the last ungraded answer' : 'Saved, moving to the next answer');
  };

  // first answer: a score above the maximum is refused before sending
  await page.locator(`[data-testid=grading-page][data-answer="${answers[0].id}"]`).waitFor();
  await page.locator('[data-testid=grading-hide-auto]').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=grading-page] .dwa-question').length === 2);
  await page.locator('[data-testid=grading-hide-auto]').click();
  await page.locator('[data-testid=grading-score-q3]').fill('7.25');
  await page.locator('[data-testid=grading-score-q4]').fill('3');
  await page.locator('[data-testid=grading-save]').click();
  await page.getByText('Enter a score from 0 to 10 in steps of 0.5').waitFor();
  await checkA11y(page, 'grading page with an invalid score', { console: true });
  await grade(answers[0], 7.5, 3, 25.5, false);
  await page.waitForURL((u) => u.pathname.endsWith(answers[1].id), { timeout: T });
  await grade(answers[1], 10, 5, 25, false);
  await page.waitForURL((u) => u.pathname.endsWith(answers[2].id), { timeout: T });
  await grade(answers[2], 0, 0, 15, true);
  await page.locator('[data-testid=grading-graded]').waitFor();

  // the ranking page and the respondent's score page show the final totals
  await resp.page.goto(`${BASE}/v8/diaowen/top/${s.id}`, { waitUntil: 'networkidle' });
  await resp.page.locator('[data-testid=score-top] tbody tr').first().waitFor();
  const totals = await resp.page.locator('[data-testid=score-top] tbody tr td:nth-child(3)').allInnerTexts();
  assert.deepEqual(totals, ['25.5', '25', '15']);
  await resp.page.goto(`${BASE}/v8/diaowen/an/review/${s.sid}/${answers[1].id}`, { waitUntil: 'networkidle' });
  await resp.page.locator('[data-testid=sum-score]').waitFor();
  assert.equal(await resp.page.locator('[data-testid=sum-score]').innerText(), '25');
  assert.equal(await resp.page.locator('[data-testid=score-pending]').count(), 0);

  const stats = await api('GET', `app/v6/grading/score-stats.do?surveyId=${s.id}`);
  assert.deepEqual([stats.data.count, stats.data.pending, stats.data.max, stats.data.min], [3, 0, 25.5, 15]);
  await monitorSteps(adm.page, 'GradingWorkflow', gradingIds, (st) => st.every((x) => x === 'Graded'));
  await resp.ctx.close();
  await g.ctx.close();
  await adm.ctx.close();
});
