// The review dialog (60 % wide, 500 ms loading delay as the spec says): the answer as the
// respondent saw it, the chain with the earlier levels' notes, and pass / fail with a note.
// After a decision it tells that it opens the next row of the same queue, and opens it.
import { useIntl } from '@umijs/max';
import { Alert, Button, Input, Modal, Result, Space, Spin } from 'antd';
import React, { useCallback, useEffect, useId, useState } from 'react';
import DataAnswer from '../../pages/Results/DataAnswer';
import { loadSurvey, type Survey } from '../../survey';
import { prepareSurvey } from '../../survey/optional';
import { decide, reviewAnswer, type ReviewView } from '../../services/review';
import { refusedBody } from '../../services/resultsData';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import ChainTimeline, { stepName } from './ChainTimeline';

type Props = {
  answerId: string | null;
  onClose: () => void;
  /** after a decision: reload the lists */
  onChanged: () => void;
  /** open another answer (the next row of the queue) */
  onOpen: (answerId: string) => void;
};

export const NOTE_MAX = 500;

const ReviewDialog: React.FC<Props> = ({ answerId, onClose, onChanged, onOpen }) => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const [view, setView] = useState<ReviewView | null>(null);
  const [doc, setDoc] = useState<Survey | null>(null);
  const [err, setErr] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<0 | 1 | 2>(0);
  const [decideErr, setDecideErr] = useState('');
  const [n, setN] = useState(0);
  const noteId = useId();

  useEffect(() => {
    if (!answerId) return;
    let live = true;
    setView(null);
    setDoc(null);
    setErr('');
    setNote('');
    setDecideErr('');
    (async () => {
      try {
        const r = await reviewAnswer(answerId);
        const text = r.data.survey?.surveyJson?.surveyJsonText;
        let d: Survey | null = null;
        if (text) {
          await prepareSurvey(text);
          d = loadSurvey(JSON.parse(text));
        }
        if (live) {
          setView(r.data);
          setDoc(d);
        }
      } catch (e) {
        if (live) setErr(errorText(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [answerId, n]);

  const tl = view?.timeline;
  const canDecide = !!tl && (tl.inChain ? tl.state === 'waiting' && tl.canDecide : true);
  const run = async (v: 1 | 2) => {
    if (!answerId || !tl) return;
    setBusy(v);
    setDecideErr('');
    try {
      const r = await decide(answerId, v, note.trim(), tl.inChain ? tl.step : undefined);
      onChanged();
      const next = r.data?.answerId;
      if (next && next !== answerId) {
        toast.success(f('rv.dlg.doneNext'));
        onOpen(next);
      } else {
        toast.success(f('rv.dlg.doneLast'));
        onClose();
      }
    } catch (e) {
      const b = refusedBody(e);
      setDecideErr(b?.resultMsg || errorText(e));
    } finally {
      setBusy(0);
    }
  };

  let body: React.ReactNode;
  if (err)
    body = <Result status="error" title={f('rv.dlg.loadFailed')} subTitle={err} extra={<Button onClick={() => setN((x) => x + 1)}>{f('rv.retry')}</Button>} data-testid="review-dialog-error" />;
  else
    body = (
      <Spin spinning={!view} delay={500} data-testid="review-dialog-loading">
        <div style={{ minHeight: 160 }}>
          {view && tl && (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <div data-testid="review-dialog-facts" data-answer={view.answer.answerId} style={{ color: '#595959' }}>
                {f('rv.dlg.facts', { end: view.answer.endAnDate, n: view.answer.anQuNum, score: view.answer.sumScore })}
              </div>
              <section aria-label={f('rv.dlg.chain')}>
                <ChainTimeline tl={tl} f={f} />
              </section>
              <section aria-label={f('rv.dlg.answer')} data-testid="review-dialog-answer">
                {doc ? (
                  <DataAnswer doc={doc} answers={view.answer.answerJson?.anQuestions ?? []} surveyId={view.answer.surveyId} readOnly />
                ) : (
                  <Alert type="warning" showIcon message={f('rv.dlg.noDoc')} />
                )}
              </section>
            </Space>
          )}
        </div>
      </Spin>
    );

  return (
    <Modal
      open={!!answerId}
      onCancel={onClose}
      width="60%"
      style={{ minWidth: 'min(560px, 100vw)' }}
      destroyOnClose
      title={tl?.inChain && tl.state === 'waiting' ? f('rv.dlg.titleStep', { step: stepName(f, tl.step) }) : f('rv.dlg.title')}
      data-testid="review-dialog"
      footer={
        view && canDecide ? (
          <div style={{ textAlign: 'left' }} data-testid="review-dialog-decide">
            <label htmlFor={noteId} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>
              {f('rv.dlg.note')}
            </label>
            <Input.TextArea
              id={noteId}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={NOTE_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={f('rv.dlg.notePlaceholder')}
              data-testid="review-dialog-note"
            />
            {decideErr && <Alert type="error" showIcon message={decideErr} style={{ marginTop: 8 }} data-testid="review-dialog-refused" role="alert" />}
            <Space style={{ marginTop: 8 }} wrap>
              <Button type="primary" loading={busy === 1} disabled={!!busy} onClick={() => run(1)} data-testid="review-dialog-pass">
                {f('rv.verdict.pass')}
              </Button>
              <Button danger loading={busy === 2} disabled={!!busy} onClick={() => run(2)} data-testid="review-dialog-fail">
                {f('rv.verdict.fail')}
              </Button>
              <Button onClick={onClose}>{f('rv.dlg.close')}</Button>
            </Space>
          </div>
        ) : (
          <Button onClick={onClose} data-testid="review-dialog-close">
            {f('rv.dlg.close')}
          </Button>
        )
      }
    >
      {body}
    </Modal>
  );
};

export default ReviewDialog;
