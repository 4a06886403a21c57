// The respondent answer page: gates, paged questions, live engine behaviour, drafts, submit.
// Page pieces live in ./page (states, question block, dialogs, helpers), widgets in ./widgets.
import { getLocale, useParams } from '@umijs/max';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Engine, isCounted, isDisplayOnly, type AnQuestion, type Message, type Order, type Question, type Survey } from '../../survey';
import {
  answerLog, captchaUrl, checkAnswerPwd, footerInfo, getResumeToken, getServerDraft, getSurveyAnswer, languageList, languageScript, saveAnswer, saveDraftKeepalive,
  setResumeToken, setServerDraft, storeSessionCode, surveyJson, webhook, type AnswerCheckResult, type SaveBody,
} from '../../services/answer';
import { formatPercent } from '../../utils/format';
import { safeNavigationUrl } from '../../utils/safeUrl';
import { forgetLanguage, initialLanguage, parseLanguageScript, storedLanguage, storeLanguage, translateSurvey, type SurveyLanguage } from './language';
import { AnswerCardDialog, cardQuestions, ConfirmDialog, DraftDialog, TabWarnDialog, TerminateDialog, type CardFilter } from './page/Dialogs';
import { AUTO_NEXT_TYPES, btnText, errText, NAME_RE, onePerPage, parseDoc, PHONE_RE, RESERVED, sameAnswers, timeLimit, type Phase } from './page/helpers';
import { goToQuestion, useTimerAnnouncement } from './page/a11y';
import { ErrorSummary } from './page/ErrorSummary';
import { QuestionBlock } from './page/QuestionBlock';
import { pipeModule, prepareSurvey } from '../../survey/optional';
import { DoneState, Footer, LoadingState, MessageState, type FooterInfo } from './page/States';
import { useAntiCheat, type AnEvents } from './page/useAntiCheat';
import { preloadWidgets } from './widgets';
import { applyWeixinShare } from './wxshare';
import {
  clean, clearDrafts, findDraft, fmtSeconds, msgText, nowStr, plainText, quTitle, safeHtml, saveDraft, textOf, useT, uuid,
  type Draft,
} from './util';
import { Column, Spinner, useToast } from './ui';
import { submitSolution } from '../../services/evalAnswer';
import './answer.css';
import { useSiteTheme } from './siteTheme';

export type AnswerAppProps = { mobile?: boolean; shuffle?: boolean; preview?: boolean; previewDoc?: Survey };

export default function AnswerApp({ mobile, shuffle, preview, previewDoc }: AnswerAppProps) {
  const t = useT();
  const site = useSiteTheme();
  const params = useParams();
  const sid = params.sid ?? '';
  const routeAnswerId = params.answerId;
  const relateContactEsId = params.relateContactEsId;
  const query = useMemo(() => new URLSearchParams(window.location.search), []);
  const [phase, setPhase] = useState<Phase>('loading');
  const [check, setCheck] = useState<AnswerCheckResult>({});
  const [loadErr, setLoadErr] = useState('');
  const [doc, setDoc] = useState<Survey | null>(null);
  const [raw, setRaw] = useState<any>(null);
  // what the server decides beside the document: SOLUTION rules exist, the open instant lottery
  const [served, setServed] = useState<{ hasSolutions?: boolean; lotteryId?: string }>({});
  // solutions the server chose for the submitted answer (null: still asking)
  const [solutionCount, setSolutionCount] = useState<number | null>(null);
  const [meta, setMeta] = useState<{ surveyId: string; sid: string; version?: number }>({ surveyId: '', sid });
  const [showPwd, setShowPwd] = useState(false);
  const [pwd, setPwd] = useState(query.get('anPwd') ?? '');
  const wxReturn = useRef<{ code?: string; state?: string }>({ code: query.get('code') || undefined, state: query.get('state') || undefined });
  const [pwdErr, setPwdErr] = useState('');
  const [answers, setAnswers] = useState<Record<string, AnQuestion>>({});
  const [flags, setFlags] = useState<Record<string, boolean>>({});
  const [page, setPage] = useState(1);
  const [dir, setDir] = useState<'next' | 'prev'>('next');
  const [changed, setChanged] = useState('');
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Message[]>([]);
  const [highlight, setHighlight] = useState('');
  const [now, setNow] = useState(Date.now());
  const [pageStart, setPageStart] = useState(Date.now());
  const [captcha, setCaptcha] = useState('');
  const [captchaTick, setCaptchaTick] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saveErr, setSaveErr] = useState('');
  const [result, setResult] = useState<AnswerCheckResult | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [confirmForm, setConfirmForm] = useState({ name: '', phone: '' });
  const [confirmErr, setConfirmErr] = useState('');
  const [terminated, setTerminated] = useState(false);
  const [tabWarn, setTabWarn] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const [cardFilter, setCardFilter] = useState<CardFilter>('all');
  const [draftOffer, setDraftOffer] = useState<Draft | null>(null);
  const [langs, setLangs] = useState<SurveyLanguage[]>([]);
  const [lang, setLang] = useState('');
  const [langBusy, setLangBusy] = useState(false);
  const baseDoc = useRef<Survey | null>(null);
  const [serverDraft, setServerDraftState] = useState<{ state: 'saving' | 'saved' | 'failed'; time?: number } | null>(null);
  const draftInFlight = useRef<Promise<unknown> | null>(null);
  const lastServerSnap = useRef('');
  const [footer, setFooter] = useState<FooterInfo>({});
  const answerDwId = useRef(uuid());
  const startedAt = useRef(new Date());
  const events = useRef<AnEvents>({ switchCount: 0, hideTotalTime: 0, switchList: [] });
  const lastSaved = useRef('');
  const submitted = useRef(false);
  const [toast, msgCtx] = useToast();
  const notify = useCallback(
    (kind: 'error' | 'warning' | 'info' | 'success', text: string) => {
      toast(kind, text, kind === 'success' ? 3 : 5);
    },
    [toast],
  );

  // ------------------------------------------------------------------ load
  const applyDoc = useCallback(
    (d: Survey, r: any) => {
      let s = d;
      if (s.surveyAttrs?.opoqAttr?.enabled) s = onePerPage(s);
      baseDoc.current = s;
      preloadWidgets(s.questions);
      setDoc(s);
      setRaw(r);
    },
    [],
  );

  const load = useCallback(async () => {
    setPhase('loading');
    if (previewDoc) {
      await prepareSurvey(previewDoc);
      applyDoc(previewDoc, previewDoc);
      setMeta({ surveyId: previewDoc.id ?? '', sid: previewDoc.sid ?? sid });
      setPhase('answer');
      return;
    }
    try {
      // back from WeChat's OAuth (code, state): sent once, then taken out of the address so that
      // a reload does not replay them (the server keeps the identity in an HttpOnly cookie)
      const wx = wxReturn.current;
      wxReturn.current = {};
      if (wx.code || wx.state) {
        const u = new URL(window.location.href);
        u.searchParams.delete('code');
        u.searchParams.delete('state');
        window.history.replaceState(window.history.state, '', u.pathname + u.search + (u.hash === '#wechat_redirect' ? '' : u.hash));
      }
      const res = await surveyJson({ sid, anPwd: query.get('anPwd') || undefined, answerId: routeAnswerId, relateContactEsId, wxCode: wx.code, wxState: wx.state });
      if (res.resultCode !== 200 || !res.data) {
        setLoadErr(res.resultMsg || t('an.msg.failed'));
        setPhase('message');
        return;
      }
      const c = res.data.answerCheckResult ?? {};
      setCheck(c);
      storeSessionCode(c.sessionCode);
      const code = c.anCheckResultCode ?? 0;
      const away = code === 431 ? safeNavigationUrl(c.redirectUrl) : '';
      if (away) {
        window.location.href = away;
        return;
      }
      const parsed = parseDoc(res.data.surveyJson?.surveyJsonText);
      if (!c.anCheckIsPass && code !== 403 && code !== 409) {
        setPhase('message');
        return;
      }
      if (!parsed) {
        setLoadErr(t('an.msg.empty'));
        setPhase('message');
        return;
      }
      await prepareSurvey(res.data.surveyJson?.surveyJsonText); // regex patterns, piping: only when used
      applyDoc(parsed.doc, parsed.raw);
      const sj: any = res.data.surveyJson ?? {};
      setServed({ hasSolutions: !!sj.hasSolutions, lotteryId: sj.lotteryAttr?.openLottery ? String(sj.lotteryAttr.lotteryId ?? '') : '' });
      setMeta({ surveyId: res.data.surveyJson?.surveyId ?? parsed.doc.id ?? '', sid: res.data.surveyJson?.sid ?? sid, version: res.data.surveyJson?.version });
      setShowPwd(code === 403 || !!c.showAnswerPwd);
      setPhase('answer');
      void applyWeixinShare(res.data.surveyJson?.sid ?? sid).catch(() => undefined); // in WeChat: the share card
    } catch (e) {
      setLoadErr(errText(t, e));
      setPhase('message');
    }
  }, [sid, routeAnswerId, relateContactEsId, query, t, applyDoc, previewDoc]);

  useEffect(() => {
    void load();
    footerInfo().then((r) => r.resultCode === 200 && r.data && setFooter(r.data)).catch(() => undefined);
  }, [load]);

  const engine = useMemo(() => (doc ? new Engine(doc) : null), [doc]);
  useEffect(() => {
    const name = doc ? plainText(textOf(doc.surveyNameObj, doc.surveyName)) : '';
    if (name) document.title = name;
  }, [doc]);
  const order: Order | undefined = useMemo(() => (engine && shuffle ? engine.shuffle(answerDwId.current) : undefined), [engine, shuffle]);
  const byId = useMemo(() => new Map((doc?.questions ?? []).map((q, i) => [q.dwId ?? '', { q, i }])), [doc]);
  const isExam = doc?.surveyType === 'exam';
  const examAttr: any = raw?.surveyAttrs?.examAttr ?? {};
  const pageEvent: any = examAttr.pageEvent ?? {};
  const answerCard = !!(doc?.surveyAttrs?.examAttr?.answerCard?.enabled ?? isExam);
  const breakAn = raw?.surveyAttrs?.breakAnAttr?.enabled !== false && raw?.surveyAttrs?.breakAnAttr?.client?.enabled !== false;
  // server-side break-resume: drafts (saveStatus 1) saved to the server, continued on reopening
  const serverBreak = !preview && !!raw?.surveyAttrs?.breakAnAttr?.server?.enabled;

  // after load (once per loaded document; not again when the language switches it):
  // languages, prefill, drafts, log
  const afterLoadFor = useRef<Survey | null>(null);
  useEffect(() => {
    if (phase !== 'answer' || !doc || !meta.surveyId || preview) return;
    if (afterLoadFor.current === baseDoc.current) return;
    afterLoadFor.current = baseDoc.current;
    languageList(meta.surveyId)
      .then((r) => {
        const l = r?.data?.data;
        if (r.resultCode !== 200 || !Array.isArray(l) || !l.length) return;
        setLangs(l);
        let browser: readonly string[] = [];
        try {
          browser = navigator.languages?.length ? navigator.languages : [navigator.language];
        } catch {
          /* no navigator */
        }
        const pick = initialLanguage(l, query.get('lang'), storedLanguage(meta.surveyId), browser);
        if (pick.notFound) {
          forgetLanguage(meta.surveyId);
          notify('info', t('an.lang.notFound'));
        }
        if (pick.code) void switchLangRef.current(pick.code, false);
      })
      .catch(() => undefined);
    // prefill from URL parameters (question variable names)
    const pre: Record<string, AnQuestion> = {};
    query.forEach((value, key) => {
      if (RESERVED.has(key)) return;
      for (const q of doc.questions) {
        const v = q.varAtrrs;
        if (!v || (v.defaultName !== key && v.customName !== key)) continue;
        const id = q.dwId ?? '';
        const opts = [...(q.quRadios ?? []), ...(q.quCheckboxs ?? [])];
        const hit = opts.find((o) => o.valueAtrrs?.customValue === value || o.valueAtrrs?.defaultValue === value);
        if (hit && q.quRadios?.length) pre[id] = { quDwId: id, quType: q.quType, anRadio: { optionDwId: hit.dwId ?? '' } };
        else if (hit) pre[id] = { quDwId: id, quType: q.quType, anCheckboxs: [{ optionDwId: hit.dwId ?? '' }] };
        else if (!opts.length) pre[id] = { quDwId: id, quType: q.quType, anFbk: { answer: value } };
      }
    });
    if (Object.keys(pre).length) setAnswers((a) => ({ ...pre, ...a }));
    void answerLog(meta.surveyId);
    const offerDraft = (after?: number, loaded?: Record<string, AnQuestion>) => {
      if (!breakAn) return;
      const d = findDraft(meta.surveyId, meta.version);
      if (!d || !d.answers?.length || (after && d.time <= after)) return;
      // the local copy of what was just loaded from the server: nothing to choose
      if (loaded && sameAnswers(d.answers, loaded)) return;
      setDraftOffer(d);
    };
    const continueId = routeAnswerId || (serverBreak ? getServerDraft(meta.surveyId) : null);
    if (continueId) {
      // edit or continue an existing answer (the route's, or this device's server draft):
      // the stored answer, unless a newer local draft is chosen
      getSurveyAnswer(continueId, getResumeToken(continueId))
        .then((r) => {
          if (!routeAnswerId && (r.resultCode !== 200 || r.data?.saveStatus !== 1)) {
            // the server draft was submitted or is gone: start afresh
            setServerDraft(meta.surveyId);
            offerDraft();
            return;
          }
          if (r.resultCode !== 200 || !r.data) {
            notify('warning', t('an.review.notFound'));
            return;
          }
          if (!routeAnswerId) notify('info', t('an.draft.serverContinue'));
          let aj = r.data.answerJson;
          if (typeof aj === 'string') aj = JSON.parse(aj);
          const m: Record<string, AnQuestion> = {};
          const f: Record<string, boolean> = {};
          for (const a of aj?.anQuestions ?? []) {
            if (!a?.quDwId) continue;
            m[a.quDwId] = a;
            if (a.answerFlag) f[a.quDwId] = true;
          }
          setAnswers(m);
          setFlags(f);
          if (r.data.saveStatus === 1 && aj?.answerCommon?.answerDwId) answerDwId.current = aj.answerCommon.answerDwId;
          if (r.data.saveStatus === 1) lastServerSnap.current = JSON.stringify({ m, f });
          const end = Date.parse(String(r.data.endAnDate ?? '').replace(' ', 'T'));
          if (!doc.surveyAttrs || !(raw?.readonly)) offerDraft(Number.isNaN(end) ? undefined : end, m);
        })
        .catch(() => {
          notify('error', t('an.error.network'));
          offerDraft();
        });
    } else offerDraft();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, doc, meta.surveyId]);

  // ------------------------------------------------------------------ evaluate
  const list = useMemo(() => {
    const out: AnQuestion[] = [];
    for (const q of doc?.questions ?? []) {
      const a = answers[q.dwId ?? ''];
      if (a) out.push({ ...a, answerFlag: flags[q.dwId ?? ''] ? 1 : undefined });
    }
    return out;
  }, [answers, flags, doc]);

  const res = useMemo(() => (engine ? engine.evaluate({ answers: list, page, direction: dir, changed }) : null), [engine, list, page, dir, changed]);
  const curPage = res?.page ?? 1;
  const nextRes = useMemo(() => (engine && res ? engine.evaluate({ answers: list, page: curPage + 1, direction: 'next' }) : null), [engine, list, curPage, res]);
  const prevRes = useMemo(() => (engine && res && curPage > 1 ? engine.evaluate({ answers: list, page: curPage - 1, direction: 'prev' }) : null), [engine, list, curPage, res]);
  const isLast = !res || res.end || !nextRes || nextRes.page > nextRes.pageCount;
  const hasPrev = !!prevRes && prevRes.page < curPage;
  const effective = useMemo(() => {
    const m = new Map<string, AnQuestion>();
    for (const a of res?.answers ?? []) m.set(a.quDwId, a);
    return m;
  }, [res]);

  // ------------------------------------------------------------------ piped texts
  // Texts that quote answers ({Q1}, docs/logic-language.md) follow the effective answers 300 ms
  // after the last change (the spec's quote-answer rules), in the current content language
  // (doc is the translated document). Piped values are text: escaped, shown as typed.
  const docPiper = useMemo(() => {
    const m = pipeModule(); // loaded by prepareSurvey when the document has placeholders
    return doc && m ? new m.DocPiper(doc) : null;
  }, [doc]);
  const [pipeAnswers, setPipeAnswers] = useState<AnQuestion[] | null>(null);
  const pipeStarted = useRef(false);
  useEffect(() => {
    if (!res) return;
    if (!pipeStarted.current) {
      pipeStarted.current = true;
      setPipeAnswers(res.answers); // the first rendering (a restored draft) at once
      return;
    }
    const id = setTimeout(() => setPipeAnswers(res.answers), 300);
    return () => clearTimeout(id);
  }, [res]);
  const pipedQs = useMemo(() => (docPiper?.piped.length && pipeAnswers ? docPiper.render(pipeAnswers) : null), [docPiper, pipeAnswers]);
  const piped = useMemo(() => (docPiper ? docPiper.piper.with(pipeAnswers ?? []) : null), [docPiper, pipeAnswers]);

  // ------------------------------------------------------------------ timers
  useEffect(() => {
    if (phase !== 'answer') return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [phase]);
  useEffect(() => setPageStart(Date.now()), [curPage]);
  const pageQuestionsDoc = useMemo(() => (res?.pageQuestions ?? []).map((id) => byId.get(id)?.q).filter(Boolean) as Question[], [res, byId]);
  const opoqQ = doc?.surveyAttrs?.opoqAttr?.enabled ? pageQuestionsDoc.find((q) => isCounted(q)) : undefined;
  const pageMin = timeLimit(opoqQ?.quAttr?.anTimeAttr?.minTime) || timeLimit(doc?.surveyAttrs?.pageAnTimeAttr?.anMinTime);
  const pageMax = timeLimit(opoqQ?.quAttr?.anTimeAttr?.maxTime) || timeLimit(doc?.surveyAttrs?.pageAnTimeAttr?.anMaxTime);
  const examMax = timeLimit(examAttr.anTimeAttr?.maxTime ?? examAttr.anTimeAttr?.anMaxTime);
  const examMin = timeLimit(examAttr.anTimeAttr?.minTime ?? examAttr.anTimeAttr?.anMinTime);
  const pageElapsed = (now - pageStart) / 1000;
  const totalElapsed = (now - startedAt.current.getTime()) / 1000;
  const minLeft = pageMin > 0 ? Math.ceil(pageMin - pageElapsed) : 0;
  const maxLeft = Math.min(pageMax > 0 ? pageMax - pageElapsed : Infinity, examMax > 0 ? examMax - totalElapsed : Infinity);
  const timerSay = useTimerAnnouncement(maxLeft, minLeft, t);
  useEffect(() => {
    if (phase === 'answer' && !showPwd && !draftOffer && maxLeft <= 0 && !submitted.current) setTerminated(true);
  }, [maxLeft, phase, showPwd, draftOffer]);

  // ------------------------------------------------------------------ anti-cheat
  useAntiCheat({ active: phase === 'answer', pageEvent, isExam, events, submitted, onSwitchLimit: () => setTabWarn(true), notify, t });

  // ------------------------------------------------------------------ drafts
  useEffect(() => {
    if (phase !== 'answer' || !meta.surveyId || !breakAn || preview || draftOffer) return;
    const id = setInterval(() => {
      if (submitted.current) return;
      const snap = JSON.stringify({ answers, flags, page: curPage });
      if (snap === lastSaved.current) return;
      lastSaved.current = snap;
      const l = Object.values(answers).map((a) => ({ ...a, answerFlag: flags[a.quDwId] ? 1 : undefined }));
      if (!l.length) return;
      saveDraft(meta.surveyId, { time: Date.now(), version: meta.version, answerDwId: answerDwId.current, answers: l, page: curPage, bgAnDate: nowStr(startedAt.current) });
    }, 2000);
    return () => clearInterval(id);
  }, [phase, meta, answers, flags, curPage, breakAn, preview, draftOffer]);

  // server drafts: 3 s after the last change, and when the page is left
  const draftBody = (): SaveBody | null => {
    const l = Object.values(answers).map((a) => ({ ...a, answerFlag: flags[a.quDwId] ? 1 : undefined }));
    if (!l.length) return null;
    return {
      surveyId: meta.surveyId, sid: meta.sid, jsonVersion: 6, answerJson: buildAnswerJson(l, {}), inputVerifyJson: '',
      isTest: doc?.surveyAttrs?.isTest ? 1 : 0, anPwd: pwd || undefined, sessionCode: check.sessionCode || undefined, saveStatus: 1,
    };
  };
  const draftBodyRef = useRef(draftBody);
  draftBodyRef.current = draftBody;
  const draftActive = phase === 'answer' && serverBreak && !!meta.surveyId && !showPwd && !draftOffer;
  useEffect(() => {
    if (!draftActive || submitted.current) return;
    const snap = JSON.stringify({ m: answers, f: flags });
    if (snap === lastServerSnap.current || !Object.keys(answers).length) return;
    const id = setTimeout(() => {
      if (submitted.current || saving) return;
      const body = draftBodyRef.current();
      if (!body) return;
      setServerDraftState({ state: 'saving' });
      const p = saveAnswer(body)
        .then((r) => {
          const d = r.data as AnswerCheckResult & { resumeToken?: string };
          if (r.resultCode === 200 && d?.anCheckIsPass && d.dbAnswerId) {
            lastServerSnap.current = snap;
            setResumeToken(d.dbAnswerId, d.resumeToken);
            if (!submitted.current) setServerDraft(meta.surveyId, d.dbAnswerId);
            setServerDraftState({ state: 'saved', time: Date.now() });
          } else setServerDraftState({ state: 'failed' });
        })
        .catch(() => setServerDraftState({ state: 'failed' }));
      draftInFlight.current = p;
      void p.finally(() => {
        if (draftInFlight.current === p) draftInFlight.current = null;
      });
    }, 3000);
    return () => clearTimeout(id);
  }, [draftActive, answers, flags, meta.surveyId, saving]);
  // the answers as last rendered: leaving right after a change saves that change even before
  // this render's effects ran (the light entry runs on Preact, whose effects wait for a frame)
  const leaveStateRef = useRef({ answers, flags });
  leaveStateRef.current = { answers, flags };
  useEffect(() => {
    if (!draftActive) return;
    const leave = () => {
      if (submitted.current) return;
      const body = draftBodyRef.current();
      if (!body) return;
      const { answers: m, flags: f } = leaveStateRef.current;
      const snap = JSON.stringify({ m, f });
      if (snap === lastServerSnap.current) return;
      lastServerSnap.current = snap;
      saveDraftKeepalive(body);
    };
    const onVis = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVis);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVis);
    };
  }, [draftActive]);

  const restoreDraft = (d: Draft) => {
    const m: Record<string, AnQuestion> = {};
    const f: Record<string, boolean> = {};
    for (const a of d.answers) {
      if (!a?.quDwId) continue;
      m[a.quDwId] = a;
      if (a.answerFlag) f[a.quDwId] = true;
    }
    setAnswers(m);
    setFlags(f);
    answerDwId.current = d.answerDwId || answerDwId.current;
    setDir('next');
    setPage(d.page || 1);
    setDraftOffer(null);
  };

  // ------------------------------------------------------------------ answering
  const goNextRef = useRef<(auto?: boolean) => void>(() => undefined);
  const setAnswer = useCallback(
    (q: Question, a: AnQuestion | undefined, ch?: string) => {
      const id = q.dwId ?? '';
      setServerErrors([]);
      setTouched((s) => (s.has(id) ? s : new Set(s).add(id)));
      setAnswers((prev) => {
        const next = { ...prev };
        const c = clean(a);
        if (c) next[id] = c;
        else delete next[id];
        if (ch && engine) {
          // mutual exclusion: drop what the engine unchecked
          const l = Object.values(next);
          const r = engine.evaluate({ answers: l, page: 0, changed: ch });
          if (r.uncheckedOptions.length) {
            const un = new Set(r.uncheckedOptions);
            for (const [k, v] of Object.entries(next)) {
              const b: AnQuestion = { ...v };
              if (b.anRadio && un.has(b.anRadio.optionDwId) && k !== id) delete b.anRadio;
              if (b.anCheckboxs) b.anCheckboxs = b.anCheckboxs.filter((x) => !un.has(x.optionDwId));
              const cb = clean(b);
              if (cb) next[k] = cb;
              else delete next[k];
            }
          }
        }
        return next;
      });
      setChanged(ch ?? '');
      if (doc?.surveyAttrs?.autoNextPage && ch && AUTO_NEXT_TYPES.has(q.quType)) setTimeout(() => goNextRef.current(true), 300);
    },
    [engine, doc],
  );

  /** Shows a question (highlighted for a second); focus: also moves focus to its first control. */
  const scrollTo = (id: string, focus = false) => {
    setHighlight(id);
    setTimeout(() => goToQuestion(id, focus), 50);
    setTimeout(() => setHighlight(''), 1000);
  };

  const goPage = (p: number, d: 'next' | 'prev') => {
    setDir(d);
    setPage(p);
    setChanged('');
    window.scrollTo({ top: 0 });
    // keyboard and screen-reader users continue at the new page's questions, not on a lost button
    setTimeout(() => document.querySelector<HTMLElement>('.dwa-questions')?.focus({ preventScroll: true }), 0);
  };

  const goNext = (auto = false) => {
    if (!res || !engine) return;
    if (res.errors.length) {
      if (auto) return;
      setShowAll((s) => new Set(s).add(curPage));
      notify('warning', t('an.validate.fail'));
      const first = pageQs.find((q) => res.errors.some((e) => e.quDwId === q.dwId))?.dwId ?? res.errors[0].quDwId;
      if (first) scrollTo(first, true);
      return;
    }
    if (minLeft > 0) {
      if (!auto) notify('warning', msgText(t, { key: 'pageMinTime', text: '', params: { x: Math.round((pageElapsed / 60) * 100) / 100, n: pageMin / 60 } }));
      return;
    }
    if (isLast) return;
    goPage(curPage + 1, 'next');
  };
  goNextRef.current = goNext;

  // ------------------------------------------------------------------ submit
  const buildAnswerJson = (eff: AnQuestion[], extra: Record<string, unknown>) => {
    const src = query.get('dwSource') || query.get('source') || '';
    const common = {
      surveyId: meta.surveyId,
      sid: meta.sid,
      surveyDwId: doc?.dwId,
      answerDwId: answerDwId.current,
      answerId: routeAnswerId,
      anUser: { userId: null, userName: null, relateContactEsId: relateContactEsId || undefined },
      anTime: { bgAnDate: nowStr(startedAt.current), endAnDate: nowStr(), totalTime: Date.now() - startedAt.current.getTime() },
      anIp: { ip: null, city: null, addr: null },
      anState: { anQuNum: eff.length, isEff: 1, handleState: 0 },
      isDelete: 0,
      anSource: { dwSourceCode: src, dwSourceName: src },
      esAnEvent: events.current,
      esAnSolution: { anSolutionIds: res?.solutions ?? [] },
      // eval360: the rater link (an/{sid}?rater=<token>) binds the answer to its rater
      evalRater: query.get('rater') || undefined,
      ...extra,
    };
    return JSON.stringify({ answerCommon: common, anQuestions: eff, anPwd: pwd || undefined });
  };

  const doSave = async (form?: { name: string; phone: string }) => {
    if (!engine) return;
    if (draftInFlight.current) await draftInFlight.current.catch(() => undefined);
    const full = engine.evaluate({ answers: list, page: 0 });
    const eff = full.answers.map((a) => ({ ...a, answerFlag: flags[a.quDwId] ? 1 : undefined }));
    setSaving(true);
    setSaveErr('');
    try {
      const r = await saveAnswer({
        surveyId: meta.surveyId,
        sid: meta.sid,
        jsonVersion: 6,
        answerJson: buildAnswerJson(eff, form ? { submitConfirmForm: form } : {}),
        anRandomCode: captcha || undefined,
        sessionCode: check.sessionCode || undefined,
        inputVerifyJson: '',
        isTest: doc?.surveyAttrs?.isTest ? 1 : 0,
        anPwd: pwd || undefined,
        saveStatus: 0,
        lang: lang || undefined,
      });
      const d = r.data;
      if (r.resultCode === 200 && d?.anCheckIsPass && d.anCheckResultCode === 201 && d.dbAnswerId && d.indexResponseId) {
        submitted.current = true;
        clearDrafts(meta.surveyId);
        setServerDraft(meta.surveyId);
        setResumeToken(d.dbAnswerId, (d as any).resumeToken);
        void webhook(d.indexResponseId, d.dbAnswerId);
        if (served.hasSolutions)
          submitSolution(d.dbAnswerId, (d as any).resumeToken, res?.solutions ?? [])
            .then((r) => setSolutionCount(r.resultCode === 200 ? r.data?.solutions?.length ?? 0 : 0))
            .catch(() => setSolutionCount(0));
        else setSolutionCount(0);
        notify('success', t('an.submit.cleared'));
        setResult(d);
        setPhase('done');
        return;
      }
      const errs: Message[] = Array.isArray((d as any)?.errors) ? (d as any).errors : [];
      if (errs.length) {
        setServerErrors(errs);
        const first = errs[0]?.quDwId;
        if (first) {
          const pg = engine.ix.page[byId.get(first)?.i ?? 0];
          if (pg && pg !== curPage) goPage(pg, 'next');
          setTimeout(() => scrollTo(first, true), 100);
        }
      }
      if (d?.sessionCode) {
        setCheck((c) => ({ ...c, sessionCode: d.sessionCode, showCaptcha: d.showCaptcha ?? c.showCaptcha }));
        storeSessionCode(d.sessionCode);
        setCaptcha('');
        setCaptchaTick((x) => x + 1);
      }
      if (d?.anCheckResultCode === 409) setCheck((c) => ({ ...c, showCaptcha: true }));
      setSaveErr(d?.anCheckResultMsg || r.resultMsg || t('an.submit.notSaved'));
    } catch (e) {
      setSaveErr(`${t('an.submit.failed')}: ${errText(t, e)}`);
    } finally {
      setSaving(false);
    }
  };

  const confirmNeeded = !!(raw?.surveyAttrs?.submitConfirmAttr?.enabled || raw?.surveyAttrs?.submitConfirmForm?.enabled || raw?.answerTempData?.submitConfirmForm?.enabled);

  const submit = (force = false) => {
    if (!engine || saving) return;
    if (preview) {
      notify('warning', t('an.preview.noSubmit'));
      return;
    }
    if (!force) {
      const full = engine.evaluate({ answers: list, page: 0 });
      if (full.errors.length) {
        const first = full.errors[0].quDwId ?? '';
        const pg = engine.ix.page[byId.get(first)?.i ?? 0] ?? curPage;
        setShowAll((s) => new Set(s).add(pg));
        if (pg !== curPage) goPage(pg, pg > curPage ? 'next' : 'prev');
        notify('warning', t('an.validate.fail'));
        setTimeout(() => scrollTo(first, true), 80);
        return;
      }
      if (examMin > 0 && totalElapsed < examMin) {
        notify('warning', t('an.minDuration', { n: examMin / 60 }));
        return;
      }
      if (minLeft > 0) {
        notify('warning', msgText(t, { key: 'pageMinTime', text: '', params: { x: Math.round((pageElapsed / 60) * 100) / 100, n: pageMin / 60 } }));
        return;
      }
    }
    if (confirmNeeded && !force) {
      setConfirmOpen(true);
      return;
    }
    void doSave();
  };

  // after a successful save: navigation per settings
  const sa = doc?.surveyAttrs;
  // the end page of the current content language (translateSurvey translates its text)
  const endPage: any = (doc?.surveyAttrs?.endPageAttr as any) ?? raw?.surveyAttrs?.endPageAttr ?? {};
  const scoreOn = !!(sa?.scoreAttr?.enabled || isExam) && sa?.scoreAttr?.showSumScore?.enabled !== false;
  const showContent = sa?.scoreAttr?.showSumScore?.showContent ?? 'sumAndDetail';
  const voteTopOn = doc?.surveyType === 'vote' && sa?.voteAttr?.showVoteRankList !== false;
  // only http(s) or a relative path is followed (a javascript:/data: redirect would run on our origin)
  // the end page quotes the submitted answers: the address only in its query (percent-encoded)
  const doneView = useMemo(() => (docPiper && phase === 'done' ? docPiper.piper.with(res?.answers ?? []) : null), [docPiper, phase, res]);
  const pipeUrl = (u: unknown) => (typeof u === 'string' && doneView ? doneView.url(u) : u);
  const redirectUrl = endPage?.redirectionAttr?.enabled && String(endPage.redirectionAttr.redirectionType ?? '1') === '1' ? safeNavigationUrl(pipeUrl(endPage.redirectionAttr.reqUrl) as string) : '';
  const successRaw = endPage?.textAttr?.submitSuccess?.enabled && endPage.textAttr.submitSuccess.text ? String(endPage.textAttr.submitSuccess.text) : '';
  const successText = successRaw && doneView ? doneView.html(successRaw) : successRaw;
  const isEval = doc?.surveyType === 'eval' || doc?.surveyType === 'eval360';
  const dimReportOn = isEval && !!raw?.surveyAttrs?.evalAttr?.showDimReport?.enabled;
  // the lottery page of this answer (2 s after submit per spec; also offered from the pages
  // the respondent is sent to first, which carry ?lotteryId=&surveyId=)
  const lotteryHref = served.lotteryId && result?.dbAnswerId ? `/v8/diaowen/lottery/${served.lotteryId}/${meta.surveyId}?answerId=${encodeURIComponent(result.dbAnswerId)}` : '';
  const withLottery = (href: string) => (served.lotteryId ? `${href}?lotteryId=${encodeURIComponent(served.lotteryId)}&surveyId=${encodeURIComponent(meta.surveyId)}` : href);
  const target = useMemo(() => {
    if (!result?.dbAnswerId) return null;
    if (redirectUrl) return { href: redirectUrl, delay: 1500, label: t('an.submit.redirecting') };
    if (isExam && scoreOn && showContent === 'sumAndSolution') return { href: withLottery(`/v8/diaowen/an-solution/${result.dbAnswerId}`), delay: 0, label: t('an.submit.scoreDetail') };
    if (isExam && scoreOn) return { href: `/v8/diaowen/an/review/${meta.sid}/${result.dbAnswerId}`, delay: 1500, label: t('an.submit.scoreDetail') };
    if (voteTopOn) return { href: `/v8/diaowen/vote/top/${meta.surveyId}`, delay: 1500, label: t('an.submit.voteTop') };
    if (served.hasSolutions && solutionCount === null) return null; // still asking which solutions
    if (solutionCount) return { href: withLottery(`/v8/diaowen/an-solution/${result.dbAnswerId}`), delay: 0, label: t('ev.sol.open') };
    if (dimReportOn) return { href: withLottery(`/v8/diaowen/dimension/${result.dbAnswerId}`), delay: 1500, label: t('ev.an.open') };
    if (lotteryHref) return { href: lotteryHref, delay: 2000, label: t('lo.an.go') };
    return null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, redirectUrl, isExam, scoreOn, showContent, voteTopOn, meta, t, served, solutionCount, dimReportOn, lotteryHref]);
  // a verification code to show keeps the respondent on the result page (the link stays)
  const verifyOn = !!sa?.verifyCodeAttr?.enabled;
  useEffect(() => {
    if (!target || verifyOn) return;
    const href = safeNavigationUrl(target.href);
    if (!href) return;
    const id = setTimeout(() => window.location.assign(href), target.delay);
    return () => clearTimeout(id);
  }, [target, verifyOn]);

  // ------------------------------------------------------------------ password gate
  const startWithPwd = async () => {
    setPwdErr('');
    try {
      const r = await checkAnswerPwd(meta.sid || sid, pwd);
      if (r.resultCode === 200) {
        setShowPwd(false);
        return;
      }
      setPwdErr(r.resultMsg || t('an.pwd.wrong'));
    } catch (e) {
      setPwdErr(errText(t, e));
    }
  };

  // ------------------------------------------------------------------ language
  const switchLang = async (code: string, remember = true) => {
    const base = baseDoc.current;
    if (!base) return;
    if (!code) {
      setLang('');
      setDoc(base);
      if (remember) storeLanguage(meta.surveyId, '');
      return;
    }
    setLangBusy(true);
    try {
      const r = await languageScript(meta.surveyId, code);
      const items = r.resultCode === 200 ? parseLanguageScript(r.data?.data) : null;
      if (!items) throw new Error('lang');
      setDoc(translateSurvey(base, items));
      setLang(code);
      if (remember) storeLanguage(meta.surveyId, code);
    } catch {
      notify('error', t('an.lang.failed'));
    } finally {
      setLangBusy(false);
    }
  };
  const switchLangRef = useRef(switchLang);
  switchLangRef.current = switchLang;

  // ------------------------------------------------------------------ render helpers
  const style = doc?.surveyStyle ?? {};
  // the survey's own colour, else the site's (admin site settings for this hostname)
  const theme = style.themeColor || site.primaryColor || '#015AB4';
  const errorsFor = (id: string): Message | undefined => {
    const se = serverErrors.find((e) => e.quDwId === id);
    if (se) return se;
    const e = res?.errors.find((x) => x.quDwId === id);
    if (!e) return undefined;
    if (touched.has(id) || showAll.has(curPage)) return e;
    return undefined;
  };
  const hidden = useMemo(() => new Set(res?.hiddenOptions ?? []), [res]);
  const voteMap = useMemo(() => new Map((res?.votes ?? []).map((v) => [v.quDwId, v])), [res]);
  const pageQs = useMemo(() => {
    const l = pageQuestionsDoc.slice();
    if (order?.questions?.length) {
      const pos = new Map(order.questions.map((id, i) => [id, i]));
      // only reorder counted questions among themselves
      const counted = l.filter((q) => pos.has(q.dwId ?? ''));
      counted.sort((a, b) => (pos.get(a.dwId ?? '') ?? 0) - (pos.get(b.dwId ?? '') ?? 0));
      let k = 0;
      return l.map((q) => (pos.has(q.dwId ?? '') ? counted[k++] : q));
    }
    return l;
  }, [pageQuestionsDoc, order]);

  const numberOf = (q: Question) => engine?.ix.num[byId.get(q.dwId ?? '')?.i ?? 0] ?? 0;

  const renderQuestion = (q: Question) => {
    const id = q.dwId ?? '';
    if (q.quType === 'PAGETAG') return null;
    const assigned = res?.assignments.find((x) => x.quDwId === id);
    return (
      <QuestionBlock
        key={id}
        q={pipedQs?.get(id) ?? q}
        a={assigned && effective.get(id) ? effective.get(id) : answers[id]}
        set={(na, ch) => setAnswer(q, na, ch)}
        number={numberOf(q)}
        required={!!(q.quAttr?.isRequired ?? q.isRequired) && !isDisplayOnly(q)}
        err={errorsFor(id)}
        hint={res?.hints.find((h) => h.quDwId === id)}
        highlighted={highlight === id}
        flaggable={answerCard}
        flagged={!!flags[id]}
        onToggleFlag={() => setFlags((f) => ({ ...f, [id]: !f[id] }))}
        hidden={hidden}
        order={order}
        readOnly={!!assigned}
        mobile={mobile}
        votes={doc?.surveyType === 'vote' && touched.size > 0 ? voteMap.get(id) : undefined}
        surveyId={meta.surveyId}
        contentLang={lang}
        t={t}
        notify={notify}
      />
    );
  };

  // ------------------------------------------------------------------ states
  if (phase === 'loading') return <LoadingState t={t} />;
  if (phase === 'message') return <MessageState mobile={mobile} toasts={msgCtx} footer={footer} check={check} loadErr={loadErr} sid={sid} t={t} onReload={() => void load()} />;
  if (phase === 'done') {
    return (
      <DoneState
        mobile={mobile}
        toasts={msgCtx}
        footer={footer}
        successText={successText}
        sumScore={isExam && scoreOn ? result?.sumScore : undefined}
        scorePending={!!(result as any)?.scorePending}
        verifyAnswerId={verifyOn ? result?.dbAnswerId : undefined}
        resumeToken={(result as any)?.resumeToken}
        target={target}
        more={lotteryHref && target?.href !== lotteryHref ? [{ href: lotteryHref, delay: 0, label: t('lo.an.go') }] : undefined}
        t={t}
      />
    );
  }

  // answer phase
  const footerEl = <Footer footer={footer} />;
  const pct = res?.progress.percentage ?? 0;
  const pageCount = res?.pageCount ?? 1;
  const logo = style.logoImg?.enabled && style.logoImg.src ? style.logoImg : site.logo ? { src: site.logo, position: 'topLogoLeft', site: true } : null;
  const cardItems = cardQuestions(doc?.questions ?? [], res?.visibleQuestions);
  const showTitle = style.showSurveyTitle !== false;
  const showNote = style.showSurveyNote !== false;
  const note = textOf(doc?.surveyDetail?.surveyNodeObj, doc?.surveyDetail?.surveyNote);
  const timerText = maxLeft !== Infinity ? t('an.timeLeft', { t: fmtSeconds(maxLeft) }) : '';
  // after Next or Submit (or a refusal by the server): the page's problems, named, with links
  const summary = showAll.has(curPage) || serverErrors.length
    ? pageQs.flatMap((q) => {
        const e = q.dwId ? errorsFor(q.dwId) : undefined;
        return e ? [{ id: q.dwId ?? '', number: numberOf(q), title: plainText(quTitle(q)), message: msgText(t, e) }] : [];
      })
    : [];

  return (
    <main className={`dwa-page ${mobile ? 'dwa-mobile' : ''}`} style={{ ['--dwa-theme' as any]: theme, background: style.pageBgColor || undefined }}>
      {msgCtx}
      {style.showProgressbar && (
        <div className="dwa-progress" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('an.progress')}>
          <div className="dwa-progress-track">
            <div className="dwa-progress-fill" style={{ width: `${pct}%`, background: style.progressColor || '#025bb7' }} />
          </div>
          <span className="dwa-progress-text">{formatPercent(pct, getLocale(), 2, true)}</span>
        </div>
      )}
      <Column>
          <div className="dwa-toolbar">
            {langs.length > 0 && (
              <select className="dwa-input dwa-lang" data-testid="answer-lang" aria-label={t('an.lang')} value={lang} disabled={langBusy} onChange={(e) => void switchLang(e.target.value)}>
                <option value="">{t('an.lang.original')}</option>
                {langs.map((l) => (
                  <option key={l.languageCode} value={l.languageCode}>
                    {l.languageName || l.languageCode}
                  </option>
                ))}
              </select>
            )}
            {timerText && <span className="dwa-timer" role="timer">{timerText}</span>}
            <span className="dwa-sr" aria-live="polite" data-testid="answer-timer-say">{timerSay}</span>
            {serverDraft && (
              <span className={`dwa-hint ${serverDraft.state === 'failed' ? 'dwa-red' : ''}`} data-testid="answer-server-draft" data-state={serverDraft.state} aria-live="polite">
                {serverDraft.state === 'saving' ? t('an.draft.serverSaving') : serverDraft.state === 'saved' ? t('an.draft.serverSaved', { time: nowStr(new Date(serverDraft.time ?? Date.now())).slice(11, 19) }) : t('an.draft.serverFailed')}
              </span>
            )}
            {answerCard && (
              <button type="button" className="dwa-btn" onClick={() => setCardOpen(true)}>
                {t('an.card.open')}
              </button>
            )}
          </div>
          <div className="dwa-panel">
            {style.pageTopImg?.enabled && style.pageTopImg.src && <img className="dwa-topimg" src={style.pageTopImg.src} alt="" />}
            {logo && (
              <img
                className={`dwa-logo dwa-logo-${logo.position || 'topLogoLeft'}`}
                src={logo.src}
                alt={(logo as { site?: boolean }).site ? site.siteName || 'logo' : 'logo'}
                data-testid={(logo as { site?: boolean }).site ? 'answer-site-logo' : 'answer-logo'}
              />
            )}
            <h1 className={showTitle ? 'dwa-title' : 'dwa-sr'} dangerouslySetInnerHTML={{ __html: safeHtml(textOf(doc?.surveyNameObj, doc?.surveyName)) }} />
            {showNote && note && <div className="dwa-note" dangerouslySetInnerHTML={{ __html: safeHtml(note) }} />}
            {showPwd ? (
              <div className="dwa-pwd">
                <div className="dwa-pwd-title">{t('an.pwd.title')}</div>
                <input
                  className="dwa-input"
                  type="password"
                  aria-label={t('an.pwd.placeholder')}
                  aria-invalid={pwdErr ? true : undefined}
                  aria-describedby={pwdErr ? 'dwa-pwd-err' : undefined}
                  placeholder={t('an.pwd.placeholder')}
                  value={pwd}
                  onChange={(e) => setPwd(e.target.value)}
                  onKeyDown={(e) => e.key === 'Enter' && void startWithPwd()}
                />
                {pwdErr && (
                  <div id="dwa-pwd-err" className="dwa-error" role="alert">
                    {pwdErr}
                  </div>
                )}
                <button type="button" className="dwa-btn dwa-primary dwa-block" onClick={() => void startWithPwd()}>
                  {t('an.pwd.start')}
                </button>
              </div>
            ) : (
              <>
                <ErrorSummary items={summary} t={t} onGo={(id) => scrollTo(id, true)} />
                <div className="dwa-questions" tabIndex={-1}>{pageQs.map(renderQuestion)}</div>
                {isLast && check.showCaptcha && check.sessionCode && (
                  <div className="dwa-captcha">
                    <label htmlFor="dwa-captcha">{t('an.captcha')}</label>
                    <input id="dwa-captcha" className="dwa-input" value={captcha} placeholder={t('an.captcha.placeholder')} onChange={(e) => setCaptcha(e.target.value)} />
                    {/* a button, so that a new picture can be had from the keyboard too */}
                    <button type="button" className="dwa-captcha-img" title={t('an.captcha.refresh')} onClick={() => setCaptchaTick((x) => x + 1)}>
                      <img key={captchaTick} src={captchaUrl(check.sessionCode)} alt={`${t('an.captcha')}: ${t('an.captcha.refresh')}`} />
                    </button>
                  </div>
                )}
                {saveErr && (
                  <div className="dwa-save-err" role="alert">
                    <span className="dwa-red">{saveErr}</span>
                    <button type="button" className="dwa-btn" onClick={() => submit(true)}>
                      {t('an.submit.retry')}
                    </button>
                  </div>
                )}
                <div className="dwa-nav">
                  {hasPrev && (style as any).pageBtnStyle?.prevPageStyle?.display !== false && (
                    <button type="button" className="dwa-btn" onClick={() => prevRes && goPage(prevRes.page, 'prev')}>
                      {btnText(piped && style.prevBtnText ? piped.text(style.prevBtnText) : style.prevBtnText, '上一页', t('an.prev'))}
                    </button>
                  )}
                  {!isLast ? (
                    <button type="button" className="dwa-btn dwa-primary" disabled={minLeft > 0} onClick={() => goNext(false)}>
                      {btnText(piped && style.nextBtnText ? piped.text(style.nextBtnText) : style.nextBtnText, '下一页', t('an.next'))}
                      {minLeft > 0 ? ` ${t('an.secondsLeft', { n: minLeft })}` : !style.hidePageProgress && pageCount > 1 ? ` ${t('an.pageProgress', { cur: curPage, total: pageCount })}` : ''}
                    </button>
                  ) : (
                    <button type="button" className="dwa-btn dwa-primary" disabled={saving || minLeft > 0} onClick={() => submit(false)}>
                      {btnText(piped && style.submitBtnText ? piped.text(style.submitBtnText) : style.submitBtnText, '提交答卷', t('an.submit'))}
                      {minLeft > 0 ? ` ${t('an.secondsLeft', { n: minLeft })}` : ''}
                    </button>
                  )}
                </div>
              </>
            )}
          </div>
          {footerEl}
      </Column>
      {saving && (
        <div className="dwa-mask" aria-live="polite">
          <Spinner />
          <div>{t('an.submit.saving')}</div>
        </div>
      )}
      <ConfirmDialog
        open={confirmOpen}
        mobile={mobile}
        t={t}
        form={confirmForm}
        setForm={setConfirmForm}
        err={confirmErr}
        onCancel={() => setConfirmOpen(false)}
        onOk={() => {
          if (!NAME_RE.test(confirmForm.name) || !PHONE_RE.test(confirmForm.phone)) {
            setConfirmErr(t('an.confirm.incomplete'));
            notify('warning', t('an.confirm.incomplete'));
            return;
          }
          setConfirmErr('');
          setConfirmOpen(false);
          void doSave(confirmForm);
        }}
      />
      <TerminateDialog
        open={terminated && phase === 'answer'}
        saving={saving}
        t={t}
        onSubmit={() => {
          setTerminated(false);
          submit(true);
        }}
      />
      <TabWarnDialog open={tabWarn && !saving} t={t} count={events.current.switchCount} seconds={events.current.hideTotalTime} onOk={() => setTabWarn(false)} />
      <AnswerCardDialog
        open={cardOpen}
        mobile={mobile}
        t={t}
        items={cardItems}
        answers={answers}
        flags={flags}
        filter={cardFilter}
        setFilter={setCardFilter}
        numberOf={numberOf}
        onClose={() => setCardOpen(false)}
        onPick={(id) => {
          setCardOpen(false);
          const pg = engine?.ix.page[byId.get(id)?.i ?? 0] ?? curPage;
          if (pg !== curPage) goPage(pg, pg > curPage ? 'next' : 'prev');
          setTimeout(() => scrollTo(id, true), 80);
        }}
      />
      <DraftDialog
        draft={draftOffer}
        editing={!!routeAnswerId}
        t={t}
        onDiscard={() => {
          if (meta.surveyId) clearDrafts(meta.surveyId);
          setDraftOffer(null);
        }}
        onRestore={restoreDraft}
      />
    </main>
  );
}
