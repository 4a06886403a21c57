import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Col, Row, Space } from 'antd';
import React, { useMemo, useState } from 'react';
import { ChartCard, DaysSwitch, Figures } from '../../components/backoffice/DashParts';
import { donutSpec, lineSpec, topSpec } from '../../components/backoffice/dashSpecs';
import { dashOverview } from '../../services/backoffice';
import { LoadState, useLoad } from '../Results/AnalysisParts';

/** data/dashboard: the caller's own surveys and answers, from the counters. */
const Dashboard: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [days, setDays] = useState(30);
  const { data, err, loading, reload } = useLoad(() => dashOverview(days).then((r) => r.data), [days]);
  const specs = useMemo(
    () => data && { answers: lineSpec(data.answersByDay, f('bo.dash.answers')), top: topSpec(data.topSurveys, f('bo.dash.answers')), sources: donutSpec(data.sources, f('bo.dash.answers')) },
    [data], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <PageContainer content={f('bo.dash.mineIntro')} extra={<DaysSwitch value={days} onChange={setDays} label={f('bo.dash.range')} f={f} />}>
      {!data || !specs ? (
        <LoadState loading={loading} err={err} hasData={false} reload={reload} f={f} testid="overview" />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Figures
            items={[
              { label: f('bo.dash.mySurveys'), value: data.surveys, testid: 'mine-surveys' },
              { label: f('bo.dash.collecting'), value: data.collecting, testid: 'mine-collecting' },
              { label: f('bo.dash.answersTotal'), value: data.answers, testid: 'mine-answers' },
              { label: f('bo.dash.answersToday'), value: data.answersToday, testid: 'mine-today' },
            ]}
          />
          <ChartCard
            title={f('bo.dash.answersPerDay')}
            spec={specs.answers}
            empty={!data.answersByDay.some((x) => x.count)}
            emptyText={f('bo.dash.noAnswers')}
            rows={data.answersByDay.map((x) => ({ name: x.day, count: x.count }))}
            nameTitle={f('bo.dash.day')}
            countTitle={f('bo.dash.answers')}
            testid="mine-answers-chart"
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <ChartCard title={f('bo.dash.top')} spec={specs.top} empty={!data.topSurveys.length} emptyText={f('bo.dash.noAnswers')} rows={data.topSurveys.map((t) => ({ name: t.surveyName, count: t.answerNum }))} nameTitle={f('bo.survey.name')} countTitle={f('bo.dash.answers')} testid="mine-top-chart" />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard title={f('bo.dash.sources')} spec={specs.sources} empty={!data.sources.some((x) => x.count)} emptyText={f('bo.dash.noAnswers')} rows={data.sources} nameTitle={f('bo.dash.source')} countTitle={f('bo.dash.answers')} testid="mine-sources-chart" />
            </Col>
          </Row>
        </Space>
      )}
    </PageContainer>
  );
};

export default Dashboard;
