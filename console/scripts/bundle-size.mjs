#!/usr/bin/env node
// First-load JavaScript of the respondent answer pages, measured in Chromium against the built
// console (dist/). It serves dist/ itself (SPA fallback like the Go server), answers the API
// calls of the page with small canned surveys, opens /v8/diaowen/an/:sid and
// /v8/diaowen/an/m/:sid for a survey without piping (bsize01) and /v8/diaowen/an/:sid for one
// that pipes and calls the functions added with piping, regex() included (bsize02: the
// heaviest first load, with the optional piping and function chunks), records every script the page loads until the questions are shown
// and the network is idle, and sums their gzip sizes (zlib level 9, as `gzip -9 -c f | wc -c`).
//
//   node scripts/bundle-size.mjs                 # prints the figures
//   node scripts/bundle-size.mjs --max 300       # exits 1 when a page loads more than 300 KB gzip
//   node scripts/bundle-size.mjs --json          # machine-readable
//   node scripts/bundle-size.mjs --umi           # the same routes on the umi console build
//   node scripts/bundle-size.mjs --dist DIR      # another build folder
//
// Also refuses (exit 1 with --max) when a loaded script contains AntV G2, which belongs to the
// results pages only. Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.resolve(here, '..', 'dist');
export const LIMIT_KB = 300;

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.ico': 'image/x-icon' };

/** A canned published survey with the common question types. */
export const SAMPLE_SURVEY = {
  id: 'bundle-size',
  sid: 'bsize01',
  surveyType: 'survey',
  surveyNameObj: { dwHtml: 'Bundle size', dwText: 'Bundle size' },
  questions: [
    { dwId: 'q1', quType: 'RADIO', quTitleObj: { dwHtml: 'Radio', dwText: 'Radio' }, quAttr: { isRequired: true }, quRadios: [{ dwId: 'q1a', optionTitle: 'A' }, { dwId: 'q1b', optionTitle: 'B' }] },
    { dwId: 'q2', quType: 'CHECKBOX', quTitleObj: { dwHtml: 'Checkbox', dwText: 'Checkbox' }, quCheckboxs: [{ dwId: 'q2a', optionTitle: 'A' }, { dwId: 'q2b', optionTitle: 'B' }] },
    { dwId: 'q3', quType: 'FILLBLANK', quTitleObj: { dwHtml: 'Fill in', dwText: 'Fill in' } },
    { dwId: 'q4', quType: 'SCORE', quTitleObj: { dwHtml: 'Score', dwText: 'Score' }, quScores: [{ dwId: 'q4a', optionTitle: 'Service' }] },
    { dwId: 'p1', quType: 'PAGETAG' },
    { dwId: 'q5', quType: 'MATRIX_RADIO', quTitleObj: { dwHtml: 'Matrix', dwText: 'Matrix' }, quRows: [{ dwId: 'r1', optionTitle: 'R1' }], quCols: [{ dwId: 'c1', optionTitle: 'C1' }] },
  ],
};

/** A canned survey that loads every optional chunk: a placeholder and the new functions. */
export const PIPE_SURVEY = {
  id: 'bundle-size-pipe',
  sid: 'bsize02',
  surveyType: 'survey',
  surveyNameObj: { dwHtml: 'Bundle size (piping)', dwText: 'Bundle size (piping)' },
  dwDsl: 'if regex(Q1, "^[a-z]+$") and upper(Q1) = "ABC" and iif(dateDiff("2024-01-01", "2024-12-31", "d") = 365, 1, 0) = 1 then show Q3',
  questions: [
    { dwId: 'p1', quType: 'FILLBLANK', quTitleObj: { dwHtml: 'Your word', dwText: 'Your word' } },
    { dwId: 'p2', quType: 'FILLBLANK', quTitleObj: { dwHtml: 'You wrote {Q1|nothing}. Why?', dwText: 'You wrote {Q1|nothing}. Why?' } },
    { dwId: 'p3', quType: 'FILLBLANK', quTitleObj: { dwHtml: 'Shown for abc', dwText: 'Shown for abc' } },
  ],
};

function envelope(data, resultCode = 200) {
  return JSON.stringify({ resultCode, resultMsg: resultCode === 200 ? 'success' : 'Not found', data });
}

/** The API answers of an answer page (everything else: a 404 envelope). */
function apiAnswer(pathname, params) {
  if (pathname.endsWith('survey-json-by-survey-id.do')) {
    const doc = params.get('sid') === PIPE_SURVEY.sid ? PIPE_SURVEY : SAMPLE_SURVEY;
    return envelope({
      answerCheckResult: { anCheckIsPass: true, anCheckResultCode: 200, anCheckResultMsg: 'ok' },
      surveyJson: { surveyId: doc.id, sid: doc.sid, version: 1, surveyJsonText: JSON.stringify(doc) },
    });
  }
  if (pathname.endsWith('dw-answer-select-language/list')) return envelope({ data: [] });
  if (pathname.endsWith('answer-survey-log.do')) return envelope({ id: 'log1' });
  if (pathname.endsWith('footer-info.do')) return envelope({ siteName: 'DWSurvey' });
  return envelope(null, 404);
}

/** The answer routes the Go server serves from the light entry (api/router.go lightAnswerPath). */
export function lightAnswerPath(p) {
  const m = /^\/v8\/diaowen\/an\/(.*)$/.exec(p);
  if (!m) return false;
  const parts = m[1].replace(/^\/+|\/+$/g, '').split('/');
  if (!parts[0] || parts[0] === 'review' || parts[0] === 'review-event') return false;
  return parts.length <= 2 || (parts.length === 3 && parts[1] === 'contacts');
}

/**
 * Serves dir on a free loopback port like the Go server (SPA fallback; the light answer entry
 * dist/an/index.html for the answer routes unless umi is set); resolves to {url, close}.
 */
export function serveDist(dir = DIST, { umi = false } = {}) {
  const server = http.createServer((req, res) => {
    const light = path.join(dir, 'an', 'index.html');
    const index = !umi && lightAnswerPath(new URL(req.url, 'http://x').pathname) && fs.existsSync(light) ? light : path.join(dir, 'index.html');
    const u = new URL(req.url, 'http://x');
    if (u.pathname.startsWith('/api/')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(apiAnswer(u.pathname, u.searchParams));
      return;
    }
    let f = path.join(dir, path.normalize(decodeURIComponent(u.pathname)).replace(/^([/\\])+/, ''));
    if (!f.startsWith(dir) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) f = index;
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(f)] || 'application/octet-stream' });
    fs.createReadStream(f).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

const G2_MARKERS = ['@antv/g2', 'G2Chart', 'interval.encode', 'renderer-canvas'];

/**
 * measure opens each answer route and returns [{route, files: [{file, raw, gzip}], gzip, raw, g2}].
 * gzip and raw are bytes.
 */
export async function measure({ dist = DIST, routes = ['/v8/diaowen/an/bsize01', '/v8/diaowen/an/m/bsize01', '/v8/diaowen/an/bsize02'], umi = false, chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium' } = {}) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`no build in ${dist}: run npm run build first`);
  const srv = await serveDist(dist, { umi });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const out = [];
  try {
    for (const route of routes) {
      const ctx = await browser.newContext({ locale: 'en-US', viewport: route.includes('/an/m/') ? { width: 390, height: 844 } : { width: 1366, height: 900 } });
      const page = await ctx.newPage();
      const scripts = new Set();
      page.on('response', (r) => {
        const u = new URL(r.url());
        if (r.request().resourceType() === 'script' || u.pathname.endsWith('.js')) scripts.add(u.pathname);
      });
      await page.goto(srv.url + route, { waitUntil: 'networkidle' });
      await page.locator('[data-qu-type]').first().waitFor({ timeout: 20000 });
      await page.waitForLoadState('networkidle');
      const files = [];
      let g2 = false;
      for (const p of [...scripts].sort()) {
        const buf = fs.readFileSync(path.join(dist, p));
        const text = buf.toString('utf8');
        if (G2_MARKERS.some((m) => text.includes(m))) g2 = true;
        files.push({ file: p, raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length });
      }
      files.sort((a, b) => b.gzip - a.gzip);
      out.push({ route, files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0), g2 });
      await ctx.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
  return out;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const args = process.argv.slice(2);
  const maxIdx = args.indexOf('--max');
  const max = maxIdx >= 0 ? Number(args[maxIdx + 1]) : 0;
  const distIdx = args.indexOf('--dist');
  const res = await measure({ umi: args.includes('--umi'), dist: distIdx >= 0 ? path.resolve(args[distIdx + 1]) : DIST });
  if (args.includes('--json')) console.log(JSON.stringify(res, null, 2));
  else {
    for (const r of res) {
      console.log(`${r.route}: ${r.files.length} scripts, ${kb(r.gzip)} gzip (${kb(r.raw)} raw)${r.g2 ? ' — contains G2!' : ''}`);
      for (const f of r.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
    }
  }
  if (max > 0) {
    const bad = res.filter((r) => r.gzip > max * 1024 || r.g2);
    if (bad.length) {
      console.error(`FAIL: ${bad.map((r) => `${r.route} ${kb(r.gzip)}${r.g2 ? ' with G2' : ''}`).join(', ')} (limit ${max} KB gzip, no G2)`);
      process.exit(1);
    }
    console.log(`OK: every answer page loads at most ${max} KB gzip of JavaScript`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(2);
  });
}
