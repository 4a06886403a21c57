// Read-only answer view with score lines and the transcript (an/review/:sid/:answerId, an-solution/:answerId).
import { Col, Row, Spin } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { Engine, isCounted, isDisplayOnly, loadSurvey, type AnQuestion, type Survey } from '../../survey';
import { prepareSurvey } from '../../survey/optional';
import { getResumeToken, getSurveyAnswer, reviewSurveyJson, TransportError } from '../../services/answer';
import { Widget } from './widgets';
import { quTitle, safeHtml, textOf, useT } from './util';
import './answer.css';

type Props = { sid?: string; answerId: string; solution?: boolean };

export default function Review({ sid, answerId, solution }: Props) {
  const t = useT();
  const [err, setErr] = useState('');
  const [rec, setRec] = useState<any>(null);
  const [doc, setDoc] = useState<Survey | null>(null);
  const [wrongOnly, setWrongOnly] = useState(false);
  useEffect(() => {
    (async () => {
      try {
        const r = await getSurveyAnswer(answerId, getResumeToken(answerId));
        if (r.resultCode !== 200 || !r.data) {
          setErr(r.resultMsg && r.resultCode !== 404 ? r.resultMsg : t('an.review.notFound'));
          return;
        }
        setRec(r.data);
        // the document of the answer's version, without the respondent gates (a logged-in
        // owner may have reached the per-browser limit of the survey in this browser)
        const s = await reviewSurveyJson(answerId, getResumeToken(answerId));
        const text = s.data?.surveyJson?.surveyJsonText;
        if (!text) {
          setErr(s.data?.answerCheckResult?.anCheckResultMsg || s.resultMsg || t('an.msg.failed'));
          return;
        }
        await prepareSurvey(text); // functions and regex patterns when the logic uses them
        setDoc(loadSurvey(JSON.parse(text)));
      } catch (e) {
        setErr(e instanceof TransportError && e.kind === 'timeout' ? t('an.error.timeout') : t('an.error.network'));
      }
    })();
  }, [answerId, sid, t]);

  const answers: AnQuestion[] = useMemo(() => {
    let aj = rec?.answerJson;
    if (typeof aj === 'string') {
      try {
        aj = JSON.parse(aj);
      } catch {
        aj = null;
      }
    }
    return Array.isArray(aj?.anQuestions) ? aj.anQuestions : [];
  }, [rec]);
  const byQ = useMemo(() => new Map(answers.map((a) => [a.quDwId, a])), [answers]);
  const engine = useMemo(() => (doc ? new Engine(doc) : null), [doc]);
  const res = useMemo(() => (engine ? engine.evaluate({ answers, page: 0 }) : null), [engine, answers]);
  const scoreOf = useMemo(() => new Map((res?.score.questions ?? []).map((s) => [s.quDwId, s])), [res]);

  if (err) {
    return (
      <main className="dwa-page">
        <div className="dwa-panel dwa-message">
          <h1 className="dwa-message-text dwa-red"><span role="alert">{err}</span></h1>
        </div>
      </main>
    );
  }
  if (!doc || !rec) {
    return (
      <div className="dwa-center" aria-busy="true">
        <Spin size="large" />
      </div>
    );
  }
  const isExam = doc.surveyType === 'exam' || !!doc.surveyAttrs?.scoreAttr?.enabled;
  const lineOf = (qid: string) => {
    const a = byQ.get(qid);
    const q = doc.questions.find((x) => x.dwId === qid);
    const es = scoreOf.get(qid);
    const max = (es?.max || q?.quAttr?.scoreAttr?.maxScore || 0) as number;
    const got = a?.quAnScore ?? es?.score;
    if (!isExam || (max <= 0 && got === undefined)) return null;
    // a hand-graded question not graded yet (the answer's total is provisional)
    if (rec.scorePending && a && (a.quAnScore === undefined || a.quAnScore === null) && !es) return { max, got: 0, state: 'pending' };
    const g = Number(got ?? 0);
    const state = g <= 0 ? 'wrong' : max <= 0 || g >= max ? 'right' : 'part';
    return { max, got: g, state };
  };
  const qs = doc.questions.filter((q) => q.quType !== 'PAGETAG' && (res?.visibleQuestions.includes(q.dwId ?? '') ?? true));
  const wrong = qs.filter((q) => {
    const l = lineOf(q.dwId ?? '');
    return l && l.state !== 'pending' && l.got === 0 && !isDisplayOnly(q);
  });
  const shown = wrongOnly ? wrong : qs;
  let n = 0;
  const num = new Map<string, number>();
  for (const q of doc.questions) if (isCounted(q)) num.set(q.dwId ?? '', ++n);
  const sum = rec.sumScore ?? res?.score.total ?? 0;
  return (
    <main className="dwa-page">
      <Row justify="center">
        <Col xs={24} sm={24} md={20} lg={16} xl={12}>
          <div className="dwa-panel" data-testid="answer-review">
            <h1 className="dwa-title" dangerouslySetInnerHTML={{ __html: safeHtml(textOf(doc.surveyNameObj, doc.surveyName)) }} />
            {isExam && (
              <div style={{ textAlign: 'center' }}>
                <div>{t('an.review.total')}</div>
                <div className="dwa-digits" data-testid="sum-score">{sum}</div>
                {rec.scorePending && (
                  <div className="dwa-hint" data-testid="score-pending">
                    {t('an.review.beingGraded')}
                  </div>
                )}
                <div className="dwa-hint">
                  {rec.userName ? `${t('an.review.name')}: ${rec.userName} · ` : ''}
                  {t('an.review.start')}: {rec.bgAnDate ?? '-'} · {t('an.review.end')}: {rec.endAnDate ?? '-'}
                </div>
                <div className="dwa-toggle">
                  <button type="button" className={`dwa-btn ${!wrongOnly ? 'dwa-primary' : ''}`} aria-pressed={!wrongOnly} onClick={() => setWrongOnly(false)}>{t('an.review.all')}</button>
                  <button type="button" className={`dwa-btn ${wrongOnly ? 'dwa-primary' : ''}`} aria-pressed={wrongOnly} onClick={() => setWrongOnly(true)}>{t('an.review.wrongOnly')}</button>
                  <button type="button" className="dwa-btn" onClick={() => window.print()}>{t('an.review.print')}</button>
                </div>
              </div>
            )}
            {wrongOnly && wrong.length === 0 && <div className="dwa-hint" style={{ textAlign: 'center' }}>{t('an.review.noWrong')}</div>}
            {shown.map((q) => {
              const id = q.dwId ?? '';
              const l = lineOf(id);
              return (
                <div key={id} className="dwa-question" data-qu-type={q.quType}>
                  {q.quType === 'PARAGRAPH' ? (
                    <div className="dwa-paragraph" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
                  ) : (
                    <div className="dwa-qtitle">
                      {num.get(id) ? <span className="dwa-qnum">{num.get(id)}.</span> : null}
                      <span className="dwa-qtitle-text" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
                    </div>
                  )}
                  <div className="dwa-qbody">
                    <Widget q={q} a={byQ.get(id)} set={() => undefined} hidden={new Set(res?.hiddenOptions ?? [])} readOnly surveyId={rec.surveyId ?? ''} t={t} notify={() => undefined} />
                  </div>
                  {l && (
                    <div className="dwa-scoreline" data-testid="scoreline">
                      <span>{t('an.review.max', { n: l.max })}</span>
                      {l.state !== 'pending' && <span>{t('an.review.got', { n: l.got })}</span>}
                      <span className={`dwa-state-${l.state}`}>{t(`an.review.${l.state}`)}</span>
                    </div>
                  )}
                  {solution && q.solution && (
                    <div className="dwa-hint">
                      {t('an.review.solution')}: <span dangerouslySetInnerHTML={{ __html: safeHtml(textOf(q.solution)) }} />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </Col>
      </Row>
    </main>
  );
}
