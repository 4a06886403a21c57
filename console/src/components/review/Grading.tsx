// The grader's page (an/review-event/custom-score/:sid/:answerId): the answer as the
// respondent saw it with a score box (0 … the question's maximum, step 0.5) under each
// hand-graded question, the automatic scores, a switch to hide auto-scored questions, and
// Save. After saving it moves to the next ungraded answer after 1 s, or says that this was
// the last one. The server recomputes the total.
import { history, useIntl } from '@umijs/max';
import { Alert, Button, Col, InputNumber, List, Row, Spin, Switch, Tag } from 'antd';
import React, { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Widget } from '../answer/widgets';
import { quTitle, safeHtml, textOf, useT } from '../answer/util';
import '../answer/answer.css';
import { Engine, isCounted, loadSurvey, type Survey } from '../../survey';
import { prepareSurvey } from '../../survey/optional';
import { gradingAnswer, gradingPath, saveCustomScores, validScore, type GradingView } from '../../services/review';
import { refusedBody } from '../../services/resultsData';
import { errorText } from '../../utils/errors';

/** Redirect delay after grading (spec: 1 s). */
export const NEXT_DELAY_MS = 1000;

const Grading: React.FC<{ sid: string; answerId: string }> = ({ sid, answerId }) => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const t = useT();
  const [view, setView] = useState<GradingView | null>(null);
  const [doc, setDoc] = useState<Survey | null>(null);
  const [err, setErr] = useState('');
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [touched, setTouched] = useState(false);
  const [hideAuto, setHideAuto] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saveErr, setSaveErr] = useState('');
  const [done, setDone] = useState<'' | 'next' | 'last'>('');
  const [n, setN] = useState(0);
  const uid = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => () => clearTimeout(timer.current), []);
  // a new answer: start afresh (a reload of the same answer after the last save keeps its message)
  useEffect(() => {
    setView(null);
    setDone('');
    setTouched(false);
  }, [answerId]);
  useEffect(() => {
    let live = true;
    setErr('');
    setSaveErr('');
    (async () => {
      try {
        const r = await gradingAnswer(answerId);
        const text = r.data.survey?.surveyJson?.surveyJsonText;
        let d: Survey | null = null;
        if (text) {
          await prepareSurvey(text);
          d = loadSurvey(JSON.parse(text));
        }
        if (!live) return;
        setView(r.data);
        setDoc(d);
        setScores(Object.fromEntries(r.data.items.map((i) => [i.quDwId, i.score])));
      } catch (e) {
        if (live) setErr(refusedBody(e)?.resultCode === 404 ? f('rv.gr.notFound') : errorText(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [answerId, n, f]);

  const answers = useMemo(() => (view?.answer.answerJson?.anQuestions ?? []) as any[], [view]);
  const byQ = useMemo(() => new Map(answers.map((a) => [a.quDwId as string, a])), [answers]);
  const items = useMemo(() => new Map((view?.items ?? []).map((i) => [i.quDwId, i])), [view]);
  const res = useMemo(() => {
    if (!doc) return null;
    try {
      return new Engine(doc).evaluate({ answers, page: 0 });
    } catch {
      return null;
    }
  }, [doc, answers]);

  if (err)
    return (
      <main className="dwa-page">
        <div className="dwa-panel dwa-message">
          <h1 className="dwa-message-text dwa-red" data-testid="grading-error">
            <span role="alert">{err}</span>
          </h1>
        </div>
      </main>
    );
  if (!view || !doc)
    return (
      <div className="dwa-center" aria-busy="true">
        <Spin size="large" />
      </div>
    );

  const locked = !view.scorePending && !view.canRegrade;
  const invalid = view.items.filter((i) => !validScore(scores[i.quDwId], i.max));
  const manualSum = view.items.reduce((s, i) => s + (validScore(scores[i.quDwId], i.max) ? Number(scores[i.quDwId]) : 0), 0);
  const total = Math.round((view.autoScore + manualSum) * 100) / 100;
  const save = async () => {
    setTouched(true);
    setSaveErr('');
    if (invalid.length > 0) {
      document.getElementById(`${uid}-${invalid[0].quDwId}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await saveCustomScores(answerId, view.items.map((i) => ({ quDwId: i.quDwId, score: Number(scores[i.quDwId]) })));
      const next = r.data?.esId;
      if (next) {
        setDone('next');
        timer.current = setTimeout(() => history.push(gradingPath(sid, next)), NEXT_DELAY_MS);
      } else {
        setDone('last');
        setN((x) => x + 1);
      }
    } catch (e) {
      const b = refusedBody(e);
      setSaveErr(f('rv.gr.sendError', { msg: b?.resultMsg || errorText(e) }));
    } finally {
      setBusy(false);
    }
  };

  let num = 0;
  const numbers = new Map<string, number>();
  for (const q of doc.questions) if (isCounted(q)) numbers.set(q.dwId ?? '', ++num);
  const visible = res ? new Set(res.visibleQuestions) : null;
  const qs = doc.questions.filter((q) => {
    const id = q.dwId ?? '';
    if (q.quType === 'PAGETAG') return false;
    if (visible && !visible.has(id) && !byQ.has(id)) return false;
    if (hideAuto && !items.has(id)) return false;
    return true;
  });
  const hidden = new Set(res?.hiddenOptions ?? []);

  return (
    <main className="dwa-page" data-testid="grading-page" data-answer={view.answer.answerId}>
      <Row justify="center">
        <Col xs={24} sm={24} md={20} lg={16} xl={12}>
          <div className="dwa-panel">
            <h1 className="dwa-title" dangerouslySetInnerHTML={{ __html: safeHtml(textOf(doc.surveyNameObj, doc.surveyName)) }} />
            <div style={{ textAlign: 'center', marginBottom: 12 }}>
              <div data-testid="grading-total" data-total={total}>
                {f('rv.gr.total', { total, auto: view.autoScore, manual: Math.round(manualSum * 100) / 100 })}
              </div>
              <div className="dwa-hint">
                {f('rv.gr.facts', { end: view.answer.endAnDate, waiting: view.waiting })}{' '}
                {view.scorePending ? <Tag color="orange">{f('rv.gr.pending')}</Tag> : <Tag color="green" data-testid="grading-graded">{f('rv.gr.graded')}</Tag>}
              </div>
              <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginTop: 8 }}>
                <Switch size="small" checked={hideAuto} onChange={setHideAuto} data-testid="grading-hide-auto" aria-label={f('rv.gr.hideAuto')} />
                {f('rv.gr.hideAuto')}
              </label>
            </div>
            {!view.scorePending && view.canRegrade && <Alert type="info" showIcon message={f('rv.gr.regradeNote')} style={{ marginBottom: 8 }} />}
            {locked && <Alert type="info" showIcon message={f('rv.gr.locked')} style={{ marginBottom: 8 }} data-testid="grading-locked" />}
            {view.items.length === 0 && <Alert type="info" showIcon message={f('rv.gr.nothing')} style={{ marginBottom: 8 }} />}
            {qs.map((q) => {
              const id = q.dwId ?? '';
              const a = byQ.get(id);
              const it = items.get(id);
              const v = scores[id];
              const bad = !!it && touched && !validScore(v, it.max);
              return (
                <div key={id} className="dwa-question" data-qu={id} data-qu-type={q.quType}>
                  {q.quType === 'PARAGRAPH' ? (
                    <div className="dwa-paragraph" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
                  ) : (
                    <div className="dwa-qtitle" id={`${uid}-t-${id}`}>
                      {numbers.get(id) ? <span className="dwa-qnum">{numbers.get(id)}.</span> : null}
                      <span className="dwa-qtitle-text" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
                    </div>
                  )}
                  <div className="dwa-qbody">
                    <Widget q={q} a={a} set={() => undefined} hidden={hidden} readOnly surveyId={view.answer.surveyId} t={t} notify={() => undefined} />
                  </div>
                  {it ? (
                    <div className="dwa-scoreline" data-testid="grading-item">
                      <label htmlFor={`${uid}-${id}`}>{f('rv.gr.scoreLabel', { max: it.max })}</label>{' '}
                      <InputNumber
                        id={`${uid}-${id}`}
                        min={0}
                        max={it.max}
                        step={0.5}
                        value={v ?? null}
                        disabled={locked}
                        status={bad ? 'error' : undefined}
                        aria-invalid={bad}
                        aria-describedby={bad ? `${uid}-e-${id}` : undefined}
                        onChange={(x) => setScores((s) => ({ ...s, [id]: x === null ? null : Number(x) }))}
                        data-testid={`grading-score-${id}`}
                      />
                      {bad && (
                        <div id={`${uid}-e-${id}`} className="dwa-red" role="alert">
                          {f('rv.gr.scoreInvalid', { max: it.max })}
                        </div>
                      )}
                    </div>
                  ) : a?.quAutoScore !== undefined && a?.quAutoScore !== null ? (
                    <div className="dwa-scoreline" data-testid="grading-auto">
                      {f('rv.gr.auto', { n: a.quAutoScore })}
                    </div>
                  ) : null}
                </div>
              );
            })}
            {saveErr && <Alert type="error" showIcon message={saveErr} style={{ marginTop: 8 }} data-testid="grading-save-error" role="alert" />}
            {done && (
              <Alert
                type="success"
                showIcon
                role="status"
                message={f(done === 'next' ? 'rv.gr.savedNext' : 'rv.gr.savedLast')}
                style={{ marginTop: 8 }}
                data-testid="grading-saved"
                data-done={done}
              />
            )}
            {!locked && view.items.length > 0 && (
              <div style={{ textAlign: 'center', marginTop: 12 }}>
                <Button type="primary" size="large" loading={busy} disabled={done === 'next'} onClick={save} data-testid="grading-save">
                  {f('rv.gr.save')}
                </Button>
              </div>
            )}
            {view.history.length > 0 && (
              <List
                size="small"
                header={f('rv.gr.history')}
                style={{ marginTop: 16 }}
                data-testid="grading-history"
                dataSource={view.history}
                renderItem={(h) => <List.Item>{f('rv.gr.historyRow', { at: h.createdAt, who: h.userName || h.userId, from: h.oldSum, to: h.newSum })}</List.Item>}
              />
            )}
          </div>
        </Col>
      </Row>
    </main>
  );
};

export default Grading;
