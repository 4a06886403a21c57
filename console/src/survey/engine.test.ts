// Engine unit tests mirroring survey/shuffle_test.go and engine_test.go.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine, fnv1a32, loadAnswer, loadInput, loadSurvey, pageMinTime, round2, shuffleIds, votePercent } from './index';

describe('shuffle', () => {
  it('matches the reference', () => {
    expect(shuffleIds('ans-1|options|q2', ['q2a1', 'q2a2', 'q2a3'])).toEqual(['q2a2', 'q2a3', 'q2a1']);
    expect(shuffleIds('ans-1|options|q1', ['q1a1', 'q1a2', 'q1a3', 'q1a4', 'q1a5'], [false, false, false, false, true])).toEqual([
      'q1a3', 'q1a1', 'q1a4', 'q1a2', 'q1a5',
    ]);
    expect(shuffleIds('ans-1|questions|1', ['q1', 'q2', 'q3', 'q4', 'q5'], [false, false, true, true, false])).toEqual([
      'q2', 'q5', 'q3', 'q4', 'q1',
    ]);
    expect(shuffleIds('ans-1|rows|q6', ['q6r1', 'q6r2', 'q6r3', 'q6r4'])).toEqual(['q6r2', 'q6r4', 'q6r3', 'q6r1']);
    expect(fnv1a32('')).toBe(2166136261);
    expect(fnv1a32('a')).toBe(0xe40c292c);
  });
});

describe('numbers', () => {
  it('Round2 like JS', () => {
    const cases: [number, number][] = [[1.005, 1], [2.675, 2.68], [-1.005, -1], [0.125, 0.13], [-0.125, -0.12], [33.333333, 33.33], [-0.001, 0]];
    for (const [x, want] of cases) expect(Object.is(round2(x), want)).toBe(true);
  });
  it('page minimum time and vote percentage', () => {
    const m = pageMinTime(90, 2);
    expect(m?.key).toBe('pageMinTime');
    expect(m?.text).toBe('Current page answering time 1.5 minutes is less than the page minimum of 2 minutes');
    expect(pageMinTime(120, 2)).toBeNull();
    expect(pageMinTime(1, 0)).toBeNull();
    expect(votePercent(2, 6, true)).toEqual([3, 42.86]);
  });
});

describe('submission', () => {
  it('drops hidden answers and scores', () => {
    const s = loadSurvey(`{"surveyType":"exam","dwDsl":"if Q1A2 then hide Q2\\nset Q1A1 quota = 1","questions":[
      {"dwId":"q1","quType":"RADIO","quRadios":[{"dwId":"a1","isRight":1,"scoreNum":3},{"dwId":"a2"}]},
      {"dwId":"q2","quType":"FILLBLANK","quAttr":{"isRequired":true}}]}`);
    const a = loadAnswer(JSON.stringify('{"anQuestions":[{"quDwId":"q1","anRadio":{"optionDwId":"a2"}},{"quDwId":"q2","anFbk":{"answer":"secret"}}]}'));
    const r = new Engine(s).evaluate({ answers: a.anQuestions, quotaCounts: { a1: 5 } });
    expect(r.errors).toEqual([]);
    expect(r.answers.length).toBe(1);
    expect(r.answers[0].quDwId).toBe('q1');
    expect(r.answers[0].quAnScore).toBe(0);
    expect(r.quotas[0].matched).toBe(false);
    expect(r.score.max).toBe(3);
    expect(Object.keys(JSON.parse(JSON.stringify(r)))).not.toContain('answers');
  });
  it('reports DSL issues with paths', () => {
    const s = loadSurvey({
      dwDsl: 'if Q1A1 then show Q9\nif Q1 = then hide Q1',
      questions: [{ dwId: 'x', quType: 'RADIO', logicDsl: { showDsl: 'if Q1A5 then show Q1' } }],
    });
    const msgs = new Engine(s).c.issues.map((i) => i.path + ' ' + i.message).join('\n');
    expect(msgs).toContain('dwDsl 2:9:');
    expect(msgs).toContain('questions[0].logicDsl.showDsl 1:4: option Q1A5 does not exist');
  });
  it('reads flexible JSON like Go', () => {
    const s = loadSurvey({
      questions: [
        { dwId: 'q1', quType: 'CHECKBOX', minLimit: '2', quAttr: { isRequired: '1' }, questionLogics: [{ logicType: 2, skQuId: 'q2, q3', cgQuItemId: 5 }] },
      ],
    });
    expect(s.questions[0].minLimit).toBe(2);
    expect(s.questions[0].quAttr?.isRequired).toBe(true);
    expect(s.questions[0].questionLogics?.[0]).toEqual({ logicType: '2', skQuId: ['q2', 'q3'], cgQuItemId: ['5'] });
  });
});

describe('stored AST', () => {
  it('updateDslAst resolves dwIds and the engine runs the stored AST', async () => {
    const { updateDslAst, newIndex } = await import('./index');
    const s = loadSurvey({
      dwDsl: 'if Q1A1 then show Q2',
      questions: [{ dwId: 'x', quType: 'RADIO', quRadios: [{ dwId: 'x1' }, { dwId: 'x2' }] }, { dwId: 'y', quType: 'FILLBLANK' }],
    });
    expect(updateDslAst(s, newIndex(s))).toBeNull();
    const ast = JSON.stringify(s.dwDslAst);
    expect(ast).toContain('"quDwId":"x"');
    expect(ast).toContain('"itemDwId":"x1"');
    expect(ast).not.toContain('slot');
    delete s.dwDsl;
    const e = new Engine(s);
    expect(e.evaluate({ answers: [] }).visibleQuestions).toEqual(['x']);
    expect(e.evaluate({ answers: [{ quDwId: 'x', anRadio: { optionDwId: 'x1' } }] }).visibleQuestions).toEqual(['x', 'y']);
    s.dwDsl = 'if Q1 = then';
    expect(updateDslAst(s, newIndex(s))?.message).toMatch(/^1:/);
  });
});

describe('cross-check fixes', () => {
  const vf = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../testdata/engine/fixes.json'), 'utf8')) as {
    surveys: Record<string, unknown>;
    cases: { name: string; survey: string; input: unknown }[];
  };
  const doc = (name: string) => loadSurvey(JSON.parse(JSON.stringify(vf.surveys[name])));
  const issueText = (is: { path: string; message: string }[]) => is.map((i) => `${i.path} ${i.message}`).join('\n');

  it('reports stale dwIds of a stored AST with their location', () => {
    const want: Record<string, string> = {
      badAstDeleted: 'dwDslAst 1:1: question Q2 (dwId "gone") no longer exists',
      badAstDeletedOption: 'dwDslAst 1:1: option Q1A1 (dwId "gone") no longer exists',
      badAstVarDeleted: 'dwDslAst 1:1: question age (dwId "gone") no longer exists',
      badAstAssign: 'dwDslAst 1:1: question total (dwId "gone") no longer exists',
      badMutexPagetag: 'dwDsl 1:1: option Q2A9 does not exist',
    };
    for (const [name, w] of Object.entries(want)) expect(issueText(new Engine(doc(name)).c.issues)).toContain(w);
    for (const name of ['astMoved', 'astStaleItem', 'astVarRenamed']) expect(new Engine(doc(name)).c.issues).toEqual([]);
    expect(new Engine(doc('astMoved')).c.rules[0].src.text).toBe('if Q2A2 then hide Q1');
    const r = new Engine(doc('badAstAssign')).evaluate({ answers: [{ quDwId: 'q1', anFbk: { answer: 'a' } }] });
    expect(r.assignments).toEqual([]);
    expect(r.answers).toEqual([{ quDwId: 'q1', anFbk: { answer: 'a' } }]);
  });

  it('refreshDslAst re-numbers after a move and never rebinds a deleted reference', async () => {
    const { updateDslAst, refreshDslAst, newIndex } = await import('./index');
    const s = loadSurvey({
      dwDsl: '# keep\nif Q1A1 and age > 3 then hide Q3',
      questions: [
        { dwId: 'q1', quType: 'RADIO', quRadios: [{ dwId: 'q1a1' }, { dwId: 'q1a2' }] },
        { dwId: 'q2', quType: 'FILLBLANK', varAtrrs: { customName: 'age' } },
        { dwId: 'q3', quType: 'FILLBLANK' },
      ],
    });
    expect(updateDslAst(s, newIndex(s))).toBeNull();
    s.questions = [s.questions[2], s.questions[0], s.questions[1]];
    s.questions[1].quRadios = [s.questions[1].quRadios![1], s.questions[1].quRadios![0]];
    const { text, issues } = refreshDslAst(s, newIndex(s));
    expect(issues).toEqual([]);
    expect(text).toBe('# keep\nif Q2A2 and age > 3 then hide Q1');
    expect(s.dwDsl).toBe(text);
    const answers = [{ quDwId: 'q1', anRadio: { optionDwId: 'q1a1' } }, { quDwId: 'q2', anFbk: { answer: '5' } }];
    expect(new Engine(s).evaluate({ answers }).visibleQuestions).toEqual(['q1', 'q2']);
    s.questions = s.questions.slice(1);
    const again = refreshDslAst(s, newIndex(s));
    expect(issueText(again.issues)).toContain('(dwId "q3") no longer exists');
    expect(s.dwDsl).toBeUndefined();
    expect(JSON.stringify(s.dwDslAst)).toContain('"quDwId":"q3"');
    expect(new Engine(s).evaluate({ answers }).visibleQuestions).toEqual(['q1', 'q2']);
  });

  it('drops malformed stored-AST statements with an issue', () => {
    for (const a of [
      { stmts: [{ kind: 'if', cond: { type: 'bool', bool: true } }] },
      { stmts: [{ kind: 'assign', target: { name: 'Q1', q: 1 } }] },
      { stmts: [{ kind: 'goto' }] },
      { stmts: [{ kind: 'validate', message: 'm' }] },
      { stmts: [{ kind: 'if', cond: { type: 'call', name: 'count' }, then: { kind: 'hide', targets: [{ name: 'Q1', q: 1 }] } }] },
      { stmts: [{ kind: 'if', cond: { type: 'binary', op: 'and', left: { type: 'bool', bool: true } }, then: { kind: 'hide', targets: [{ name: 'Q1', q: 1 }] } }] },
    ]) {
      const e = new Engine(loadSurvey({ dwDslAst: a, questions: [{ dwId: 'q1', quType: 'FILLBLANK' }] }));
      expect(issueText(e.c.issues)).toContain('malformed');
      expect(e.evaluate({ answers: [] }).visibleQuestions).toEqual(['q1']);
    }
  });

  it('drops hidden rows, score items and blanks from the effective answers', () => {
    const c = vf.cases.find((x) => x.name === 'hidden-rows-scores-blanks-dropped')!;
    const r = new Engine(doc(c.survey)).evaluate(loadInput(c.input));
    const b = JSON.stringify(r.answers);
    for (const id of ['q2r2', 'q3a2', 'q4a2', 'q5r2', 'q6r2', 'q7r2']) expect(b).not.toContain(`"${id}"`);
    for (const id of ['q2r1', 'q3a1', 'q4a1', 'q5r1', 'q6r1', 'q7r1']) expect(b).toContain(`"${id}"`);
  });

  it('reads the input page like Go', () => {
    const cases: [unknown, number][] = [
      [2, 2], ['2', 2], [' 3 ', 3], [2.0, 2], ['2.5', 0], [1.5, 0], ['x', 0], [true, 0], [null, 0], [{}, 0], [[], 0],
      [-1, -1], ['1e1', 10], [1e300, 0], ['NaN', 0], ['Inf', 0], ['', 0],
    ];
    for (const [p, want] of cases) expect(loadInput({ page: p, answers: [null] })).toMatchObject({ page: want, answers: [] });
  });

  it('custom regexes follow RE2: dot matches \\r, U+2028, U+2029; \\s is ASCII', async () => {
    const { checkText } = await import('./index');
    expect(checkText('CUSTOM', 'a\rb', '^a.b$')).toBe(true);
    expect(checkText('CUSTOM', 'a\u2028b', '^a.b$')).toBe(true);
    expect(checkText('CUSTOM', 'a\nb', '^a.b$')).toBe(false);
    expect(checkText('CUSTOM', 'a.b', '^a\\.b$')).toBe(true);
    expect(checkText('CUSTOM', 'axb', '^a[.]b$')).toBe(false);
    expect(checkText('CUSTOM', 'a\u00a0b', '^a\\sb$')).toBe(false);
    expect(checkText('CUSTOM', 'a\tb', '^a[\\s]b$')).toBe(true);
    expect(checkText('CUSTOM', ']', '^[]]$')).toBe(true);
  });
});
