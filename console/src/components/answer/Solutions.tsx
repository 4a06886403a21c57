// The solutions chosen for an answer by its SOLUTION rules (the server's engine decides on submit;
// services/eval.ForAnswer), shown on an-solution/{answerId}; rich text sanitised by the server
// and again here.
import React, { useEffect, useState } from 'react';
import { getResumeToken } from '../../services/answer';
import type { Solution } from '../../services/eval';
import { answerSolution } from '../../services/evalAnswer';
import { safeHtml, useT } from './util';

export function SolutionList({ list, t }: { list: Solution[]; t: (id: string, v?: Record<string, unknown>) => string }) {
  return (
    <section aria-labelledby="an-solutions-h" data-testid="an-solutions" style={{ marginBottom: 16 }}>
      <h2 id="an-solutions-h" className="dwa-title" style={{ fontSize: 19 }}>
        {t('ev.sol.yours')}
      </h2>
      {list.map((s) => (
        <article key={s.solutionId} className="dwa-question" data-testid="an-solution" data-id={s.solutionId}>
          <h3 style={{ fontSize: 16, margin: '0 0 8px' }}>{s.title || s.solutionId}</h3>
          <div dangerouslySetInnerHTML={{ __html: safeHtml(s.content) }} />
        </article>
      ))}
    </section>
  );
}

/** Loads and shows the answer's solutions; nothing when it has none. */
export default function AnswerSolutions({ answerId, onLoaded }: { answerId: string; onLoaded?: (n: number) => void }) {
  const t = useT();
  const [list, setList] = useState<Solution[] | null>(null);
  useEffect(() => {
    answerSolution(answerId, getResumeToken(answerId))
      .then((r) => {
        const l = r.resultCode === 200 ? r.data?.solutions ?? [] : [];
        setList(l);
        onLoaded?.(l.length);
      })
      .catch(() => setList([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answerId]);
  if (!list?.length) return null;
  return <SolutionList list={list} t={t} />;
}
