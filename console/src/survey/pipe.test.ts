// Runs the shared piping vectors of testdata/engine/piping/*.json exactly as Go's
// TestPipeVectors does: evaluate the input, render the text against the effective answers in
// the case's content language.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine, loadInput, loadSurvey } from './index';
import { Piper, plainText, renderPiped, scanPipes, type LangItem } from './pipe';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../testdata/engine/piping');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

interface PipeFile {
  surveys: Record<string, unknown>;
  languages?: Record<string, LangItem[]>;
  inputs?: Record<string, unknown>;
  cases: { name: string; survey: string; input: unknown; lang?: string; mode?: string; text: string; expect: string }[];
}

let total = 0;
for (const f of files) {
  const pf = JSON.parse(readFileSync(join(dir, f), 'utf8')) as PipeFile;
  describe(f, () => {
    for (const c of pf.cases) {
      total++;
      it(c.name, () => {
        const s = loadSurvey(JSON.parse(JSON.stringify(pf.surveys[c.survey])));
        const input = typeof c.input === 'string' ? pf.inputs![c.input] : c.input;
        const r = new Engine(s).evaluate(loadInput(input));
        const v = new Piper(s, pf.languages?.[c.lang ?? '']).with(r.answers);
        const got = c.mode === 'html' ? v.html(c.text) : c.mode === 'url' ? v.url(c.text) : v.text(c.text);
        expect(got).toBe(c.expect);
      });
    }
  });
}

describe('piping helpers', () => {
  it('has the vectors', () => expect(total).toBeGreaterThanOrEqual(100));
  it('scans like Go', () => {
    expect(scanPipes('ab{Q1|x}c{{d{Q2}', 'text').map((p) => [p.lit, p.name, p.fallback, p.offset])).toEqual([
      ['ab', '', '', 0], ['', 'Q1', 'x', 2], ['c', '', '', 8], ['{', '', '', 9], ['d', '', '', 11], ['', 'Q2', '', 12],
    ]);
  });
  it('flattens rich text', () => {
    expect(plainText(' <p>a</p><p>b&amp;c</p>&#x1F600;<br/>x ')).toBe('a b&c 😀 x');
  });
  it('renders one text', () => {
    const s = loadSurvey({ questions: [{ dwId: 'q1', quType: 'FILLBLANK' }] });
    expect(renderPiped('Hi {Q1|you}', s, [])).toBe('Hi you');
    expect(renderPiped('Hi {Q1|you}', s, [{ quDwId: 'q1', anFbk: { answer: 'Ann' } }])).toBe('Hi Ann');
  });
});
