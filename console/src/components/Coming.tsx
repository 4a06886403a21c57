import { history, useIntl, useRouteProps } from '@umijs/max';
import { Button, Result } from 'antd';
import React from 'react';

/** Shared placeholder for routes of later features: a clear "coming soon" page, not a broken link. */
const Coming: React.FC<{ titleKey?: string }> = (props) => {
  const intl = useIntl();
  const route = useRouteProps() as { titleKey?: string; layout?: boolean };
  const key = props.titleKey || route?.titleKey;
  const title = key ? intl.formatMessage({ id: key }) : intl.formatMessage({ id: 'app.comingSoon' });
  const page = (
    <Result
      status="info"
      data-testid="coming-soon"
      title={<h1 style={{ font: 'inherit', margin: 0, color: 'inherit' }}>{`${title} · ${intl.formatMessage({ id: 'app.comingSoon' })}`}</h1>}
      subTitle={intl.formatMessage({ id: 'app.comingSoonDesc' })}
      extra={
        <Button type="primary" onClick={() => history.push('/v8/dw/survey')}>
          {intl.formatMessage({ id: 'app.backHome' })}
        </Button>
      }
    />
  );
  // pages without the console layout have no main landmark of their own
  return route?.layout === false ? <main>{page}</main> : page;
};

export default Coming;
