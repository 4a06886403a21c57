// The respondent answer page: gates, paged questions, live engine behaviour, drafts, submit.
import { useParams } from '@umijs/max';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Engine, loadSurvey, isCounted, isDisplayOnly, type AnQuestion, type Message, type Order, type Question, type Survey,
} from '../../survey';
import {
  answerLog, captchaUrl, checkAnswerPwd, footerInfo, getResumeToken, getServerDraft, getSurveyAnswer, languageList, languageScript, saveAnswer, saveDraftKeepalive,
  setResumeToken, setServerDraft, storeSessionCode, surveyJson, TransportError, webhook, type AnswerCheckResult, type SaveBody,
} from '../../services/answer';
import { forgetLanguage, initialLanguage, parseLanguageScript, storedLanguage, storeLanguage, translateSurvey, type SurveyLanguage } from './language';
import VerifyCodeResult from './VerifyCodeResult';
import { Widget } from './Widgets';
import {
  clean, clearDrafts, findDraft, fmtSeconds, hasAnswer, msgText, nowStr, plainText, quTitle, safeHtml, saveDraft, textOf, useT, uuid,
  type Draft, type Tr,
} from './util';
import { Column, Dialog, Spinner, useToast } from './ui';
import './answer.css';

type Phase = 'loading' | 'message' | 'answer' | 'done';

const AUTO_NEXT_TYPES = new Set(['RADIO', 'YESNO', 'IMGRADIO', 'ORDERQU', 'SCORE', 'CHENSCORE', 'SCALE_NPS', 'SCALE_SLIDER', 'MATRIX_RADIO', 'MATRIX_SCALE', 'MATRIX_SLIDER', 'CASCADE']);
const RESERVED = new Set(['anPwd', 'dwSource', 'source', 'ResourceToken', 'code', 'answerId', 'lang']);
const NAME_RE = /^[\u4e00-\u9fa5]{2,20}$/;
const PHONE_RE = /^1[3-9]\d{9}$/;

function errText(t: Tr, e: unknown): string {
  if (e instanceof TransportError) return e.kind === 'timeout' ? t('an.error.timeout') : e.kind === 'network' ? t('an.error.network') : t('an.error.http', { code: e.status });
  return t('an.error.network');
}

/** Inserts a page break between questions (one question per page). */
function onePerPage(s: Survey): Survey {
  const out: Question[] = [];
  s.questions.forEach((q, i) => {
    if (i > 0 && isCounted(q) && out[out.length - 1]?.quType !== 'PAGETAG') out.push({ quType: 'PAGETAG', dwId: `opoq-${i}` });
    out.push(q);
  });
  return { ...s, questions: out };
}

function parseDoc(text: string | undefined): { doc: Survey; raw: any } | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text);
    const doc = loadSurvey(raw);
    return { doc, raw };
  } catch {
    return null;
  }
}

/** A designer's own button text, or the translated default (the stored default is Chinese). */
function btnText(custom: string | undefined, def: string, tr: string): string {
  return custom && custom !== def ? custom : tr;
}

/** Whether a local draft holds the same answers as the loaded ones (flags ignored). */
function sameAnswers(list: AnQuestion[], loaded: Record<string, AnQuestion>): boolean {
  const norm = (a: AnQuestion) => JSON.stringify({ ...a, answerFlag: undefined });
  const ids = Object.keys(loaded);
  if (list.length !== ids.length) return false;
  return list.every((a) => loaded[a.quDwId] && norm(loaded[a.quDwId]) === norm(a));
}

function timeLimit(x: any): number {
  if (!x || !x.enabled) return 0;
  const n = Number(x.time);
  return n > 0 ? n * 60 : 0;
}

export type AnswerAppProps = { mobile?: boolean; shuffle?: boolean; preview?: boolean; previewDoc?: Survey };

export default function AnswerApp({ mobile, shuffle, preview, previewDoc }: AnswerAppProps) {
  const t = useT();
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
  const [meta, setMeta] = useState<{ surveyId: string; sid: string; version?: number }>({ surveyId: '', sid });
  const [showPwd, setShowPwd] = useState(false);
  const [pwd, setPwd] = useState(query.get('anPwd') ?? '');
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
  const [cardFilter, setCardFilter] = useState<'all' | 'answered' | 'unanswered' | 'flagged'>('all');
  const [draftOffer, setDraftOffer] = useState<Draft | null>(null);
  const [langs, setLangs] = useState<SurveyLanguage[]>([]);
  const [lang, setLang] = useState('');
  const [langBusy, setLangBusy] = useState(false);
  const baseDoc = useRef<Survey | null>(null);
  const [serverDraft, setServerDraftState] = useState<{ state: 'saving' | 'saved' | 'failed'; time?: number } | null>(null);
  const draftInFlight = useRef<Promise<unknown> | null>(null);
  const lastServerSnap = useRef('');
  const [footer, setFooter] = useState<{ siteName?: string; icp?: string; sitePhone?: string; siteMail?: string }>({});
  const answerDwId = useRef(uuid());
  const startedAt = useRef(new Date());
  const events = useRef<{ switchCount: number; hideTotalTime: number; switchList: { hideDate: string; showDate: string; hideTotalTime: number }[] }>({ switchCount: 0, hideTotalTime: 0, switchList: [] });
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
      setDoc(s);
      setRaw(r);
    },
    [],
  );

  const load = useCallback(async () => {
    setPhase('loading');
    if (previewDoc) {
      applyDoc(previewDoc, previewDoc);
      setMeta({ surveyId: previewDoc.id ?? '', sid: previewDoc.sid ?? sid });
      setPhase('answer');
      return;
    }
    try {
      const res = await surveyJson({ sid, anPwd: query.get('anPwd') || undefined, answerId: routeAnswerId, relateContactEsId, wxCode: query.get('code') || undefined });
      if (res.resultCode !== 200 || !res.data) {
        setLoadErr(res.resultMsg || t('an.msg.failed'));
        setPhase('message');
        return;
      }
      const c = res.data.answerCheckResult ?? {};
      setCheck(c);
      storeSessionCode(c.sessionCode);
      const code = c.anCheckResultCode ?? 0;
      if (code === 431 && c.redirectUrl) {
        window.location.href = c.redirectUrl;
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
      applyDoc(parsed.doc, parsed.raw);
      setMeta({ surveyId: res.data.surveyJson?.surveyId ?? parsed.doc.id ?? '', sid: res.data.surveyJson?.sid ?? sid, version: res.data.surveyJson?.version });
      setShowPwd(code === 403 || !!c.showAnswerPwd);
      setPhase('answer');
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
  useEffect(() => {
    if (phase === 'answer' && !showPwd && !draftOffer && maxLeft <= 0 && !submitted.current) setTerminated(true);
  }, [maxLeft, phase, showPwd, draftOffer]);

  // ------------------------------------------------------------------ anti-cheat
  const switchOn = pageEvent.switch?.enabled ?? (pageEvent.switch === undefined ? isExam : !!pageEvent.switch);
  const switchMax = Number(pageEvent.switch?.maxCount) || 3;
  const copyBlock = !!(pageEvent.copy?.enabled ?? pageEvent.copy === true);
  const pasteBlock = !!(pageEvent.paste?.enabled ?? pageEvent.paste === true);
  useEffect(() => {
    if (phase !== 'answer' || !switchOn) return;
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
        if (ev.switchCount >= switchMax && !submitted.current) setTabWarn(true);
      }
    };
    document.addEventListener('visibilitychange', onVis);
    return () => document.removeEventListener('visibilitychange', onVis);
  }, [phase, switchOn, switchMax]);
  useEffect(() => {
    if (phase !== 'answer' || (!copyBlock && !pasteBlock)) return;
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
  }, [phase, copyBlock, pasteBlock, notify, t]);

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
  useEffect(() => {
    if (!draftActive) return;
    const leave = () => {
      if (submitted.current) return;
      const body = draftBodyRef.current();
      if (!body) return;
      const snap = JSON.stringify({ m: answers, f: flags });
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
  }, [draftActive, answers, flags]);

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

  const scrollTo = (id: string) => {
    setHighlight(id);
    setTimeout(() => {
      document.getElementById(`qu-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }, 50);
    setTimeout(() => setHighlight(''), 1000);
  };

  const goPage = (p: number, d: 'next' | 'prev') => {
    setDir(d);
    setPage(p);
    setChanged('');
    window.scrollTo({ top: 0 });
  };

  const goNext = (auto = false) => {
    if (!res || !engine) return;
    if (res.errors.length) {
      if (auto) return;
      setShowAll((s) => new Set(s).add(curPage));
      notify('warning', t('an.validate.fail'));
      if (res.errors[0].quDwId) scrollTo(res.errors[0].quDwId);
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
      });
      const d = r.data;
      if (r.resultCode === 200 && d?.anCheckIsPass && d.anCheckResultCode === 201 && d.dbAnswerId && d.indexResponseId) {
        submitted.current = true;
        clearDrafts(meta.surveyId);
        setServerDraft(meta.surveyId);
        setResumeToken(d.dbAnswerId, (d as any).resumeToken);
        void webhook(d.indexResponseId, d.dbAnswerId);
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
          setTimeout(() => scrollTo(first), 100);
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
        setTimeout(() => scrollTo(first), 80);
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
  const endPage: any = raw?.surveyAttrs?.endPageAttr ?? {};
  const scoreOn = !!(sa?.scoreAttr?.enabled || isExam) && sa?.scoreAttr?.showSumScore?.enabled !== false;
  const showContent = sa?.scoreAttr?.showSumScore?.showContent ?? 'sumAndDetail';
  const voteTopOn = doc?.surveyType === 'vote' && sa?.voteAttr?.showVoteRankList !== false;
  const redirectUrl = endPage?.redirectionAttr?.enabled && String(endPage.redirectionAttr.redirectionType ?? '1') === '1' ? endPage.redirectionAttr.reqUrl : '';
  const successText = endPage?.textAttr?.submitSuccess?.enabled && endPage.textAttr.submitSuccess.text ? endPage.textAttr.submitSuccess.text : '';
  const target = useMemo(() => {
    if (!result?.dbAnswerId) return null;
    if (redirectUrl) return { href: redirectUrl, delay: 1500, label: t('an.submit.redirecting') };
    if (isExam && scoreOn && showContent === 'sumAndSolution') return { href: `/v8/diaowen/an-solution/${result.dbAnswerId}`, delay: 0, label: t('an.submit.scoreDetail') };
    if (isExam && scoreOn) return { href: `/v8/diaowen/an/review/${meta.sid}/${result.dbAnswerId}`, delay: 1500, label: t('an.submit.scoreDetail') };
    if (voteTopOn) return { href: `/v8/diaowen/vote/top/${meta.surveyId}`, delay: 1500, label: t('an.submit.voteTop') };
    return null;
  }, [result, redirectUrl, isExam, scoreOn, showContent, voteTopOn, meta, t]);
  // a verification code to show keeps the respondent on the result page (the link stays)
  const verifyOn = !!sa?.verifyCodeAttr?.enabled;
  useEffect(() => {
    if (!target || verifyOn) return;
    const id = setTimeout(() => {
      if (/^https?:\/\//i.test(target.href)) window.location.href = target.href;
      else window.location.assign(target.href);
    }, target.delay);
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
  const theme = style.themeColor || '#015AB4';
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
    const err = errorsFor(id);
    const display = q.quType === 'PARAGRAPH';
    const assigned = res?.assignments.find((x) => x.quDwId === id);
    const a = assigned && effective.get(id) ? effective.get(id) : answers[id];
    const hint = res?.hints.find((h) => h.quDwId === id);
    const quotaFull = res?.quotas.some((x) => x.full);
    const required = !!(q.quAttr?.isRequired ?? q.isRequired) && !isDisplayOnly(q);
    return (
      <div key={id} id={`qu-${id}`} className={`dwa-question ${highlight === id ? 'dwa-highlight' : ''} ${err ? 'dwa-has-error' : ''}`} data-qu-type={q.quType}>
        {!display && !(q.quType === 'DW_COMPONENT' && q.childType !== 'verifycode') ? (
          <div className="dwa-qtitle">
            {required && <span className="dwa-req" aria-label={t('an.required')}>*</span>}
            {numberOf(q) > 0 && <span className="dwa-qnum">{numberOf(q)}.</span>}
            <span className="dwa-qtitle-text" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
            {answerCard && !display && (
              <button type="button" className={`dwa-flag ${flags[id] ? 'dwa-on' : ''}`} aria-pressed={!!flags[id]} onClick={() => setFlags((f) => ({ ...f, [id]: !f[id] }))}>
                {flags[id] ? t('an.card.unflag') : t('an.card.flag')}
              </button>
            )}
          </div>
        ) : (
          <div className="dwa-paragraph" dangerouslySetInnerHTML={{ __html: safeHtml(quTitle(q)) }} />
        )}
        {(q.quNoteObj || q.quNote) && !display && <div className="dwa-qnote" dangerouslySetInnerHTML={{ __html: safeHtml(textOf(q.quNoteObj, q.quNote)) }} />}
        <div className="dwa-qbody">
          <Widget
            q={q}
            a={a}
            set={(na, ch) => setAnswer(q, na, ch)}
            hidden={hidden}
            order={order}
            readOnly={!!assigned}
            mobile={mobile}
            votes={doc?.surveyType === 'vote' && touched.size > 0 ? voteMap.get(id) : undefined}
            surveyId={meta.surveyId}
            t={t}
            notify={notify}
          />
        </div>
        {hint && !err && <div className="dwa-hint">{hint.message}</div>}
        {err && (
          <div className="dwa-error" role="alert">
            {msgText(t, err)}
          </div>
        )}
        {quotaFull && err?.key === 'quotaFull' ? null : null}
      </div>
    );
  };

  // ------------------------------------------------------------------ states
  if (phase === 'loading') {
    return (
      <div className="dwa-center" aria-busy="true">
        <Spinner />
        <div className="dwa-hint">{t('an.loading')}</div>
      </div>
    );
  }

  const footerEl = (
    <footer className="dwa-footer">
      {footer.siteName && <div>{footer.siteName}</div>}
      {(footer.icp || footer.sitePhone || footer.siteMail) && (
        <div className="dwa-hint">
          {[footer.icp, footer.sitePhone, footer.siteMail].filter(Boolean).join(' · ')}
        </div>
      )}
    </footer>
  );

  if (phase === 'message') {
    const code = check.anCheckResultCode ?? 0;
    return (
      <div className={`dwa-page ${mobile ? 'dwa-mobile' : ''}`}>
        {msgCtx}
        <div className="dwa-panel dwa-message" data-code={code}>
          <div className={code >= 400 || loadErr ? 'dwa-message-text dwa-red' : 'dwa-message-text'}>{check.anCheckResultMsg || loadErr || t('an.msg.failed')}</div>
          {code === 413 && (
            <a className="dwa-btn dwa-primary" href={`/login/an/${sid}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`}>
              {t('an.msg.login')}
            </a>
          )}
          {code === 430 && (
            <div className="dwa-qr">
              <div className="dwa-qr-box" aria-hidden="true" />
              <div>{t('an.msg.wechat')}</div>
            </div>
          )}
          {code === 410 && (
            <button type="button" className="dwa-btn dwa-primary" onClick={() => void load()}>
              {t('an.msg.reanswer')}
            </button>
          )}
        </div>
        {footerEl}
      </div>
    );
  }

  if (phase === 'done') {
    return (
      <div className={`dwa-page ${mobile ? 'dwa-mobile' : ''}`}>
        {msgCtx}
        <div className="dwa-panel dwa-result" data-testid="answer-done">
          <div className="dwa-result-icon" aria-hidden="true">✓</div>
          <div className="dwa-result-text">{successText ? <span dangerouslySetInnerHTML={{ __html: safeHtml(successText) }} /> : t('an.submit.success')}</div>
          {isExam && scoreOn && result?.sumScore !== undefined && result?.sumScore !== null && <div className="dwa-score-total">{t('an.submit.sumScore', { n: result.sumScore })}</div>}
          {verifyOn && result?.dbAnswerId && <VerifyCodeResult answerId={result.dbAnswerId} resumeToken={(result as any).resumeToken} t={t} />}
          {target && (
            <a className="dwa-btn dwa-primary" href={target.href}>
              {target.label}
            </a>
          )}
        </div>
        {footerEl}
      </div>
    );
  }

  // answer phase
  const pct = res?.progress.percentage ?? 0;
  const pageCount = res?.pageCount ?? 1;
  const logo = style.logoImg?.enabled && style.logoImg.src ? style.logoImg : null;
  const cardItems = (doc?.questions ?? []).filter((q) => isCounted(q) && !isDisplayOnly(q) && res?.visibleQuestions.includes(q.dwId ?? ''));
  const showTitle = style.showSurveyTitle !== false;
  const showNote = style.showSurveyNote !== false;
  const note = textOf(doc?.surveyDetail?.surveyNodeObj, doc?.surveyDetail?.surveyNote);
  const timerText = maxLeft !== Infinity ? t('an.timeLeft', { t: fmtSeconds(maxLeft) }) : '';

  return (
    <div className={`dwa-page ${mobile ? 'dwa-mobile' : ''}`} style={{ ['--dwa-theme' as any]: theme, background: style.pageBgColor || undefined }}>
      {msgCtx}
      {style.showProgressbar && (
        <div className="dwa-progress" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('an.progress')}>
          <div className="dwa-progress-track">
            <div className="dwa-progress-fill" style={{ width: `${pct}%`, background: style.progressColor || '#025bb7' }} />
          </div>
          <span className="dwa-progress-text">{pct.toFixed(2)}%</span>
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
            {logo && <img className={`dwa-logo dwa-logo-${logo.position || 'topLogoLeft'}`} src={logo.src} alt="logo" />}
            {showTitle && <h1 className="dwa-title" dangerouslySetInnerHTML={{ __html: safeHtml(textOf(doc?.surveyNameObj, doc?.surveyName)) }} />}
            {showNote && note && <div className="dwa-note" dangerouslySetInnerHTML={{ __html: safeHtml(note) }} />}
            {showPwd ? (
              <div className="dwa-pwd">
                <div className="dwa-pwd-title">{t('an.pwd.title')}</div>
                <input
                  className="dwa-input"
                  type="password"
                  aria-label={t('an.pwd.placeholder')}
                  placeholder={t('an.pwd.placeholder')}
                  value={pwd}
                  onChange={(e) => setPwd(e.target.value)}
                  onKeyDown={(e) => e.key === 'Enter' && void startWithPwd()}
                />
                {pwdErr && <div className="dwa-error" role="alert">{pwdErr}</div>}
                <button type="button" className="dwa-btn dwa-primary dwa-block" onClick={() => void startWithPwd()}>
                  {t('an.pwd.start')}
                </button>
              </div>
            ) : (
              <>
                <div className="dwa-questions">{pageQs.map(renderQuestion)}</div>
                {isLast && check.showCaptcha && check.sessionCode && (
                  <div className="dwa-captcha">
                    <label htmlFor="dwa-captcha">{t('an.captcha')}</label>
                    <input id="dwa-captcha" className="dwa-input" value={captcha} placeholder={t('an.captcha.placeholder')} onChange={(e) => setCaptcha(e.target.value)} />
                    <img key={captchaTick} src={captchaUrl(check.sessionCode)} alt={t('an.captcha')} title={t('an.captcha.refresh')} onClick={() => setCaptchaTick((x) => x + 1)} />
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
                      {btnText(style.prevBtnText, '上一页', t('an.prev'))}
                    </button>
                  )}
                  {!isLast ? (
                    <button type="button" className="dwa-btn dwa-primary" disabled={minLeft > 0} onClick={() => goNext(false)}>
                      {btnText(style.nextBtnText, '下一页', t('an.next'))}
                      {minLeft > 0 ? ` ${t('an.secondsLeft', { n: minLeft })}` : !style.hidePageProgress && pageCount > 1 ? ` ${t('an.pageProgress', { cur: curPage, total: pageCount })}` : ''}
                    </button>
                  ) : (
                    <button type="button" className="dwa-btn dwa-primary" disabled={saving || minLeft > 0} onClick={() => submit(false)}>
                      {btnText(style.submitBtnText, '提交答卷', t('an.submit'))}
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
      <Dialog
        open={confirmOpen}
        title={t('an.confirm.title')}
        testId="answer-confirm"
        width={mobile ? '90%' : '50%'}
        okText={t('an.confirm.ok')}
        cancelText={t('an.cancel')}
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
      >
        <div className="dwa-form">
          <label>
            {t('an.confirm.name')}
            <input className="dwa-input" value={confirmForm.name} onChange={(e) => setConfirmForm({ ...confirmForm, name: e.target.value })} />
          </label>
          {confirmForm.name && !NAME_RE.test(confirmForm.name) && <div className="dwa-error">{t('an.confirm.nameRule')}</div>}
          <label>
            {t('an.confirm.phone')}
            <input className="dwa-input" inputMode="tel" value={confirmForm.phone} onChange={(e) => setConfirmForm({ ...confirmForm, phone: e.target.value })} />
          </label>
          {confirmForm.phone && !PHONE_RE.test(confirmForm.phone) && <div className="dwa-error">{t('an.confirm.phoneRule')}</div>}
          {confirmErr && <div className="dwa-error">{confirmErr}</div>}
        </div>
      </Dialog>
      <Dialog
        open={terminated && phase === 'answer'}
        title={t('an.terminate.title')}
        testId="answer-terminate"
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <button type="button" className="dwa-btn dwa-primary" disabled={saving} onClick={() => {
            setTerminated(false);
            submit(true);
          }}>
            {t('an.terminate.submit')}
          </button>
        }
      >
        {t('an.terminate.text')}
      </Dialog>
      <Dialog open={tabWarn && !saving} title={t('an.tab.title')} testId="answer-tab-warn" closable={false} maskClosable={false} footer={<button type="button" className="dwa-btn dwa-primary" onClick={() => setTabWarn(false)}>{t('an.tab.ok')}</button>}>
        <p>{t('an.tab.text')}</p>
        <p className="dwa-red">{t('an.tab.count', { count: events.current.switchCount, seconds: events.current.hideTotalTime })}</p>
      </Dialog>
      <Dialog open={cardOpen} title={t('an.card.title')} testId="answer-card" footer={null} onCancel={() => setCardOpen(false)} width={mobile ? '90%' : 560}>
        <div className="dwa-card-filters" role="group">
          {(['all', 'answered', 'unanswered', 'flagged'] as const).map((k) => (
            <button type="button" key={k} className={`dwa-btn ${cardFilter === k ? 'dwa-primary' : ''}`} aria-pressed={cardFilter === k} onClick={() => setCardFilter(k === 'flagged' && cardFilter === 'flagged' ? 'all' : k)}>
              {t(`an.card.${k}`)}
            </button>
          ))}
        </div>
        <div className="dwa-card-grid">
          {cardItems
            .filter((q) => {
              const id = q.dwId ?? '';
              const done = hasAnswer(answers[id]);
              if (cardFilter === 'answered') return done;
              if (cardFilter === 'unanswered') return !done;
              if (cardFilter === 'flagged') return !!flags[id];
              return true;
            })
            .map((q) => {
              const id = q.dwId ?? '';
              const done = hasAnswer(answers[id]);
              return (
                <button
                  type="button"
                  key={id}
                  className={`dwa-card-item ${done ? 'dwa-card-done' : ''} ${flags[id] ? 'dwa-card-flag' : ''}`}
                  title={quTitle(q).replace(/<[^>]*>/g, '')}
                  onClick={() => {
                    setCardOpen(false);
                    const pg = engine?.ix.page[byId.get(id)?.i ?? 0] ?? curPage;
                    if (pg !== curPage) goPage(pg, pg > curPage ? 'next' : 'prev');
                    setTimeout(() => scrollTo(id), 80);
                  }}
                >
                  {numberOf(q)}
                </button>
              );
            })}
        </div>
      </Dialog>
      <Dialog
        open={!!draftOffer}
        title={t('an.draft.title')}
        testId="answer-draft"
        closable={false}
        maskClosable={false}
        footer={
          <div className="dwa-row-actions">
            <button type="button" className="dwa-btn" onClick={() => {
              if (meta.surveyId) clearDrafts(meta.surveyId);
              setDraftOffer(null);
            }}>
              {routeAnswerId ? t('an.draft.original') : t('an.draft.discard')}
            </button>
            <button type="button" className="dwa-btn dwa-primary" onClick={() => draftOffer && restoreDraft(draftOffer)}>
              {t('an.draft.restore')}
            </button>
          </div>
        }
      >
        {draftOffer && t('an.draft.text', { time: nowStr(new Date(draftOffer.time)) })}
      </Dialog>
    </div>
  );
}
