// Frame of every design tab: title, tabs, save / preview / publish, save state and warnings.
import { CloudUploadOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { history, useIntl, useParams } from '@umijs/max';
import { Alert, Button, Modal, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import React, { createContext, memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { surveyInfo } from '../../services/authoring';
import { checkPipes, mayHavePipes } from '../../survey/pipestore';
import { numbering } from './model';
import { PipeProvider } from './pipes';
import { useDesign } from './useDesign';
import { formatTime } from '../../utils/format';

type Ctx = ReturnType<typeof useDesign> & { surveyId: string };
const DesignCtx = createContext<Ctx | null>(null);
export const useDesignCtx = () => useContext(DesignCtx)!;

export const TABS: [string, string][] = [
  ['edit', 'au.tab.edit'],
  ['style', 'au.tab.style'],
  ['attr', 'au.tab.attr'],
  ['redirection', 'au.tab.end'],
  ['logic', 'au.tab.logic'],
  ['dsl', 'au.tab.dsl'],
  ['collaborate', 'au.tab.collaborate'],
  ['language', 'lg.tab'],
  ['lottery', 'ev.tab'],
];

export function tabPath(tab: string, id: string) {
  if (tab === 'logic') return `/v8/diaowen/dw-design/logic-code/${id}`;
  if (tab === 'lottery') return `/v8/dws/c/lottery-list/${id}`;
  return `/v8/dws/design/${tab}/${id}`;
}

type Act = { save: () => void; preview: () => void; publish: () => void; go: (k: string) => void };

/** The header re-renders only when what it shows changes (not on every keystroke). */
const Header = memo(function Header(p: {
  title: string;
  surveyState?: number;
  publishedVersion: number;
  draftChanged: boolean;
  status: string;
  saving: boolean;
  publishing: boolean;
  tab: string;
  act: Act;
}) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { title, surveyState, publishedVersion, draftChanged, status, saving, publishing, tab, act } = p;
  return (
    <>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 4 }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 16 }} data-testid="design-title">
            {title}
          </Typography.Title>
          {surveyState !== undefined && (
            <Tag color={surveyState === 1 ? 'green' : surveyState === 2 ? 'red' : 'default'}>
              {f(`au.state.${surveyState}`)}
              {publishedVersion > 0 ? ` v${publishedVersion}` : ''}
            </Tag>
          )}
          {publishedVersion > 0 && draftChanged ? <Tag color="orange">{f('au.d.draftChanged')}</Tag> : null}
          <span style={{ flex: 1 }} />
          <Typography.Text type="secondary" data-testid="save-status">
            {status}
          </Typography.Text>
          <Space>
            <Button icon={<SaveOutlined />} data-testid="design-save" loading={saving} onClick={() => act.save()}>
              {f('common.save')}
            </Button>
            <Button
              icon={<EyeOutlined />}
              data-testid="design-preview"
              onClick={() => act.preview()}
            >
              {f('au.d.preview')}
            </Button>
            <Button type="primary" icon={<CloudUploadOutlined />} data-testid="design-publish" loading={publishing} onClick={() => act.publish()}>
              {f('au.d.publish')}
            </Button>
          </Space>
        </div>
        <Tabs activeKey={tab} onChange={(k) => act.go(k)} items={TABS.map(([k, l]) => ({ key: k, label: <span data-testid={`tab-${k}`}>{f(l)}</span> }))} />
    </>
  );
});

/**
 * The answer placeholder checks of the document being edited (checkPipes, the same checks the
 * server runs on save): a placeholder to a deleted or moved question is an error (save refuses
 * it), one to a later question, an unknown name or an unclosed brace a warning.
 */
const PipeIssues: React.FC<{ doc: any; f: (id: string, v?: Record<string, any>) => string }> = memo(function PipeIssues({ doc, f }) {
  // checked when typing pauses (the 300-question designer stays responsive), and only for
  // documents that have braces in their texts or stored placeholders
  const [checked, setChecked] = useState<any>(null);
  useEffect(() => {
    const id = window.setTimeout(() => setChecked(doc), 400);
    return () => window.clearTimeout(id);
  }, [doc]);
  const issues = useMemo(() => {
    if (!checked || (!checked.dwPipes && !mayHavePipes(checked))) return [];
    try {
      const num = numbering(checked.questions ?? []);
      return checkPipes(checked).issues.map((i) => ({
        ...i,
        where: i.path.replace(/^questions\[(\d+)\]/, (_m, n) => (num[+n] ? `Q${num[+n]}` : `#${+n + 1}`)),
      }));
    } catch {
      return [];
    }
  }, [checked]);
  if (!issues.length) return null;
  const err = issues.some((i) => i.severity === 'error');
  return (
    <Alert
      type={err ? 'error' : 'warning'}
      showIcon
      data-testid="pipe-issues"
      style={{ marginBottom: 8 }}
      message={f('pipe.issues')}
      description={
        <>
          <ul style={{ paddingLeft: 16, margin: 0 }}>
            {issues.slice(0, 20).map((i, k) => (
              <li key={k} data-testid={`pipe-issue-${i.code}`}>
                <Tag color={i.severity === 'error' ? 'red' : 'orange'}>{i.code}</Tag>
                {i.where}: {i.message}
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary">{f('pipe.issuesHelp')}</Typography.Text>
        </>
      }
    />
  );
});

const DesignShell: React.FC<{ tab: string; children: React.ReactNode; noDoc?: boolean }> = ({ tab, children, noDoc }) => {
  const { dwSurveyId = '' } = useParams();
  const d = useDesign(dwSurveyId);
  const { st, f } = d;
  const [publishing, setPublishing] = useState(false);

  const go = async (key: string) => {
    await d.save({ quiet: true });
    history.push(tabPath(key, dwSurveyId));
  };

  const publish = async () => {
    setPublishing(true);
    try {
      const r = await d.publish();
      if (!r) return;
      let url = '';
      try {
        const info = await surveyInfo(dwSurveyId);
        url = window.location.origin + (info.data.answerUrl || `/v8/diaowen/an/${r.sid}`);
      } catch {
        url = `${window.location.origin}/v8/diaowen/an/${r.sid}`;
      }
      Modal.success({
        width: 640,
        title: f('au.d.published', { v: r.version }),
        content: (
          <div data-testid="publish-result">
            {(r.warnings?.length ?? 0) > 0 && (
              <Alert
                type="warning"
                style={{ marginBottom: 12 }}
                message={f('au.d.logicWarnings')}
                description={
                  <ul data-testid="publish-warnings" style={{ paddingLeft: 16, margin: 0 }}>
                    {r.warnings!.map((w, i) => (
                      <li key={i}>
                        <Tag>{w.code}</Tag>
                        {w.path}: {w.message}
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
            <div>{f('au.d.answerUrl')}</div>
            <Typography.Paragraph copyable data-testid="answer-url">
              {url}
            </Typography.Paragraph>
          </div>
        ),
      });
    } catch {
      // shown by the request layer
    } finally {
      setPublishing(false);
    }
  };

  const impl = useRef<Act>(null as unknown as Act);
  impl.current = {
    save: () => d.save(),
    preview: async () => {
      await d.save({ quiet: true });
      window.open(`/v8/diaowen/dw-preview/survey/${dwSurveyId}`, '_blank');
    },
    publish,
    go,
  };
  const [stable] = useState<Act>(() => ({
    save: () => impl.current.save(),
    preview: () => impl.current.preview(),
    publish: () => impl.current.publish(),
    go: (k) => impl.current.go(k),
  }));

  if (st.loadError) return <Result status="warning" title={st.loadError} extra={<Button onClick={() => history.push('/v8/dw/survey')}>{f('app.backHome')}</Button>} />;
  if (!st.doc && !noDoc) return <Spin style={{ display: 'block', margin: 80 }} />;

  const status = st.saving ? f('au.d.saving') : st.dirty ? f('au.d.unsaved') : st.savedAt ? f('au.d.savedAt', { t: formatTime(st.savedAt) }) : f('au.d.allSaved');

  return (
    <DesignCtx.Provider value={{ ...d, surveyId: dwSurveyId }}>
      <div className="dw-design" style={{ padding: '0 8px' }}>
        <Header
          title={st.doc?.surveyNameObj?.dwText || st.doc?.surveyName || st.meta?.sid || ''}
          surveyState={st.meta?.surveyState}
          publishedVersion={st.meta?.publishedVersion ?? 0}
          draftChanged={!!st.meta?.draftChanged}
          status={status}
          saving={st.saving}
          publishing={publishing}
          tab={tab}
          act={stable}
        />
        {st.otherTab && <Alert type="warning" showIcon closable data-testid="other-tab" message={f('au.d.otherTab')} style={{ marginBottom: 8 }} />}
        {st.conflict && (
          <Alert
            type="error"
            showIcon
            data-testid="conflict"
            message={f('au.d.conflict')}
            action={<Button onClick={() => window.location.reload()}>{f('au.d.reload')}</Button>}
            style={{ marginBottom: 8 }}
          />
        )}
        {st.error && !st.conflict && <Alert type="error" showIcon data-testid="save-error" message={st.error} style={{ marginBottom: 8 }} />}
        <PipeIssues doc={st.doc} f={f} />
        <PipeProvider doc={st.doc}>{children}</PipeProvider>
      </div>
    </DesignCtx.Provider>
  );
};

export default DesignShell;
