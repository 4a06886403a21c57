import { history, useIntl, useRouteProps } from '@umijs/max';
import { Button, Result } from 'antd';
import React from 'react';

/** Shared placeholder for routes of later features: a clear "coming soon" page, not a broken link. */
const Coming: React.FC<{ titleKey?: string }> = (props) => {
  const intl = useIntl();
  const route = useRouteProps() as { titleKey?: string };
  const key = props.titleKey || route?.titleKey;
  const title = key ? intl.formatMessage({ id: key }) : intl.formatMessage({ id: 'app.comingSoon' });
  return (
    <Result
      status="info"
      data-testid="coming-soon"
      title={`${title} · ${intl.formatMessage({ id: 'app.comingSoon' })}`}
      subTitle={intl.formatMessage({ id: 'app.comingSoonDesc' })}
      extra={
        <Button type="primary" onClick={() => history.push('/v8/dw/survey')}>
          {intl.formatMessage({ id: 'app.backHome' })}
        </Button>
      }
    />
  );
};

export default Coming;
