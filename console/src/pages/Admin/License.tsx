import { PageContainer, ProCard } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Descriptions, Spin, Tag } from 'antd';
import React, { useEffect, useState } from 'react';
import { licence } from '../../services/adminResources';

/** Days left of a licence from anon/web/vl's milliseconds (below 0: invalid). */
export function licenceDays(ms: number): number {
  return Math.floor(ms / 86400000);
}

/** system/set/license: the licence check of anon/web/vl (remaining time; negative = invalid). */
const License: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [ms, setMs] = useState<number>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    licence()
      .then((r) => setMs(Number(r?.data)))
      .catch(() => setFailed(true));
  }, []);
  const valid = ms !== undefined && ms >= 0;
  return (
    <PageContainer>
      <ProCard bordered>
        {failed && <Alert type="error" showIcon message={f('licence.failed')} />}
        {ms === undefined && !failed && <Spin aria-label={f('app.loading')} />}
        {ms !== undefined && (
          <>
            <Alert type={valid ? 'success' : 'error'} showIcon style={{ marginBottom: 16 }} message={valid ? f('licence.valid') : f('licence.invalid')} />
            <Descriptions bordered column={1} data-testid="licence-info" labelStyle={{ width: 220 }}>
              <Descriptions.Item label={f('licence.state')}>
                <Tag color={valid ? 'green' : 'red'}>{valid ? f('licence.stateValid') : f('licence.stateInvalid')}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={f('licence.remaining')}>{valid ? f('licence.days', { n: licenceDays(ms) }) : '—'}</Descriptions.Item>
              <Descriptions.Item label={f('licence.source')}>anon/web/vl</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </ProCard>
    </PageContainer>
  );
};

export default License;
