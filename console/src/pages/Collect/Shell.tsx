// Frame of the collection pages: survey title and state, collection tabs, loading / error states.
import { PageContainer } from '@ant-design/pro-components';
import { history, useIntl, useParams } from '@umijs/max';
import { Button, Result, Spin, Tabs, Tag } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { surveyInfo, type SurveyInfo } from '../../services/authoring';
import { errorText } from './util';

export const COLLECT_TABS: [string, string][] = [
  ['url', 'co.tab.url'],
  ['comp', 'co.tab.comp'],
  ['share', 'co.tab.share'],
  ['pwd', 'co.tab.pwd'],
  ['ip', 'co.tab.ip'],
  ['wx', 'co.tab.wx'],
  ['quota', 'co.tab.quota'],
  ['redirection', 'co.tab.redirection'],
];

export function collectPath(tab: string, id: string) {
  if (tab === 'share') return `/v8/dws/survey/c/share/${id}`;
  if (tab === 'quota') return `/v8/dws/d/quota-progress/${id}`;
  return `/v8/dws/c/${tab}/${id}`;
}

export type ShellCtx = { info: SurveyInfo; reload: () => void; f: (id: string, v?: Record<string, any>) => string };

const Shell: React.FC<{ tab: string; children: (c: ShellCtx) => React.ReactNode }> = ({ tab, children }) => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const { dwSurveyId = '' } = useParams();
  const [info, setInfo] = useState<SurveyInfo | null>(null);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const reload = useCallback(() => setN((x) => x + 1), []);

  useEffect(() => {
    let live = true;
    surveyInfo(dwSurveyId)
      .then((r) => live && (setInfo(r.data), setErr('')))
      .catch((e) => live && setErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [dwSurveyId, n]);

  let body: React.ReactNode;
  if (err && !info)
    body = (
      <Result status="error" title={f('co.loadFailed')} subTitle={err} extra={<Button onClick={reload}>{f('co.retry')}</Button>} data-testid="collect-error" />
    );
  else if (!info) body = <Spin style={{ display: 'block', margin: '64px auto' }} data-testid="collect-loading" />;
  else body = children({ info, reload, f });

  return (
    <PageContainer
      title={
        <span>
          <span data-testid="collect-title">{info?.surveyName ?? f('co.title')}</span>{' '}
          {info && (
            <Tag color={info.surveyState === 1 ? 'green' : info.surveyState === 2 ? 'red' : 'default'} data-testid="collect-survey-state">
              {f(`au.state.${info.surveyState}`)}
            </Tag>
          )}
        </span>
      }
      onBack={() => history.push('/v8/dw/survey')}
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => history.push(collectPath(k, dwSurveyId))}
        items={COLLECT_TABS.map(([k, l]) => ({ key: k, label: <span data-testid={`co-tab-${k}`}>{f(l)}</span> }))}
      />
      {body}
    </PageContainer>
  );
};

export default Shell;
