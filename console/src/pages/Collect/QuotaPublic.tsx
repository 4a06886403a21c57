// /v8/diaowen/dw-quota-progress/:dwSurveyId: the quota progress without the console layout.
import { useParams } from '@umijs/max';
import React from 'react';
import { QuotaProgress } from './Quota';

const Page: React.FC = () => {
  const { dwSurveyId = '' } = useParams();
  return (
    <div style={{ maxWidth: 860, margin: '24px auto', padding: '0 12px' }}>
      <QuotaProgress surveyId={dwSurveyId} />
    </div>
  );
};
export default Page;
