// The answer page's states other than answering: loading, a message instead of the survey
// (closed, refused, needs login…), the result after submit; and the footer they share.
import React, { lazy, Suspense } from 'react';
import type { AnswerCheckResult } from '../../../services/answer';
import { safeHtml, type Tr } from '../util';
import { Spinner } from '../ui';

// shown after submit only when the survey asks for it: its own chunk
const VerifyCodeResult = lazy(() => import('../VerifyCodeResult'));

export type FooterInfo = { siteName?: string; icp?: string; sitePhone?: string; siteMail?: string };

export function Footer({ footer }: { footer: FooterInfo }) {
  return (
    <footer className="dwa-footer">
      {footer.siteName && <div>{footer.siteName}</div>}
      {(footer.icp || footer.sitePhone || footer.siteMail) && <div className="dwa-hint">{[footer.icp, footer.sitePhone, footer.siteMail].filter(Boolean).join(' · ')}</div>}
    </footer>
  );
}

export function LoadingState({ t }: { t: Tr }) {
  return (
    <div className="dwa-center" aria-busy="true">
      <Spinner />
      <div className="dwa-hint">{t('an.loading')}</div>
    </div>
  );
}

/** The check result instead of the survey: its message and, by code, login, WeChat or answer again. */
export function MessageState(p: { mobile?: boolean; toasts: React.ReactNode; footer: FooterInfo; check: AnswerCheckResult; loadErr: string; sid: string; t: Tr; onReload: () => void }) {
  const { t, check, loadErr } = p;
  const code = check.anCheckResultCode ?? 0;
  return (
    <main className={`dwa-page ${p.mobile ? 'dwa-mobile' : ''}`}>
      {p.toasts}
      <div className="dwa-panel dwa-message" data-code={code}>
        <h1 className={code >= 400 || loadErr ? 'dwa-message-text dwa-red' : 'dwa-message-text'}>{check.anCheckResultMsg || loadErr || t('an.msg.failed')}</h1>
        {code === 413 && (
          <a className="dwa-btn dwa-primary" href={`/login/an/${p.sid}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`}>
            {t('an.msg.login')}
          </a>
        )}
        {code === 430 && (
          <div className="dwa-qr">
            {/* the answer address as a QR code: scanned in WeChat, the survey opens there */}
            <img className="dwa-qr-box" data-testid="wechat-qr" src={`/api/dwsurvey/anon/survey/qrcode.do?sid=${encodeURIComponent(p.sid)}`} alt={t('an.msg.wechat')} width={160} height={160} />
            <div aria-hidden="true">{t('an.msg.wechat')}</div>
          </div>
        )}
        {code === 410 && (
          <button type="button" className="dwa-btn dwa-primary" onClick={p.onReload}>
            {t('an.msg.reanswer')}
          </button>
        )}
      </div>
      <Footer footer={p.footer} />
    </main>
  );
}

export type DoneTarget = { href: string; delay: number; label: string };

/** After submit: the success text (sanitised rich text), score, verification code and where next. */
export function DoneState(p: {
  mobile?: boolean;
  toasts: React.ReactNode;
  footer: FooterInfo;
  successText: string;
  sumScore?: number | string | null;
  /** the total is provisional: hand-graded questions wait for a grader */
  scorePending?: boolean;
  verifyAnswerId?: string;
  resumeToken?: string;
  target: DoneTarget | null;
  /** further pages of this answer (e.g. its lottery when another page comes first) */
  more?: DoneTarget[];
  t: Tr;
}) {
  const { t } = p;
  return (
    <main className={`dwa-page ${p.mobile ? 'dwa-mobile' : ''}`}>
      {p.toasts}
      <div className="dwa-panel dwa-result" data-testid="answer-done">
        <div className="dwa-result-icon" aria-hidden="true">✓</div>
        <h1 className="dwa-result-text">{p.successText ? <span dangerouslySetInnerHTML={{ __html: safeHtml(p.successText) }} /> : t('an.submit.success')}</h1>
        {p.sumScore !== undefined && p.sumScore !== null && (
          <div className="dwa-score-total" data-testid="done-score" data-pending={p.scorePending ? 1 : 0}>
            {t(p.scorePending ? 'an.submit.sumScorePending' : 'an.submit.sumScore', { n: p.sumScore })}
          </div>
        )}
        {p.verifyAnswerId && (
          <Suspense fallback={null}>
            <VerifyCodeResult answerId={p.verifyAnswerId} resumeToken={p.resumeToken} t={t} />
          </Suspense>
        )}
        {p.target && (
          <a className="dwa-btn dwa-primary" href={p.target.href}>
            {p.target.label}
          </a>
        )}
        {p.more?.map((m) => (
          <a key={m.href} className="dwa-btn" href={m.href}>
            {m.label}
          </a>
        ))}
      </div>
      <Footer footer={p.footer} />
    </main>
  );
}
