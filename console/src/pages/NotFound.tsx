import { history, useIntl } from '@umijs/max';
import { Button, Result } from 'antd';
import React from 'react';

const NotFound: React.FC = () => {
  const intl = useIntl();
  return (
    <Result
      status="404"
      title="404"
      subTitle={intl.formatMessage({ id: 'app.notFound' })}
      extra={
        <Button type="primary" onClick={() => history.push('/v8/dw/survey')}>
          {intl.formatMessage({ id: 'app.backHome' })}
        </Button>
      }
    />
  );
};

export default NotFound;
