// The verification code on the result page (surveyAttrs.verifyCodeAttr): the server's code of
// the answer as a CODE128 barcode (SVG drawn here) or a QR image (PNG from the server), the code
// as text, its expiry and a print button.
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { verifyCode, verifyCodeQrUrl, type VerifyCodeInfo } from '../../services/answer';
import { code128Bars } from './barcode';
import { Spinner } from './ui';
import type { Tr } from './util';

function Barcode({ code, label }: { code: string; label: string }) {
  const b = useMemo(() => {
    try {
      return code128Bars(code, 2, 70);
    } catch {
      return null;
    }
  }, [code]);
  if (!b) return null;
  return (
    <svg
      className="dwa-vc-barcode"
      data-testid="verify-barcode"
      data-code={code}
      role="img"
      aria-label={label}
      width={b.width}
      height={b.height}
      viewBox={`0 0 ${b.width} ${b.height}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x={0} y={0} width={b.width} height={b.height} fill="#fff" />
      {b.bars.map((r) => (
        <rect key={r.x} x={r.x} y={0} width={r.w} height={b.height} fill="#000" />
      ))}
    </svg>
  );
}

export default function VerifyCodeResult({ answerId, resumeToken, t }: { answerId: string; resumeToken?: string | null; t: Tr }) {
  const [info, setInfo] = useState<VerifyCodeInfo | null>(null);
  const [state, setState] = useState<'loading' | 'none' | 'error' | 'ok'>('loading');
  const [imgErr, setImgErr] = useState(false);
  const load = useCallback(() => {
    setState('loading');
    verifyCode(answerId, resumeToken)
      .then((r) => {
        if (r.resultCode === 200 && r.data?.code) {
          setInfo(r.data);
          setState('ok');
        } else setState(r.resultCode === 404 ? 'none' : 'error');
      })
      .catch(() => setState('error'));
  }, [answerId, resumeToken]);
  useEffect(load, [load]);

  if (state === 'none') return null;
  if (state === 'loading')
    return (
      <div className="dwa-vc" data-testid="verify-loading">
        <Spinner size="small" label={t('an.vc.loading')} /> {t('an.vc.loading')}
      </div>
    );
  if (state === 'error' || !info)
    return (
      <div className="dwa-vc dwa-vc-error" data-testid="verify-error" role="alert">
        {t('an.vc.failed')}{' '}
        <button type="button" className="dwa-btn" data-testid="verify-retry" onClick={load}>
          {t('an.submit.retry')}
        </button>
      </div>
    );
  return (
    <section className="dwa-vc" data-testid="verify-code" aria-label={t('an.vc.title')}>
      <div className="dwa-vc-title">{t('an.vc.title')}</div>
      {info.expired ? (
        <div className="dwa-vc-expired" data-testid="verify-expired">{t('an.vc.expired')}</div>
      ) : info.imgType === 'qr' ? (
        imgErr ? (
          <div className="dwa-vc-error" role="alert">{t('an.vc.qrFailed')}</div>
        ) : (
          <img className="dwa-vc-qr" data-testid="verify-qr" src={verifyCodeQrUrl(info.answerId, resumeToken)} alt={t('an.vc.qrAlt', { code: info.code })} width={180} height={180} referrerPolicy="no-referrer" onError={() => setImgErr(true)} />
        )
      ) : (
        <Barcode code={info.code} label={t('an.vc.barcodeAlt', { code: info.code })} />
      )}
      <div className="dwa-vc-code" data-testid="verify-code-text">{info.code}</div>
      <div className="dwa-vc-expire" data-testid="verify-expire">{t('an.vc.expire', { t: info.expireDate })}</div>
      <button type="button" className="dwa-btn dwa-vc-print" data-testid="verify-print" onClick={() => window.print()}>
        {t('an.vc.print')}
      </button>
    </section>
  );
}
