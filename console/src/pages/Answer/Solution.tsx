// /v8/diaowen/an-solution/:answerId — the solutions the answer's SOLUTION rules chose, then the
// score with each question's solution (exams).
import { useParams } from '@umijs/max';
import { Col, Row } from 'antd';
import React from 'react';
import Review from '../../components/answer/Review';
import AnswerSolutions from '../../components/answer/Solutions';
import LotteryLink from '../../components/answer/LotteryLink';
import '../../components/answer/answer.css';

export default function SolutionPage() {
  const p = useParams();
  const answerId = p.answerId ?? '';
  return (
    <>
      <div className="dwa-page" style={{ minHeight: 0, paddingBottom: 0 }}>
        <Row justify="center">
          <Col xs={24} sm={24} md={20} lg={16} xl={12}>
            <AnswerSolutions answerId={answerId} />
            <LotteryLink answerId={answerId} />
          </Col>
        </Row>
      </div>
      <Review answerId={answerId} solution />
    </>
  );
}
