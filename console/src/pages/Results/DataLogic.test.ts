import { describe, expect, it } from 'vitest';
import en from '../../locales/results/data-en-US';
import zh from '../../locales/results/data-zh-CN';
import { loadSurvey } from '../../survey';
import {
  anQuestionsOf,
  answerLines,
  deviceLabel,
  editErrorLines,
  fmtDuration,
  isFiltered,
  parseValueKey,
  printItems,
  region,
  rowState,
  toFilter,
  valueChoices,
  valueKey,
  valueLabel,
  withoutIds,
} from './DataLogic';

const t = (s: string) => ({ dwHtml: s, dwText: s });
const doc = loadSurvey({
  surveyType: 'survey',
  questions: [
    { dwId: 'q1', quType: 'RADIO', quTitleObj: t('<b>Colour</b>'), quRadios: [{ dwId: 'r', optionTitleObj: t('Red') }, { dwId: 'g', optionTitleObj: t('Green') }] },
    { dwId: 'pg', quType: 'PAGETAG' },
    { dwId: 'q2', quType: 'CHECKBOX', quTitleObj: t('Fruit'), quCheckboxs: [{ dwId: 'a', optionTitleObj: t('Apple') }, { dwId: 'b', optionTitleObj: t('Banana') }] },
    { dwId: 'p', quType: 'PARAGRAPH', quTitleObj: t('Intro') },
    { dwId: 'q3', quType: 'FILLBLANK', quTitleObj: t('Name') },
    { dwId: 'q4', quType: 'MATRIX_RADIO', quTitleObj: t('Rate'), quRows: [{ dwId: 'r1', optionTitleObj: t('Food') }], quCols: [{ dwId: 'c1', optionTitleObj: t('Good') }, { dwId: 'c2', optionTitleObj: t('Bad') }] },
    { dwId: 'q5', quType: 'ORDERQU', quTitleObj: t('Rank'), quOrderbys: [{ dwId: 'o1', optionTitleObj: t('X') }, { dwId: 'o2', optionTitleObj: t('Y') }] },
  ],
});

describe('filters', () => {
  it('leaves blank fields and the default state out', () => {
    expect(toFilter({ state: 'all', ip: '  ', city: '', values: [], range: null })).toEqual({});
    expect(isFiltered(toFilter({ state: 'all' }))).toBe(false);
  });
  it('maps every field', () => {
    expect(
      toFilter({ state: 'screened', range: ['2026-01-01 00:00:00', ''], ip: ' 1.2.3.4 ', city: ' 广东省', values: ['q1|r', 'q4|r1|c2', 'bad'] }),
    ).toEqual({ state: 'screened', bgDate: '2026-01-01 00:00:00', ip: '1.2.3.4', city: '广东省', values: [{ quDwId: 'q1', optionDwId: 'r' }, { quDwId: 'q4', optionDwId: 'r1', colDwId: 'c2' }] });
  });
  it('value keys round-trip', () => {
    for (const v of [{ quDwId: 'a', optionDwId: 'b' }, { quDwId: 'a', optionDwId: 'b', colDwId: 'c' }]) expect(parseValueKey(valueKey(v))).toEqual(v);
    expect(parseValueKey('x')).toBeNull();
    expect(parseValueKey('|y')).toBeNull();
  });
  it('value choices come from choice and matrix questions of the report', () => {
    const c = valueChoices({
      surveyId: 's',
      total: 3,
      questions: [
        { quDwId: 'q1', quType: 'RADIO', quTitle: '<p>Colour</p>', count: 3, options: [{ dwId: 'r', title: 'Red', count: 2 }] },
        { quDwId: 'q3', quType: 'FILLBLANK', quTitle: 'Name', count: 3 },
        { quDwId: 'q4', quType: 'MATRIX_RADIO', quTitle: 'Rate', count: 1, cells: [{ rowDwId: 'r1', colDwId: 'c1', rowTitle: 'Food', colTitle: 'Good', count: 1 }] },
      ],
    });
    expect(c).toEqual([
      { quDwId: 'q1', title: 'Colour', options: [{ key: 'q1|r', label: 'Red' }] },
      { quDwId: 'q4', title: 'Rate', options: [{ key: 'q4|r1|c1', label: 'Food × Good' }] },
    ]);
    expect(valueLabel(c, 'q4|r1|c1')).toBe('Rate: Food × Good');
    expect(valueLabel(c, 'zz|y')).toBe('zz|y');
    expect(valueChoices(null)).toEqual([]);
  });
});

describe('rows', () => {
  it('review states', () => {
    expect(rowState({ isEff: 0, handleState: 2 })).toBe('screened');
    expect(rowState({ isEff: 1, handleState: 0 })).toBe('unreviewed');
    expect(rowState({ isEff: 1, handleState: 1 })).toBe('passed');
    expect(rowState({ isEff: 1, handleState: 3 })).toBe('reviewed');
  });
  it('every state and device has a message in both languages', () => {
    for (const s of ['screened', 'unreviewed', 'passed', 'reviewed']) {
      expect(en).toHaveProperty([`rd.state.${s}`]);
      expect(zh).toHaveProperty([`rd.state.${s}`]);
    }
    const f = (id: string) => en[id] ?? id;
    expect(deviceLabel('mobile', f)).toBe('Phone');
    expect(deviceLabel('toaster', f)).toBe('toaster');
    expect(deviceLabel('', f)).toBe('');
  });
  it('durations', () => {
    expect(fmtDuration(0)).toBe('0:00');
    expect(fmtDuration(81234)).toBe('1:21');
    expect(fmtDuration(3723000)).toBe('1:02:03');
    expect(fmtDuration(-1)).toBe('-');
    expect(fmtDuration(undefined)).toBe('-');
  });
  it('regions', () => {
    expect(region({ province: '北京市', city: '北京市' })).toBe('北京市');
    expect(region({ province: '广东省', city: '深圳市' })).toBe('广东省 深圳市');
    expect(region({ province: '', city: '' })).toBe('');
    expect(region({ province: '广东省' })).toBe('广东省');
  });
  it('selection after a delete', () => {
    expect(withoutIds(['a', 'b', 'c'], ['b', 'x'])).toEqual(['a', 'c']);
  });
});

describe('answers as text', () => {
  const answers = anQuestionsOf(
    JSON.stringify({
      anQuestions: [
        { quDwId: 'q1', quType: 'RADIO', anRadio: { optionDwId: 'g', otherText: 'lime' } },
        { quDwId: 'q2', quType: 'CHECKBOX', anCheckboxs: [{ optionDwId: 'a' }, { optionDwId: 'b' }] },
        { quDwId: 'q4', quType: 'MATRIX_RADIO', anMatrixRadios: [{ rowDwId: 'r1', colDwId: 'c2' }] },
        { quDwId: 'q5', quType: 'ORDERQU', anOrders: [{ optionDwId: 'o2', orderNum: 1 }, { optionDwId: 'o1', orderNum: 2 }] },
        null,
      ],
    }),
  );
  it('reads answerJson as text or object and drops nulls', () => {
    expect(answers).toHaveLength(4);
    expect(anQuestionsOf({ anQuestions: [] })).toEqual([]);
    expect(anQuestionsOf('{bad')).toEqual([]);
    expect(anQuestionsOf(null)).toEqual([]);
  });
  it('formats each kind with option titles', () => {
    const q = (id: string) => doc.questions.find((x) => x.dwId === id)!;
    expect(answerLines(q('q1'), answers[0])).toEqual(['Green (lime)']);
    expect(answerLines(q('q2'), answers[1])).toEqual(['Apple; Banana']);
    expect(answerLines(q('q4'), answers[2])).toEqual(['Food: Bad']);
    expect(answerLines(q('q5'), answers[3])).toEqual(['1. Y; 2. X']);
    expect(answerLines(q('q3'), { quDwId: 'q3', anFbk: { answer: 'Ann' } })).toEqual(['Ann']);
    expect(answerLines(q('q3'), undefined)).toEqual([]);
  });
  it('print items skip layout items and number questions like the answer page', () => {
    const items = printItems(doc, answers);
    expect(items.map((i) => [i.num, i.title])).toEqual([
      [1, 'Colour'],
      [2, 'Fruit'],
      [3, 'Name'],
      [4, 'Rate'],
      [5, 'Rank'],
    ]);
    expect(items[2].lines).toEqual([]);
  });
  it('edit errors name the question', () => {
    expect(editErrorLines([{ quDwId: 'q3', text: 'Required' }, { text: 'Other' }, { quDwId: 'zz', key: 'k' }], doc)).toEqual(['Name: Required', 'Other', 'k']);
  });
});
