// d/print/:dwSurveyId?answerId=: print view of one answer (question titles and the answers as
// text). Print CSS shows only the sheet, whatever layout surrounds it.
import { PrinterOutlined } from '@ant-design/icons';
import { history, useIntl, useLocation, useParams } from '@umijs/max';
import { Button, Result, Space, Spin } from 'antd';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { answerDoc, answerInfo, type AnswerInfo } from '../../services/resultsData';
import type { Survey } from '../../survey';
import { errorText } from '../../utils/errors';
import { anQuestionsOf, fmtDuration, printItems, region, rowState, stripHtml } from './DataLogic';
import { resultPath } from './Shell';

const CSS = `
.rd-print-sheet { background: #fff; max-width: 820px; margin: 0 auto; padding: 32px 40px; color: #111; font-size: 14px; line-height: 1.6; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
.rd-print-sheet h1 { font-size: 22px; text-align: center; margin: 0 0 8px; }
.rd-print-meta { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 2px 16px; color: #444; font-size: 13px; border-bottom: 1px solid #ddd; padding-bottom: 12px; margin-bottom: 12px; }
.rd-print-q { padding: 8px 0; border-bottom: 1px dashed #e5e5e5; break-inside: avoid; page-break-inside: avoid; }
.rd-print-q-title { font-weight: 600; }
.rd-print-q-answer { margin: 4px 0 0 1.5em; white-space: pre-wrap; word-break: break-word; }
.rd-print-none { color: #595959; }
@media (max-width: 600px) { .rd-print-sheet { padding: 16px 12px; } }
@media print {
  @page { margin: 14mm; }
  body * { visibility: hidden !important; }
  .rd-print-sheet, .rd-print-sheet * { visibility: visible !important; }
  .rd-print-sheet { position: absolute; left: 0; top: 0; width: 100%; max-width: none; box-shadow: none; padding: 0; }
  .rd-print-toolbar { display: none !important; }
}
`;

const PrintPage: React.FC = () => {
  const intl = useIntl();
  const f = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const { dwSurveyId = '' } = useParams();
  const loc = useLocation();
  const answerId = useMemo(() => new URLSearchParams(loc.search).get('answerId') ?? '', [loc.search]);
  const [info, setInfo] = useState<AnswerInfo | null>(null);
  const [doc, setDoc] = useState<Survey | null>(null);
  const [err, setErr] = useState('');
  const [n, setN] = useState(0);

  useEffect(() => {
    if (!answerId) return;
    let live = true;
    setErr('');
    Promise.all([answerInfo(answerId), answerDoc(answerId)])
      .then(([r, d]) => {
        if (live) (setInfo(r.data), setDoc(d));
      })
      .catch((e) => live && setErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [answerId, n]);

  useEffect(() => {
    if (doc) document.title = `${stripHtml(doc.surveyNameObj?.dwHtml || doc.surveyName)} - ${f('rd.print.title')}`;
  }, [doc, f]);

  const back = () => history.push(resultPath('data', dwSurveyId));
  let body: React.ReactNode;
  if (!answerId) body = <Result status="warning" title={f('rd.print.noAnswer')} extra={<Button onClick={back}>{f('rd.print.back')}</Button>} data-testid="print-error" />;
  else if (err)
    body = (
      <Result
        status="error"
        title={f('rd.detail.loadFailed')}
        subTitle={err}
        extra={
          <Space>
            <Button onClick={() => setN((x) => x + 1)}>{f('rd.retry')}</Button>
            <Button onClick={back}>{f('rd.print.back')}</Button>
          </Space>
        }
        data-testid="print-error"
      />
    );
  else if (!info || !doc) body = <Spin style={{ display: 'block', margin: '64px auto' }} data-testid="print-loading" />;
  else {
    const items = printItems(doc, anQuestionsOf(info.answerJson));
    const st = rowState(info);
    body = (
      <>
        <div className="rd-print-toolbar" style={{ maxWidth: 820, margin: '0 auto 12px', display: 'flex', gap: 8, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={back} data-testid="print-back">
            {f('rd.print.back')}
          </Button>
          <Button onClick={() => history.push(`${resultPath('DwPrintMbData', dwSurveyId)}?answerId=${encodeURIComponent(answerId)}`)} data-testid="print-templates">
            {f('pt.printWith')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-button">
            {f('rd.print.print')}
          </Button>
        </div>
        <article className="rd-print-sheet" data-testid="print-view">
          <h1>{stripHtml(doc.surveyNameObj?.dwHtml || doc.surveyNameObj?.dwText || doc.surveyName)}</h1>
          <div className="rd-print-meta">
            <span>
              {f('rd.col.time')}: {info.endAnDate || '-'}
            </span>
            <span>
              {f('rd.col.duration')}: {fmtDuration(info.totalTime)}
            </span>
            <span>
              {f('rd.col.ip')}: {info.ip || '-'}
            </span>
            <span>
              {f('rd.col.region')}: {region(info) || f('rd.unknown')}
            </span>
            <span>
              {f('rd.col.score')}: {info.sumScore ?? 0}
            </span>
            <span>
              {f('rd.col.state')}: {f(`rd.state.${st}`)}
            </span>
            <span style={{ gridColumn: '1 / -1' }}>
              {f('rd.col.answerId')}: {info.answerId}
            </span>
          </div>
          {items.map((it) => (
            <section key={it.dwId} className="rd-print-q" data-testid="print-question">
              <div className="rd-print-q-title">
                {it.num ? `${it.num}. ` : ''}
                {it.title}
              </div>
              <div className="rd-print-q-answer" data-testid="print-answer">
                {it.lines.length ? it.lines.join('\n') : <span className="rd-print-none">{f('rd.print.noAnswerGiven')}</span>}
              </div>
            </section>
          ))}
        </article>
      </>
    );
  }
  return (
    <div style={{ padding: '16px 8px', background: '#f4f6f9', minHeight: '100%' }}>
      <style>{CSS}</style>
      {body}
    </div>
  );
};

export default PrintPage;
