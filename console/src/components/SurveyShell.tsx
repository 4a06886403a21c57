// Frame of the per-survey pages (collection, results): survey title and state, a tab bar,
// loading / error states. Each page group passes its own tabs and path builder.
// The "tabs" are routes, so they are a navigation of real links (aria-current on the open one)
// that wraps on narrow screens; antd's Tabs would put its overflow button inside the tablist,
// which screen readers cannot interpret (axe aria-required-children) once the tabs overflow.
import { PageContainer } from '@ant-design/pro-components';
import { Link, history, useIntl, useParams } from '@umijs/max';
import { Button, Result, Spin, Tag, theme } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { surveyInfo, type SurveyInfo } from '../services/authoring';
import { errorText } from '../utils/errors';
import WebhookWarning from './WebhookWarning';

export type ShellCtx = { info: SurveyInfo; reload: () => void; f: (id: string, v?: Record<string, any>) => string };

export type SurveyShellProps = {
  /** [tab key, locale id of its label] */
  tabs: [string, string][];
  tab: string;
  /** route of a tab for a survey id */
  pathOf: (tab: string, dwSurveyId: string) => string;
  /** data-testid prefix of the shell's parts ("collect" → collect-title, co-tab-url) */
  testPrefix: string;
  tabTestPrefix: string;
  titleKey: string;
  extra?: React.ReactNode;
  children: (c: ShellCtx) => React.ReactNode;
};

const SurveyShell: React.FC<SurveyShellProps> = ({ tabs, tab, pathOf, testPrefix, tabTestPrefix, titleKey, extra, children }) => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const { dwSurveyId = '' } = useParams();
  const [info, setInfo] = useState<SurveyInfo | null>(null);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);
  const { token } = theme.useToken();
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
      <Result
        status="error"
        title={f('co.loadFailed')}
        subTitle={err}
        extra={<Button onClick={reload}>{f('co.retry')}</Button>}
        data-testid={`${testPrefix}-error`}
      />
    );
  else if (!info) body = <Spin style={{ display: 'block', margin: '64px auto' }} data-testid={`${testPrefix}-loading`} />;
  else
    body = (
      <>
        <WebhookWarning surveyId={info.id} hideLink={tab === 'webhook'} reloadKey={n} />
        {children({ info, reload, f })}
      </>
    );

  return (
    <PageContainer
      title={
        <span>
          <span data-testid={`${testPrefix}-title`}>{info?.surveyName ?? f(titleKey)}</span>{' '}
          {info && (
            <Tag color={info.surveyState === 1 ? 'green' : info.surveyState === 2 ? 'red' : 'default'} data-testid={`${testPrefix}-survey-state`}>
              {f(`au.state.${info.surveyState}`)}
            </Tag>
          )}
        </span>
      }
      extra={extra}
      onBack={() => history.push('/v8/dw/survey')}
    >
      <nav aria-label={f(titleKey)} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, marginBottom: 16 }}>
        <ul style={{ display: 'flex', flexWrap: 'wrap', columnGap: 24, listStyle: 'none', margin: 0, padding: 0 }}>
          {tabs.map(([k, l]) => (
            <li key={k}>
              <Link
                to={pathOf(k, dwSurveyId)}
                aria-current={k === tab ? 'page' : undefined}
                data-testid={`${tabTestPrefix}-${k}`}
                style={{
                  display: 'inline-block',
                  padding: '10px 0',
                  color: token.colorText,
                  fontWeight: k === tab ? 600 : undefined,
                  borderBottom: `2px solid ${k === tab ? token.colorPrimary : 'transparent'}`,
                  marginBottom: -1,
                }}
              >
                {f(l)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {body}
    </PageContainer>
  );
};

export default SurveyShell;
