// Accessibility sweep of every console route (issue 22): the route list is read from
// config/routes.ts itself, so a page added there is visited without touching this file. As the
// administrator, with data present (a published survey with answers, a webhook, a question bank,
// a contact, a department, a notice, a lottery, a dimension group), each page gets axe-core (WCAG 2.2 AA tags; console: no
// critical or serious violation, answer pages: none at all) and the landmark/heading check
// (one main, an h1 inside it, heading levels in order, a named navigation on menu pages).
// The left-right layout (/v8/lr/…) renders the same components as the top layout, so it is
// visited for a sample of pages only (LR_SAMPLE).
// Run: E2E_ONLY="e2e/a11y-sweep.test.mjs" … bash scripts/e2e.sh
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import ts from 'typescript';
import { BASE, a11yReport, apiClient, apiLogin, checkA11y, checkLandmarks, launchBrowser, newPage, publish, uiLogin } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = Date.now().toString(36).slice(-6);

/**
 * Moderate or minor axe findings accepted in the console, with the reason (critical and serious
 * ones are never accepted).
 */
const CONSOLE_ALLOW = {};

/**
 * Routes whose landmark/heading check (best practice behind WCAG 1.3.1 and 2.4.6, not an axe
 * WCAG rule) is known to fail, with the reason; they are reported, not failed. axe's WCAG rules
 * still hold on them. Empty once they are fixed.
 */
const LANDMARK_EXCEPTIONS = {};

/** Routes not visited, with the reason. */
const NOT_VISITED = {
  '/auth/:kind': "a sign-in provider's callback: it needs the provider's code and state and is reached only from the provider",
};

/** Pages of the left-right layout visited (the rest are the top layout's components again). */
const LR_SAMPLE = ['/v8/lr/dw/survey', '/v8/lr/dw/admin/user/user', '/v8/lr/dw/contacts'];

/** Answer-side components: checked like every answer page (no violation at all). */
const ANSWER_COMPONENTS = new Set(['./Answer', './Answer/Mobile', './Answer/Review', './Answer/Solution']);

/** The concrete routes of config/routes.ts: {path, component, layout} for every page (no redirects). */
async function consoleRoutes() {
  const src = fs.readFileSync(path.join(here, '../config/routes.ts'), 'utf8');
  const js = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2020 } }).outputText;
  const routes = (await import(`data:text/javascript,${encodeURIComponent(js)}`)).default;
  const out = [];
  const walk = (list, layout) => {
    for (const r of list) {
      const lay = r.layout === false ? false : layout;
      if (r.routes) walk(r.routes, lay);
      if (r.path && !r.redirect && r.path !== '*' && (r.component || !r.routes)) out.push({ path: r.path, component: r.component ?? '', layout: lay });
    }
  };
  walk(routes, true);
  const seen = new Set();
  return out.filter((r) => !seen.has(r.path) && seen.add(r.path));
}

let browser;
let api;
const external = [];
const data = {};

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  const text = (t) => ({ dwHtml: t, dwText: t });
  const ok = (r, what) => {
    assert.equal(r.resultCode, 200, `${what}: ${JSON.stringify(r)}`);
    return r.data;
  };
  const s = await publish(api, `A11y sweep ${run}`, 'survey', {
    questions: [
      { dwId: 's1', quType: 'RADIO', quTitleObj: text('Which browser do you use most?'), quAttr: { isRequired: true }, quRadios: [{ dwId: 's1a', optionTitleObj: text('Chrome') }, { dwId: 's1b', optionTitleObj: text('Firefox') }] },
      { dwId: 's2', quType: 'FILLBLANK', quTitleObj: text('Why?') },
      { dwId: 's3', quType: 'SCORE', quTitleObj: text('Rate us'), quScores: [{ dwId: 's3a', optionTitleObj: text('Service') }] },
    ],
  });
  data.survey = s;
  for (let i = 0; i < 3; i++) {
    const answerJson = {
      answerCommon: { answerDwId: `sweep-${run}-${i}` },
      anQuestions: [
        { quDwId: 's1', quType: 'RADIO', anRadio: { optionDwId: i % 2 ? 's1a' : 's1b' } },
        { quDwId: 's2', quType: 'FILLBLANK', anFbk: { answer: `Because ${i}` } },
      ],
    };
    const r = await api('POST', 'none/v6/dw-answer-survey/save-survey-answer.do', { surveyId: s.id, sid: s.sid, jsonVersion: 6, answerJson });
    assert.equal(r.data?.anCheckResultCode, 201, JSON.stringify(r));
    data.answerId = r.data.dbAnswerId;
  }
  assert.ok(data.answerId, 'an answer id for the answer routes');
  ok(await api('POST', 'app/survey/webhook/save.do', { surveyId: s.id, name: `Sweep hook ${run}`, target: 'custom', url: 'http://127.0.0.1:9/hook', secret: 'whsec_' + Buffer.alloc(32, 5).toString('base64'), events: ['answer.submitted'] }), 'webhook');
  const bank = ok(await api('POST', 'app/v6/qu-bank/add.do', { bankName: `Sweep bank ${run}` }), 'bank');
  data.bankId = bank?.id ?? '';
  ok(await api('POST', 'app/v6/qu-bank/save-question.do', { bankId: data.bankId, surveyId: s.id, quDwId: 's1' }), 'bank question');
  const c = ok(await api('POST', 'app/contacts/save.do', { account: `sweep${run}`, name: `Sweep contact ${run}`, email: `sweep${run}@example.org`, password: 'Sweep-pw-123' }), 'contact');
  data.contactId = c?.id ?? '';
  ok(await api('POST', 'admin/dept/add.do', { name: `Sweep dept ${run}`, code: `sw${run}` }), 'dept');
  const lot = await api('POST', 'app/v6/lottery/save.do', { surveyId: s.id, name: `Sweep lottery ${run}`, mode: 'instant', prizes: [{ name: 'Mug', stock: 5, probability: 50 }] });
  data.lotteryId = lot.data?.id ?? '';
  const grp = await api('POST', 'app/v6/dw-eval/save-dimension-group.do', { surveyId: s.id, name: `Sweep dimensions ${run}`, dimensions: [{ name: 'Service', items: [{ quDwId: 's3', weight: 1 }] }] });
  data.groupId = grp.data?.id ?? '';
  const n = await api('POST', 'admin/notice/save.do', { title: `Sweep notice ${run}`, content: '<p>Hello</p>', audience: 'all', state: 1 });
  data.noticeId = n.data?.id ?? '';
});

after(async () => {
  a11yReport();
  await browser?.close();
  assert.deepEqual(external, [], 'no request left the server host');
});

/** The URL of a route with its parameters filled from the data made in before(). */
function concrete(p) {
  const vals = {
    dwSurveyId: data.survey.id,
    sid: data.survey.sid,
    answerId: data.answerId,
    dwQuBankId: data.bankId,
    bankId: data.bankId,
    relateContactEsId: data.contactId,
    pathType: 'custom-score',
    noticeId: data.noticeId,
    lotteryId: data.lotteryId,
    groupId: data.groupId,
  };
  return p.replace(/:(\w+)\??/g, (_, k) => {
    assert.ok(k in vals, `no value for the route parameter :${k} (${p})`);
    return encodeURIComponent(String(vals[k]));
  });
}

/** Waits until the page has loaded its data: network idle, no spinner, skeleton or loading button left. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading, .dwa-center[aria-busy=true]'), null, { timeout: 10000 })
    .catch(() => {});
  await page.waitForTimeout(400);
}

test('every console route: axe (WCAG 2.2 AA) and landmarks/headings, as the administrator with data present', async () => {
  const routes = (await consoleRoutes()).filter((r) => !NOT_VISITED[r.path]);
  const pub = routes.filter((r) => r.path === '/login' || r.path.startsWith('/login/') || r.path.startsWith('/protocal/'));
  const rest = routes.filter((r) => !pub.includes(r) && (!r.path.startsWith('/v8/lr/') || LR_SAMPLE.includes(r.path)));
  assert.ok(rest.length > 60, `routes read from config/routes.ts: ${rest.length}`);
  const failures = [];
  const visited = [];
  const accepted = [];
  const visit = async (page, r) => {
    const url = concrete(r.path);
    await page.goto(`${BASE}${url}`, { waitUntil: 'domcontentloaded' });
    await settle(page);
    const answer = ANSWER_COMPONENTS.has(r.component);
    const label = `${r.path}${r.component ? ` (${r.component})` : ''}`;
    const attempt = async (what) => {
      try {
        await what();
      } catch (e) {
        failures.push(e.message);
      }
    };
    const denied = await page.locator('.ant-result-403, .ant-result-404').count();
    if (denied) failures.push(`${label}: the administrator sees a 403/404 result`);
    const axe = () => checkA11y(page, `sweep ${label}`, answer ? {} : { console: true, allow: CONSOLE_ALLOW, exclude: '.ant-message' });
    // a page still busy (a loading button fades its colours) is looked at once more after a pause
    await attempt(() =>
      axe().catch(async () => {
        await page.waitForTimeout(2000);
        await settle(page);
        await axe();
      }),
    );
    try {
      const o = await checkLandmarks(page, `sweep ${label}`, { nav: r.layout !== false });
      visited.push(`${url}: ${o.landmarks.join(', ')} | ${o.headings.slice(0, 3).join(' | ')}`);
    } catch (e) {
      if (LANDMARK_EXCEPTIONS[r.path]) accepted.push(`${r.path}: ${LANDMARK_EXCEPTIONS[r.path]}\n      ${e.message.split('\n').slice(1, 4).join('\n      ')}`);
      else failures.push(e.message);
    }
    // links are real links (href) or buttons reachable by Tab
    await attempt(async () => {
      const bad = await page.evaluate(() =>
        Array.from(document.querySelectorAll('a:not([href])'))
          .filter((a) => a.getClientRects().length && !(a.getAttribute('role') === 'button' && a.tabIndex >= 0))
          .map((a) => a.outerHTML.slice(0, 120)),
      );
      assert.deepEqual(bad, [], `${label}: links without href that are no button`);
    });
  };
  // the public pages, logged out
  {
    const { ctx, page } = await newPage(browser, external);
    try {
      for (const r of pub) await visit(page, r);
    } finally {
      await ctx.close();
    }
  }
  const { ctx, page } = await newPage(browser, external);
  try {
    await uiLogin(page);
    for (const r of rest) await visit(page, r);
  } finally {
    await ctx.close();
  }
  console.log(`  sweep: ${pub.length + rest.length} routes, ${visited.length} passed the landmark check\n    ${visited.join('\n    ')}`);
  if (accepted.length) console.log(`  landmark exceptions (listed in LANDMARK_EXCEPTIONS):\n    ${accepted.join('\n    ')}`);
  assert.deepEqual(failures, [], `${failures.length} of ${pub.length + rest.length} routes failed`);
});
