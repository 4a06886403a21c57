// One question on the answer page: a group named by its title (the star, an image named
// "Required", then number and title text) and described by its note
// and, when invalid, its error message; the widget's controls carry the same ids (widgets/shared
// QuestionA11y) plus aria-invalid and aria-required.
import type { AnQuestion, Hint, Message, Order, Question, VoteQuestion } from '../../../survey';
import { msgText, quTitle, safeHtml, textOf, type Tr } from '../util';
import { Widget } from '../widgets';

export type QuestionBlockProps = {
  q: Question;
  a: AnQuestion | undefined;
  set: (a: AnQuestion | undefined, changed?: string) => void;
  number: number;
  required: boolean;
  err?: Message;
  hint?: Hint;
  highlighted: boolean;
  /** Exams with an answer card: the question can be flagged for later. */
  flaggable: boolean;
  flagged: boolean;
  onToggleFlag: () => void;
  hidden: Set<string>;
  order?: Order;
  readOnly: boolean;
  mobile?: boolean;
  votes?: VoteQuestion;
  surveyId: string;
  /** The respondent's content language ('' for the original texts). */
  contentLang?: string;
  t: Tr;
  notify: (kind: 'error' | 'warning' | 'info' | 'success', text: string) => void;
};

/** Element ids of a question: its block, title, note and error message. */
export const quIds = (id: string) => ({ block: `qu-${id}`, title: `qt-${id}`, note: `qn-${id}`, error: `qe-${id}` });

export function QuestionBlock(p: QuestionBlockProps) {
  const { q, err, hint, t } = p;
  const id = q.dwId ?? '';
  const ids = quIds(id);
  const display = q.quType === 'PARAGRAPH';
  const titled = !display && !(q.quType === 'DW_COMPONENT' && q.childType !== 'verifycode');
  const note = (q.quNoteObj || q.quNote) && !display;
  const describedBy = [note ? ids.note : '', err ? ids.error : ''].filter(Boolean).join(' ') || undefined;
  const ax = titled ? { titleId: ids.title, describedBy, required: p.required, invalid: !!err } : undefined;
  return (
    <div
      id={ids.block}
      className={`dwa-question ${p.highlighted ? 'dwa-highlight' : ''} ${err ? 'dwa-has-error' : ''}`}
      data-qu-type={q.quType}
      role={titled ? 'group' : undefined}
      aria-labelledby={titled ? ids.title : undefined}
      aria-describedby={titled ? describedBy : undefined}
      tabIndex={-1}
    >
      {titled ? (
        <div className="dwa-qtitle">
          <span id={ids.title} className="dwa-qhead">
            {p.required && (
              <span className="dwa-req" role="img" aria-label={t('an.required')}>
                *
              </span>
            )}
            {p.number > 0 && <span className="dwa-qnum">{p.number}.</span>}
            <span className="dwa-qtitle-text" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
          </span>
          {p.flaggable && (
            <button type="button" className={`dwa-flag ${p.flagged ? 'dwa-on' : ''}`} aria-pressed={p.flagged} onClick={p.onToggleFlag}>
              {p.flagged ? t('an.card.unflag') : t('an.card.flag')}
            </button>
          )}
        </div>
      ) : (
        <div className="dwa-paragraph" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
      )}
      {note && <div id={ids.note} className="dwa-qnote" dangerouslySetInnerHTML={{ __html: safeHtml(textOf(q.quNoteObj, q.quNote)) }} />}
      <div className="dwa-qbody">
        <Widget q={q} a={p.a} set={p.set} hidden={p.hidden} order={p.order} readOnly={p.readOnly} mobile={p.mobile} votes={p.votes} surveyId={p.surveyId} contentLang={p.contentLang} t={t} notify={p.notify} ax={ax} />
      </div>
      {hint && !err && <div className="dwa-hint">{hint.message}</div>}
      {err && (
        <div id={ids.error} className="dwa-error">
          {msgText(t, err)}
        </div>
      )}
    </div>
  );
}
