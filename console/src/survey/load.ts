// Loading documents the way Go's encoding/json does with the flexible
// types of survey/flex.go: numbers may arrive as strings, flags as 0/1 or
// "true", id lists as comma-separated strings; unknown fields are dropped.
import type { Program } from './dsl/ast';
import type { AnQuestion, AnswerDoc, Survey } from './model';
import { goParseFloat, goTrim } from './util';

type Prim = 's' | 'n' | 'b' | 'l' | 'r' | 'pb' | 'pn' | 'f';
type Spec = Prim | Schema | [Schema];
interface Schema {
  [field: string]: Spec;
}

/** Go Str: a string; numbers and booleans keep their text; null, arrays and objects are "". */
export function toStr(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  return '';
}

/** Go Num: a number, or a string holding one; anything else is 0. */
export function toNum(x: unknown): number {
  if (typeof x === 'number') return x;
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'string') {
    const s = goTrim(x);
    if (s === '' || s === 'false') return 0;
    if (s === 'true') return 1;
    return goParseFloat(s) ?? 0;
  }
  return 0;
}

/** Go Bool: true, 1, "1", "true", "yes", "y" or any non-zero number text. */
export function toBool(x: unknown): boolean {
  if (typeof x === 'boolean') return x;
  if (typeof x === 'number') return x !== 0;
  if (typeof x === 'string') {
    const s = x.replace(/^"+|"+$/g, '');
    switch (s.toLowerCase()) {
      case 'true':
      case '1':
      case 'yes':
      case 'y':
        return true;
    }
    const f = goParseFloat(s);
    return f !== null && f !== 0;
  }
  return false;
}

/** Go StrList: an array of strings/numbers, one string (comma separated) or null. */
export function toStrList(x: unknown): string[] | undefined {
  if (x === null || x === undefined || x === '') return undefined;
  if (Array.isArray(x)) {
    const out: string[] = [];
    for (const e of x) {
      const s = toStr(e);
      if (s !== '') out.push(s);
    }
    return out;
  }
  const one = toStr(x);
  if (one === '') return undefined;
  const out: string[] = [];
  for (const p of one.split(',')) {
    const t = goTrim(p);
    if (t !== '') out.push(t);
  }
  return out;
}

function toFbk(x: unknown): string {
  if (x !== null && typeof x === 'object' && !Array.isArray(x)) {
    const o = x as Record<string, unknown>;
    const s = toStr(field(o, 'startTime'));
    const e = toStr(field(o, 'endTime'));
    return s === '' && e === '' ? '' : s + ',' + e;
  }
  return toStr(x);
}

function field(o: Record<string, unknown>, name: string): unknown {
  if (name in o) return o[name];
  const l = name.toLowerCase();
  let v: unknown;
  for (const k in o) if (k.toLowerCase() === l) v = o[k];
  return v;
}

const folded = new WeakMap<Schema, Map<string, string>>();

function lookupField(schema: Schema, key: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(schema, key)) return key;
  let m = folded.get(schema);
  if (!m) {
    m = new Map();
    for (const k in schema) m.set(k.toLowerCase(), k);
    folded.set(schema, m);
  }
  return m.get(key.toLowerCase());
}

function conv(spec: Spec, x: unknown): unknown {
  if (typeof spec === 'string') {
    switch (spec) {
      case 's':
        return toStr(x);
      case 'n':
        return toNum(x);
      case 'b':
        return toBool(x);
      case 'l':
        return toStrList(x);
      case 'r':
        return x === null ? undefined : x;
      case 'pb':
        return x === null ? undefined : toBool(x);
      case 'pn':
        return x === null ? undefined : toNum(x);
      case 'f':
        return toFbk(x);
    }
  }
  if (Array.isArray(spec)) {
    if (!Array.isArray(x)) return undefined;
    const out: unknown[] = [];
    for (const e of x) if (e !== null && typeof e === 'object') out.push(obj(spec[0], e as Record<string, unknown>));
    return out;
  }
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return undefined;
  return obj(spec, x as Record<string, unknown>);
}

function obj(schema: Schema, o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in o) {
    const f = lookupField(schema, k);
    if (f === undefined) continue;
    const v = conv(schema[f], o[k]);
    if (v === undefined) delete out[f];
    else out[f] = v;
  }
  return out;
}

// Schemas ------------------------------------------------------------------

const text: Schema = { dwHtml: 's', dwText: 's' };
const timeLimit: Schema = { enabled: 'b', time: 'n', countdown: 'b', after: 's' };
const enabled: Schema = { enabled: 'b' };
const inputAttr: Schema = {
  commonAttr: {
    inputType: 's', minlength: 'n', maxlength: 'n', placeholder: 's', checkType: 's', defaultValue: 's',
    inputRow: 'n', isRequired: 'pb', regex: 's', regexMsg: 's',
  },
  dateTimeAttr: { isRange: 'b', dateFormat: 's', attrs: 'r', timeRange: { range: 'l', step: 's' } },
  numAttr: { min: 'n', max: 'n' },
  selectAttr: { options: 's' },
  autocompleteAttr: { enabled: 'b', suggestions: 's' },
};
const option: Schema = {
  dwId: 's', optionName: 's', optionTitle: 's', optionTitleObj: text, optionImg: { imgSrc: 's' },
  defaultSelect: 'b', isRight: 'b', isRequired: 'b', isNote: 'n', scoreNum: 'n', showOptionNote: 'n',
  inputAttr, optionAttr: { minAn: 'n', maxAn: 'n', fixed: 'b' }, optionAttrs: { mutual: 'b' },
  valueAtrrs: { defaultValue: 's', customValue: 's' }, anCount: 'n', showBy: 'l',
  groupOptions: 's', groupNameObj: text, selectCount: 'n',
};
option.groupOptions = [option];
const rowShow: Schema = { rowShowType: 's' };
const quAttr: Schema = {
  isRequired: 'pb', hideQu: 'b', showQuNote: 'b',
  scoreAttr: { maxScore: 'n', scoreFormula: 's', designShowScoreNum: 'b', allRight: { enabled: 'b', scoreNum: 'n' }, manual: 'b' },
  shuffleAttr: { option: 's', row: 's', col: 's', fixed: 'b' },
  anTimeAttr: { minTime: timeLimit, maxTime: timeLimit },
  uploadAttr: { fileLimit: 'n', fileSize: 'n', fileAccept: 's', customFileAccept: 's' },
  inputAttr,
  scaleAttr: { min: 'pn', max: 'pn', optionNodes: 'r', nodeContent: 's', nodeTooltip: 's', showLrText: 'b', lrPosition: 's' },
  sliderAttr: { min: 'pn', max: 'pn', step: 'n', showLrText: 'b', lrPosition: 's' },
  cascadeAttr: { cascadeJsonId: 's' },
  orderQuAttr: { topNum: 'n', maxTopNum: 'n' },
  imgAttr: { column: { pc: 'n', m: 'n' }, aspectRatio: 's', cardAttr: 'r', checkboxPlacement: 's', imgBtnAttr: 'r' },
  matrixAttr: { mAttr: rowShow, pcAttr: rowShow },
  scoreQuAttr: { max: 'n' },
  voteAttr: { showVoteNum: 'b' },
  verifycodeAttr: 'r', hideMfbkInput: 'b',
  locationAttr: { locationType: 's', locationBrand: 's' },
  dividerAttr: { content: 's', borderStyle: 's', contentPosition: 's' },
  carouselAttr: { height: 'n', autoplay: 'b' },
  mapAttr: 'r',
  scrollTextAttr: {
    scrollText: text, duration: 'n', ease: 's', delay: 'n', nextDelay: 'n', repeatDelay: 'n', textLinearGradient: 'r',
  },
  rowAttr: { rowHeadMinWidth: 'n' },
  colAttr: { repeatHead: 'n', colspan: 'r' },
};
const question: Schema = {
  dwId: 's', quType: 's', childType: 's', quName: 's', quTitle: 's', quTitleObj: text, quNote: 's', quNoteObj: text,
  hv: 'n', cellCount: 'n', isRequired: 'b', checkType: 's', dateFormat: 's', paramInt01: 'n', paramInt02: 'n',
  minLimit: 'n', maxLimit: 'n', anCount: 'n', quAttr,
  varAtrrs: { defaultName: 's', customName: 's' },
  logicDsl: { showDsl: 's', hideDsl: 's', gotoDsl: 's', validateDsl: 's', assignmentDsl: 's', mutexDsl: 's', quotaDsls: 'l' },
  questionLogics: [{ dwId: 's', ckQuId: 's', cgQuItemId: 'l', skQuId: 'l', logicType: 's', geLe: 's', scoreNum: 'n', cgMode: 's' }],
  quRadios: [option], quCheckboxs: [option], quScores: [option], quOrderbys: [option], quMultiFillblanks: [option],
  quRows: [option], quCols: [option],
  fileLimit: 'n', fileAccept: 's', customFileAccept: 's', fileSize: 'n', lr: { leftText: 's', rightText: 's' }, solution: text,
};
const styleImg: Schema = { enabled: 'b', src: 's', position: 's' };
const survey: Schema = {
  id: 's', sid: 's', dwId: 's', surveyType: 's', surveyName: 's', surveyNameObj: text, surveyState: 'n',
  surveyDetail: {
    dwId: 's', effective: 'n', effectiveIp: 'n', refresh: 'n', refreshNum: 'n', rule: 'n', ruleCode: 's', ynEndNum: 'n',
    endNum: 'n', ynEndTime: 'n', endTime: 's', surveyNote: 's', surveyNoteText: 's', surveyNodeObj: text,
  },
  dwVersion: 'n',
  surveyAttrs: {
    anBroAttr: 'r', anIpAttr: 'r', anRefreshAttr: { randomCode: 'b', randomCodeNum: 'n' },
    anPwdAttr: { enabled: 'b', anPwdCode: 's', anNum: 'n' }, anEndNumAttr: 'r', anEndTimeAttr: 'r', anStartTimeAttr: 'r',
    contactAttr: 'r', weixinAttr: 'r', verifyAttr: 'r',
    scoreAttr: { enabled: 'b', maxScore: 'n', showSumScore: { enabled: 'b', showContent: 's' }, showTopSum: 'r' },
    endPageAttr: 'r', opoqAttr: enabled, voteAttr: { showVoteRankList: 'pb' }, evalAttr: 'r', lotteryAttr: 'r',
    verifyCodeAttr: { enabled: 'b', imgType: 's', expireDays: 'n' }, statAttr: 'r', webhookAttr: 'r', breakAnAttr: 'r', autoNextPage: 'b', isTest: 'b',
    examAttr: {
      shuffle: { question: 'b', option: 'b', rowOption: 'b', colOption: 'b' }, answerCard: enabled, pageEvent: 'r', anTimeAttr: 'r',
    },
    locationAttr: 'r', pageAnTimeAttr: { anMinTime: timeLimit, anMaxTime: timeLimit }, timeZone: 's',
  },
  surveyStyle: {
    themeColor: 's', pageThemeColor: 's', pageThemeColor1: 's', pageBgColor: 's', logoBgColor: 's', progressColor: 's',
    showSurveyTitle: 'pb', showSurveyNote: 'pb', showPageHeader: 'pb', showProgressbar: 'pb', showQuNum: 'pb',
    showQuTypeName: 'pb', showQuScoreNum: 'pb', hidePageProgress: 'b', pageTopImg: styleImg, pageBgImg: styleImg,
    logoImg: styleImg, dwAnswerPrimaryColors: 'r', submitBtnText: 's', nextBtnText: 's', prevBtnText: 's', pageBtnStyle: 'r',
  },
  questions: [question],
  logicDsl: { mutexDsl: 'l', quotaDsls: 'l' },
  dwDsl: 's',
  dwDslAst: 'r',
  dwPipes: 'r',
};
const anOption: Schema = { optionDwId: 's', otherText: 's' };
const anQuestion: Schema = {
  quDwId: 's', quType: 's', answerFlag: 'n', isLogicHide: 'b', quAnScore: 'pn', quAutoScore: 'pn', quCustomScore: 'pn',
  anRadio: anOption, anCheckboxs: [anOption], anOrders: [{ optionDwId: 's', orderNum: 'n' }],
  anMFbks: [{ optionDwId: 's', answer: 's' }], anScores: [{ optionDwId: 's', answerScore: 'n' }], anFbk: { answer: 'f' },
  anUploadFiles: [{ filePath: 's', fileName: 's', fileSize: 'n' }],
  anMatrixRadios: [{ rowDwId: 's', colDwId: 's' }],
  anMatrixCheckboxes: [{ rowDwId: 's', rowAnCheckboxs: [{ colDwId: 's' }] }],
  anMatrixFbks: [{ rowDwId: 's', rowAnFbks: [{ colDwId: 's', answer: 's' }] }],
  anMatrixScales: [{ rowDwId: 's', answerScore: 'n' }],
  anCascades: [{ level: 'n', value: 's' }],
  anScale: { answerScore: 'pn' },
  anLocation: {
    location: 'b', citysearch: 'b', longitude: 'n', latitude: 'n', formattedAddress: 's', locationBrand: 's',
    locationClient: 's', accuracyLevel: 's', accuracy: 'n', locationType: 's', addressComponent: 'r', citySearchResult: 'r',
  },
};
const answerDoc: Schema = {
  answerCommon: 'r', anQuestions: [anQuestion], esId: 's', oldAnswerEsId: 's', anPwd: 's', httpSessionId: 's', vfCode: 's',
};

function unwrap(data: unknown): unknown {
  if (typeof data === 'string') {
    const t = data.trim();
    data = JSON.parse(t);
    if (typeof data === 'string') data = JSON.parse(data);
  }
  return data;
}

/**
 * loadSurvey converts a decoded document (an object, a JSON text, or a
 * JSON text wrapped as a JSON string like surveyJsonText) into the typed
 * model. It throws only on bad JSON.
 */
export function loadSurvey(data: unknown): Survey {
  const o = unwrap(data);
  if (o === null) return { questions: [] };
  if (typeof o !== 'object' || Array.isArray(o)) throw new Error('survey: document is not an object');
  const s = obj(survey, o as Record<string, unknown>) as unknown as Survey;
  if (!s.questions) s.questions = [];
  return s;
}

/** loadAnswer converts an answer document (answerJson). */
export function loadAnswer(data: unknown): AnswerDoc {
  const o = unwrap(data);
  if (o === null) return { anQuestions: [] };
  if (typeof o !== 'object' || Array.isArray(o)) throw new Error('survey: answer is not an object');
  const a = obj(answerDoc, o as Record<string, unknown>) as unknown as AnswerDoc;
  if (!a.anQuestions) a.anQuestions = [];
  return a;
}

/** loadAnQuestions converts a list of anQuestions entries. */
export function loadAnQuestions(list: unknown): AnQuestion[] {
  return (conv([anQuestion], list) as AnQuestion[] | undefined) ?? [];
}

const pos: Schema = { line: 'n', col: 'n' };
const ref: Schema = { name: 's', q: 'n', a: 'n', r: 'n', c: 'n', var: 'b', quDwId: 's', itemDwId: 's', colDwId: 's' };
const expr: Schema = { type: 's', pos, num: 'n', str: 's', bool: 'b', ref, name: 's', args: 's', op: 's', left: 's', right: 's' };
expr.args = [expr];
expr.left = expr;
expr.right = expr;
const stmt: Schema = {
  kind: 's', pos, cond: expr, then: 's', targets: [ref], target: ref, value: expr, message: 's', cap: 'n', others: [ref], comment: 's',
};
stmt.then = stmt;
const program: Schema = { stmts: [stmt] };

/** loadProgram converts a stored AST (dwDslAst) into a Program, or null if it is not an object. */
export function loadProgram(x: unknown): Program | null {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return null;
  const p = obj(program, x as Record<string, unknown>) as unknown as Program;
  if (!p.stmts) p.stmts = [];
  fillPos(p);
  return p;
}

function fillPos(p: Program): void {
  const fe = (e: any): void => {
    if (!e) return;
    if (!e.pos) e.pos = { line: 0, col: 0 };
    if (e.type === undefined) e.type = '';
    if (e.type === 'ref' && !e.ref) e.ref = { name: '' };
    fe(e.left);
    fe(e.right);
    if (e.args) e.args.forEach(fe);
  };
  const fs = (s: any): void => {
    if (!s) return;
    if (!s.pos) s.pos = { line: 0, col: 0 };
    if (s.kind === undefined) s.kind = '';
    fe(s.cond);
    fe(s.value);
    fs(s.then);
  };
  p.stmts.forEach(fs);
}

/**
 * toPage reads an input page like Go's Input.UnmarshalJSON: a number or a
 * numeric string ("2") that is a whole number within ±(2^53-1); anything
 * else (fractions, other strings, booleans, null, objects) is 0.
 */
export function toPage(x: unknown): number {
  let f: number | null = null;
  if (typeof x === 'number') f = x;
  else if (typeof x === 'string') f = goParseFloat(goTrim(x));
  if (f === null || !Number.isSafeInteger(f)) return 0;
  return f === 0 ? 0 : f;
}

/** loadInput converts a decoded engine input (the vector `input` form). */
export function loadInput(x: unknown): {
  answers: AnQuestion[];
  page?: number;
  direction?: string;
  changed?: string;
  quotaCounts?: Record<string, number>;
  seed?: string;
  today?: string;
} {
  const o = (x ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
  const qc = o.quotaCounts;
  const counts: Record<string, number> = {};
  if (qc && typeof qc === 'object') for (const [k, v] of Object.entries(qc as Record<string, unknown>)) counts[k] = Number(v) || 0;
  return {
    answers: loadAnQuestions(o.answers),
    page: toPage(o.page),
    direction: str('direction'),
    changed: str('changed'),
    quotaCounts: counts,
    seed: str('seed'),
    today: str('today'),
  };
}
