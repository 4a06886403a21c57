// /v8/diaowen/vote/top/:surveyId — vote ranking (counts and percentages).
import { useParams } from '@umijs/max';
import { Col, Row, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { loadSurvey, round2, type Survey } from '../../survey';
import { surveyJson, surveyStats } from '../../services/answer';
import { optTitle, quTitle, safeHtml, textOf, useT } from '../../components/answer/util';
import '../../components/answer/answer.css';
import { formatPercent } from '../../utils/format';

export default function VoteTop() {
  const t = useT();
  const p = useParams();
  const surveyId = p.dwSurveyId ?? p.surveyId ?? '';
  const [doc, setDoc] = useState<Survey | null>(null);
  const [stats, setStats] = useState<any>(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    (async () => {
      try {
        const [s, st] = await Promise.all([surveyJson({ surveyId }), surveyStats(surveyId)]);
        if (st.resultCode !== 200 || !st.data) {
          setErr(st.resultMsg && st.resultCode !== 404 ? st.resultMsg : t('an.top.unavailable'));
          return;
        }
        const text = s.data?.surveyJson?.surveyJsonText;
        if (text) setDoc(loadSurvey(JSON.parse(text)));
        setStats(st.data);
      } catch {
        setErr(t('an.error.network'));
      }
    })();
  }, [surveyId, t]);
  if (err) return <main className="dwa-page"><div className="dwa-panel dwa-message"><h1 className="dwa-message-text dwa-red"><span role="alert">{err}</span></h1></div></main>;
  if (!stats) return <div className="dwa-center"><Spin size="large" /></div>;
  const qs = (doc?.questions ?? []).filter((q) => q.quRadios?.length || q.quCheckboxs?.length);
  return (
    <main className="dwa-page">
      <Row justify="center">
        <Col xs={24} sm={24} md={20} lg={16} xl={12}>
          <div className="dwa-panel" data-testid="vote-top">
            <h1 className="dwa-title">{t('an.top.vote')}</h1>
            {doc && <div className="dwa-note" style={{ textAlign: 'center' }} dangerouslySetInnerHTML={{ __html: safeHtml(textOf(doc.surveyNameObj, doc.surveyName)) }} />}
            {qs.map((q) => {
              const opts = [...(q.quRadios ?? []), ...(q.quCheckboxs ?? [])];
              const cnt = (id: string) => Number(stats.countRadio?.[id]?.docCount ?? stats.countCheckbox?.[id]?.docCount ?? 0);
              const total = Number(stats.countQu?.[q.dwId ?? '']?.docCount ?? 0);
              const rows = opts.map((o) => ({ o, c: cnt(o.dwId ?? '') })).sort((a, b) => b.c - a.c);
              return (
                <div key={q.dwId} className="dwa-question">
                  <div className="dwa-qtitle"><span className="dwa-qtitle-text" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} /></div>
                  <table className="dwa-table">
                    <thead>
                      <tr><th>{t('an.top.rank')}</th><th>{t('an.top.option')}</th><th>{t('an.top.count')}</th><th>{t('an.top.percent')}</th></tr>
                    </thead>
                    <tbody>
                      {rows.map(({ o, c }, i) => {
                        const pct = total > 0 ? round2((c / total) * 100) : 0;
                        return (
                          <tr key={o.dwId} data-testid="vote-row">
                            <td>{i + 1}</td>
                            <td dangerouslySetInnerHTML={{ __html: safeHtml(optTitle(o)) }} />
                            <td>{c}</td>
                            <td>
                              <div className="dwa-bar"><div style={{ width: `${pct}%` }} /></div>
                              {formatPercent(pct, undefined, 2, true)}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              );
            })}
          </div>
        </Col>
      </Row>
    </main>
  );
}
