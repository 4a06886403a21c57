// Detail drawer of one answer (app/answer/info.do): facts, the answer read-only, and the review
// (pass / fail with a note, answer-verified.do) which then opens the next unreviewed answer.
import { Alert, Button, Descriptions, Drawer, Input, Result, Space, Spin, Tag } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import ChainTimeline, { stepName } from '../../components/review/ChainTimeline';
import { decide, reviewTimeline, type Timeline } from '../../services/review';
import { answerInfo, refusedBody, type AnswerInfo } from '../../services/resultsData';
import type { Survey } from '../../survey';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import DataAnswer from './DataAnswer';
import { anQuestionsOf, fmtDuration, region, rowState, STATE_COLOR } from './DataLogic';

type Props = {
  answerId: string | null;
  /** opened to review: the note gets the focus */
  reviewing?: boolean;
  surveyId: string;
  /** the survey document (shared with the page; loaded once) */
  loadDoc: (answerId: string) => Promise<Survey>;
  f: (id: string, v?: Record<string, any>) => string;
  onClose: () => void;
  /** after a review: reload the list */
  onChanged: () => void;
  /** opens another answer in the drawer (the next unreviewed one) */
  onOpen: (answerId: string) => void;
  onEdit: (answerId: string) => void;
  onPrint: (answerId: string) => void;
};

const DataDetail: React.FC<Props> = ({ answerId, reviewing, surveyId, loadDoc, f, onClose, onChanged, onOpen, onEdit, onPrint }) => {
  const [info, setInfo] = useState<AnswerInfo | null>(null);
  const [doc, setDoc] = useState<Survey | null>(null);
  const [err, setErr] = useState('');
  const [docErr, setDocErr] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<0 | 1 | 2>(0);
  const [reviewErr, setReviewErr] = useState('');
  const [n, setN] = useState(0);
  const [tl, setTl] = useState<Timeline | null>(null);

  useEffect(() => {
    if (!answerId) return;
    let live = true;
    setInfo(null);
    setErr('');
    setNote('');
    setReviewErr('');
    answerInfo(answerId)
      .then((r) => live && setInfo(r.data))
      .catch((e) => live && setErr(errorText(e)));
    setTl(null);
    reviewTimeline(answerId)
      .then((r) => live && setTl(r.data))
      .catch(() => live && setTl(null));
    loadDoc(answerId)
      .then((d) => live && (setDoc(d), setDocErr('')))
      .catch((e) => live && setDocErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [answerId, loadDoc, n]);

  const review = useCallback(
    async (v: 1 | 2) => {
      if (!answerId) return;
      setBusy(v);
      setReviewErr('');
      try {
        const r = await decide(answerId, v, note.trim(), tl?.inChain ? tl.step : undefined);
        toast.success(f(v === 1 ? 'rd.review.passed' : 'rd.review.failed'));
        onChanged();
        if (r.data?.answerId && r.data.answerId !== answerId) onOpen(r.data.answerId);
        else {
          toast.info(f('rd.review.noneLeft'));
          onClose();
        }
      } catch (e) {
        const b = refusedBody(e);
        setReviewErr((e as any)?.response?.status === 404 && !b?.resultMsg ? f('rd.review.unavailable') : errorText(e));
      } finally {
        setBusy(0);
      }
    },
    [answerId, note, f, onChanged, onOpen, onClose],
  );

  let body: React.ReactNode;
  if (err) body = <Result status="error" title={f('rd.detail.loadFailed')} subTitle={err} extra={<Button onClick={() => setN((x) => x + 1)}>{f('rd.retry')}</Button>} data-testid="detail-error" />;
  else if (!info) body = <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="detail-loading" />;
  else {
    const st = rowState(info);
    body = (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
          <Descriptions.Item label={f('rd.col.state')}>
            <Tag color={STATE_COLOR[st]} data-testid="detail-state">
              {f(`rd.state.${st}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={f('rd.col.score')}>{info.sumScore ?? 0}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.begin')}>{info.bgAnDate || '-'}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.time')}>{info.endAnDate || '-'}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.duration')}>{fmtDuration(info.totalTime)}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.answered')}>{info.anQuNum}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.ip')}>{info.ip || '-'}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.region')}>{region(info) || f('rd.unknown')}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.source')}>{info.dwSourceCode || f('rd.source.direct')}</Descriptions.Item>
          <Descriptions.Item label={f('rd.col.answerId')}>
            <code style={{ wordBreak: 'break-all' }}>{info.answerId}</code>
          </Descriptions.Item>
        </Descriptions>
        {tl && (
          <section aria-label={f('rv.dlg.chain')} data-testid="detail-chain">
            <ChainTimeline tl={tl} f={f} />
          </section>
        )}
        <div data-testid="detail-answer" style={{ background: '#fff' }}>
          {docErr ? (
            <Alert type="warning" showIcon message={f('rd.detail.noDoc')} description={docErr} data-testid="detail-nodoc" />
          ) : doc ? (
            <DataAnswer doc={doc} answers={anQuestionsOf(info.answerJson)} surveyId={surveyId} readOnly />
          ) : (
            <Spin />
          )}
        </div>
      </Space>
    );
  }

  return (
    <Drawer
      open={!!answerId}
      onClose={onClose}
      width="min(820px, 100vw)"
      destroyOnClose
      title={f('rd.detail.title')}
      data-testid="detail-drawer"
      extra={
        answerId && (
          <Space wrap>
            <Button onClick={() => onEdit(answerId)} data-testid="detail-edit" disabled={!info}>
              {f('rd.action.edit')}
            </Button>
            <Button onClick={() => onPrint(answerId)} data-testid="detail-print" disabled={!info}>
              {f('rd.action.print')}
            </Button>
          </Space>
        )
      }
      footer={
        info && tl?.inChain && !(tl.state === 'waiting' && tl.canDecide) ? (
          <div data-testid="review-box-waiting" style={{ color: '#595959' }}>
            {tl.state === 'waiting' ? f('rv.detail.waitingAt', { step: stepName(f, tl.step) }) : f(`rv.state.${tl.state}`)}
          </div>
        ) : (
        info && (
          <div data-testid="review-box">
            <div style={{ marginBottom: 6, fontWeight: 500 }}>{f('rd.review.title')}</div>
            <Input.TextArea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={f('rd.review.notePlaceholder')}
              autoFocus={reviewing}
              aria-label={f('rd.review.note')}
              data-testid="review-note"
            />
            {reviewErr && <Alert type="error" showIcon message={reviewErr} style={{ marginTop: 8 }} data-testid="review-error" />}
            <Space style={{ marginTop: 8 }} wrap>
              <Button type="primary" loading={busy === 1} disabled={!!busy} onClick={() => review(1)} data-testid="review-pass">
                {f('rd.review.pass')}
              </Button>
              <Button danger loading={busy === 2} disabled={!!busy} onClick={() => review(2)} data-testid="review-fail">
                {f('rd.review.fail')}
              </Button>
              <span style={{ color: '#595959' }}>{f('rd.review.hint')}</span>
            </Space>
          </div>
        ))
      }
    >
      {body}
    </Drawer>
  );
};

export default DataDetail;
