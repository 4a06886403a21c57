// What every answer widget shares: its props, the rich-text span, the answer skeleton and the
// vote bar of vote surveys.
import type { AnQuestion, Order, Question, VoteQuestion } from '../../../survey';
import { safeHtml, type Tr } from '../util';

export type WidgetProps = {
  q: Question;
  a: AnQuestion | undefined;
  set: (a: AnQuestion | undefined, changed?: string) => void;
  hidden: Set<string>;
  order?: Order;
  readOnly?: boolean;
  mobile?: boolean;
  votes?: VoteQuestion;
  surveyId: string;
  /** The respondent's content language ('' for the original texts): cascade data comes in it. */
  contentLang?: string;
  t: Tr;
  notify: (kind: 'error' | 'warning' | 'info' | 'success', text: string) => void;
  /** Accessibility of the question around the widget (ids from QuestionBlock). */
  ax?: QuestionA11y;
};

/**
 * What a widget's controls announce besides their own name: titleId names the question (number,
 * title and "required"), describedBy holds the note and, when invalid, the error message ids.
 */
export type QuestionA11y = { titleId: string; describedBy?: string; required: boolean; invalid: boolean };

/** ARIA state of a single control or a radio group (aria-required is not allowed on other roles). */
export function fieldAria(ax: QuestionA11y | undefined, requiredAllowed = true) {
  if (!ax) return {};
  return {
    'aria-describedby': ax.describedBy || undefined,
    'aria-invalid': ax.invalid || undefined,
    'aria-required': requiredAllowed && ax.required ? true : undefined,
  } as const;
}

/** Plain text of designer HTML, for accessible names. */
export const plain = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

export const Html = ({ html, className }: { html: string; className?: string }) => (
  <span className={className} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />
);

export function base(q: Question, a: AnQuestion | undefined): AnQuestion {
  return { ...(a ?? {}), quDwId: q.dwId ?? '', quType: q.quType };
}

export function VoteInfo({ v, id }: { v?: VoteQuestion; id: string }) {
  const o = v?.options.find((x) => x.dwId === id);
  if (!o) return null;
  return (
    <span className="dwa-vote">
      <span className="dwa-vote-bar" style={{ width: `${Math.min(100, o.percentage)}%` }} />
      <span className="dwa-vote-text">
        {o.count} ({o.percentage}%)
      </span>
    </span>
  );
}

/** Whether the reader asked for reduced motion (no autoplay, no smooth scrolling). */
export const reducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
