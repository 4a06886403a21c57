import { PageContainer, ProCard, ProForm, ProFormColorPicker, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useIntl, useModel } from '@umijs/max';
import { Divider } from 'antd';
import React from 'react';
import { siteGet, siteSave, type FooterInfo, type PropertyJson } from '../../services/api';
import { toast } from '../../utils/toast';

type SiteData = { footerInfo: FooterInfo; propertyJson: PropertyJson };

/** Site settings (basic): site name, ICP, brand, registration, login title, theme colour. */
const Site: React.FC = () => {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const { setInitialState } = useModel('@@initialState');
  const [orig, setOrig] = React.useState<SiteData>();

  return (
    <PageContainer>
      <ProCard bordered>
        <ProForm<SiteData>
          style={{ maxWidth: 560 }}
          submitter={{ searchConfig: { submitText: f('common.save') } }}
          request={async () => {
            const res = await siteGet();
            const d = res?.data ?? { footerInfo: {}, propertyJson: {} };
            setOrig(d);
            return {
              footerInfo: d.footerInfo ?? {},
              propertyJson: {
                ...(d.propertyJson ?? {}),
                loginRegister: { registerEnabled: true, ...(d.propertyJson?.loginRegister ?? {}) },
                sysTheme: { primaryColor: '#015AB4', ...(d.propertyJson?.sysTheme ?? {}) },
              },
            } as SiteData;
          }}
          onFinish={async (v) => {
            const color = v.propertyJson?.sysTheme?.primaryColor as any;
            const primaryColor = typeof color === 'string' ? color : color?.toHexString?.() ?? '#015AB4';
            const body: SiteData = {
              footerInfo: { ...(orig?.footerInfo ?? {}), ...(v.footerInfo ?? {}) },
              propertyJson: {
                ...(orig?.propertyJson ?? {}),
                ...(v.propertyJson ?? {}),
                loginRegister: { ...(orig?.propertyJson?.loginRegister ?? {}), ...(v.propertyJson?.loginRegister ?? {}) },
                sysTheme: { ...(orig?.propertyJson?.sysTheme ?? {}), primaryColor },
              },
            };
            try {
              await siteSave(body);
              setOrig(body);
              setInitialState((s: any) => ({ ...s, siteInfo: { ...(s?.siteInfo ?? {}), ...body.footerInfo } }));
              toast.success(f('common.saved'));
              return true;
            } catch {
              return false;
            }
          }}
        >
          <Divider orientation="left">{f('admin.site.basic')}</Divider>
          <ProFormText
            name={['footerInfo', 'siteName']}
            label={f('admin.site.siteName')}
            rules={[{ required: true, message: f('common.required') }]}
          />
          <ProFormText name={['footerInfo', 'siteUrl']} label={f('admin.site.siteUrl')} />
          <ProFormText name={['footerInfo', 'siteIcp']} label={f('admin.site.siteIcp')} />
          <ProFormText name={['footerInfo', 'brandName']} label={f('admin.site.brandName')} />
          <ProFormText name={['footerInfo', 'brandUrl']} label={f('admin.site.brandUrl')} />
          <ProFormSwitch name={['footerInfo', 'hideDwCopyright']} label={f('admin.site.hideDwCopyright')} />
          <Divider orientation="left">{f('admin.site.login')}</Divider>
          <ProFormSwitch name={['propertyJson', 'loginRegister', 'registerEnabled']} label={f('admin.site.registerEnabled')} />
          <ProFormText name={['propertyJson', 'loginRegister', 'loginTitle']} label={f('admin.site.loginTitle')} />
          <ProFormText name={['propertyJson', 'loginRegister', 'loginSubTitle']} label={f('admin.site.loginSubTitle')} />
          <Divider orientation="left">{f('admin.site.theme')}</Divider>
          <ProFormColorPicker name={['propertyJson', 'sysTheme', 'primaryColor']} label={f('admin.site.primaryColor')} />
        </ProForm>
      </ProCard>
    </PageContainer>
  );
};

export default Site;
