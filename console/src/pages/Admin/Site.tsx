import { PageContainer, ProCard, ProForm } from '@ant-design/pro-components';
import { useIntl, useModel } from '@umijs/max';
import { Alert } from 'antd';
import React from 'react';
import { siteGet, siteSave } from '../../services/api';
import { toast } from '../../utils/toast';
import { formValues, saveBody, SiteFields, type SiteData } from './SiteForm';

/**
 * Site settings (system/set, system/set/attrs, ent/site-custom): header, footer, login page,
 * theme colour and logo. Saved settings apply at once to this console (initial state) and to
 * answer pages (they read get-sys-property when they open).
 */
const Site: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { setInitialState } = useModel('@@initialState');
  const [orig, setOrig] = React.useState<SiteData>();

  return (
    <PageContainer content={f('site.customIntro')}>
      <ProCard bordered>
        <Alert type="info" showIcon message={f('site.domainHint')} style={{ marginBottom: 16, maxWidth: 640 }} />
        <ProForm<SiteData>
          style={{ maxWidth: 640 }}
          submitter={{ searchConfig: { submitText: f('common.save') }, resetButtonProps: false as any }}
          request={async () => {
            const res = await siteGet();
            setOrig(res?.data);
            return formValues(res?.data);
          }}
          onFinish={async (v) => {
            const body = saveBody(orig, v);
            try {
              await siteSave(body);
              setOrig(body);
              setInitialState((s: any) => ({
                ...s,
                siteInfo: { ...(s?.siteInfo ?? {}), ...body.footerInfo },
                siteTheme: { ...(s?.siteTheme ?? {}), ...(body.propertyJson.sysTheme ?? {}) },
              }));
              toast.success(f('common.saved'));
              return true;
            } catch {
              return false;
            }
          }}
        >
          <SiteFields />
        </ProForm>
      </ProCard>
    </PageContainer>
  );
};

export default Site;
