// The survey document model and the answer model. Field names are exactly
// the JSON names of the Go structs (survey/model.go, attrs.go, answer.go).
// Documents loaded with parseSurvey/loadSurvey have every known field
// converted to its type (numbers given as strings are numbers, "1"/1 flags
// are booleans, comma-separated id lists are arrays); unknown fields are
// dropped; fields the JSON did not have are left out.

/** Question types. */
export const TypeYesNo = 'YESNO';
export const TypeRadio = 'RADIO';
export const TypeCheckbox = 'CHECKBOX';
export const TypeFillblank = 'FILLBLANK';
export const TypeCompRadio = 'COMPRADIO';
export const TypeCompCheckbox = 'COMPCHECKBOX';
export const TypeMultiFillblank = 'MULTIFILLBLANK';
export const TypeAnswer = 'ANSWER';
export const TypeBigQu = 'BIGQU';
export const TypeEnumQu = 'ENUMQU';
export const TypeScore = 'SCORE';
export const TypeOrderQu = 'ORDERQU';
export const TypeUploadFile = 'UPLOADFILE';
export const TypePageTag = 'PAGETAG';
export const TypeParagraph = 'PARAGRAPH';
export const TypeScaleNPS = 'SCALE_NPS';
export const TypeScaleSlider = 'SCALE_SLIDER';
export const TypeChenScore = 'CHENSCORE';
export const TypeCascade = 'CASCADE';
export const TypeMatrixRadio = 'MATRIX_RADIO';
export const TypeMatrixCheckbox = 'MATRIX_CHECKBOX';
export const TypeMatrixInput = 'MATRIX_INPUT';
export const TypeMatrixNumber = 'MATRIX_NUMBER';
export const TypeMatrixScale = 'MATRIX_SCALE';
export const TypeMatrixSlider = 'MATRIX_SLIDER';
export const TypeMatrixSelect = 'MATRIX_INPUT_MATRIX_SELECT';
export const TypeMatrixGroup = 'MATRIX_INPUT_MATRIX_GROUP';
export const TypeMatrixAutoAdd = 'MATRIX_AUTO_ADD';
export const TypeImgRadio = 'IMGRADIO';
export const TypeImgCheckbox = 'IMGCHECKBOX';
export const TypeImgCheckboxGroup = 'IMGCHECKBOXGROUP';
export const TypeCheckboxGroup = 'CHECKBOXGROUP';
export const TypeRadioGroup = 'RADIOGROUP';
export const TypeSignature = 'SIGNATURE';
export const TypeGeolocation = 'GEOLOCATION';
export const TypeImageHot = 'IMAGE_HOT';
export const TypeUploadImage = 'UPLOAD_IMAGE';
export const TypeColorPicker = 'COLOR_PICKER';
export const TypeComponent = 'DW_COMPONENT';
export const TypeMap = 'MAP';
export const TypeVerifyCode = 'VERIFYCODE';
export const TypeScrollText = 'SCROLLTEXT';

/** DW_COMPONENT child types. */
export const ChildDivider = 'divider';
export const ChildCarousel = 'carousel';
export const ChildMap = 'map';
export const ChildVerifyCode = 'verifycode';
export const ChildScrollText = 'scrolltext';

/** Every quType the model accepts, in spec order. */
export const KNOWN_TYPES = [
  TypeYesNo, TypeRadio, TypeCheckbox, TypeFillblank, TypeCompRadio, TypeCompCheckbox,
  TypeMultiFillblank, TypeAnswer, TypeBigQu, TypeEnumQu, TypeScore, TypeOrderQu,
  TypeUploadFile, TypePageTag, TypeParagraph, TypeScaleNPS, TypeScaleSlider, TypeChenScore,
  TypeCascade, TypeMatrixRadio, TypeMatrixCheckbox, TypeMatrixInput, TypeMatrixNumber,
  TypeMatrixScale, TypeMatrixSlider, TypeMatrixSelect, TypeMatrixGroup, TypeMatrixAutoAdd,
  TypeImgRadio, TypeImgCheckbox, TypeImgCheckboxGroup, TypeCheckboxGroup, TypeRadioGroup,
  TypeSignature, TypeGeolocation, TypeImageHot, TypeUploadImage, TypeColorPicker,
  TypeComponent, TypeMap, TypeVerifyCode, TypeScrollText,
];

export const KNOWN_CHILD_TYPES = [ChildDivider, ChildCarousel, ChildMap, ChildVerifyCode, ChildScrollText];

/** Input types of commonAttr.inputType. */
export const InputText = 'Text';
export const InputTextarea = 'Textarea';
export const InputNumber = 'InputNumber';
export const InputTimePicker = 'TimePicker';
export const InputTimeSelect = 'TimeSelect';
export const InputDatePicker = 'DatePicker';
export const InputDateTimePicker = 'DateTimePicker';
export const InputPassword = 'Password';
export const InputTag = 'InputTag';
export const InputSelect = 'Select';
export const InputAutocomplete = 'Autocomplete';

/** Raw JSON kept verbatim (json.RawMessage in Go). */
export type RawJSON = unknown;

export interface Text {
  dwHtml?: string;
  dwText?: string;
}

export interface Survey {
  id?: string;
  sid?: string;
  dwId?: string;
  /** survey, exam, vote, satisfaction, eval, eval360, other */
  surveyType?: string;
  surveyName?: string;
  surveyNameObj?: Text;
  surveyState?: number;
  surveyDetail?: SurveyDetail;
  dwVersion?: number;
  surveyAttrs?: SurveyAttrs;
  surveyStyle?: SurveyStyle;
  questions: Question[];
  logicDsl?: SurveyLogicDsl;
  /** The designer's logic code (docs/logic-language.md). */
  dwDsl?: string;
  /** Parsed, resolved form of dwDsl (a dsl Program). */
  dwDslAst?: RawJSON;
  /** Stored answer placeholders with the dwIds they quote (pipestore.ts, Go survey/pipestore.go). */
  dwPipes?: RawJSON;
}

export interface SurveyDetail {
  dwId?: string;
  effective?: number;
  effectiveIp?: number;
  refresh?: number;
  refreshNum?: number;
  rule?: number;
  ruleCode?: string;
  ynEndNum?: number;
  endNum?: number;
  ynEndTime?: number;
  endTime?: string;
  surveyNote?: string;
  surveyNoteText?: string;
  surveyNodeObj?: Text;
}

export interface SurveyLogicDsl {
  mutexDsl?: string[];
  quotaDsls?: string[];
}

export interface QuestionLogicDsl {
  showDsl?: string;
  hideDsl?: string;
  gotoDsl?: string;
  validateDsl?: string;
  assignmentDsl?: string;
  mutexDsl?: string;
  quotaDsls?: string[];
}

export interface Question {
  dwId?: string;
  quType: string;
  childType?: string;
  quName?: string;
  quTitle?: string;
  quTitleObj?: Text;
  quNote?: string;
  quNoteObj?: Text;
  /** 1 grid, 2 list, 4 dropdown */
  hv?: number;
  cellCount?: number;
  isRequired?: boolean;
  checkType?: string;
  dateFormat?: string;
  paramInt01?: number;
  paramInt02?: number;
  minLimit?: number;
  maxLimit?: number;
  anCount?: number;
  quAttr?: QuAttr;
  varAtrrs?: VarAttrs;
  logicDsl?: QuestionLogicDsl;
  questionLogics?: QuestionLogic[];
  quRadios?: Option[];
  quCheckboxs?: Option[];
  quScores?: Option[];
  quOrderbys?: Option[];
  quMultiFillblanks?: Option[];
  quRows?: Option[];
  quCols?: Option[];
  fileLimit?: number;
  fileAccept?: string;
  customFileAccept?: string;
  fileSize?: number;
  lr?: LR;
  solution?: Text;
}

export interface LR {
  leftText?: string;
  rightText?: string;
}

export interface VarAttrs {
  defaultName?: string;
  customName?: string;
}

/** A per-question rule: logicType GO/"1", SHOW/"2", SOLUTION/"3". */
export interface QuestionLogic {
  dwId?: string;
  ckQuId?: string;
  cgQuItemId?: string[];
  skQuId?: string[];
  logicType: string;
  geLe?: string;
  scoreNum?: number;
  cgMode?: string;
}

export interface Option {
  dwId?: string;
  optionName?: string;
  optionTitle?: string;
  optionTitleObj?: Text;
  optionImg?: OptionImg;
  defaultSelect?: boolean;
  isRight?: boolean;
  isRequired?: boolean;
  isNote?: number;
  scoreNum?: number;
  showOptionNote?: number;
  inputAttr?: InputAttr;
  optionAttr?: OptionAttr;
  optionAttrs?: OptionAttrs;
  valueAtrrs?: ValueAttrs;
  anCount?: number;
  showBy?: string[];
  groupOptions?: Option[];
  groupNameObj?: Text;
  selectCount?: number;
}

export interface OptionImg {
  imgSrc?: string;
}

export interface OptionAttr {
  minAn?: number;
  maxAn?: number;
  fixed?: boolean;
}

export interface OptionAttrs {
  mutual?: boolean;
}

export interface ValueAttrs {
  defaultValue?: string;
  customValue?: string;
}

export interface QuAttr {
  isRequired?: boolean;
  hideQu?: boolean;
  showQuNote?: boolean;
  scoreAttr?: QuScoreAttr;
  shuffleAttr?: ShuffleAttr;
  anTimeAttr?: AnTimeAttr;
  uploadAttr?: UploadAttr;
  inputAttr?: InputAttr;
  scaleAttr?: ScaleAttr;
  sliderAttr?: SliderAttr;
  cascadeAttr?: CascadeAttr;
  orderQuAttr?: OrderQuAttr;
  imgAttr?: ImgAttr;
  matrixAttr?: MatrixAttr;
  scoreQuAttr?: ScoreQuAttr;
  voteAttr?: QuVoteAttr;
  verifycodeAttr?: RawJSON;
  hideMfbkInput?: boolean;
  locationAttr?: QuLocationAttr;
  dividerAttr?: DividerAttr;
  carouselAttr?: CarouselAttr;
  mapAttr?: RawJSON;
  scrollTextAttr?: ScrollTextAttr;
  rowAttr?: RowAttr;
  colAttr?: ColAttr;
}

export interface QuScoreAttr {
  maxScore?: number;
  /** "all" (default) or "part" */
  scoreFormula?: string;
  designShowScoreNum?: boolean;
  allRight?: AllRight;
  /** graded by hand: the engines leave it unscored, a grader scores it (0 … maxScore) */
  manual?: boolean;
}

export interface AllRight {
  enabled?: boolean;
  scoreNum?: number;
}

/** Per-question shuffle overrides ("default", "yes", "no"). */
export interface ShuffleAttr {
  option?: string;
  row?: string;
  col?: string;
  fixed?: boolean;
}

export interface AnTimeAttr {
  minTime?: TimeLimit;
  maxTime?: TimeLimit;
}

/** time is in minutes. */
export interface TimeLimit {
  enabled?: boolean;
  time?: number;
  countdown?: boolean;
  after?: string;
}

export interface UploadAttr {
  fileLimit?: number;
  fileSize?: number;
  fileAccept?: string;
  customFileAccept?: string;
}

export interface InputAttr {
  commonAttr?: CommonAttr;
  dateTimeAttr?: DateTimeAttr;
  numAttr?: NumAttr;
  selectAttr?: SelectAttr;
  autocompleteAttr?: AutocompleteAttr;
}

export interface CommonAttr {
  inputType?: string;
  minlength?: number;
  maxlength?: number;
  placeholder?: string;
  checkType?: string;
  defaultValue?: string;
  inputRow?: number;
  isRequired?: boolean;
  regex?: string;
  regexMsg?: string;
}

export interface DateTimeAttr {
  isRange?: boolean;
  dateFormat?: string;
  attrs?: RawJSON;
  timeRange?: TimeRange;
}

export interface TimeRange {
  range?: string[];
  step?: string;
}

export interface NumAttr {
  min?: number;
  max?: number;
}

export interface SelectAttr {
  options?: string;
}

export interface AutocompleteAttr {
  enabled?: boolean;
  suggestions?: string;
}

export interface ScaleAttr {
  min?: number;
  max?: number;
  optionNodes?: RawJSON;
  nodeContent?: string;
  nodeTooltip?: string;
  showLrText?: boolean;
  lrPosition?: string;
}

export interface SliderAttr {
  min?: number;
  max?: number;
  step?: number;
  showLrText?: boolean;
  lrPosition?: string;
}

export interface CascadeAttr {
  cascadeJsonId?: string;
}

export interface OrderQuAttr {
  topNum?: number;
  maxTopNum?: number;
}

export interface ImgAttr {
  column?: ImgColumn;
  aspectRatio?: string;
  cardAttr?: RawJSON;
  checkboxPlacement?: string;
  imgBtnAttr?: RawJSON;
}

export interface ImgColumn {
  pc?: number;
  m?: number;
}

export interface MatrixAttr {
  mAttr?: RowShow;
  pcAttr?: RowShow;
}

export interface RowShow {
  rowShowType?: string;
}

export interface ScoreQuAttr {
  max?: number;
}

export interface QuVoteAttr {
  showVoteNum?: boolean;
}

export interface QuLocationAttr {
  locationType?: string;
  locationBrand?: string;
}

export interface DividerAttr {
  content?: string;
  borderStyle?: string;
  contentPosition?: string;
}

export interface CarouselAttr {
  height?: number;
  autoplay?: boolean;
}

export interface ScrollTextAttr {
  scrollText?: Text;
  duration?: number;
  ease?: string;
  delay?: number;
  nextDelay?: number;
  repeatDelay?: number;
  textLinearGradient?: RawJSON;
}

export interface RowAttr {
  rowHeadMinWidth?: number;
}

export interface ColAttr {
  repeatHead?: number;
  colspan?: RawJSON;
}

export interface SurveyAttrs {
  anBroAttr?: RawJSON;
  anIpAttr?: RawJSON;
  anRefreshAttr?: AnRefreshAttr;
  anPwdAttr?: AnPwdAttr;
  anEndNumAttr?: RawJSON;
  anEndTimeAttr?: RawJSON;
  anStartTimeAttr?: RawJSON;
  contactAttr?: RawJSON;
  weixinAttr?: RawJSON;
  verifyAttr?: RawJSON;
  scoreAttr?: ScoreAttr;
  endPageAttr?: RawJSON;
  opoqAttr?: Enabled;
  voteAttr?: VoteAttr;
  evalAttr?: RawJSON;
  lotteryAttr?: RawJSON;
  verifyCodeAttr?: VerifyCodeAttr;
  statAttr?: RawJSON;
  webhookAttr?: RawJSON;
  breakAnAttr?: RawJSON;
  autoNextPage?: boolean;
  isTest?: boolean;
  examAttr?: ExamAttr;
  locationAttr?: RawJSON;
  pageAnTimeAttr?: PageAnTimeAttr;
  /** IANA zone of today() and age(); the server fills in its own zone when unset. */
  timeZone?: string;
}

export interface Enabled {
  enabled?: boolean;
}

/** Verification code after submit: imgType "barcode" (CODE128, default) or "qr"; expireDays default 1. */
export interface VerifyCodeAttr {
  enabled?: boolean;
  imgType?: string;
  expireDays?: number;
}

export interface AnRefreshAttr {
  randomCode?: boolean;
  randomCodeNum?: number;
}

export interface AnPwdAttr {
  enabled?: boolean;
  anPwdCode?: string;
  anNum?: number;
}

export interface ScoreAttr {
  enabled?: boolean;
  maxScore?: number;
  showSumScore?: ShowSumScore;
  showTopSum?: RawJSON;
}

/** showContent: sumAndDetail, sumAndSolution, sumAfterDetail */
export interface ShowSumScore {
  enabled?: boolean;
  showContent?: string;
}

export interface VoteAttr {
  showVoteRankList?: boolean;
}

export interface ExamAttr {
  shuffle?: ExamShuffle;
  answerCard?: Enabled;
  pageEvent?: RawJSON;
  anTimeAttr?: RawJSON;
}

export interface ExamShuffle {
  question?: boolean;
  option?: boolean;
  rowOption?: boolean;
  colOption?: boolean;
}

export interface PageAnTimeAttr {
  anMinTime?: TimeLimit;
  anMaxTime?: TimeLimit;
}

export interface SurveyStyle {
  themeColor?: string;
  pageThemeColor?: string;
  pageThemeColor1?: string;
  pageBgColor?: string;
  logoBgColor?: string;
  progressColor?: string;
  showSurveyTitle?: boolean;
  showSurveyNote?: boolean;
  showPageHeader?: boolean;
  showProgressbar?: boolean;
  showQuNum?: boolean;
  showQuTypeName?: boolean;
  showQuScoreNum?: boolean;
  hidePageProgress?: boolean;
  pageTopImg?: StyleImg;
  pageBgImg?: StyleImg;
  logoImg?: StyleImg;
  dwAnswerPrimaryColors?: RawJSON;
  submitBtnText?: string;
  nextBtnText?: string;
  prevBtnText?: string;
  pageBtnStyle?: RawJSON;
}

export interface StyleImg {
  enabled?: boolean;
  src?: string;
  position?: string;
}

// Answers ------------------------------------------------------------------

export interface AnswerDoc {
  answerCommon?: RawJSON;
  anQuestions: AnQuestion[];
  esId?: string;
  oldAnswerEsId?: string;
  anPwd?: string;
  httpSessionId?: string;
  vfCode?: string;
}

export interface AnQuestion {
  quDwId: string;
  quType?: string;
  answerFlag?: number;
  isLogicHide?: boolean;
  quAnScore?: number;
  quAutoScore?: number;
  quCustomScore?: number;
  anRadio?: AnOption;
  anCheckboxs?: AnOption[];
  anOrders?: AnOrder[];
  anMFbks?: AnMFbk[];
  anScores?: AnScore[];
  anFbk?: AnFbk;
  anUploadFiles?: AnUploadFile[];
  anMatrixRadios?: AnMatrixRadio[];
  anMatrixCheckboxes?: AnMatrixCheckbox[];
  anMatrixFbks?: AnMatrixFbk[];
  anMatrixScales?: AnMatrixScale[];
  anCascades?: AnCascade[];
  anScale?: AnScale;
  anLocation?: AnLocation;
}

export interface AnOption {
  optionDwId: string;
  otherText?: string;
}

export interface AnOrder {
  optionDwId: string;
  orderNum: number;
}

export interface AnMFbk {
  optionDwId: string;
  answer: string;
}

export interface AnScore {
  optionDwId: string;
  answerScore: number;
}

/** answer: text, or "start,end" for ranges ({startTime,endTime} on input). */
export interface AnFbk {
  answer: string;
}

export interface AnUploadFile {
  filePath: string;
  fileName: string;
  fileSize?: number;
}

export interface AnMatrixRadio {
  rowDwId: string;
  colDwId: string;
}

export interface AnMatrixCheckbox {
  rowDwId: string;
  rowAnCheckboxs: AnColRef[];
}

export interface AnColRef {
  colDwId: string;
}

export interface AnMatrixFbk {
  rowDwId: string;
  rowAnFbks: AnCellFbk[];
}

export interface AnCellFbk {
  colDwId: string;
  answer: string;
}

export interface AnMatrixScale {
  rowDwId: string;
  answerScore: number;
}

export interface AnCascade {
  level: number;
  value: string;
}

export interface AnScale {
  answerScore?: number;
}

export interface AnLocation {
  location?: boolean;
  citysearch?: boolean;
  longitude?: number;
  latitude?: number;
  formattedAddress?: string;
  locationBrand?: string;
  locationClient?: string;
  accuracyLevel?: string;
  accuracy?: number;
  locationType?: string;
  addressComponent?: RawJSON;
  citySearchResult?: RawJSON;
}
