// c/redirection: the end redirect and success text live in the designer's end-page tab.
import { history, useParams } from '@umijs/max';
import { Spin } from 'antd';
import React, { useEffect } from 'react';

const Page: React.FC = () => {
  const { dwSurveyId = '' } = useParams();
  useEffect(() => {
    history.replace(`/v8/dws/design/redirection/${dwSurveyId}`);
  }, [dwSurveyId]);
  return <Spin style={{ display: 'block', margin: '64px auto' }} />;
};
export default Page;
