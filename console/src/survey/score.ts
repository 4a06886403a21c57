// Scoring, progress and votes (Go survey/score.go).
import { isCheckboxLike, isCounted, isDisplayOnly, isGroup, isRadioLike, isRequired } from './docindex';
import { isEmpty } from './dsl/value';
import type { Message } from './messages';
import { round2, eqFold } from './util';
import type { Core, View } from './view';

/** One question's score; state is right/part/wrong with an answer key, "" otherwise. */
export interface QuestionScore {
  quDwId: string;
  score: number;
  max: number;
  state: string;
}

export interface ScoreResult {
  total: number;
  max: number;
  questions: QuestionScore[];
}

export interface Progress {
  totalAnQu: number;
  completeAnQu: number;
  percentage: number;
}

export interface VoteOption {
  dwId: string;
  count: number;
  percentage: number;
}

export interface VoteQuestion {
  quDwId: string;
  options: VoteOption[];
}

/** scoreQuestion scores a choice question; null when it is not scored. */
export function scoreQuestion(e: Core, v: View, qi: number): QuestionScore | null {
  const q = e.ix.qs[qi];
  const qs: QuestionScore = { quDwId: q.dwId ?? '', score: 0, max: 0, state: '' };
  const opts = e.ix.opts[qi];
  let keyed = false;
  let any = false;
  for (const o of opts) {
    keyed = keyed || !!o.isRight;
    any = any || (o.scoreNum ?? 0) !== 0;
  }
  let maxScore = 0;
  let formula = 'all';
  const sa = q.quAttr?.scoreAttr;
  if (sa) {
    maxScore = sa.maxScore ?? 0;
    if (eqFold(sa.scoreFormula ?? '', 'part')) formula = 'part';
  }
  if (keyed) {
    let rightTotal = 0;
    let rightChosen = 0;
    let wrongChosen = 0;
    let keySum = 0;
    for (const o of opts) {
      const sel = v.selected(qi, o.dwId ?? '');
      if (o.isRight) {
        rightTotal++;
        keySum += o.scoreNum ?? 0;
        if (sel) rightChosen++;
      } else if (sel) wrongChosen++;
    }
    if (maxScore <= 0) maxScore = keySum;
    qs.max = round2(maxScore);
    qs.state = 'wrong';
    if (wrongChosen > 0 || rightChosen === 0) {
      // wrong
    } else if (isRadioLike(q) && !isGroup(q)) {
      qs.score = qs.max;
      qs.state = 'right';
    } else if (rightChosen === rightTotal) {
      qs.score = qs.max;
      qs.state = 'right';
    } else if (formula === 'part') {
      qs.score = round2((maxScore * rightChosen) / rightTotal);
      qs.state = 'part';
    }
    return qs;
  }
  if (!any && maxScore <= 0) return null;
  let sum = 0;
  let best = 0;
  let pos = 0;
  for (const o of opts) {
    const s = o.scoreNum ?? 0;
    if (v.selected(qi, o.dwId ?? '')) sum += s;
    if (s > best) best = s;
    if (s > 0) pos += s;
  }
  qs.score = round2(sum);
  qs.max = isRadioLike(q) && !isGroup(q) ? round2(best) : round2(pos);
  if (maxScore > 0) qs.max = round2(maxScore);
  return qs;
}

export function score(e: Core, v: View, hq: boolean[]): ScoreResult {
  const r: ScoreResult = { total: 0, max: 0, questions: [] };
  let total = 0;
  let max = 0;
  e.ix.qs.forEach((q, qi) => {
    // a question marked "graded by hand" (scoreAttr.manual) is scored by a grader, not here
    if (hq[qi] || !(isRadioLike(q) || isCheckboxLike(q)) || q.quAttr?.scoreAttr?.manual) return;
    const qs = scoreQuestion(e, v, qi);
    if (qs) {
      r.questions.push(qs);
      total += qs.score;
      max += qs.max;
    }
  });
  r.total = round2(total);
  r.max = round2(max);
  return r;
}

/** progress counts required, visible, answerable questions. */
export function progress(e: Core, v: View, hq: boolean[], errs: (Message | undefined)[]): Progress {
  const p: Progress = { totalAnQu: 0, completeAnQu: 0, percentage: 0 };
  e.ix.qs.forEach((q, qi) => {
    if (hq[qi] || !isCounted(q) || isDisplayOnly(q) || !isRequired(q)) return;
    p.totalAnQu++;
    if (!isEmpty(v.questionValue(qi)) && !errs[qi]) p.completeAnQu++;
  });
  if (p.totalAnQu > 0) p.percentage = round2((p.completeAnQu / p.totalAnQu) * 100);
  return p;
}

/** votePercent: count = stored + own selection; percentage = Round2(count / (total + 1) * 100). */
export function votePercent(stored: number, total: number, own: boolean): [number, number] {
  const c = own ? stored + 1 : stored;
  return [c, round2((c / (total + 1)) * 100)];
}

export function votes(e: Core, v: View, hq: boolean[]): VoteQuestion[] {
  const out: VoteQuestion[] = [];
  if (!eqFold(e.s.surveyType ?? '', 'vote')) return out;
  e.ix.qs.forEach((q, qi) => {
    if (hq[qi] || !(isRadioLike(q) || isCheckboxLike(q))) return;
    const vq: VoteQuestion = { quDwId: q.dwId ?? '', options: [] };
    for (const o of e.ix.opts[qi]) {
      const [count, percentage] = votePercent(Math.trunc(o.anCount ?? 0), Math.trunc(q.anCount ?? 0), v.selected(qi, o.dwId ?? ''));
      vq.options.push({ dwId: o.dwId ?? '', count, percentage });
    }
    out.push(vq);
  });
  return out;
}
