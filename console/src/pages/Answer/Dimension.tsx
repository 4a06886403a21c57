// /v8/diaowen/dimension/:answerId — the evaluation (dimension) report of one answer: per group a
// radar of the dimension scores and, per dimension, the score, its band and the band's
// interpretation (services/eval.AnswerReport; the answer's resume token or its respondent).
import { useParams } from '@umijs/max';
import { Col, Row, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import LotteryLink from '../../components/answer/LotteryLink';
import { useT } from '../../components/answer/util';
import { getResumeToken } from '../../services/answer';
import type { Report } from '../../services/eval';
import { dimensionReport } from '../../services/evalAnswer';
import Radar from '../Eval/Radar';
import '../../components/answer/answer.css';
import './lottery.css';
import { formatDateTime } from '../../utils/format';

export default function DimensionPage() {
  const t = useT();
  const p = useParams();
  const answerId = p.answerId ?? '';
  const [rep, setRep] = useState<Report | null>(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    dimensionReport(answerId, getResumeToken(answerId))
      .then((r) => (r.resultCode === 200 && r.data ? setRep(r.data) : setErr(r.resultCode === 404 ? t('ev.an.notFound') : r.resultMsg || t('ev.an.notFound'))))
      .catch(() => setErr(t('an.error.network')));
  }, [answerId, t]);
  if (err)
    return (
      <main className="dwa-page">
        <div className="dwa-panel dwa-message">
          <h1 className="dwa-message-text dwa-red" data-testid="ev-an-error">
            <span role="alert">{err}</span>
          </h1>
        </div>
      </main>
    );
  if (!rep)
    return (
      <div className="dwa-center">
        <Spin size="large" aria-label={t('app.loading')} />
      </div>
    );
  return (
    <main className="dwa-page">
      <Row justify="center">
        <Col xs={24} sm={22} md={20} lg={16} xl={14}>
          <div className="dwa-panel" data-testid="ev-report">
            <h1 className="dwa-title">{t('ev.an.title')}</h1>
            <p className="dwa-note" style={{ textAlign: 'center' }}>
              {rep.surveyName} · {formatDateTime(rep.endAnDate)}
            </p>
            {rep.groups.length === 0 && <p data-testid="ev-report-empty">{t('ev.an.empty')}</p>}
            {rep.groups.map((g) => (
              <section key={g.id} aria-labelledby={`evg-${g.id}`} style={{ marginBottom: 24 }}>
                <h2 id={`evg-${g.id}`} className="lo-h2">
                  {g.name}
                </h2>
                {g.note && <p className="dwa-note">{g.note}</p>}
                {g.dimensions.length > 0 && (
                  <Radar
                    testid="ev-radar"
                    data={g.dimensions.map((d) => ({ dim: d.name, series: t('ev.an.you'), percent: d.percent }))}
                    alt={t('ev.an.radarAlt', { list: g.dimensions.map((d) => `${d.name} ${d.percent}%`).join(', ') })}
                  />
                )}
                <table className="dwa-table" data-testid="ev-dims">
                  <thead>
                    <tr>
                      <th scope="col">{t('ev.dim')}</th>
                      <th scope="col">{t('ev.score')}</th>
                      <th scope="col">{t('ev.band')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.dimensions.map((d) => (
                      <tr key={d.id} data-testid="ev-dim" data-score={d.score}>
                        <th scope="row">{d.name}</th>
                        <td>
                          {d.answered > 0 ? `${d.score} / ${d.max} (${d.percent}%)` : t('ev.notAnswered')}
                        </td>
                        <td>
                          {d.band ? (
                            <>
                              <strong>{d.band.label}</strong>
                              {d.band.text && <div className="dwa-note">{d.band.text}</div>}
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
            <LotteryLink answerId={rep.answerId} />
          </div>
        </Col>
      </Row>
    </main>
  );
}
