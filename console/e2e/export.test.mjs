// Export journey in real Chromium: from the raw-data page with an answer-value filter, export
// XLSX, CSV, SPSS .sav and a ZIP with the uploaded files through the export workflow of
// `dwsurvey dev`; the progress bar goes from the queued 0 % to 100 %, the files download and
// are checked with real readers: LibreOffice (XLSX to CSV), readstat and PSPP (.sav: rows,
// variable and value labels), the CSV parsed, the ZIP listed (the upload in its answer folder).
// Run: BASE_URL=http://127.0.0.1:18080 ADMIN_PASSWORD=... node --test e2e/export.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BASE, T, apiClient, apiLogin, checkA11y, checkOn, launchBrowser, newPage as openPage, publish, rowMenuClick, settled, uiLogin } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dws-export-'));
let browser;
let api;
let s;
let uploadAnswer = '';
const external = [];

const title = (t) => ({ quTitleObj: { dwHtml: t, dwText: t } });
const opt = (id, t) => ({ dwId: id, optionTitleObj: { dwHtml: t, dwText: t } });
const DOC = {
  questions: [
    { dwId: 'e1', quType: 'RADIO', ...title('Favourite fruit 水果'), quRadios: [opt('e1a', 'Apple 苹果'), opt('e1b', 'Pear')] },
    { dwId: 'e2', quType: 'FILLBLANK', ...title('Comment') },
    { dwId: 'e3', quType: 'UPLOADFILE', ...title('Attachment') },
  ],
};
const N_APPLE = 24;
const N_PEAR = 6;

async function submit(i, fruit, text, files) {
  const anQuestions = [
    { quDwId: 'e1', quType: 'RADIO', anRadio: { optionDwId: fruit } },
    { quDwId: 'e2', quType: 'FILLBLANK', anFbk: { answer: text } },
  ];
  if (files) anQuestions.push({ quDwId: 'e3', quType: 'UPLOADFILE', anUploadFiles: files });
  const answerJson = { answerCommon: { answerDwId: `ex-${run}-${i}` }, anQuestions };
  const r = await fetch(`${BASE}/api/dwsurvey/none/v6/dw-answer-survey/save-survey-answer.do`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ surveyId: s.id, sid: s.sid, jsonVersion: 6, answerJson }),
  }).then((x) => x.json());
  assert.equal(r.data?.anCheckResultCode, 201, `submit ${i}: ${JSON.stringify(r)}`);
  return r.data.dbAnswerId;
}

before(async () => {
  browser = await launchBrowser();
  api = apiClient(await apiLogin());
  s = await publish(api, `Export ${run}`, 'survey', DOC);
  // one respondent uploads a file (its original name tries to leave the answer folder)
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'report.pdf');
  fd.append('surveyId', s.id);
  const up = await fetch(`${BASE}/api/dwsurvey/up/up-file.do`, { method: 'POST', body: fd }).then((x) => x.json());
  assert.equal(up.resultCode, 200, `upload: ${JSON.stringify(up)}`);
  uploadAnswer = await submit(0, 'e1a', '=HYPERLINK("http://evil.example","click")', [{ filePath: up.data[0].location, fileName: '../../etc/passwd' }]);
  const jobs = [];
  for (let i = 1; i < N_APPLE; i++) jobs.push(submit(i, 'e1a', i % 3 === 0 ? '+1' : `apple ${i}`));
  for (let i = 0; i < N_PEAR; i++) jobs.push(submit(100 + i, 'e1b', `pear ${i}`));
  await Promise.all(jobs);
});

after(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  assert.deepEqual(external, [], 'pages loaded nothing from outside hosts');
});

/** Opens the export dialog, chooses options, starts, follows the progress and saves the download. */
// axe on the export dialog and list; the theme's primary button colour (#1677ff, 4.1:1 with
// white, on primary and link buttons) is the console theme's, not this page's: left to the theme (issue 22)
const A11Y = (include) => ({ console: true, include, exclude: '.ant-btn-primary, .ant-btn-color-link' });

async function exportFile(page, { format, withFiles = false, codes = false }) {
  await page.locator('[data-testid=data-export]').click();
  await page.locator('[data-testid=export-scope]').waitFor();
  await settled(page); // the dialog zooms in: a click during the animation can miss the radio
  assert.match(await page.locator('[data-testid=export-scope]').innerText(), /current filters/);
  await checkOn(page.locator(`[data-testid=export-format] input[value=${format}]`));
  if (codes) await checkOn(page.getByLabel('Option numbers instead of option texts'));
  if (withFiles) await checkOn(page.getByLabel('Compress uploaded files too (ZIP)'));
  // every percentage the bar shows is recorded
  await page.evaluate(() => {
    window.__pcts = [];
    const obs = new MutationObserver(() => {
      const el = document.querySelector('[data-testid=export-progress]');
      if (el) {
        const v = Number(el.getAttribute('data-percent'));
        if (window.__pcts[window.__pcts.length - 1] !== v) window.__pcts.push(v);
      }
    });
    obs.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.locator('[data-testid=export-start]').click()]);
  const file = path.join(dir, `${format}${withFiles ? '-files' : ''}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  await page.locator('[data-testid=export-state][data-state=done]').waitFor();
  const pcts = await page.evaluate(() => window.__pcts);
  assert.equal(pcts[0], 0, `the bar starts at 0 (queued): ${pcts}`);
  assert.equal(pcts[pcts.length - 1], 100, `the bar ends at 100: ${pcts}`);
  assert.match(await page.locator('[data-testid=export-rows]').innerText(), new RegExp(`${N_APPLE} of ${N_APPLE}`));
  await checkA11y(page, `export dialog (${format})`, A11Y('.ant-modal-content'));
  await page.locator('[data-testid=export-close]').click();
  await page.locator('[data-testid=export-dialog-progress]').waitFor({ state: 'detached' });
  return file;
}

test('export from the raw-data page with a filter: XLSX, CSV, .sav and ZIP', { timeout: 240000 }, async () => {
  const { page } = await openPage(browser, external);
  await uiLogin(page);
  await page.goto(`${BASE}/v8/dws/d/data/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=data-table]').waitFor();
  // filter: fruit = Apple
  await page.locator('[data-testid=filter-question]').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Favourite fruit' }).first().click();
  await page.locator('[data-testid=filter-option]').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Apple' }).first().click();
  await page.locator('[data-testid=filter-add-value]').click();
  await page.locator('[data-testid=filter-apply]').click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=data-total]')?.getAttribute('data-total')) === n, N_APPLE, { timeout: T });

  // XLSX, read back by LibreOffice
  const xlsx = await exportFile(page, { format: 'xlsx' });
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/lo`, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', path.join(dir, 'lo-out'), xlsx], { timeout: 120000 });
  const fromXlsx = fs.readFileSync(path.join(dir, 'lo-out', path.basename(xlsx).replace(/\.xlsx$/, '.csv')), 'utf8').trim().split(/\r?\n/);
  assert.equal(fromXlsx.length, 1 + N_APPLE, 'XLSX rows (LibreOffice)');
  assert.ok(fromXlsx[0].includes('Q1. Favourite fruit 水果'), fromXlsx[0]);
  assert.ok(fromXlsx.some((l) => l.includes(`"'=HYPERLINK(""http://evil.example"",""click"")"`)), 'the formula-looking answer is inert text');
  assert.ok(!fromXlsx.some((l) => l.includes('Pear')), 'the filter holds');

  // CSV (BOM, RFC 4180)
  const csv = fs.readFileSync(await exportFile(page, { format: 'csv' }), 'utf8');
  assert.ok(csv.startsWith('\uFEFF'), 'BOM');
  const lines = csv.slice(1).trim().split('\r\n');
  assert.equal(lines.length, 1 + N_APPLE);
  assert.ok(lines.some((l) => l.includes(",'+1,")), 'the +1 answer is neutralised');

  // SPSS .sav, read back by readstat and PSPP
  const sav = await exportFile(page, { format: 'sav' });
  const rows = execFileSync('readstat', [sav, '-'], { encoding: 'utf8' }).trim().split('\n');
  assert.equal(rows.length, 1 + N_APPLE, '.sav rows (readstat)');
  const sps = path.join(dir, 'r.sps');
  fs.writeFileSync(sps, `GET FILE='${sav}'.\nDISPLAY DICTIONARY.\nFREQUENCIES Q1.\n`);
  const dict = execFileSync('pspp', ['-O', 'format=csv', '-o', '-', sps], { encoding: 'utf8' });
  for (const want of ['Favourite fruit 水果', 'Apple 苹果', 'Pear', 'Nominal', 'Scale']) assert.ok(dict.includes(want), `PSPP sees ${want}`);

  // ZIP with the uploaded file inside its answer folder
  const zip = await exportFile(page, { format: 'csv', withFiles: true });
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
  assert.deepEqual(names, [`files/${uploadAnswer}/1-passwd`, 'answers.csv']);

  // past exports: four ready files
  await page.locator('[data-testid=data-exports]').click();
  await page.locator('[data-testid=export-list] [data-testid=export-state][data-state=done]').nth(3).waitFor();
  await checkA11y(page, 'past exports', A11Y('.ant-drawer-content'));
});

test('Word report, PDF answer sheet and the questionnaire as Word', { timeout: 240000 }, async () => {
  const { page } = await openPage(browser, external);
  await uiLogin(page);
  await page.goto(`${BASE}/v8/dws/d/data/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=data-table]').waitFor();

  // Word statistics report (pie charts) through the export workflow, opened by LibreOffice
  await page.locator('[data-testid=data-export]').click();
  await checkOn(page.locator('[data-testid=export-format] input[value=report]'));
  assert.match(await page.locator('[data-testid=export-scope]').innerText(), /every valid answer/);
  const dlP = page.waitForEvent('download', { timeout: 60000 });
  await page.locator('[data-testid=export-start]').click();
  await page.locator('[data-testid=export-state][data-state=done], [data-testid=export-state][data-state=failed]').waitFor({ timeout: 60000 });
  const err = await page.locator('[data-testid=export-error]').count();
  assert.equal(err, 0, `report failed: ${err && (await page.locator('[data-testid=export-error]').innerText())}`);
  if (process.env.EXPORT_SHOTS) await page.screenshot({ path: `${process.env.EXPORT_SHOTS}/report-dialog.png` });
  const dl = await dlP;
  const docx = path.join(dir, 'report.docx');
  await dl.saveAs(docx);
  assert.match(dl.suggestedFilename(), /\.docx$/);
  await page.locator('[data-testid=export-close]').click();
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/lo`, '--convert-to', 'pdf', '--outdir', dir, docx], { timeout: 120000 });
  const text = execFileSync('pdftotext', [path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
  for (const want of ['Statistics report', 'Favourite fruit', 'Apple', String(N_APPLE + N_PEAR)]) assert.ok(text.includes(want), `report lacks ${want}`);
  if (process.env.EXPORT_SHOTS) execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '2', '-l', '2', path.join(dir, 'report.pdf'), path.join(process.env.EXPORT_SHOTS, 'report')]);

  // one answer's PDF sheet from its row
  const row = page.locator('[data-testid=data-table] tbody tr[data-row-key]').first();
  const [pdfDl] = await Promise.all([page.waitForEvent('download'), row.locator('[data-testid=data-pdf]').click()]);
  const pdf = path.join(dir, 'sheet.pdf');
  await pdfDl.saveAs(pdf);
  const sheet = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  assert.ok(sheet.includes('Favourite fruit 水果') && (sheet.includes('Apple 苹果') || sheet.includes('Pear')), sheet);

  // the questionnaire as Word from My surveys
  await page.goto(`${BASE}/v8/dw/survey`, { waitUntil: 'networkidle' });
  const srow = page.locator('.ant-table-row', { hasText: `Export ${run}` }).first();
  const [qDl] = await Promise.all([page.waitForEvent('download'), rowMenuClick(page, srow, { text: 'Export as Word' })]);
  const q = path.join(dir, 'questionnaire.docx');
  await qDl.saveAs(q);
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/lo`, '--convert-to', 'pdf', '--outdir', dir, q], { timeout: 120000 });
  const qText = execFileSync('pdftotext', [path.join(dir, 'questionnaire.pdf'), '-'], { encoding: 'utf8' });
  for (const want of ['1. Favourite fruit', 'Apple', '2. Comment', '3. Attachment']) assert.ok(qText.includes(want), `questionnaire lacks ${want}: ${qText}`);
});

test('print templates: saved with a logo, chosen from the print view, the PDF follows it', { timeout: 240000 }, async () => {
  const { page } = await openPage(browser, external);
  await uiLogin(page);
  await page.goto(`${BASE}/v8/dws/d/DwPrintMbData/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=pt-table]').waitFor();
  assert.match(await page.locator('[data-testid=pt-table]').innerText(), /No print templates yet/);
  await checkA11y(page, 'print templates (empty)', A11Y('[data-testid=pt-page]'));

  // a name is required: the dialog says so at the field and saves nothing
  await page.locator('[data-testid=pt-new]').click();
  const dialog = page.locator('.ant-modal-content');
  await dialog.waitFor();
  await checkA11y(page, 'print template dialog', A11Y('.ant-modal-content'));
  await dialog.locator('.ant-btn-primary').click();
  await dialog.locator('.ant-form-item-explain-error', { hasText: 'Enter a name' }).waitFor();

  // logo: a PNG uploaded for the survey
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4ISeHFTEMLQkAkL9BAbKfPiIAAAAASUVORK5CYII=', 'base64');
  await dialog.locator('[data-testid=pt-logo-input]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await dialog.locator('[data-testid=pt-logo-name]', { hasText: 'logo.png' }).waitFor();
  await dialog.locator('[data-testid=pt-name]').fill(`Branded ${run}`);
  await dialog.locator('[data-testid=pt-header]').fill(`客户满意度 ${run}`);
  await checkOn(dialog.locator('[data-testid=pt-fields] input[value=ip]'));
  await checkOn(dialog.locator('[data-testid=pt-score]'));
  await dialog.locator('.ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
  const trow = page.locator('[data-testid=pt-table] tbody tr', { hasText: `Branded ${run}` });
  await trow.waitFor();
  assert.match(await trow.innerText(), /logo\.png/);
  assert.match(await trow.innerText(), /Default/);
  await checkA11y(page, 'print templates (one)', A11Y('[data-testid=pt-page]'));

  // from an answer's print view: print with the template
  await page.goto(`${BASE}/v8/dws/d/print/${s.id}?answerId=${uploadAnswer}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=print-view]').waitFor();
  await page.locator('[data-testid=print-templates]').click();
  await page.locator('[data-testid=pt-print]').first().waitFor();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=pt-print]').first().click()]);
  const pdf = path.join(dir, 'templated.pdf');
  await dl.saveAs(pdf);
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  assert.ok(text.includes(`客户满意度 ${run}`), `the sheet lacks the template's header: ${text}`);
  const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n');
  assert.ok(images.length >= 3, `no logo in the sheet: ${images.join('\n')}`);

  // deleting asks first
  await page.goto(`${BASE}/v8/dws/d/DwPrintMbData/${s.id}`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid=pt-table] tbody tr', { hasText: `Branded ${run}` }).locator('[data-testid=pt-delete]').click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await page.locator('[data-testid=pt-table]', { hasText: 'No print templates yet' }).waitFor();
});
