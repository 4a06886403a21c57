#!/usr/bin/env node
// Builds the light entry of the respondent answer pages (src/components/answer/lite/entry.tsx)
// with esbuild into dist/an/: index.html, answer.<hash>.js, answer.<hash>.css. The Go server
// serves dist/an/index.html for /v8/diaowen/an/:sid, an/m/:sid, an/:sid/:answerId and
// an/:sid/contacts/:id (api/router.go); every other page stays on the umi build. Same
// components as the umi pages: '@umijs/max' is aliased to a small stand-in (lite/umi.ts).
//
// Runs after `max build` (umi plugin scripts/answer-lite-plugin.ts) or alone:
//   node scripts/build-answer.mjs [--outdir dist]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildAnswer({ outdir = path.join(root, 'dist') } = {}) {
  const dir = path.join(outdir, 'an');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const res = await esbuild.build({
    entryPoints: [path.join(root, 'src/components/answer/lite/entry.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    // the interface texts are one chunk per language (lite/umi.ts loadMessages)
    splitting: true,
    target: ['chrome100', 'edge100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    write: false,
    outdir: dir,
    entryNames: 'answer.[hash]',
    chunkNames: 'answer-[name].[hash]',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    // React runs as Preact here (preact/compat, ~5 KB gzip instead of react-dom's ~40 KB) so that
    // the first load stays within 100 KB gzip also for surveys that pipe and call functions
    // (issues 21, 22); subpaths follow (react/jsx-runtime -> preact/compat/jsx-runtime,
    // react-dom/client -> preact/compat/client). The umi console keeps React.
    alias: {
      '@umijs/max': path.join(root, 'src/components/answer/lite/umi.ts'),
      react: 'preact/compat',
      'react-dom': 'preact/compat',
    },
    loader: { '.svg': 'dataurl', '.png': 'dataurl' },
    logLevel: 'warning',
    metafile: true,
  });
  // The answer page must stay light: no charts (G2 belongs to the results pages), no antd, no umi.
  const banned = Object.keys(res.metafile.inputs).filter((f) => /node_modules\/(@antv|antd|@ant-design|@umijs|umi|react|react-dom|scheduler)\/|src\/components\/results\//.test(f));
  if (banned.length) throw new Error(`the light answer entry must not include: ${banned.slice(0, 5).join(', ')}`);
  // esbuild names files by content hash (chunks are imported by those names); the entry's
  // script and stylesheet go into index.html
  const names = {};
  for (const f of res.outputFiles) {
    const name = path.basename(f.path);
    fs.writeFileSync(path.join(dir, name), f.contents);
    const out = res.metafile.outputs[path.relative(process.cwd(), f.path)] ?? Object.entries(res.metafile.outputs).find(([k]) => path.resolve(k) === f.path)?.[1];
    if (out?.entryPoint?.endsWith('lite/entry.tsx') || (path.extname(name) === '.css' && !names['.css'])) names[path.extname(name)] = name;
  }
  const html = `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta http-equiv="X-UA-Compatible" content="IE=edge" />
<title>DWSurvey</title>
<link rel="icon" href="/favicon.svg" />
${names['.css'] ? `<link rel="stylesheet" href="/an/${names['.css']}" />` : ''}
<style>html{line-height:1.15;-webkit-text-size-adjust:100%}html,body{margin:0;padding:0}</style>
<script src="/dws-storage-shim.js"></script>
</head>
<body>
<div id="root"></div>
<script type="module" src="/an/${names['.js']}"></script>
</body>
</html>
`;
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return { dir, files: names, metafile: res.metafile };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--outdir');
  const outdir = i >= 0 ? path.resolve(process.argv[i + 1]) : undefined;
  buildAnswer({ outdir })
    .then((r) => {
      if (process.argv.includes('--analyze')) console.log(esbuild.analyzeMetafileSync(r.metafile, { verbose: false }));
      console.log(`answer entry: ${r.dir}/${r.files['.js']}`);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
