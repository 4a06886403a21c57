// Spec defaults for surveyAttrs and surveyStyle (Go survey/attrs.go).
import type { Survey, SurveyAttrs, SurveyDetail, SurveyStyle } from './model';

export function defaultSurveyStyle(): SurveyStyle {
  return {
    themeColor: '#015AB4', progressColor: '#025bb7', showSurveyTitle: true, showSurveyNote: true, showPageHeader: true,
    showProgressbar: true, showQuNum: true, showQuTypeName: true, showQuScoreNum: false,
    ...STOCK_BTN_TEXT,
  };
}

export type BtnField = 'submitBtnText' | 'nextBtnText' | 'prevBtnText';

/**
 * The stock button texts the spec's default style stores (Go DefaultSurveyStyle). They are not
 * the author's words: the answer page shows its own text in the respondent's language for them,
 * the designer a placeholder in the console language.
 */
export const STOCK_BTN_TEXT: Readonly<Record<BtnField, string>> = { submitBtnText: '提交答卷', nextBtnText: '下一页', prevBtnText: '上一页' };

/** The author's own text of a button: '' when the style has none or only the stock text. */
export function ownBtnText(style: SurveyStyle | undefined, field: BtnField): string {
  const v = style?.[field];
  return typeof v === 'string' && v.trim() && v !== STOCK_BTN_TEXT[field] ? v : '';
}

export function defaultSurveyAttrs(): SurveyAttrs {
  return {
    anRefreshAttr: { randomCodeNum: 3 },
    scoreAttr: { showSumScore: { enabled: true, showContent: 'sumAndDetail' } },
    voteAttr: { showVoteRankList: true },
    breakAnAttr: { client: { enabled: true }, server: { enabled: false } },
  };
}

/**
 * The gates the legacy surveyDetail fields of a document WITHOUT surveyAttrs mean (Go
 * LegacyGateAttrs): answer password (rule 1 with a ruleCode), end after N answers (ynEndNum 1,
 * endNum > 0), end time (ynEndTime 1 with endTime). A document with surveyAttrs ignores them.
 */
export function legacyGateAttrs(det: SurveyDetail | undefined): SurveyAttrs | undefined {
  if (!det) return undefined;
  const a: SurveyAttrs = {};
  let set = false;
  const code = String(det.ruleCode ?? '').trim();
  if (Number(det.rule) === 1 && code) {
    a.anPwdAttr = { enabled: true, anPwdCode: code };
    set = true;
  }
  if (Number(det.ynEndNum) === 1 && Number(det.endNum) > 0) {
    a.anEndNumAttr = { enabled: true, endNum: Number(det.endNum) };
    set = true;
  }
  const end = String(det.endTime ?? '').trim();
  if (Number(det.ynEndTime) === 1 && end) {
    a.anEndTimeAttr = { enabled: true, endTime: end };
    set = true;
  }
  return set ? a : undefined;
}

/**
 * applyDefaults fills missing surveyAttrs/surveyStyle blocks with the spec defaults. A document
 * without surveyAttrs first gets the gates of its legacy surveyDetail fields, so that the block
 * the designer adds never drops a password or an end condition (Go Survey.ApplyDefaults).
 */
export function applyDefaults(s: Survey): void {
  const d = defaultSurveyAttrs();
  if (!s.surveyAttrs) s.surveyAttrs = legacyGateAttrs(s.surveyDetail);
  const a = s.surveyAttrs;
  if (!a) s.surveyAttrs = d;
  else {
    if (!a.anRefreshAttr) a.anRefreshAttr = d.anRefreshAttr;
    else if (!a.anRefreshAttr.randomCodeNum) a.anRefreshAttr.randomCodeNum = 3;
    if (!a.scoreAttr) a.scoreAttr = d.scoreAttr;
    if (!a.voteAttr) a.voteAttr = d.voteAttr;
    else if (a.voteAttr.showVoteRankList === undefined) a.voteAttr.showVoteRankList = true;
    if (a.breakAnAttr === undefined) a.breakAnAttr = d.breakAnAttr;
  }
  if (!s.surveyStyle) s.surveyStyle = defaultSurveyStyle();
}
