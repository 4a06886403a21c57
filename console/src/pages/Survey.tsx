import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import Coming from '../components/Coming';

/** My surveys: built by a later issue. */
const SurveyList: React.FC = () => (
  <PageContainer>
    <Coming titleKey="menu.survey" />
  </PageContainer>
);

export default SurveyList;
