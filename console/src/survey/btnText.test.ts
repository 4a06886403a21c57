import { describe, expect, it } from 'vitest';
import { applyDefaults, loadSurvey, ownBtnText, STOCK_BTN_TEXT } from './index';

describe('ownBtnText: stock button texts are not the author’s', () => {
  it('is empty for the stock texts and for none', () => {
    for (const k of ['submitBtnText', 'nextBtnText', 'prevBtnText'] as const) {
      expect(ownBtnText({ [k]: STOCK_BTN_TEXT[k] }, k)).toBe('');
      expect(ownBtnText({}, k)).toBe('');
      expect(ownBtnText({ [k]: '  ' }, k)).toBe('');
      expect(ownBtnText(undefined, k)).toBe('');
    }
    expect(STOCK_BTN_TEXT.submitBtnText).toBe('提交答卷');
  });
  it('keeps the author’s own texts', () => {
    expect(ownBtnText({ submitBtnText: 'Send it' }, 'submitBtnText')).toBe('Send it');
    expect(ownBtnText({ nextBtnText: '继续' }, 'nextBtnText')).toBe('继续');
  });
  it('a document with the stored default style has no own button texts', () => {
    const d = loadSurvey({ surveyName: 'x', questions: [] });
    applyDefaults(d);
    expect(d.surveyStyle?.submitBtnText).toBe('提交答卷');
    expect(ownBtnText(d.surveyStyle, 'submitBtnText')).toBe('');
  });
});
