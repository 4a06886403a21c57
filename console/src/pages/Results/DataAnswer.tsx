// One answer drawn with the answer page's widgets (read-only in the detail drawer, editable in
// the owner's edit dialog). Visibility and hidden options come from the survey engine.
import React, { useMemo } from 'react';
import { Engine, isCounted, type AnQuestion, type Survey } from '../../survey';
import { Widget } from '../../components/answer/widgets';
import { quTitle, safeHtml, useT } from '../../components/answer/util';
import '../../components/answer/answer.css';

type Props = {
  doc: Survey;
  answers: AnQuestion[];
  surveyId: string;
  readOnly?: boolean;
  /** editable mode: a question's new answer (undefined = no answer) */
  onSet?: (quDwId: string, a: AnQuestion | undefined) => void;
  /** server messages by question (edit errors) */
  errors?: Map<string, string[]>;
};

const DataAnswer: React.FC<Props> = ({ doc, answers, surveyId, readOnly, onSet, errors }) => {
  const t = useT();
  const byQ = useMemo(() => new Map(answers.map((a) => [a.quDwId, a])), [answers]);
  const engine = useMemo(() => new Engine(doc), [doc]);
  const res = useMemo(() => {
    try {
      return engine.evaluate({ answers, page: 0 });
    } catch {
      return null;
    }
  }, [engine, answers]);
  const hidden = useMemo(() => new Set(res?.hiddenOptions ?? []), [res]);
  const num = useMemo(() => {
    const m = new Map<string, number>();
    let n = 0;
    for (const q of doc.questions) if (isCounted(q)) m.set(q.dwId ?? '', ++n);
    return m;
  }, [doc]);
  const visible = res ? new Set(res.visibleQuestions) : null;
  const qs = doc.questions.filter((q) => q.quType !== 'PAGETAG' && (!visible || visible.has(q.dwId ?? '') || byQ.has(q.dwId ?? '')));
  return (
    <div className="rd-answer">
      {qs.map((q) => {
        const id = q.dwId ?? '';
        const errs = errors?.get(id);
        return (
          <div key={id} className="dwa-question" data-qu={id} data-qu-type={q.quType}>
            {q.quType === 'PARAGRAPH' ? (
              <div className="dwa-paragraph" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
            ) : (
              <div className="dwa-qtitle">
                {num.get(id) ? <span className="dwa-qnum">{num.get(id)}.</span> : null}
                <span className="dwa-qtitle-text" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
              </div>
            )}
            <div className="dwa-qbody">
              <Widget
                q={q}
                a={byQ.get(id)}
                set={(a) => onSet?.(id, a)}
                hidden={hidden}
                readOnly={readOnly}
                surveyId={surveyId}
                t={t}
                notify={() => undefined}
              />
            </div>
            {errs?.map((e, i) => (
              <div key={i} className="dwa-error" role="alert">
                {e}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
};

export default DataAnswer;
