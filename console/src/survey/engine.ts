// The survey engine (Go survey/engine.go). evaluate() returns exactly the
// JSON of Go's (*Engine).Evaluate; see docs/survey-engine.md.
import { compileDsl, type Compiled } from './compile';
import { isCounted, isDisplayOnly, newIndex, type Index } from './docindex';
import { functionsImpl } from './dsl/funcs';
import { isEmpty, valueString } from './dsl/value';
import { applyMutex, pass, quotaErrors, quotas, type Assignment, type Hint, type PassState, type QuotaHit } from './logic';
import type { Message } from './messages';
import { TypePageTag, type AnQuestion, type Survey } from './model';
import { progress, score, votes, type Progress, type ScoreResult, type VoteQuestion } from './score';
import { shuffle, type Order } from './shuffle';
import { eqFold } from './util';
import { validateQuestion } from './validate';
import { View, type Core } from './view';

/** The answer state handed to the engine. */
export interface Input {
  /** The current answers (anQuestions); the first entry per question is used. */
  answers: AnQuestion[];
  /** The page the respondent wants to see (1-based); 0 = the whole survey (submit check). */
  page?: number;
  /** "next" (default) or "prev". */
  direction?: string;
  /** dwId of the option just clicked (decides mutual exclusion). */
  changed?: string;
  /** Stored answer counts per quota key ("Q1A1", "Q2A1 and Q2A2"). */
  quotaCounts?: Record<string, number>;
  /** When set, the result has `order`. */
  seed?: string;
  /** The date of today() and age() ("YYYY-MM-DD"); default: the engine's clock in the survey's zone. */
  today?: string;
}

/** What the engine computes. Every list is present and in document order. */
export interface Result {
  visibleQuestions: string[];
  hiddenOptions: string[];
  page: number;
  pageCount: number;
  pageQuestions: string[];
  end: boolean;
  clearedAnswers: string[];
  uncheckedOptions: string[];
  solutions: string[];
  assignments: Assignment[];
  hints: Hint[];
  quotas: QuotaHit[];
  errors: Message[];
  progress: Progress;
  score: ScoreResult;
  votes: VoteQuestion[];
  order?: Order;
  /**
   * The effective answers (hidden questions and options removed, mutual
   * exclusions applied, assigned values written, quAnScore/quAutoScore set
   * on scored questions). Non-enumerable: not part of the JSON.
   */
  readonly answers: AnQuestion[];
}

const MAX_PASSES = 8;

/** Engine evaluates one document; build it once per document. */
export class Engine implements Core {
  readonly s: Survey;
  readonly ix: Index;
  readonly c: Compiled;

  /** The engine's clock (epoch milliseconds) for inputs without `today`; the one injectable clock. */
  now: () => number = Date.now;

  constructor(s: Survey) {
    this.s = s;
    this.ix = newIndex(s);
    this.c = compileDsl(s, this.ix);
  }

  /** today is the clock's date in the survey's time zone (surveyAttrs.timeZone; UTC when unset). */
  today(): string {
    // only asked for by today() and age(), whose implementation is then loaded
    return functionsImpl()?.todayIn(this.now(), this.s.surveyAttrs?.timeZone ?? '') ?? '';
  }

  /** evaluate runs the whole computation over the answers. */
  evaluate(input: Input): Result {
    return evaluateWith(this, input);
  }

  /** shuffle computes the presentation order for an answer seed. */
  shuffle(seed: string): Order {
    return shuffle(this, seed);
  }
}

/** newEngine indexes the document and compiles its DSL. */
export function newEngine(s: Survey): Engine {
  return new Engine(s);
}

/** evaluate is a one-shot newEngine(s).evaluate(input). */
export function evaluate(s: Survey, input: Input): Result {
  return new Engine(s).evaluate(input);
}

function evaluateWith(e: Engine, input: Input): Result {
  const ix = e.ix;
  const qs = ix.qs;
  const n = qs.length;
  const res = {
    visibleQuestions: [] as string[], hiddenOptions: [] as string[], page: 0, pageCount: 0, pageQuestions: [] as string[],
    end: false, clearedAnswers: [] as string[], uncheckedOptions: [] as string[], solutions: [] as string[],
    assignments: [] as Assignment[], hints: [] as Hint[], quotas: [] as QuotaHit[], errors: [] as Message[],
    progress: { totalAnQu: 0, completeAnQu: 0, percentage: 0 } as Progress,
    score: { total: 0, max: 0, questions: [] } as ScoreResult, votes: [] as VoteQuestion[],
  } as Result & { answers: AnQuestion[] };

  // 1. Input answers: first answer per known question.
  const orig = new Map<string, AnQuestion>();
  for (const a of input.answers ?? []) {
    if (!a) continue;
    const id = a.quDwId ?? '';
    if (!ix.byId.has(id) || orig.has(id)) continue;
    orig.set(id, a);
  }
  // 2. Mutual exclusion works on a copy.
  const ans = new Map(orig);
  const unchecked = new Set<string>();
  const mutexErrs = applyMutex(e, ans, input.changed ?? '', unchecked);

  // 3. Logic fixed point.
  const v = new View(e, ans, new Array<boolean>(n).fill(false), new Set(), null, { today: input.today ?? '' });
  let ps!: PassState;
  for (let p = 0; p < MAX_PASSES; p++) {
    ps = pass(e, v);
    let same = ps.ho.size === v.ho!.size;
    for (let i = 0; same && i < n; i++) same = ps.hq[i] === v.hq![i];
    if (same) for (const k of ps.ho) if (!v.ho!.has(k)) { same = false; break; }
    v.hq = ps.hq;
    v.ho = ps.ho;
    v.assigned = ps.assigned;
    if (same) break;
  }
  const hq = v.hq!;
  const ho = v.ho!;
  res.solutions = ps.solutions;
  res.end = ps.end;
  res.hints = ps.hints;
  res.assignments = ps.assignList;

  // 4. Effective answers.
  const eff = new Map<string, AnQuestion>();
  const origView = new View(e, orig);
  for (let qi = 0; qi < n; qi++) {
    const id = qs[qi].dwId ?? '';
    const a = ans.get(id);
    if (hq[qi]) {
      if (orig.has(id) && !isEmpty(origView.questionValue(qi))) res.clearedAnswers.push(id);
      continue;
    }
    if (a) eff.set(id, dropHiddenOptions(a, ho, unchecked));
  }
  for (const as of ps.assignList) {
    const qi = ix.byId.get(as.quDwId);
    if (qi === undefined || hq[qi]) continue; // an unknown target is never applied (compileDsl reports it)
    if (as.value === null) {
      eff.delete(as.quDwId);
      continue;
    }
    eff.set(as.quDwId, { quDwId: as.quDwId, quType: qs[qi].quType, anFbk: { answer: valueString(as.value) } });
  }
  const final = new View(e, eff, null, ho);

  for (let qi = 0; qi < n; qi++) {
    const q = qs[qi];
    if (q.quType !== TypePageTag && !hq[qi]) res.visibleQuestions.push(q.dwId ?? '');
    for (const o of ix.items[qi]) {
      const id = o.dwId ?? '';
      if (ho.has(id)) res.hiddenOptions.push(id);
      if (unchecked.has(id)) res.uncheckedOptions.push(id);
    }
  }

  // 5. Paging.
  paging(e, input, hq, res);

  // 6. Validation, progress, scores, quotas, votes.
  const hinted = new Map<string, string>();
  for (const h of res.hints) if (!hinted.has(h.quDwId)) hinted.set(h.quDwId, h.message);
  const page0 = !input.page;
  const allErrs: (Message | undefined)[] = new Array(n);
  for (let qi = 0; qi < n; qi++) {
    const q = qs[qi];
    if (hq[qi] || !isCounted(q) || isDisplayOnly(q)) continue;
    const m = validateQuestion(e, final, qi, hinted.get(q.dwId ?? ''));
    if (m) allErrs[qi] = m;
    else if (mutexErrs.has(qi)) allErrs[qi] = mutexErrs.get(qi);
  }
  res.quotas = quotas(e, final, input.quotaCounts);
  const quotaErr = quotaErrors(e, res.quotas);
  for (let qi = 0; qi < n; qi++) {
    const m = allErrs[qi] ?? quotaErr.get(qi);
    if (m && (page0 || ix.page[qi] === res.page)) res.errors.push(m);
  }
  res.progress = progress(e, final, hq, allErrs);
  res.score = score(e, final, hq);
  res.votes = votes(e, final, hq);
  if (input.seed) res.order = shuffle(e, input.seed);

  // Effective answers in document order with scores.
  const sc = new Map<string, number>();
  for (const s of res.score.questions) sc.set(s.quDwId, s.score);
  const out: AnQuestion[] = [];
  for (const q of qs) {
    let a = eff.get(q.dwId ?? '');
    if (!a) continue;
    const s = sc.get(q.dwId ?? '');
    if (s !== undefined) a = { ...a, quAnScore: s, quAutoScore: s };
    out.push(a);
  }
  Object.defineProperty(res, 'answers', { value: out, enumerable: false });
  return res;
}

/**
 * dropHiddenOptions returns a copy of a without the selections of hidden
 * items: options, ranks, scores and blanks of hidden options, and every
 * matrix answer on a hidden row. Each dropped item goes into unchecked.
 */
function dropHiddenOptions(a: AnQuestion, ho: Set<string>, unchecked: Set<string>): AnQuestion {
  if (ho.size === 0) return a;
  const hidden = (id: string): boolean => {
    if (!ho.has(id)) return false;
    unchecked.add(id);
    return true;
  };
  const c: AnQuestion = { ...a };
  if (a.anRadio && hidden(a.anRadio.optionDwId)) delete c.anRadio;
  const filter = <T>(l: T[] | undefined, id: (x: T) => string): T[] | undefined => {
    if (!l) return undefined;
    const out = l.filter((x) => !hidden(id(x)));
    return out.length > 0 ? out : undefined;
  };
  const set = <K extends keyof AnQuestion>(k: K, v: AnQuestion[K] | undefined) => {
    if (v === undefined) delete c[k];
    else c[k] = v;
  };
  set('anCheckboxs', filter(a.anCheckboxs, (x) => x.optionDwId));
  set('anOrders', filter(a.anOrders, (x) => x.optionDwId));
  set('anScores', filter(a.anScores, (x) => x.optionDwId));
  set('anMFbks', filter(a.anMFbks, (x) => x.optionDwId));
  set('anMatrixRadios', filter(a.anMatrixRadios, (x) => x.rowDwId));
  set('anMatrixCheckboxes', filter(a.anMatrixCheckboxes, (x) => x.rowDwId));
  set('anMatrixFbks', filter(a.anMatrixFbks, (x) => x.rowDwId));
  set('anMatrixScales', filter(a.anMatrixScales, (x) => x.rowDwId));
  return c;
}

/** paging resolves the requested page, skipping empty pages in the direction of travel. */
function paging(e: Engine, input: Input, hq: boolean[], res: Result): void {
  const ix = e.ix;
  res.pageCount = ix.pageCount;
  const nonEmpty = new Array<boolean>(ix.pageCount + 2).fill(false);
  ix.qs.forEach((q, qi) => {
    if (!hq[qi] && isCounted(q)) nonEmpty[ix.page[qi]] = true;
  });
  if (!input.page) return;
  let p = input.page;
  if (p > ix.pageCount + 1) p = ix.pageCount + 1;
  const step = eqFold(input.direction ?? '', 'prev') ? -1 : 1;
  while (p >= 1 && p <= ix.pageCount && !nonEmpty[p]) p += step;
  if (p < 1) {
    p = 1;
    while (p <= ix.pageCount && !nonEmpty[p]) p++;
  }
  res.page = p;
  ix.qs.forEach((q, qi) => {
    if (ix.page[qi] === p && !hq[qi] && q.quType !== TypePageTag) res.pageQuestions.push(q.dwId ?? '');
  });
}
