import React from 'react';
import DesignShell from '../../components/design/DesignShell';
import '../../components/design/design.css';
import { EndTab } from '../../components/design/SettingsTabs';

const Page: React.FC = () => (
  <DesignShell tab="redirection">
    <EndTab />
  </DesignShell>
);

export default Page;
