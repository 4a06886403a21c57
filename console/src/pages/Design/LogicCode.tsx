import { useIntl } from '@umijs/max';
import { Alert, Col, Row } from 'antd';
import React from 'react';
import DesignShell from '../../components/design/DesignShell';
import '../../components/design/design.css';
import { DslEditor, LivePreview, RuleBuilder } from '../../components/design/Logic';

const Note: React.FC = () => {
  const intl = useIntl();
  return <Alert type="info" showIcon style={{ marginBottom: 8 }} message={intl.formatMessage({ id: 'au.logic.publishNote' })} />;
};

const Page: React.FC = () => (
  <main style={{ padding: 12, background: '#fff', minHeight: '100vh' }}>
    <DesignShell tab="logic">
      <Note />
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <RuleBuilder />
          <div style={{ height: 12 }} />
          <DslEditor />
        </Col>
        <Col xs={24} xl={10}>
          <LivePreview />
        </Col>
      </Row>
    </DesignShell>
  </main>
);

export default Page;
