// The TypeScript side of the Go-vs-TypeScript differential run (survey/differential_test.go):
// the Go test bundles this file with esbuild, writes random programs and piping texts as JSON
// lines to its stdin, and compares every answer line with its own engine's. Not part of any
// page bundle.
//
// Input lines:  {"k":"expr","expr":"...","vars":{...},"today":"2025-06-15"}   (today "-": no clock)
//               {"k":"pipe","survey":{...},"answers":[...],"lang":[...],"mode":"html","text":"..."}
//               {"k":"regex","pattern":"...","subjects":["..."]}
// Output lines: {"v":<value>} or {"err":"L:C: message"}; {"s":"rendered"}; {"m":[true,false,...]} or {"err":"..."}
import { createInterface } from 'node:readline';
import { DslError, evalExpr, fromJSON, parseExpr, setFunctions, type Value } from './dsl';
import * as impl from './dsl/funcsimpl';
import { checkPattern, matchPattern } from './dsl/regex';
import * as regex from './dsl/regex';

setFunctions(impl, regex);
import { Engine, loadInput, loadSurvey } from './index';
import { Piper, type LangItem } from './pipe';

function handle(line: string): unknown {
  const m = JSON.parse(line);
  if (m.k === 'expr') {
    let e;
    try {
      e = parseExpr(m.expr);
    } catch (err) {
      if (err instanceof DslError) return { err: err.message };
      throw err;
    }
    const vars: Record<string, Value> = {};
    for (const [k, v] of Object.entries(m.vars ?? {})) vars[k] = fromJSON(v);
    const env = {
      lookup: (r: { name: string }) => (Object.prototype.hasOwnProperty.call(vars, r.name) ? vars[r.name] : null),
      ...(m.today === '-' ? {} : { today: () => m.today as string }),
    };
    return { v: evalExpr(e, env) };
  }
  if (m.k === 'pipe') {
    const s = loadSurvey(m.survey);
    const r = new Engine(s).evaluate(loadInput({ answers: m.answers, today: '2025-06-15' }));
    const v = new Piper(s, m.lang as LangItem[]).with(r.answers);
    return { s: m.mode === 'html' ? v.html(m.text) : m.mode === 'url' ? v.url(m.text) : v.text(m.text) };
  }
  if (m.k === 'regex') {
    const e = checkPattern(m.pattern);
    if (e) return { err: e.message };
    return { m: (m.subjects as string[]).map((x) => matchPattern(m.pattern, x)) };
  }
  return { err: 'unknown kind' };
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  let out: unknown;
  try {
    out = handle(line);
  } catch (e) {
    out = { crash: String(e) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
});
