// Exam anti-cheat of the answer page: switches away from the page are counted (and warned about
// from the author's maximum on); copy, cut and paste can be blocked.
import { useEffect, useRef, type MutableRefObject } from 'react';
import { nowStr, type Tr } from '../util';

/** What the answer records about leaving the page (answerCommon.esAnEvent). */
export type AnEvents = { switchCount: number; hideTotalTime: number; switchList: { hideDate: string; showDate: string; hideTotalTime: number }[] };

export function useAntiCheat(o: {
  active: boolean;
  pageEvent: any;
  isExam: boolean;
  events: MutableRefObject<AnEvents>;
  submitted: MutableRefObject<boolean>;
  onSwitchLimit: () => void;
  notify: (kind: 'warning', text: string) => void;
  t: Tr;
}) {
  const { pageEvent, isExam, events, submitted, notify, t } = o;
  const active = o.active;
  const onLimit = useRef(o.onSwitchLimit);
  onLimit.current = o.onSwitchLimit;
  const switchOn = pageEvent.switch?.enabled ?? (pageEvent.switch === undefined ? isExam : !!pageEvent.switch);
  const switchMax = Number(pageEvent.switch?.maxCount) || 3;
  const copyBlock = !!(pageEvent.copy?.enabled ?? pageEvent.copy === true);
  const pasteBlock = !!(pageEvent.paste?.enabled ?? pageEvent.paste === true);
  useEffect(() => {
    if (!active || !switchOn) return;
    let hiddenAt = 0;
    const onVis = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt) {
        const secs = Math.round((Date.now() - hiddenAt) / 1000);
        const ev = events.current;
        ev.switchCount++;
        ev.hideTotalTime += secs;
        ev.switchList.push({ hideDate: nowStr(new Date(hiddenAt)), showDate: nowStr(), hideTotalTime: secs });
        hiddenAt = 0;
        if (ev.switchCount >= switchMax && !submitted.current) onLimit.current();
      }
    };
    document.addEventListener('visibilitychange', onVis);
    return () => document.removeEventListener('visibilitychange', onVis);
  }, [active, switchOn, switchMax]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!active || (!copyBlock && !pasteBlock)) return;
    const onCopy = (e: ClipboardEvent) => {
      if (!copyBlock) return;
      e.preventDefault();
      notify('warning', t('an.copyDisabled'));
    };
    const onPaste = (e: ClipboardEvent) => {
      if (!pasteBlock) return;
      e.preventDefault();
      notify('warning', t('an.pasteDisabled'));
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [active, copyBlock, pasteBlock, notify, t]);

}
