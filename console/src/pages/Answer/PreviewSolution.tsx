// /v8/diaowen/preview-solution/:dwSurveyId — the author's preview of every solution text, as
// respondents see them after submitting (the rules decide which).
import { useParams } from '@umijs/max';
import { Col, Row, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { SolutionList } from '../../components/answer/Solutions';
import { useT } from '../../components/answer/util';
import { solutions, type SolutionDesign } from '../../services/eval';
import { errorText } from '../../utils/errors';
import '../../components/answer/answer.css';

export default function PreviewSolution() {
  const t = useT();
  const p = useParams();
  const [d, setD] = useState<SolutionDesign | null>(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    solutions(p.dwSurveyId ?? '')
      .then((r) => setD(r.data))
      .catch((e) => setErr(errorText(e)));
  }, [p.dwSurveyId]);
  if (err)
    return (
      <div className="dwa-page">
        <div className="dwa-panel dwa-message">
          <div className="dwa-message-text dwa-red" role="alert">
            {err}
          </div>
        </div>
      </div>
    );
  if (!d)
    return (
      <div className="dwa-center">
        <Spin size="large" aria-label={t('app.loading')} />
      </div>
    );
  const unused = d.ruleIds.filter((id) => !d.solutions.some((s) => s.solutionId === id));
  return (
    <main className="dwa-page">
      <Row justify="center">
        <Col xs={24} sm={24} md={20} lg={16} xl={12}>
          <div className="dwa-panel" data-testid="ev-preview-solution">
            <h1 className="dwa-title">{t('ev.sol.preview')}</h1>
            {d.solutions.length === 0 ? <p>{t('ev.sol.none')}</p> : <SolutionList list={d.solutions} t={t} />}
            {unused.length > 0 && <p className="dwa-note">{t('ev.sol.missing', { ids: unused.join(', ') })}</p>}
          </div>
        </Col>
      </Row>
    </main>
  );
}
