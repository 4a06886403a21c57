import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Card, Col, Row, Space, Table } from 'antd';
import React, { useMemo, useState } from 'react';
import { ChartCard, DaysSwitch, Figures } from '../../components/backoffice/DashParts';
import { donutSpec, lineSpec, topSpec } from '../../components/backoffice/dashSpecs';
import { dashAnalysis } from '../../services/backoffice';
import { LoadState, useLoad } from '../Results/AnalysisParts';

/** dashboard/analysis: users, surveys and answers of the installation, from the counters. */
const DashAnalysis: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [days, setDays] = useState(30);
  const [weekly, setWeekly] = useState(false);
  const { data, err, loading, reload } = useLoad(() => dashAnalysis(days).then((r) => r.data), [days]);
  const answers = weekly ? data?.answersByWeek ?? [] : data?.answersByDay ?? [];
  const specs = useMemo(
    () =>
      data && {
        answers: lineSpec(answers, f('bo.dash.answers')),
        users: lineSpec(data.usersByDay, f('bo.dash.newUsers')),
        surveys: lineSpec(data.surveysByDay, f('bo.dash.newSurveys')),
        sources: donutSpec(data.sources, f('bo.dash.answers')),
        top: topSpec(data.topSurveys, f('bo.dash.answers')),
      },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, weekly],
  );
  const asRows = (l: { day: string; count: number }[]) => l.map((x) => ({ name: x.day, count: x.count }));
  const state = <LoadState loading={loading} err={err} hasData={!!data} reload={reload} f={f} testid="dash" />;
  return (
    <PageContainer
      content={f('bo.dash.analysisIntro')}
      extra={
        <Space>
          <DaysSwitch value={days} onChange={setDays} label={f('bo.dash.range')} f={f} />
          <Button icon={<ReloadOutlined />} onClick={reload} loading={loading} aria-label={f('common.refresh')} />
        </Space>
      }
    >
      {!data || !specs ? (
        state
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Figures
            items={[
              { label: f('bo.dash.users'), value: data.users, testid: 'dash-users' },
              { label: f('bo.dash.surveys'), value: data.surveys, testid: 'dash-surveys' },
              { label: f('bo.dash.collecting'), value: data.collecting, testid: 'dash-collecting' },
              { label: f('bo.dash.answersTotal'), value: data.answers, testid: 'dash-answers' },
              { label: f('bo.dash.answersToday'), value: data.answersToday, testid: 'dash-today' },
            ]}
          />
          <Card
            size="small"
            title={f(weekly ? 'bo.dash.answersPerWeek' : 'bo.dash.answersPerDay')}
            extra={
              <Button size="small" onClick={() => setWeekly(!weekly)}>
                {f(weekly ? 'bo.dash.perDay' : 'bo.dash.perWeek')}
              </Button>
            }
          >
            <ChartCard
              title={f('bo.dash.answers')}
              spec={specs.answers}
              empty={!answers.some((x) => x.count)}
              emptyText={f('bo.dash.noAnswers')}
              rows={asRows(answers)}
              nameTitle={f('bo.dash.day')}
              countTitle={f('bo.dash.answers')}
              testid="dash-answers-chart"
            />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <ChartCard title={f('bo.dash.newUsers')} spec={specs.users} empty={!data.usersByDay.some((x) => x.count)} emptyText={f('bo.dash.noUsers')} rows={asRows(data.usersByDay)} nameTitle={f('bo.dash.day')} countTitle={f('bo.dash.newUsers')} testid="dash-users-chart" height={220} />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard title={f('bo.dash.newSurveys')} spec={specs.surveys} empty={!data.surveysByDay.some((x) => x.count)} emptyText={f('bo.dash.noSurveys')} rows={asRows(data.surveysByDay)} nameTitle={f('bo.dash.day')} countTitle={f('bo.dash.newSurveys')} testid="dash-surveys-chart" height={220} />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard title={f('bo.dash.top')} spec={specs.top} empty={!data.topSurveys.length} emptyText={f('bo.dash.noAnswers')} rows={data.topSurveys.map((t) => ({ name: t.surveyName, count: t.answerNum }))} nameTitle={f('bo.survey.name')} countTitle={f('bo.dash.answers')} testid="dash-top-chart" />
            </Col>
            <Col xs={24} xl={12}>
              <ChartCard title={f('bo.dash.sources')} spec={specs.sources} empty={!data.sources.some((x) => x.count)} emptyText={f('bo.dash.noAnswers')} rows={data.sources} nameTitle={f('bo.dash.source')} countTitle={f('bo.dash.answers')} testid="dash-sources-chart" />
            </Col>
          </Row>
          <Card size="small" title={f('bo.dash.topTable')}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.topSurveys}
              locale={{ emptyText: f('bo.dash.noAnswers') }}
              columns={[
                { title: f('bo.survey.name'), dataIndex: 'surveyName' },
                { title: f('bo.survey.owner'), dataIndex: 'ownerName' },
                { title: f('bo.dash.answers'), dataIndex: 'answerNum' },
              ]}
            />
          </Card>
        </Space>
      )}
    </PageContainer>
  );
};

export default DashAnalysis;
