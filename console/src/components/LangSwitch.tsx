import { GlobalOutlined } from '@ant-design/icons';
import { getLocale, useIntl } from '@umijs/max';
import { Dropdown } from 'antd';
import React from 'react';
import { LANG_NAMES, SUPPORTED } from '../utils/language';
import { switchLang } from '../utils/languageRuntime';

const LANGS = SUPPORTED.map((key) => ({ key, label: LANG_NAMES[key] }));

/** Header language switcher; the choice is stored under the 'language' key. */
const LangSwitch: React.FC = () => {
  const intl = useIntl();
  const cur = getLocale();
  return (
    <Dropdown
      menu={{
        selectedKeys: [cur],
        items: LANGS.map((l) => ({ key: l.key, label: <span data-lang={l.key} lang={l.key}>{l.label}</span> })),
        onClick: ({ key }) => switchLang(key),
      }}
    >
      <button
        type="button"
        className="dw-trigger"
        data-testid="lang-switch"
        aria-haspopup="menu"
        title={intl.formatMessage({ id: 'app.language' })}
        aria-label={`${intl.formatMessage({ id: 'app.language' })}: ${LANGS.find((l) => l.key === cur)?.label ?? cur}`}
        style={{ padding: '0 8px', display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <GlobalOutlined aria-hidden />
        <span lang={cur}>{LANGS.find((l) => l.key === cur)?.label ?? cur}</span>
      </button>
    </Dropdown>
  );
};

export default LangSwitch;
