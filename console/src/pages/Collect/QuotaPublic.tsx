// /v8/diaowen/dw-quota-progress/:dwSurveyId: the quota progress without the console layout.
import { useIntl, useParams } from '@umijs/max';
import React from 'react';
import { QuotaProgress } from './Quota';

const Page: React.FC = () => {
  const { dwSurveyId = '' } = useParams();
  const intl = useIntl();
  return (
    <main style={{ maxWidth: 860, margin: '24px auto', padding: '0 12px' }}>
      <h1 style={{ fontSize: 20 }}>{intl.formatMessage({ id: 'menu.answer.dwQuotaProgress' })}</h1>
      <QuotaProgress surveyId={dwSurveyId} />
    </main>
  );
};
export default Page;
