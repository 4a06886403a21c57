import React from 'react';
import DesignShell from '../../components/design/DesignShell';
import '../../components/design/design.css';
import { AttrTab } from '../../components/design/SettingsTabs';

const Page: React.FC = () => (
  <DesignShell tab="attr">
    <AttrTab />
  </DesignShell>
);

export default Page;
