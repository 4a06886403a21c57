import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Survey } from '../../survey';
import { loadSurvey } from '../../survey/load';
import { hintText, initialLanguage, parseLanguageScript, translateSurvey, translationSources, type LanItem } from './language';

const doc: Survey = {
  dwId: 'sv',
  surveyNameObj: { dwHtml: '满意度调查', dwText: '满意度调查' },
  surveyDetail: { surveyNodeObj: { dwHtml: '说明', dwText: '说明' } },
  questions: [
    { dwId: 'q1', quType: 'RADIO', quTitleObj: { dwHtml: '<b>颜色</b>', dwText: '颜色' }, quRadios: [{ dwId: 'a', optionTitle: '红' }, { dwId: 'b', optionTitle: '蓝' }] },
    { dwId: 'q2', quType: 'MATRIX_RADIO', quTitle: '矩阵', quRows: [{ dwId: 'r1', optionTitle: '行' }], quCols: [{ dwId: 'c1', optionTitle: '列' }] },
    { dwId: 'q3', quType: 'FILLBLANK', quTitle: '姓名', quNoteObj: { dwHtml: '全名', dwText: '全名' } },
  ],
};

describe('survey content languages', () => {
  it('parses a script given as a JSON string or an array, refuses malformed ones', () => {
    const items = [{ lanCode: 'q1', lanType: 'quTitle', lanValue: 'Colour' }];
    expect(parseLanguageScript(JSON.stringify(items))).toEqual(items);
    expect(parseLanguageScript(items)).toEqual(items);
    expect(parseLanguageScript('{bad')).toBeNull();
    expect(parseLanguageScript('{"questions":[]}')).toBeNull();
    expect(parseLanguageScript([{ lanCode: 'q1', lanType: 'quTitle' }])).toBeNull();
    expect(parseLanguageScript(undefined)).toBeNull();
  });

  it('translates titles, notes and options, leaves the rest and the original alone', () => {
    const before = JSON.stringify(doc);
    const out = translateSurvey(doc, [
      { lanCode: 'sv', lanType: 'surveyName', lanValue: 'Satisfaction survey' },
      { lanCode: 'sv', lanType: 'surveyNote', lanValue: 'Notes' },
      { lanCode: 'q1', lanType: 'quTitle', lanValue: '<b>Colour</b>' },
      { lanCode: 'b', lanType: 'optionTitle', lanValue: 'Blue' },
      { lanCode: 'r1', lanType: 'optionTitle', lanValue: 'Row' },
      { lanCode: 'c1', lanType: 'optionTitle', lanValue: 'Column' },
      { lanCode: 'q3', lanType: 'quNote', lanValue: 'Full name' },
      { lanCode: 'q3', lanType: 'quTitle', lanValue: '' },
    ]);
    expect(JSON.stringify(doc)).toBe(before);
    expect(out.surveyNameObj?.dwHtml).toBe('Satisfaction survey');
    expect(out.surveyDetail?.surveyNodeObj?.dwHtml).toBe('Notes');
    expect(out.questions[0].quTitleObj).toMatchObject({ dwHtml: '<b>Colour</b>', dwText: 'Colour' });
    expect(out.questions[0].quRadios?.map((o) => o.optionTitleObj?.dwHtml ?? o.optionTitle)).toEqual(['红', 'Blue']);
    expect(out.questions[1].quRows?.[0].optionTitleObj?.dwHtml).toBe('Row');
    expect(out.questions[1].quCols?.[0].optionTitleObj?.dwHtml).toBe('Column');
    expect(out.questions[1].quTitle).toBe('矩阵');
    expect(out.questions[2].quNoteObj?.dwHtml).toBe('Full name');
    // an empty translation keeps the original text
    expect(out.questions[2].quTitle).toBe('姓名');
    // dwIds (the keys of the answers) are unchanged
    expect(out.questions.map((q) => q.dwId)).toEqual(['q1', 'q2', 'q3']);
  });

  it('picks the language on load: URL, stored choice, browser language, else the original', () => {
    const offered = [{ languageCode: 'en' }, { languageCode: 'zh-TW' }];
    expect(initialLanguage(offered, 'zh-TW', 'en', ['en-US'])).toEqual({ code: 'zh-TW', notFound: false });
    expect(initialLanguage(offered, null, 'en', ['zh-CN'])).toEqual({ code: 'en', notFound: false });
    expect(initialLanguage(offered, null, '-', ['en-US'])).toEqual({ code: '', notFound: false });
    expect(initialLanguage(offered, null, 'fr', ['en-US'])).toEqual({ code: '', notFound: true });
    expect(initialLanguage(offered, null, '', ['en-US'])).toEqual({ code: 'en', notFound: false });
    expect(initialLanguage(offered, null, '', ['zh-TW', 'en'])).toEqual({ code: 'zh-TW', notFound: false });
    expect(initialLanguage(offered, null, '', ['zh-CN', 'ja'])).toEqual({ code: '', notFound: false });
    expect(initialLanguage([], null, '', ['en-US'])).toEqual({ code: '', notFound: false });
  });
});

// the shared vectors of Go's survey.Translate (survey/translate_test.go)
describe('content language vectors (testdata/engine/translate/vectors.json)', () => {
  const file = join(dirname(fileURLToPath(import.meta.url)), '../../../../testdata/engine/translate/vectors.json');
  const f = JSON.parse(readFileSync(file, 'utf8')) as { cases: { name: string; survey: unknown; items: LanItem[]; sources: LanItem[]; expect: LanItem[] }[] };
  it('has cases', () => expect(f.cases.length).toBeGreaterThan(0));
  for (const c of f.cases) {
    it(c.name, () => {
      const d = loadSurvey(c.survey);
      const before = JSON.stringify(d);
      expect(translationSources(d)).toEqual(c.sources);
      expect(translationSources(translateSurvey(d, c.items))).toEqual(c.expect);
      expect(JSON.stringify(d)).toBe(before);
    });
  }
  it('plain fields take the text without tags, entities decoded once', () => {
    expect(hintText(' <b>A</b> &lt;b&gt; &amp;amp; ')).toBe('A <b> &amp;');
  });
  it('the answer page reads the translated end page text, hints and buttons', () => {
    const d = loadSurvey(f.cases[0].survey);
    const t = translateSurvey(d, f.cases[0].items);
    expect((t.surveyAttrs?.endPageAttr as any).textAttr.submitSuccess).toEqual({ enabled: true, text: '<p>Thank you {Q1}</p>' });
    expect((t.surveyAttrs?.endPageAttr as any).showScore).toBe(true);
    expect(t.surveyStyle?.nextBtnText).toBe('Continue');
    expect(t.surveyStyle?.prevBtnText).toBe('上一页');
    const q2 = t.questions.find((q) => q.dwId === 'q2');
    expect(q2?.quAttr?.inputAttr?.commonAttr).toMatchObject({ regexMsg: 'Enter six digits & nothing else', placeholder: 'e.g. 100000', checkType: 'CUSTOM', regex: '^[0-9]{6}$' });
  });
});
