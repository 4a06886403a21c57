import { GlobalOutlined } from '@ant-design/icons';
import { getLocale, useIntl } from '@umijs/max';
import { Dropdown } from 'antd';
import React from 'react';
import { switchLang } from '../utils/languageRuntime';

const LANGS = [
  { key: 'zh-CN', label: '简体中文' },
  { key: 'en-US', label: 'English' },
];

/** Header language switcher; the choice is stored under the 'language' key. */
const LangSwitch: React.FC = () => {
  const intl = useIntl();
  const cur = getLocale();
  return (
    <Dropdown
      menu={{
        selectedKeys: [cur],
        items: LANGS.map((l) => ({ key: l.key, label: <span data-lang={l.key}>{l.label}</span> })),
        onClick: ({ key }) => switchLang(key),
      }}
    >
      <span
        data-testid="lang-switch"
        title={intl.formatMessage({ id: 'app.language' })}
        style={{ cursor: 'pointer', padding: '0 8px', display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <GlobalOutlined />
        {LANGS.find((l) => l.key === cur)?.label ?? cur}
      </span>
    </Dropdown>
  );
};

export default LangSwitch;
