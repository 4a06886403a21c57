import { PageContainer, ProCard } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Descriptions, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { siteVersion, type VersionInfo } from '../../services/adminResources';

/** system/set/version: this installation's build, runtime and database schema. */
const Version: React.FC = () => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [v, setV] = useState<VersionInfo>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    siteVersion()
      .then((r) => setV(r?.data))
      .catch(() => setFailed(true));
  }, []);
  return (
    <PageContainer>
      <ProCard bordered>
        {failed && <Alert type="error" showIcon message={f('version.failed')} />}
        {!v && !failed && <Spin aria-label={f('app.loading')} />}
        {v && (
          <>
            {v.schemaVersion < v.latestSchemaVersion && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={f('version.migrate', { have: v.schemaVersion, want: v.latestSchemaVersion })} />
            )}
            <Descriptions bordered column={1} data-testid="version-info" labelStyle={{ width: 220 }}>
              <Descriptions.Item label={f('version.number')}>{v.versionNumber}</Descriptions.Item>
              <Descriptions.Item label={f('version.edition')}>{v.versionName}</Descriptions.Item>
              <Descriptions.Item label={f('version.revision')}>
                {v.revision ? `${v.revision.slice(0, 12)}${v.modified ? ` (${f('version.modified')})` : ''}` : f('version.unknown')}
              </Descriptions.Item>
              <Descriptions.Item label={f('version.revisionTime')}>{v.revisionTime || f('version.unknown')}</Descriptions.Item>
              <Descriptions.Item label={f('version.schema')}>
                {v.schemaVersion} / {v.latestSchemaVersion}
              </Descriptions.Item>
              <Descriptions.Item label={f('version.database')}>{v.database}</Descriptions.Item>
              <Descriptions.Item label={f('version.runtime')}>
                {v.goVersion} · {v.platform}
              </Descriptions.Item>
              <Descriptions.Item label={f('version.timeZone')}>{v.timeZone}</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </ProCard>
    </PageContainer>
  );
};

export default Version;
