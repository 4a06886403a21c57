// Engine unit tests mirroring survey/shuffle_test.go and engine_test.go.
import { describe, expect, it } from 'vitest';
import { Engine, fnv1a32, loadAnswer, loadSurvey, pageMinTime, round2, shuffleIds, votePercent } from './index';

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
    const r = new Engine(s).evaluate({ answers: a.anQuestions, quotaCounts: { Q1A1: 5 } });
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
