// Spec defaults for surveyAttrs and surveyStyle (Go survey/attrs.go).
import type { Survey, SurveyAttrs, SurveyStyle } from './model';

export function defaultSurveyStyle(): SurveyStyle {
  return {
    themeColor: '#015AB4', progressColor: '#025bb7', showSurveyTitle: true, showSurveyNote: true, showPageHeader: true,
    showProgressbar: true, showQuNum: true, showQuTypeName: true, showQuScoreNum: false,
    submitBtnText: '提交答卷', nextBtnText: '下一页', prevBtnText: '上一页',
  };
}

export function defaultSurveyAttrs(): SurveyAttrs {
  return {
    anRefreshAttr: { randomCodeNum: 3 },
    scoreAttr: { showSumScore: { enabled: true, showContent: 'sumAndDetail' } },
    voteAttr: { showVoteRankList: true },
    breakAnAttr: { client: { enabled: true }, server: { enabled: false } },
  };
}

/** applyDefaults fills missing surveyAttrs/surveyStyle blocks with the spec defaults. */
export function applyDefaults(s: Survey): void {
  const d = defaultSurveyAttrs();
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
