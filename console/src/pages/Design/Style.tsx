import React from 'react';
import DesignShell from '../../components/design/DesignShell';
import '../../components/design/design.css';
import { StyleTab } from '../../components/design/SettingsTabs';

const Page: React.FC = () => (
  <DesignShell tab="style">
    <StyleTab />
  </DesignShell>
);

export default Page;
