// Placeholder checks (shared vectors testdata/engine/pipecheck/check.json, as Go's
// TestPipeCheckVectors) and the designer's renumbering after moves and deletions.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSurvey } from './index';
import { checkPipes, refreshPipes, structureKey } from './pipestore';

const file = join(dirname(fileURLToPath(import.meta.url)), '../../../testdata/engine/pipecheck/check.json');
const f = JSON.parse(readFileSync(file, 'utf8')) as { cases: { name: string; survey: unknown; issues: unknown[]; refs?: unknown }[] };

describe('check vectors', () => {
  for (const c of f.cases) {
    it(c.name, () => {
      const { refs, issues } = checkPipes(loadSurvey(JSON.parse(JSON.stringify(c.survey))));
      expect(issues).toEqual(c.issues);
      expect(refs).toEqual(c.refs ?? {});
    });
  }
});

const q = (id: string, title: string, extra: Record<string, unknown> = {}) => ({ dwId: id, quType: 'FILLBLANK', quTitle: title, quTitleObj: { dwHtml: title, dwText: title }, ...extra });

describe('refreshPipes', () => {
  it('renumbers placeholders after a move and keeps quoting the same questions', () => {
    const before = { questions: [q('a', 'First'), q('b', 'Second'), q('c', 'You said {Q1}, then {Q2|nothing}')] };
    const after = { questions: [before.questions[1], before.questions[0], before.questions[2]] };
    const { doc, changed } = refreshPipes(before, after);
    expect(changed).toBe(true);
    expect(doc.questions[2].quTitle).toBe('You said {Q2}, then {Q1|nothing}');
    expect(doc.questions[2].quTitleObj.dwHtml).toBe('You said {Q2}, then {Q1|nothing}');
    expect(doc.dwPipes['c/quTitle']).toEqual([{ name: 'Q2', quDwId: 'a' }, { name: 'Q1', quDwId: 'b' }]);
    expect(after.questions[2].quTitle).toBe('You said {Q1}, then {Q2|nothing}'); // input untouched
    expect(checkPipes(loadSurvey(doc)).issues).toEqual([]);
  });
  it('keeps a placeholder to a deleted question with its stale entry, so the checker reports it', () => {
    const before = { questions: [q('a', 'First'), q('b', 'Second'), q('c', '{Q1} and {Q2}')] };
    const after = { questions: [before.questions[1], before.questions[2]] };
    const { doc } = refreshPipes(before, after);
    expect(doc.questions[1].quTitle).toBe('{Q1} and {Q1}');
    const issues = checkPipes(loadSurvey(doc)).issues;
    expect(issues.map((i) => i.code)).toEqual(['pipeDeleted']);
    expect(issues[0].message).toContain('deleted');
    // a second refresh (another edit) keeps the stale entry: still reported, never bound to the new Q1
    const again = refreshPipes(doc, doc).doc;
    expect(checkPipes(loadSurvey(again)).issues.map((i) => i.code)).toEqual(['pipeDeleted']);
  });
  it('follows option moves and leaves unknown braces alone', () => {
    const radio = { dwId: 'r', quType: 'RADIO', quRadios: [{ dwId: 'o1' }, { dwId: 'o2' }] };
    const before = { questions: [radio, q('c', '{Q1A2} {name} {{Q1}')] };
    const after = { questions: [{ ...radio, quRadios: [{ dwId: 'o2' }, { dwId: 'o1' }] }, before.questions[1]] };
    const { doc } = refreshPipes(before, after);
    expect(doc.questions[1].quTitle).toBe('{Q1A1} {name} {{Q1}');
  });
  it('shares every unchanged object with the document it was given', () => {
    const before = { questions: [q('a', 'First'), q('b', 'Second'), q('c', 'You said {Q1}'), q('d', 'plain')] };
    const after = { questions: [before.questions[1], before.questions[0], before.questions[2], before.questions[3]] };
    const { doc } = refreshPipes(before, after);
    expect(doc.questions[0]).toBe(after.questions[0]);
    expect(doc.questions[3]).toBe(after.questions[3]);
    expect(doc.questions[2]).not.toBe(after.questions[2]);
    expect(doc.questions[2].quTitleObj).not.toBe(after.questions[2].quTitleObj);
    expect(doc.questions[2].quTitle).toBe('You said {Q2}');
  });
  it('summarises structure', () => {
    const a = { questions: [q('a', 'x'), q('b', 'y')] };
    expect(structureKey(a)).not.toBe(structureKey({ questions: [a.questions[1], a.questions[0]] }));
    expect(structureKey(a)).toBe(structureKey({ questions: [q('a', 'changed title'), q('b', 'y')] }));
  });
});
