// /v8/diaowen/top/:surveyId — score ranking.
import { useParams } from '@umijs/max';
import { Col, Row, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { scoreTop, type TopRow } from '../../services/answer';
import { fmtSeconds, useT } from '../../components/answer/util';
import '../../components/answer/answer.css';

export default function ScoreTop() {
  const t = useT();
  const p = useParams();
  const surveyId = p.dwSurveyId ?? p.surveyId ?? '';
  const [rows, setRows] = useState<TopRow[] | null>(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    scoreTop(surveyId, 10)
      .then((r) => (r.resultCode === 200 && Array.isArray(r.data) ? setRows(r.data) : setErr(r.resultMsg && r.resultCode !== 404 ? r.resultMsg : t('an.top.unavailable'))))
      .catch(() => setErr(t('an.error.network')));
  }, [surveyId, t]);
  if (err) return <main className="dwa-page"><div className="dwa-panel dwa-message"><h1 className="dwa-message-text dwa-red"><span role="alert">{err}</span></h1></div></main>;
  if (!rows) return <div className="dwa-center"><Spin size="large" /></div>;
  return (
    <main className="dwa-page">
      <Row justify="center">
        <Col xs={24} sm={24} md={20} lg={16} xl={12}>
          <div className="dwa-panel" data-testid="score-top">
            <h1 className="dwa-title">{t('an.top.score')}</h1>
            {rows.length === 0 ? <div className="dwa-hint">{t('an.top.empty')}</div> : (
              <table className="dwa-table">
                <thead><tr><th>{t('an.top.rank')}</th><th>{t('an.top.user')}</th><th>{t('an.top.sum')}</th><th /></tr></thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.answerId}><td>{r.rank}</td><td>{r.userName || '-'}</td><td>{r.sumScore}</td><td>{fmtSeconds((r.totalTime ?? 0) / 1000)}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </Col>
      </Row>
    </main>
  );
}
