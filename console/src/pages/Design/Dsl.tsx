import React from 'react';
import DesignShell from '../../components/design/DesignShell';
import '../../components/design/design.css';
import { DslView } from '../../components/design/Logic';

const Page: React.FC = () => (
  <DesignShell tab="dsl">
    <DslView />
  </DesignShell>
);

export default Page;
