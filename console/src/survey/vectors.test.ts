// Runs every shared engine vector of testdata/engine/*.json, as Go's
// TestVectors does: load the survey, evaluate the input, and deep-compare
// the whole result (as JSON, without `answers`) with `expect`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine, loadInput, loadSurvey } from './index';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../testdata/engine');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

interface VectorFile {
  description: string;
  surveys: Record<string, unknown>;
  cases: { name: string; survey: string; input: unknown; expect: unknown }[];
}

let total = 0;
for (const f of files) {
  const vf = JSON.parse(readFileSync(join(dir, f), 'utf8')) as VectorFile;
  describe(f, () => {
    const names = new Set<string>();
    for (const c of vf.cases) {
      total++;
      it(c.name, () => {
        expect(names.has(c.name), `duplicate case name ${c.name}`).toBe(false);
        names.add(c.name);
        const doc = vf.surveys[c.survey];
        expect(doc, `unknown survey ${c.survey}`).toBeDefined();
        const s = loadSurvey(JSON.parse(JSON.stringify(doc)));
        const r = new Engine(s).evaluate(loadInput(c.input));
        // Compare as JSON, exactly as Go marshals and unmarshals the result.
        expect(JSON.parse(JSON.stringify(r))).toStrictEqual(c.expect);
      });
    }
  });
}

describe('vector files', () => {
  it('has at least 300 vectors', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(300);
  });
});
