// The designer's answer placeholders: the "insert answer of…" choices offered by the rich-text
// editor (only questions before the text's own question; every question for the end page), and
// the provider that reads them from the current document when the picker opens (so the cards'
// memoisation does not depend on positions).
import React, { createContext, useCallback, useContext, useRef } from 'react';
import { plainText } from '../../survey/pipe';
import type { Doc } from './model';

export type PipeChoice = { name: string; label: string };

/** choices(owner): owner is a question's dwId ("#index" without one) or "survey" (end page, buttons). */
type Choices = (owner: string) => PipeChoice[];

const PipeContext = createContext<Choices | null>(null);

export const usePipeChoices = () => useContext(PipeContext);

const isCounted = (t?: string) => t !== 'PAGETAG' && t !== 'PARAGRAPH';

/** pipeChoices lists the counted questions before owner (all for "survey"), numbered as respondents see them. */
export function pipeChoices(doc: Doc | undefined, owner: string): PipeChoice[] {
  const qs = doc?.questions ?? [];
  let end = qs.length;
  if (owner !== 'survey') {
    end = owner.startsWith('#') ? Number(owner.slice(1)) : qs.findIndex((q) => q.dwId === owner);
    if (end < 0) end = 0;
  }
  const out: PipeChoice[] = [];
  let n = 0;
  qs.forEach((q, i) => {
    if (!isCounted(q.quType)) return;
    n++;
    if (i >= end) return;
    const title = plainText(q.quTitleObj?.dwHtml ?? q.quTitle ?? '') || q.quTitleObj?.dwText || '';
    out.push({ name: `Q${n}`, label: `Q${n} ${title.length > 40 ? title.slice(0, 40) + '…' : title}`.trim() });
  });
  return out;
}

/** PipeProvider offers the choices of the document it is given (read when a picker opens). */
export const PipeProvider: React.FC<{ doc: Doc | undefined; children: React.ReactNode }> = ({ doc, children }) => {
  const ref = useRef(doc);
  ref.current = doc;
  const choices = useCallback<Choices>((owner) => pipeChoices(ref.current, owner), []);
  return <PipeContext.Provider value={choices}>{children}</PipeContext.Provider>;
};
