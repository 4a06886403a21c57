// Focus and announcements of the answer page: moving to a question (its first control, or the
// chosen radio of a group), and the polite announcements of the answer timers.
import { useEffect, useRef, useState } from 'react';
import { fmtSeconds, type Tr } from '../util';
import { reducedMotion } from '../widgets/shared';

/** Scrolls to a question and, when asked, moves focus to its first control (or the block). */
export function goToQuestion(id: string, focus: boolean) {
  const el = document.getElementById(`qu-${id}`);
  if (!el) return;
  if (focus) {
    const all = Array.from(el.querySelectorAll<HTMLElement>('.dwa-qbody input, .dwa-qbody select, .dwa-qbody textarea, .dwa-qbody button, .dwa-qbody [tabindex="0"]'));
    const live = all.filter((x) => !(x as HTMLInputElement).disabled && x.tabIndex >= 0);
    let target = live[0];
    if (target instanceof HTMLInputElement && target.type === 'radio') {
      const name = target.name;
      target = live.find((x) => x instanceof HTMLInputElement && x.name === name && x.checked) ?? target;
    }
    (target ?? el).focus({ preventScroll: true });
  }
  el.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'center' });
}

/** Seconds left at which a running maximum-time timer is announced (besides when it appears). */
export const TIMER_MARKS = [300, 240, 180, 120, 60, 30, 10];

/** How many marks the time left has reached (-1: no maximum); a change is announced. */
export const timerLevel = (maxLeft: number) => (maxLeft === Infinity ? -1 : TIMER_MARKS.filter((m) => Math.max(0, Math.ceil(maxLeft)) <= m).length);

/**
 * What the timers say in a polite live region (never by colour alone): the time left when the
 * timer appears, and once at each mark of the last five minutes, 30 and 10 seconds it reaches
 * (a mark is crossed, not hit exactly: a late tick under load still announces it); for a page
 * minimum, how long until Next is possible and when it is.
 */
export function useTimerAnnouncement(maxLeft: number, minLeft: number, t: Tr): string {
  const [say, setSay] = useState('');
  const last = useRef({ level: -1, min: 0 });
  const s = Math.max(0, Math.ceil(maxLeft));
  const level = timerLevel(maxLeft);
  useEffect(() => {
    if (level < 0 || last.current.level === level) return;
    last.current.level = level;
    setSay(t('an.timeLeft', { t: fmtSeconds(s) }));
  }, [level, s, t]);
  useEffect(() => {
    const prev = last.current.min;
    last.current.min = minLeft;
    if (minLeft > 0 && prev <= 0) setSay(t('an.timer.wait', { n: minLeft }));
    else if (minLeft <= 0 && prev > 0) setSay(t('an.timer.ready'));
  }, [minLeft, t]);
  return say;
}
