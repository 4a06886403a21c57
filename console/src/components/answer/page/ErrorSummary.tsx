// The error summary shown after Next or Submit found problems on the page: announced at once
// (role=alert), one link per question naming it by number and title with its problem; a link
// moves focus to the question's control.
import type { Tr } from '../util';

export type SummaryItem = { id: string; number: number; title: string; message: string };

export function ErrorSummary({ items, t, onGo }: { items: SummaryItem[]; t: Tr; onGo: (id: string) => void }) {
  if (!items.length) return null;
  return (
    <div className="dwa-summary" role="alert" aria-labelledby="dwa-summary-title" data-testid="answer-error-summary">
      <h2 id="dwa-summary-title" className="dwa-summary-title">
        {t('an.summary.title', { n: items.length })}
      </h2>
      <ul>
        {items.map((x) => (
          <li key={x.id}>
            <a
              href={`#qu-${x.id}`}
              onClick={(e) => {
                e.preventDefault();
                onGo(x.id);
              }}
            >
              {x.number > 0 ? t('an.summary.item', { n: x.number, title: x.title }) : x.title}: {x.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
