// The owner's edit of one answer (app/answer/edit.do): the answer page's widgets, saved as a
// whole; the server re-validates and its messages are shown next to the questions.
import { Alert, Button, Modal, Result, Spin } from 'antd';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { answerEdit, answerInfo, refusedBody, type EditError } from '../../services/resultsData';
import type { AnQuestion, Survey } from '../../survey';
import { clean } from '../../components/answer/util';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import DataAnswer from './DataAnswer';
import { anQuestionsOf, editErrorLines } from './DataLogic';

type Props = {
  answerId: string | null;
  surveyId: string;
  loadDoc: (answerId: string) => Promise<Survey>;
  f: (id: string, v?: Record<string, any>) => string;
  onClose: () => void;
  onSaved: () => void;
};

const DataEdit: React.FC<Props> = ({ answerId, surveyId, loadDoc, f, onClose, onSaved }) => {
  const [answers, setAnswers] = useState<AnQuestion[] | null>(null);
  const [doc, setDoc] = useState<Survey | null>(null);
  const [err, setErr] = useState('');
  const [saveErr, setSaveErr] = useState('');
  const [errors, setErrors] = useState<EditError[]>([]);
  const [busy, setBusy] = useState(false);
  const [n, setN] = useState(0);

  useEffect(() => {
    if (!answerId) return;
    let live = true;
    setAnswers(null);
    setErr('');
    setSaveErr('');
    setErrors([]);
    Promise.all([answerInfo(answerId), loadDoc(answerId)])
      .then(([r, d]) => {
        if (!live) return;
        setAnswers(anQuestionsOf(r.data.answerJson));
        setDoc(d);
      })
      .catch((e) => live && setErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [answerId, loadDoc, n]);

  const onSet = useCallback((quDwId: string, a: AnQuestion | undefined) => {
    setAnswers((cur) => {
      const list = (cur ?? []).filter((x) => x.quDwId !== quDwId);
      const c = clean(a);
      if (c) list.push({ ...c, quDwId });
      return list;
    });
  }, []);

  const byQ = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const e of errors) {
      if (!e.quDwId) continue;
      m.set(e.quDwId, [...(m.get(e.quDwId) ?? []), e.text || e.key || '']);
    }
    return m;
  }, [errors]);

  const save = async () => {
    if (!answerId || !answers) return;
    setBusy(true);
    setSaveErr('');
    setErrors([]);
    try {
      await answerEdit(answerId, answers);
      toast.success(f('rd.edit.saved'));
      onSaved();
    } catch (e) {
      const b = refusedBody(e);
      const list: EditError[] = Array.isArray(b?.data?.errors) ? b.data.errors : [];
      setErrors(list);
      setSaveErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (err) body = <Result status="error" title={f('rd.detail.loadFailed')} subTitle={err} extra={<Button onClick={() => setN((x) => x + 1)}>{f('rd.retry')}</Button>} data-testid="edit-error" />;
  else if (!answers || !doc) body = <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="edit-loading" />;
  else
    body = (
      <>
        {saveErr && (
          <Alert
            type="error"
            showIcon
            message={saveErr}
            description={
              errors.length ? (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {editErrorLines(errors, doc).map((l, i) => (
                    <li key={i}>{l}</li>
                  ))}
                </ul>
              ) : undefined
            }
            style={{ marginBottom: 12 }}
            data-testid="edit-errors"
          />
        )}
        <DataAnswer doc={doc} answers={answers} surveyId={surveyId} onSet={onSet} errors={byQ} />
      </>
    );

  return (
    <Modal
      open={!!answerId}
      onCancel={onClose}
      title={f('rd.edit.title')}
      width="min(860px, 100vw)"
      destroyOnClose
      maskClosable={false}
      data-testid="edit-modal"
      footer={[
        <Button key="c" onClick={onClose} data-testid="edit-cancel">
          {f('common.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={busy} disabled={!answers || !doc} onClick={save} data-testid="edit-save">
          {f('common.save')}
        </Button>,
      ]}
    >
      <div style={{ marginBottom: 8, color: '#595959' }}>{f('rd.edit.hint')}</div>
      {body}
    </Modal>
  );
};

export default DataEdit;
