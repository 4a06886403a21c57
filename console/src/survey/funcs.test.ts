// The shared expression vectors (testdata/engine/expr/functions.json: functions, empty-text
// rules, located argument errors, the clock) and the case table (case.json), run exactly as
// Go's TestExprVectors, TestClockVectors and TestCaseTable do.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DslError, evalExpr, fromJSON, parseExpr, setFunctions, type Value } from './dsl';
import * as impl from './dsl/funcsimpl';
import { mapCase, todayIn } from './dsl/funcsimpl';
import * as regex from './dsl/regex';
import { Engine, loadSurvey } from './index';

setFunctions(impl, regex);

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../testdata/engine/expr');

interface ExprFile {
  today: string;
  cases: { name: string; expr: string; vars?: Record<string, unknown>; today?: string; expect?: unknown; error?: string }[];
  clock: { ms: number; zone: string; today: string }[];
}

const f = JSON.parse(readFileSync(join(dir, 'functions.json'), 'utf8')) as ExprFile;

describe('expression vectors', () => {
  it('has them', () => expect(f.cases.length).toBeGreaterThanOrEqual(150));
  for (const c of f.cases) {
    it(c.name, () => {
      let e;
      try {
        e = parseExpr(c.expr);
      } catch (err) {
        expect(err).toBeInstanceOf(DslError);
        expect((err as DslError).message).toBe(c.error);
        return;
      }
      expect(c.error).toBeUndefined();
      const vars: Record<string, Value> = {};
      for (const [k, v] of Object.entries(c.vars ?? {})) vars[k] = fromJSON(v);
      const today = c.today ?? f.today;
      const env = {
        lookup: (r: { name: string }) => (Object.prototype.hasOwnProperty.call(vars, r.name) ? vars[r.name] : null),
        ...(today === '-' ? {} : { today: () => today }),
      };
      expect(evalExpr(e, env)).toStrictEqual(c.expect ?? null);
    });
  }
});

describe('clock vectors', () => {
  for (const c of f.clock) {
    it(`${c.ms} in ${c.zone || '(none)'}`, () => expect(todayIn(c.ms, c.zone)).toBe(c.today));
  }
  it('the engine reads its clock in the survey zone, and an input date wins', () => {
    const s = loadSurvey({
      surveyAttrs: { timeZone: 'Asia/Shanghai' },
      dwDsl: 'assign Q2 = today()\nassign Q3 = age(Q1)',
      questions: [{ dwId: 'q1', quType: 'FILLBLANK' }, { dwId: 'q2', quType: 'FILLBLANK' }, { dwId: 'q3', quType: 'FILLBLANK' }],
    });
    const e = new Engine(s);
    e.now = () => Date.UTC(2025, 5, 14, 16, 30);
    const answers = [{ quDwId: 'q1', anFbk: { answer: '2007-06-15' } }];
    expect(e.evaluate({ answers }).assignments.map((a) => a.value)).toEqual(['2025-06-15', 18]);
    expect(e.evaluate({ answers, today: '2025-06-14' }).assignments.map((a) => a.value)).toEqual(['2025-06-14', 17]);
  });
});

describe('case table', () => {
  const t = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { upper: [number, number][]; lower: [number, number][] };
  it('maps every code point as Go does', () => {
    const up = new Map(t.upper);
    const lo = new Map(t.lower);
    const bad: string[] = [];
    for (let c = 0x80; c <= 0x10ffff && bad.length < 20; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      const u = mapCase(ch, true).codePointAt(0);
      const l = mapCase(ch, false).codePointAt(0);
      if (u !== (up.get(c) ?? c)) bad.push(`upper U+${c.toString(16)}: ${u?.toString(16)}`);
      if (l !== (lo.get(c) ?? c)) bad.push(`lower U+${c.toString(16)}: ${l?.toString(16)}`);
    }
    expect(bad).toEqual([]);
  });
});
