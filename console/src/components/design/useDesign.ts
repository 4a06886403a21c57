// The designer's document state: load, edit, autosave (interval, blur, leave), revision handling,
// second-tab detection (BroadcastChannel) and publish.
import { useIntl } from '@umijs/max';
import { Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { designJson, designPublish, designSave, errMsg, type DesignJson, type Issue, type PublishResult } from '../../services/authoring';
import { applyDefaults, type Question } from '../../survey';
import { loadFunctions } from '../../survey/dsl/funcs';
import { refreshPipes, structureKey } from '../../survey/pipestore';
import type { Doc } from './model';

export const AUTOSAVE_MS = 4000;

// the functions added with piping and regex() patterns are checked in the designer (the answer
// page loads them on demand)
void loadFunctions();

export type DesignState = {
  doc?: Doc;
  meta?: DesignJson;
  dirty: boolean;
  saving: boolean;
  savedAt?: Date;
  conflict: boolean;
  otherTab: boolean;
  error?: string;
  loadError?: string;
};

export function useDesign(surveyId: string) {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [st, setSt] = useState<DesignState>({ dirty: false, saving: false, conflict: false, otherTab: false });
  const ref = useRef(st);
  ref.current = st;
  const rev = useRef<number | undefined>(undefined);
  const inflight = useRef<Promise<boolean> | null>(null);
  const version = useRef(0); // bumps on every edit

  const load = useCallback(async () => {
    try {
      const r = await designJson(surveyId);
      const d = r.data;
      const doc = JSON.parse(d.surveyJsonText || '{}') as Doc;
      if (!doc.questions) doc.questions = [];
      applyDefaults(doc);
      rev.current = d.revision;
      setSt({ doc, meta: d, dirty: false, saving: false, conflict: false, otherTab: ref.current.otherTab });
    } catch (e) {
      setSt((s) => ({ ...s, loadError: errMsg(e) }));
    }
  }, [surveyId]);

  useEffect(() => {
    load();
  }, [load]);

  /**
   * Applies an edit to the document. When the edit moves, adds or deletes questions or options,
   * answer placeholders in texts are renumbered to keep quoting the same answers (refreshPipes).
   */
  const update = useCallback((fn: (d: Doc) => Doc) => {
    version.current += 1;
    setSt((s) => {
      if (!s.doc) return s;
      let next = fn(s.doc);
      if (next !== s.doc && next.questions !== s.doc.questions && structureKey(next) !== structureKey(s.doc)) {
        const r = refreshPipes(s.doc, next);
        if (r.changed || JSON.stringify(r.doc.dwPipes ?? null) !== JSON.stringify(next.dwPipes ?? null)) next = r.doc as Doc;
      }
      return { ...s, doc: next, dirty: true };
    });
  }, []);

  const updateQuestion = useCallback(
    (index: number, fn: (q: Question) => Question) =>
      update((d) => ({ ...d, questions: d.questions.map((q, i) => (i === index ? fn(q) : q)) })),
    [update],
  );

  /** Edits the question with this dwId ("#<index>" addresses a question without one). */
  const updateQuestionById = useCallback(
    (id: string, fn: (q: Question) => Question) =>
      update((d) => {
        const at = id.startsWith('#') ? Number(id.slice(1)) : d.questions.findIndex((q) => q.dwId === id);
        if (at < 0 || at >= d.questions.length) return d;
        const questions = d.questions.slice();
        questions[at] = fn(questions[at]);
        return { ...d, questions };
      }),
    [update],
  );

  const save = useCallback(
    async (opts?: { quiet?: boolean }): Promise<boolean> => {
      if (inflight.current) await inflight.current;
      const s = ref.current;
      if (!s.doc || s.conflict) return !s.conflict;
      if (!s.dirty && opts?.quiet) return true;
      const v = version.current;
      const run = (async () => {
        setSt((x) => ({ ...x, saving: true }));
        try {
          const r = await designSave(surveyId, JSON.stringify(s.doc), rev.current);
          rev.current = r.data.revision;
          bc.current?.postMessage({ type: 'saved', surveyId, revision: r.data.revision, tab: tabId.current });
          const fresh = JSON.parse(r.data.surveyJsonText || '{}') as Doc;
          setSt((x) => {
            // keep edits made while saving; otherwise take the stored text (ids filled by the server)
            const unchanged = version.current === v;
            return {
              ...x,
              doc: unchanged ? (mergeIds(x.doc!, fresh) as Doc) : x.doc,
              meta: r.data,
              dirty: !unchanged,
              saving: false,
              savedAt: new Date(),
              error: undefined,
            };
          });
          return true;
        } catch (e: any) {
          const msg = errMsg(e);
          const conflict = /another window/i.test(msg);
          setSt((x) => ({ ...x, saving: false, error: msg, conflict: x.conflict || conflict }));
          if (!opts?.quiet || conflict) {
            if (conflict) {
              Modal.warning({ title: f('au.d.conflictTitle'), content: f('au.d.conflict'), okText: f('au.d.reload'), onOk: () => window.location.reload() });
            } else Modal.error({ title: f('au.d.saveFailed'), content: msg });
          }
          return false;
        } finally {
          inflight.current = null;
        }
      })();
      inflight.current = run;
      return run;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [surveyId],
  );

  const publish = useCallback(async (): Promise<PublishResult | undefined> => {
    if (!(await save())) return undefined;
    const r = await designPublish(surveyId);
    const m = await designJson(surveyId);
    rev.current = m.data.revision;
    setSt((x) => ({ ...x, meta: m.data }));
    return r.data;
  }, [save, surveyId]);

  // autosave every few seconds while dirty
  useEffect(() => {
    const t = window.setInterval(() => {
      if (ref.current.dirty && !ref.current.saving) save({ quiet: true });
    }, AUTOSAVE_MS);
    return () => window.clearInterval(t);
  }, [save]);

  // blur of the window, leaving the page (beforeunload), leaving the route (unmount)
  useEffect(() => {
    const onBlur = () => {
      if (ref.current.dirty) save({ quiet: true });
    };
    const onBefore = (e: BeforeUnloadEvent) => {
      if (ref.current.dirty) {
        save({ quiet: true });
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('beforeunload', onBefore);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('beforeunload', onBefore);
      if (ref.current.dirty) save({ quiet: true });
    };
  }, [save]);

  // a second tab editing the same survey
  const bc = useRef<BroadcastChannel | null>(null);
  const tabId = useRef(Math.random().toString(36).slice(2));
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(`dws-design-${surveyId}`);
    bc.current = ch;
    ch.onmessage = (ev) => {
      const m = ev.data || {};
      if (m.tab === tabId.current) return;
      if (m.type === 'hello') ch.postMessage({ type: 'here', tab: tabId.current });
      if (m.type === 'hello' || m.type === 'here' || m.type === 'saved') setSt((x) => ({ ...x, otherTab: true }));
    };
    ch.postMessage({ type: 'hello', tab: tabId.current });
    return () => {
      ch.close();
      bc.current = null;
    };
  }, [surveyId]);

  return { st, update, updateQuestion, updateQuestionById, save, publish, reload: load, f };
}

/** Copies server-assigned dwIds into the local document (same structure, ids only where missing). */
function mergeIds(local: Doc, server: Doc): Doc {
  if (!server || !Array.isArray(server.questions) || server.questions.length !== local.questions.length) return local;
  let changed = false;
  const qs = local.questions.map((q, i) => {
    const s = server.questions[i];
    if (!q.dwId && s?.dwId) {
      changed = true;
      return s;
    }
    return q;
  });
  return changed ? { ...local, questions: qs } : local;
}

export type { Issue };
