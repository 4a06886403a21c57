// The dialogs of the answer page: submit confirmation, terminated answer, tab-switch warning,
// answer card and the local-draft choice. Each is a modal (ui.Dialog) that moves focus inside,
// keeps Tab inside and gives focus back when it closes; Escape closes those the spec lets close.
import { useId } from 'react';
import { isCounted, isDisplayOnly, type AnQuestion, type Question } from '../../../survey';
import { hasAnswer, nowStr, quTitle, type Draft, type Tr } from '../util';
import { Dialog } from '../ui';
import { NAME_RE, PHONE_RE } from './helpers';

export type ConfirmForm = { name: string; phone: string };

/**
 * Submit confirmation: the respondent's name and phone before the answer is saved. A field whose
 * value breaks its rule is aria-invalid and described by the rule's message.
 */
export function ConfirmDialog(p: { open: boolean; mobile?: boolean; t: Tr; form: ConfirmForm; setForm: (f: ConfirmForm) => void; err: string; onCancel: () => void; onOk: () => void }) {
  const { t, form, setForm } = p;
  const id = useId();
  const badName = !!form.name && !NAME_RE.test(form.name);
  const badPhone = !!form.phone && !PHONE_RE.test(form.phone);
  const described = (bad: boolean, own: string) => [bad ? own : '', p.err ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Dialog open={p.open} title={t('an.confirm.title')} testId="answer-confirm" width={p.mobile ? '90%' : '50%'} okText={t('an.confirm.ok')} cancelText={t('an.cancel')} onCancel={p.onCancel} onOk={p.onOk}>
      <div className="dwa-form">
        <label>
          {t('an.confirm.name')}
          <input className="dwa-input" required aria-invalid={badName || undefined} aria-describedby={described(badName, `${id}-name`)} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        {badName && <div className="dwa-error" id={`${id}-name`}>{t('an.confirm.nameRule')}</div>}
        <label>
          {t('an.confirm.phone')}
          <input className="dwa-input" required inputMode="tel" aria-invalid={badPhone || undefined} aria-describedby={described(badPhone, `${id}-phone`)} value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
        </label>
        {badPhone && <div className="dwa-error" id={`${id}-phone`}>{t('an.confirm.phoneRule')}</div>}
        {p.err && <div className="dwa-error" id={`${id}-err`} role="alert">{p.err}</div>}
      </div>
    </Dialog>
  );
}

/** The answer time is up: the only way on is to submit (no close button, no Escape). */
export function TerminateDialog(p: { open: boolean; saving: boolean; t: Tr; onSubmit: () => void }) {
  const { t } = p;
  return (
    <Dialog
      open={p.open}
      title={t('an.terminate.title')}
      testId="answer-terminate"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <button type="button" className="dwa-btn dwa-primary" disabled={p.saving} onClick={p.onSubmit}>
          {t('an.terminate.submit')}
        </button>
      }
    >
      {t('an.terminate.text')}
    </Dialog>
  );
}

/** Too many switches away from the page (exam anti-cheat). */
export function TabWarnDialog(p: { open: boolean; t: Tr; count: number; seconds: number; onOk: () => void }) {
  const { t } = p;
  return (
    <Dialog open={p.open} title={t('an.tab.title')} testId="answer-tab-warn" closable={false} maskClosable={false} footer={<button type="button" className="dwa-btn dwa-primary" onClick={p.onOk}>{t('an.tab.ok')}</button>}>
      <p>{t('an.tab.text')}</p>
      <p className="dwa-red">{t('an.tab.count', { count: p.count, seconds: p.seconds })}</p>
    </Dialog>
  );
}

export type CardFilter = 'all' | 'answered' | 'unanswered' | 'flagged';

/** The answer card: every counted question as a numbered button, filterable; a click goes to it. */
export function AnswerCardDialog(p: {
  open: boolean;
  mobile?: boolean;
  t: Tr;
  items: Question[];
  answers: Record<string, AnQuestion>;
  flags: Record<string, boolean>;
  filter: CardFilter;
  setFilter: (f: CardFilter) => void;
  numberOf: (q: Question) => number;
  onClose: () => void;
  onPick: (id: string) => void;
}) {
  const { t, answers, flags, filter } = p;
  return (
    <Dialog open={p.open} title={t('an.card.title')} testId="answer-card" footer={null} onCancel={p.onClose} width={p.mobile ? '90%' : 560}>
      <div className="dwa-card-filters" role="group">
        {(['all', 'answered', 'unanswered', 'flagged'] as const).map((k) => (
          <button type="button" key={k} className={`dwa-btn ${filter === k ? 'dwa-primary' : ''}`} aria-pressed={filter === k} onClick={() => p.setFilter(k === 'flagged' && filter === 'flagged' ? 'all' : k)}>
            {t(`an.card.${k}`)}
          </button>
        ))}
      </div>
      <div className="dwa-card-grid">
        {p.items
          .filter((q) => {
            const id = q.dwId ?? '';
            const done = hasAnswer(answers[id]);
            if (filter === 'answered') return done;
            if (filter === 'unanswered') return !done;
            if (filter === 'flagged') return !!flags[id];
            return true;
          })
          .map((q) => {
            const id = q.dwId ?? '';
            const done = hasAnswer(answers[id]);
            return (
              <button type="button" key={id} className={`dwa-card-item ${done ? 'dwa-card-done' : ''} ${flags[id] ? 'dwa-card-flag' : ''}`} title={quTitle(q).replace(/<[^>]*>/g, '')} onClick={() => p.onPick(id)}>
                {p.numberOf(q)}
              </button>
            );
          })}
      </div>
    </Dialog>
  );
}

/** A local draft was found: continue it, or start afresh (or keep the stored answer when editing). */
export function DraftDialog(p: { draft: Draft | null; editing: boolean; t: Tr; onDiscard: () => void; onRestore: (d: Draft) => void }) {
  const { t, draft } = p;
  return (
    <Dialog
      open={!!draft}
      title={t('an.draft.title')}
      testId="answer-draft"
      closable={false}
      maskClosable={false}
      footer={
        <div className="dwa-row-actions">
          <button type="button" className="dwa-btn" onClick={p.onDiscard}>
            {p.editing ? t('an.draft.original') : t('an.draft.discard')}
          </button>
          <button type="button" className="dwa-btn dwa-primary" onClick={() => draft && p.onRestore(draft)}>
            {t('an.draft.restore')}
          </button>
        </div>
      }
    >
      {draft && t('an.draft.text', { time: nowStr(new Date(draft.time)) })}
    </Dialog>
  );
}

/** The questions the answer card lists: counted, answerable and visible now. */
export function cardQuestions(questions: Question[], visible: string[] | undefined): Question[] {
  return questions.filter((q) => isCounted(q) && !isDisplayOnly(q) && !!visible?.includes(q.dwId ?? ''));
}
