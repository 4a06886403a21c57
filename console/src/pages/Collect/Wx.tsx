// c/wx: guide to collecting answers in a messaging app (static).
import { Card, Col, Input, Row, Steps } from 'antd';
import React from 'react';
import { answerUrl, qrUrl } from '../../services/collect';
import Shell, { type ShellCtx } from './Shell';

const Body: React.FC<ShellCtx> = ({ info, f }) => (
  <Card size="small" title={f('co.wx.title')}>
    <Row gutter={24}>
      <Col xs={24} md={16}>
        <Steps
          direction="vertical"
          current={-1}
          items={[1, 2, 3, 4].map((i) => ({ title: f(`co.wx.step${i}`), description: f(`co.wx.step${i}Desc`) }))}
        />
      </Col>
      <Col xs={24} md={8}>
        <img src={qrUrl(info.sid)} alt={f('co.url.qr')} width={160} height={160} style={{ display: 'block', margin: '0 auto 12px' }} />
        <Input readOnly aria-label={f('co.url.link')} value={answerUrl(info.sid)} />
      </Col>
    </Row>
  </Card>
);

const Page: React.FC = () => <Shell tab="wx">{(c) => <Body {...c} />}</Shell>;
export default Page;
