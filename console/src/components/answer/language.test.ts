import { describe, expect, it } from 'vitest';
import type { Survey } from '../../survey';
import { initialLanguage, parseLanguageScript, translateSurvey } from './language';

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
