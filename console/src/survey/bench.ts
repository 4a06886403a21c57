// Benchmark: full re-evaluation of a 1,000-question survey with 500 rules
// after one answer change (goal: under 20 ms). The survey is the same as
// Go's bigSurvey in survey/bench_test.go: radio and fill-blank questions
// alternating, a page break every 20, 250 questionLogics rules (GO and SHOW)
// and 250 DSL statements.
//
// Run (from console/):
//   npx tsx src/survey/bench.ts
// tsx runs the modules unbundled through its loader, which makes every
// cross-module call slow (about 5x); for browser-like figures, bundle first:
//   npx esbuild src/survey/bench.ts --bundle --platform=node --format=esm --outfile=/tmp/bench.mjs && node /tmp/bench.mjs
import { Engine, type AnQuestion, type Question, type Survey } from './index';
import { evalCond, parseProgram } from './dsl';
import { View } from './view';

export function bigSurvey(n: number): { survey: Survey; answers: AnQuestion[] } {
  const qs: Question[] = [];
  const prog: string[] = [];
  const answers: AnQuestion[] = [];
  for (let i = 1; i <= n; i++) {
    const id = `q${i}`;
    const q: Question = { dwId: id, quType: '', quAttr: { isRequired: true } };
    if (i % 2 === 1) {
      q.quType = 'RADIO';
      q.quRadios = [1, 2, 3].map((a) => ({ dwId: `q${i}a${a}` }));
      if (i % 4 === 1 && i + 6 <= n + 8) {
        const kind = i % 8 === 1 ? 'GO' : 'SHOW';
        q.questionLogics = [{ logicType: kind, cgQuItemId: [`${id}a1`], skQuId: [`q${Math.min(i + 6, n)}`] }];
      }
      answers.push({ quDwId: id, anRadio: { optionDwId: `q${i}a${1 + (i % 3)}` } });
    } else {
      q.quType = 'FILLBLANK';
      answers.push({ quDwId: id, anFbk: { answer: String(i % 100) } });
      if (i % 4 === 2 && i + 5 <= n + 8) {
        prog.push(`if (Q${i - 1}A1 and Q${i} > 50) or Q${i - 1} = 2 then show Q${Math.min(i + 5, n)}`);
      }
    }
    qs.push(q);
    if (i % 20 === 0 && i < n) qs.push({ dwId: `p${i}`, quType: 'PAGETAG' });
  }
  return { survey: { questions: qs, dwDsl: prog.join('\n') }, answers };
}

function stats(ms: number[]): string {
  const s = ms.slice().sort((a, b) => a - b);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `mean ${mean.toFixed(3)} ms, median ${pct(0.5).toFixed(3)} ms, p95 ${pct(0.95).toFixed(3)} ms, max ${s[s.length - 1].toFixed(3)} ms`;
}

function main(): void {
  const { survey, answers } = bigSurvey(1000);
  let t0 = performance.now();
  const e = new Engine(survey);
  const build = performance.now() - t0;
  const rules = e.c.rules.length + survey.questions.reduce((k, q) => k + (q.questionLogics?.length ?? 0), 0);
  console.log(`survey: ${survey.questions.length} items (${answers.length} questions), ${rules} rules; engine build ${build.toFixed(2)} ms`);
  if (e.c.issues.length) throw new Error(e.c.issues[0].message);

  // Warm up, then time full re-evaluations, each after one answer change.
  const runs: number[] = [];
  for (let i = 0; i < 1200; i++) {
    const k = i % answers.length;
    answers[k] = { quDwId: answers[k].quDwId, anFbk: { answer: String(i % 97) } };
    t0 = performance.now();
    const r = e.evaluate({ answers });
    const dt = performance.now() - t0;
    if (r.visibleQuestions.length === 0) throw new Error('nothing visible');
    if (i >= 200) runs.push(dt);
  }
  console.log(`evaluate after one answer change (${runs.length} runs): ${stats(runs)}`);

  // Paged evaluation (page 10, next) - what the answer page calls on each click.
  const paged: number[] = [];
  for (let i = 0; i < 500; i++) {
    const k = (i * 7) % answers.length;
    answers[k] = { quDwId: answers[k].quDwId, anFbk: { answer: String(i % 89) } };
    t0 = performance.now();
    e.evaluate({ answers, page: 10, direction: 'next', changed: '' });
    paged.push(performance.now() - t0);
  }
  console.log(`evaluate page 10 (${paged.length} runs): ${stats(paged)}`);

  // Condition evaluation rate.
  const cond = e.c.rules[0].stmt.cond!;
  const m = new Map(answers.map((a) => [a.quDwId, a]));
  const v = new View(e, m, new Array(e.ix.qs.length).fill(false), new Set());
  const N = 2_000_000;
  t0 = performance.now();
  let hits = 0;
  for (let i = 0; i < N; i++) if (evalCond(cond, v)) hits++;
  const secs = (performance.now() - t0) / 1000;
  console.log(`condition evaluation: ${(N / secs / 1e6).toFixed(2)} M/s (${hits ? 'true' : 'false'})`);

  // Parse rate.
  const src = 'if (Q1A1 and Q2 > 60) or (Q1A2 and Q2 > 50) then show Q3';
  t0 = performance.now();
  for (let i = 0; i < 100_000; i++) parseProgram(src);
  console.log(`parse: ${((performance.now() - t0) / 100).toFixed(2)} µs per statement`);
}

main();
