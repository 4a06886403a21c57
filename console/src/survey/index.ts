// Public API of the TypeScript survey engine (twin of Go package survey).
export * from './model';
export { loadSurvey, loadAnswer, loadAnQuestions, loadInput, loadProgram, toStr, toNum, toBool, toStrList } from './load';
export {
  newIndex, normType, isCounted, isDisplayOnly, isMatrix, isGroup, isRadioLike, isCheckboxLike, questionOptions, isRequired,
  type Index, type OptRef, type OptKind,
} from './docindex';
export { compileDsl, sources, resolveProgram, updateDslAst, refreshDslAst, type Compiled, type Rule, type DslSource, type Issue } from './compile';
export { Engine, newEngine, evaluate, type Input, type Result } from './engine';
export { applyDefaults, defaultSurveyAttrs, defaultSurveyStyle, ownBtnText, STOCK_BTN_TEXT, type BtnField } from './defaults';
export { logicKind, quotaKey, quotaStorageKey, type Assignment, type Hint, type QuotaHit } from './logic';
export { validateText, pageMinTime } from './validate';
export { normCheckType, checkText, CHECK_KEYS } from './checktype';
export { MESSAGE_TEXTS, DEFAULT_CUSTOM_MESSAGE, type Message } from './messages';
export { votePercent, type Progress, type ScoreResult, type QuestionScore, type VoteQuestion, type VoteOption } from './score';
export { fnv1a32, mulberry32, shuffleIds, type Order } from './shuffle';
export { round2, runeLen } from './util';
export * as dsl from './dsl';
