// Legacy surveyDetail gates count only for documents without surveyAttrs (Go LegacyGateAttrs).
import { describe, expect, it } from 'vitest';
import { applyDefaults, legacyGateAttrs } from './defaults';
import type { Survey } from './model';

describe('legacy gates', () => {
  it('a document with surveyAttrs keeps its own settings, whatever surveyDetail says', () => {
    const s: Survey = {
      questions: [],
      surveyDetail: { rule: 1, ruleCode: '令牌', ynEndNum: 1, endNum: 5 },
      surveyAttrs: { anPwdAttr: { enabled: false, anPwdCode: '' } },
    };
    applyDefaults(s);
    expect(s.surveyAttrs?.anPwdAttr?.enabled).toBe(false);
    expect(s.surveyAttrs?.anEndNumAttr).toBeUndefined();
  });
  it('a document without surveyAttrs gets the gates its legacy fields set', () => {
    const s: Survey = { questions: [], surveyDetail: { rule: 1, ruleCode: ' 令牌 ', ynEndNum: 1, endNum: 5, ynEndTime: 1, endTime: '2030-01-01 00:00:00' } };
    applyDefaults(s);
    expect(s.surveyAttrs?.anPwdAttr).toEqual({ enabled: true, anPwdCode: '令牌' });
    expect(s.surveyAttrs?.anEndNumAttr).toEqual({ enabled: true, endNum: 5 });
    expect(s.surveyAttrs?.anEndTimeAttr).toEqual({ enabled: true, endTime: '2030-01-01 00:00:00' });
    expect(s.surveyAttrs?.anRefreshAttr?.randomCodeNum).toBe(3);
  });
  it('legacy fields that set nothing give nothing', () => {
    expect(legacyGateAttrs({ rule: 1, ruleCode: '' })).toBeUndefined();
    expect(legacyGateAttrs({ ynEndNum: 0, endNum: 1000 })).toBeUndefined();
    expect(legacyGateAttrs(undefined)).toBeUndefined();
  });
});
