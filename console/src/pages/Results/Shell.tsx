// Frame of the results pages: the survey shell with the results tabs.
import React from 'react';
import SurveyShell, { type ShellCtx } from '../../components/SurveyShell';

export type { ShellCtx };

/** [tab, locale id]; the route of each tab is /v8/dws/d/<tab>/:dwSurveyId. */
export const RESULT_TABS: [string, string][] = [
  ['chart', 'menu.dws.dChart'],
  ['data', 'menu.dws.dData'],
  ['cross', 'menu.dws.dCross'],
  ['analysis', 'menu.dws.dAnalysis'],
  ['district', 'menu.dws.dDistrict'],
  ['source-stats', 'menu.dws.dSourceStats'],
  ['log', 'menu.dws.dLog'],
  ['DwPrintMbData', 'menu.dws.dPrintMb'],
];

export function resultPath(tab: string, id: string) {
  return `/v8/dws/d/${tab}/${id}`;
}

const Shell: React.FC<{ tab: string; extra?: React.ReactNode; children: (c: ShellCtx) => React.ReactNode }> = ({ tab, extra, children }) => (
  <SurveyShell tabs={RESULT_TABS} tab={tab} pathOf={resultPath} testPrefix="results" tabTestPrefix="rs-tab" titleKey="menu.dws.dChart" extra={extra}>
    {children}
  </SurveyShell>
);

export default Shell;
