// Benchmark of answer piping on the answer page: after one answer change on a 300-question
// survey whose titles hold 100 placeholders, the page re-renders the piped texts
// (DocPiper.render over the engine's effective answers). The reference, measured in the same
// run, is the engine evaluation the page already does after every change. The survey is Go's
// pipeSurvey (survey/pipe_bench_test.go). Run in Chromium: node scripts/pipe-bench.mjs
import { Engine, loadSurvey, type AnQuestion, type Question } from './index';
import { DocPiper } from './pipe';

export function pipeSurvey(): { survey: ReturnType<typeof loadSurvey>; answers: AnQuestion[] } {
  const qs: Question[] = [];
  const answers: AnQuestion[] = [];
  let num = 0;
  for (let i = 1; i <= 300; i++) {
    const id = `q${i}`;
    num++;
    const q: Question = { dwId: id, quType: i % 2 === 1 ? 'RADIO' : 'FILLBLANK', quTitle: `Question ${i}` };
    if (i % 2 === 1) {
      q.quRadios = [1, 2, 3].map((a) => ({ dwId: `q${i}a${a}`, optionTitle: `Option ${a}` }));
      answers.push({ quDwId: id, anRadio: { optionDwId: `q${i}a${1 + (i % 3)}` } });
    } else answers.push({ quDwId: id, anFbk: { answer: `text ${i}` } });
    if (i % 3 === 0) {
      const k = Math.max(1, num - 1 - (i % 5));
      q.quTitle = `You said {Q${k}|nothing}. Question ${i}`;
      q.quTitleObj = { dwHtml: q.quTitle, dwText: q.quTitle };
    }
    qs.push(q);
    if (i % 20 === 0 && i < 300) qs.push({ dwId: `p${i}`, quType: 'PAGETAG' });
  }
  return { survey: loadSurvey({ questions: qs }), answers };
}

/** run returns median and p95 milliseconds per answer change of the evaluation and of the piping. */
export function run(rounds = 300): { evaluate: { median: number; p95: number }; pipe: { median: number; p95: number }; placeholders: number } {
  const { survey, answers } = pipeSurvey();
  const e = new Engine(survey);
  const dp = new DocPiper(survey);
  // timed in batches of 10 changes (browsers coarsen performance.now())
  const ev: number[] = [];
  const pp: number[] = [];
  let list = answers;
  const change = (r: number) => (list = list.map((a) => (a.quDwId === 'q1' ? { ...a, anRadio: { optionDwId: `q1a${1 + (r % 3)}` } } : a)));
  for (let b = 0; b < rounds / 10; b++) {
    const lists: AnQuestion[][] = [];
    for (let k = 0; k < 10; k++) lists.push(change(b * 10 + k));
    let t = performance.now();
    const results = lists.map((l) => e.evaluate({ answers: l, page: 1 }));
    ev.push((performance.now() - t) / 10);
    t = performance.now();
    for (const res of results) dp.render(res.answers);
    pp.push((performance.now() - t) / 10);
  }
  const stat = (l: number[]) => {
    const s = l.slice(2).sort((a, b) => a - b); // the first batches warm up
    return { median: +s[Math.floor(s.length / 2)].toFixed(3), p95: +s[Math.floor(s.length * 0.95)].toFixed(3) };
  };
  return { evaluate: stat(ev), pipe: stat(pp), placeholders: dp.piped.length };
}
