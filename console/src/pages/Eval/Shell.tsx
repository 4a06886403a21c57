// Frame of a survey's issue-17 pages: lotteries, solutions, dimension groups and 360° subjects.
import React from 'react';
import SurveyShell, { type ShellCtx } from '../../components/SurveyShell';

export type { ShellCtx };

export const EVAL_TABS: [string, string][] = [
  ['lottery-list', 'menu.dws.cLotteryList'],
  ['solution', 'menu.dws.designSolution'],
  ['dimension-group', 'menu.dws.designDimensionGroup'],
  ['eval360', 'menu.dws.designEval360'],
];

export function evalPath(tab: string, id: string) {
  if (tab === 'lottery-list') return `/v8/dws/c/lottery-list/${id}`;
  return `/v8/dws/design/${tab}/${id}`;
}

const Shell: React.FC<{ tab: string; extra?: React.ReactNode; children: (c: ShellCtx) => React.ReactNode }> = ({ tab, extra, children }) => (
  <SurveyShell tabs={EVAL_TABS} tab={tab} pathOf={evalPath} testPrefix="eval" tabTestPrefix="ev-tab" titleKey="ev.tab" extra={extra}>
    {children}
  </SurveyShell>
);

export default Shell;

/** The survey's questions a dimension may map (choice, score and scale questions), numbered. */
export type QuChoice = { dwId: string; label: string };
export function scorableQuestions(doc: any): QuChoice[] {
  const out: QuChoice[] = [];
  let n = 0;
  for (const q of doc?.questions ?? []) {
    if (q.quType === 'PAGETAG' || q.quType === 'PARAGRAPH') continue;
    n++;
    const t = String(q.quType ?? '');
    const ok = (q.quRadios?.length ?? 0) > 0 || (q.quCheckboxs?.length ?? 0) > 0 || t === 'SCORE' || t.startsWith('SCALE');
    if (!ok || !q.dwId) continue;
    const title = String(q.quTitleObj?.dwText ?? q.quTitle ?? '').replace(/<[^>]*>/g, '').trim();
    out.push({ dwId: q.dwId, label: `Q${n}. ${title || q.dwId}` });
  }
  return out;
}
