import { ProFormColorPicker, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Divider, Form, Input, Space, Upload } from 'antd';
import React from 'react';
import type { FooterInfo, PropertyJson } from '../../services/api';
import { upload } from '../../services/authoring';
import { contrast } from '../../utils/contrast';
import { safeNavigationUrl } from '../../utils/safeUrl';

export type SiteData = { footerInfo: FooterInfo; propertyJson: PropertyJson };

/** The theme colour as #rrggbb (the colour picker gives an object). */
export function hexOf(color: unknown, fallback = '#015AB4'): string {
  if (typeof color === 'string') return color;
  const c = color as { toHexString?: () => string } | undefined;
  return c?.toHexString?.() ?? fallback;
}

/** Site links and the logo: http(s) or a path of this site (the server's rule). */
export function siteLinkOk(v: string | undefined): boolean {
  if (!v) return true;
  if (v.startsWith('/')) return !v.startsWith('//') && !/[\\\s]/.test(v);
  return /^https?:\/\/[^\s/]+/i.test(v) && !!safeNavigationUrl(v);
}

/** What the form shows for stored settings (defaults filled). */
export function formValues(d?: Partial<SiteData>): SiteData {
  return {
    footerInfo: d?.footerInfo ?? {},
    propertyJson: {
      ...(d?.propertyJson ?? {}),
      loginRegister: { registerEnabled: false, ...(d?.propertyJson?.loginRegister ?? {}) },
      sysTheme: { primaryColor: '#015AB4', logo: '', ...(d?.propertyJson?.sysTheme ?? {}) },
    },
  };
}

/** The body to save: the form's values over the stored ones (fields the form lacks are kept). */
export function saveBody(orig: Partial<SiteData> | undefined, v: SiteData): SiteData {
  return {
    footerInfo: { ...(orig?.footerInfo ?? {}), ...(v.footerInfo ?? {}) },
    propertyJson: {
      ...(orig?.propertyJson ?? {}),
      ...(v.propertyJson ?? {}),
      loginRegister: { ...(orig?.propertyJson?.loginRegister ?? {}), ...(v.propertyJson?.loginRegister ?? {}) },
      sysTheme: {
        ...(orig?.propertyJson?.sysTheme ?? {}),
        primaryColor: hexOf(v.propertyJson?.sysTheme?.primaryColor),
        logo: ((v.propertyJson?.sysTheme as any)?.logo ?? '').trim(),
      },
    },
  };
}

/** The logo field: an address, or an uploaded image (its address of this site), with a preview. */
const LogoInput: React.FC<{ value?: string; onChange?: (v: string) => void; id?: string }> = ({ value, onChange, id }) => {
  const intl = useIntl();
  const f = (k: string) => intl.formatMessage({ id: k });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          id={id}
          style={{ width: 360 }}
          value={value ?? ''}
          placeholder="https://… or /…"
          aria-label={f('site.logo')}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Upload
          accept="image/png,image/jpeg,image/svg+xml"
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              const res = await upload(file as File);
              const loc = res?.data?.[0]?.location;
              if (loc) onChange?.(loc);
              onSuccess?.(res);
            } catch (e) {
              onError?.(e as Error);
            }
          }}
        >
          <Button data-testid="site-logo-upload">{f('site.logoUpload')}</Button>
        </Upload>
        {value && (
          <Button onClick={() => onChange?.('')} data-testid="site-logo-clear">
            {f('site.logoClear')}
          </Button>
        )}
      </Space>
      {value && siteLinkOk(value) && (
        <img src={value} alt={f('site.logoPreview')} data-testid="site-logo-preview" style={{ maxHeight: 48, maxWidth: 240, border: '1px solid #f0f0f0', padding: 4 }} />
      )}
    </Space>
  );
};

/** The site settings form (ent/site-custom, system/set, a hostname on ent/site-domain). */
export const SiteFields: React.FC<{ idPrefix?: string }> = ({ idPrefix = 'site' }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const link = { validator: async (_: unknown, v: string) => (siteLinkOk(v) ? undefined : Promise.reject(new Error(f('site.linkRule')))) };
  return (
    <>
      <Divider orientation="left">{f('site.header')}</Divider>
      <ProFormText
        name={['footerInfo', 'siteName']}
        label={f('admin.site.siteName')}
        fieldProps={{ id: `${idPrefix}-siteName` }}
        rules={[
          { required: true, whitespace: true, message: f('common.required') },
          { max: 64, message: f('site.max64') },
        ]}
      />
      <ProFormText name={['footerInfo', 'brandName']} label={f('admin.site.brandName')} fieldProps={{ id: `${idPrefix}-brandName` }} rules={[{ max: 64, message: f('site.max64') }]} />
      <ProFormText name={['footerInfo', 'brandUrl']} label={f('admin.site.brandUrl')} fieldProps={{ id: `${idPrefix}-brandUrl` }} rules={[link]} />
      <Divider orientation="left">{f('site.footer')}</Divider>
      <ProFormText name={['footerInfo', 'siteUrl']} label={f('admin.site.siteUrl')} fieldProps={{ id: `${idPrefix}-siteUrl` }} rules={[link]} />
      <ProFormText name={['footerInfo', 'siteIcp']} label={f('admin.site.siteIcp')} fieldProps={{ id: `${idPrefix}-siteIcp` }} rules={[{ max: 64, message: f('site.max64') }]} />
      <ProFormSwitch name={['footerInfo', 'hideDwCopyright']} label={f('admin.site.hideDwCopyright')} fieldProps={{ id: `${idPrefix}-hideCopyright`, 'aria-label': f('admin.site.hideDwCopyright') } as any} />
      <Divider orientation="left">{f('admin.site.login')}</Divider>
      <ProFormSwitch name={['propertyJson', 'loginRegister', 'registerEnabled']} label={f('admin.site.registerEnabled')} fieldProps={{ id: `${idPrefix}-register`, 'aria-label': f('admin.site.registerEnabled') } as any} />
      <ProFormText name={['propertyJson', 'loginRegister', 'loginTitle']} label={f('admin.site.loginTitle')} fieldProps={{ id: `${idPrefix}-loginTitle` }} rules={[{ max: 64, message: f('site.max64') }]} />
      <ProFormText
        name={['propertyJson', 'loginRegister', 'loginSubTitle']}
        label={f('admin.site.loginSubTitle')}
        fieldProps={{ id: `${idPrefix}-loginSubTitle` }}
        rules={[{ max: 128, message: f('site.max128') }]}
      />
      <Divider orientation="left">{f('admin.site.theme')}</Divider>
      <ProFormColorPicker
        name={['propertyJson', 'sysTheme', 'primaryColor']}
        label={f('admin.site.primaryColor')}
        tooltip={f('site.colorHint')}
        // keep the form value a #rrggbb string (ProForm's submit copies values and drops the
        // picker's Color methods)
        normalize={(v: unknown) => (v ? hexOf(v) : v)}
        fieldProps={{ id: `${idPrefix}-color`, showText: true, disabledAlpha: true, 'aria-label': f('admin.site.primaryColor') } as any}
        rules={[
          {
            validator: async (_: unknown, v: unknown) => {
              const hex = hexOf(v);
              const c = contrast(hex, '#ffffff');
              if (!(c >= 4.5)) throw new Error(f('site.contrast', { ratio: Number.isFinite(c) ? c.toFixed(1) : '?' }));
            },
          },
        ]}
      />
      <Form.Item name={['propertyJson', 'sysTheme', 'logo']} label={f('site.logo')} htmlFor={`${idPrefix}-logo`} rules={[{ validator: async (_, v) => (siteLinkOk(v) ? undefined : Promise.reject(new Error(f('site.logoRule')))) }]}>
        <LogoInput id={`${idPrefix}-logo`} />
      </Form.Item>
    </>
  );
};
