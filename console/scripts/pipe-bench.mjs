#!/usr/bin/env node
// Answer piping on the answer page, measured in Chromium (src/survey/pipebench.ts): after one
// answer change on a 300-question survey with 100 placeholders, the piped texts are
// re-rendered; the engine evaluation the page does anyway is the reference of the same run.
//   node scripts/pipe-bench.mjs [rounds]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] || 300);
const out = await esbuild.build({
  entryPoints: [path.join(root, 'src/survey/pipebench.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  globalName: 'pipeBench',
  write: false,
});
const code = out.outputFiles[0].text;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: code });
  const r = await page.evaluate((n) => window.pipeBench.run(n), rounds);
  console.log(`Chromium, ${rounds} answer changes, ${r.placeholders} piped titles:`);
  console.log(`  engine evaluation (reference): median ${r.evaluate.median} ms, p95 ${r.evaluate.p95} ms`);
  console.log(`  piped texts re-rendered:       median ${r.pipe.median} ms, p95 ${r.pipe.p95} ms`);
} finally {
  await browser.close();
}
