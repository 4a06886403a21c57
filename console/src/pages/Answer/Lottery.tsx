// /v8/diaowen/lottery/:lotteryId/:dwSurveyId?answerId= — the lottery page the answer page opens 2 s
// after a submit (docs/lottery.md). Instant: the respondent draws once (a return shows the same
// draw and code). Scheduled: the answer takes part; once drawn, the result and the public draw
// record with a re-run in this browser. The answer is proven by its resume token (kept by the
// answer page) or by the logged-in respondent.
import { GiftOutlined } from '@ant-design/icons';
import { useParams } from '@umijs/max';
import { Col, Row, Spin } from 'antd';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { useT } from '../../components/answer/util';
import { getResumeToken } from '../../services/answer';
import type { DrawRecord, DrawResult, Lottery } from '../../services/lottery';
import { drawLottery, drawRecord, myDraw, publicLottery } from '../../services/lotteryAnswer';
import { entrantId } from '../../utils/fairDraw';
import { getToken } from '../../utils/storage';
import { safeNavigationUrl } from '../../utils/safeUrl';
import DrawProof from '../Lottery/DrawProof';
import '../../components/answer/answer.css';
import './lottery.css';

export default function LotteryPage() {
  const t = useT();
  const p = useParams();
  const lotteryId = p.lotteryId ?? '';
  const surveyId = p.dwSurveyId ?? '';
  const answerId = useMemo(() => new URLSearchParams(window.location.search).get('answerId') ?? '', []);
  const token = useMemo(() => (answerId ? getResumeToken(answerId) : null), [answerId]);
  const [lot, setLot] = useState<Lottery | null>(null);
  const [draw, setDraw] = useState<DrawResult | null>(null);
  const [record, setRecord] = useState<DrawRecord | null>(null);
  const [mine, setMine] = useState('');
  const [err, setErr] = useState('');
  const [drawErr, setDrawErr] = useState('');
  const [drawing, setDrawing] = useState(false);
  const [ready, setReady] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await publicLottery(lotteryId, surveyId);
      if (r.resultCode !== 200 || !r.data) {
        setErr(r.resultCode === 404 ? t('lo.an.notFound') : r.resultMsg || t('lo.an.notFound'));
        return;
      }
      setLot(r.data);
      if (answerId) {
        const d = await myDraw({ lotteryId, surveyId, answerId, resumeToken: token });
        if (d.resultCode === 200) setDraw(d.data ?? null);
        else setDrawErr(d.resultMsg || t('lo.an.noAnswer'));
        if (r.data.perKind === 'answer') setMine(await entrantId(`answer:${answerId}`));
      }
      if (r.data.mode === 'scheduled' && r.data.state === 'drawn') {
        const rec = await drawRecord(lotteryId, surveyId);
        if (rec.resultCode === 200) setRecord(rec.data);
      }
    } catch {
      setErr(t('an.error.network'));
    } finally {
      setReady(true);
    }
  }, [lotteryId, surveyId, answerId, token, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const doDraw = async () => {
    setDrawing(true);
    setDrawErr('');
    const started = Date.now();
    try {
      const r = await drawLottery({ lotteryId, surveyId, answerId, resumeToken: token });
      // the wheel turns at least a moment (reduced-motion users see no animation)
      const wait = 1200 - (Date.now() - started);
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      if (r.resultCode === 200 && r.data) {
        setDraw(r.data);
        // the stock left after this draw
        const fresh = await publicLottery(lotteryId, surveyId).catch(() => null);
        if (fresh?.resultCode === 200 && fresh.data) setLot(fresh.data);
      } else setDrawErr(r.resultMsg || t('lo.an.failed'));
    } catch {
      setDrawErr(t('an.error.network'));
    } finally {
      setDrawing(false);
    }
  };

  if (err)
    return (
      <div className="dwa-page">
        <div className="dwa-panel dwa-message">
          <div className="dwa-message-text dwa-red" role="alert" data-testid="lo-an-error">
            {err}
          </div>
        </div>
      </div>
    );
  if (!lot || !ready)
    return (
      <div className="dwa-center">
        <Spin size="large" aria-label={t('app.loading')} />
      </div>
    );
  const img = (u: string) => safeNavigationUrl(u);
  const prizeNames = Object.fromEntries(lot.prizes.map((x) => [x.id, x.name]));
  return (
    <main className="dwa-page">
      <Row justify="center">
        <Col xs={24} sm={22} md={18} lg={14} xl={12}>
          <div className="dwa-panel lo-panel" data-testid="lo-an">
            <h1 className="dwa-title">{lot.name}</h1>
            {lot.note && <p className="dwa-note" style={{ textAlign: 'center' }}>{lot.note}</p>}
            <p className="lo-rules">
              {lot.mode === 'instant' ? t('lo.an.instantRule') : t('lo.an.scheduledRule', { t: lot.drawAt })} {t(`lo.an.per.${lot.perKind}`)}
            </p>
            <ul className="lo-prizes" aria-label={t('lo.prizes')}>
              {lot.prizes.map((x) => (
                <li key={x.id} className={draw?.prize?.id === x.id ? 'lo-prize lo-prize-won' : 'lo-prize'} data-testid="lo-an-prize">
                  {img(x.image) ? <img src={img(x.image)} alt="" /> : <GiftOutlined className="lo-gift" aria-hidden="true" />}
                  <span className="lo-prize-name">{x.name}</span>
                  <span className="lo-prize-meta">
                    {lot.mode === 'instant' ? t('lo.an.left', { stock: x.stock, total: x.total }) : t('lo.an.count', { total: x.total })}
                  </span>
                </li>
              ))}
            </ul>

            <div className="lo-result" aria-live="polite" data-testid="lo-an-result" data-state={draw ? (draw.pending ? 'pending' : draw.won ? 'won' : 'lost') : 'none'}>
              {!answerId && <p>{t('lo.an.noAnswer')}</p>}
              {answerId && drawErr && !draw && (
                <p className="dwa-red" role="alert" data-testid="lo-an-draw-error">
                  {drawErr}
                </p>
              )}
              {answerId && !draw && !drawErr && lot.mode === 'instant' && (
                <>
                  <div className={drawing ? 'lo-wheel lo-spinning' : 'lo-wheel'} aria-hidden="true" />
                  <button type="button" className="dwa-btn dwa-primary lo-draw" onClick={doDraw} disabled={drawing} data-testid="lo-an-draw">
                    {drawing ? t('lo.an.drawing') : t('lo.an.draw')}
                  </button>
                </>
              )}
              {answerId && !draw && !drawErr && lot.mode === 'scheduled' && lot.state === 'drawn' && <p>{t('lo.an.notEntrant')}</p>}
              {draw?.pending && <p data-testid="lo-an-pending">{t('lo.an.pending', { t: lot.drawAt })}</p>}
              {draw && !draw.pending && draw.won && (
                <div className="lo-won">
                  <p className="lo-won-title">{t('lo.an.won', { prize: draw.prize?.name ?? '' })}</p>
                  <p>{t('lo.an.code')}</p>
                  <p className="lo-code" data-testid="lo-an-code">
                    {draw.code}
                  </p>
                  <p className="dwa-note">{t(draw.delivered ? 'lo.an.delivered' : 'lo.an.keepCode')}</p>
                  {getToken() && (
                    <a className="dwa-btn" href="/v8/dw/user/award">
                      {t('lo.an.awards')}
                    </a>
                  )}
                </div>
              )}
              {draw && !draw.pending && !draw.won && <p data-testid="lo-an-lost">{t('lo.an.lost')}</p>}
              {draw?.again && <p className="dwa-note">{t('lo.an.again', { t: draw.drawTime })}</p>}
            </div>

            {record && (
              <section aria-labelledby="lo-proof-h" style={{ marginTop: 24, textAlign: 'left' }}>
                <h2 id="lo-proof-h" className="lo-h2">
                  {t('lo.proof.public')}
                </h2>
                <DrawProof f={t as any} record={record} prizeNames={prizeNames} mine={mine} />
              </section>
            )}
            {lot.mode === 'scheduled' && lot.state !== 'drawn' && (
              <p className="dwa-note">{t('lo.an.fairNote')}</p>
            )}
          </div>
        </Col>
      </Row>
    </main>
  );
}
