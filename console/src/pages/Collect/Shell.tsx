// Frame of the collection pages: the survey shell with the collection tabs.
import React from 'react';
import SurveyShell, { type ShellCtx } from '../../components/SurveyShell';

export type { ShellCtx };

export const COLLECT_TABS: [string, string][] = [
  ['url', 'co.tab.url'],
  ['attr', 'rv.tab.attr'],
  ['comp', 'co.tab.comp'],
  ['share', 'co.tab.share'],
  ['pwd', 'co.tab.pwd'],
  ['ip', 'co.tab.ip'],
  ['wx', 'co.tab.wx'],
  ['quota', 'co.tab.quota'],
  ['redirection', 'co.tab.redirection'],
  ['bind-contacts', 'menu.dws.cBindContacts'],
  ['user-bind', 'menu.dws.cUserBind'],
  ['webhook', 'wh.title'],
];

export function collectPath(tab: string, id: string) {
  if (tab === 'share') return `/v8/dws/survey/c/share/${id}`;
  if (tab === 'quota') return `/v8/dws/d/quota-progress/${id}`;
  if (tab === 'webhook') return `/v8/dws/set/webhook/${id}`;
  return `/v8/dws/c/${tab}/${id}`;
}

const Shell: React.FC<{ tab: string; children: (c: ShellCtx) => React.ReactNode }> = ({ tab, children }) => (
  <SurveyShell tabs={COLLECT_TABS} tab={tab} pathOf={collectPath} testPrefix="collect" tabTestPrefix="co-tab" titleKey="co.title">
    {children}
  </SurveyShell>
);

export default Shell;
