// Preview of the DRAFT rendered with the survey engine (visibility, paging, validation); cannot submit.
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useIntl, useParams } from '@umijs/max';
import { Alert, Button, Checkbox, Input, InputNumber, Modal, Radio, Result, Segmented, Select, Slider, Spin, Space } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import '../../components/design/design.css';
import { isGroupType, isMatrixType, optionKey, optText, plain, quTitleText } from '../../components/design/model';
import { designJson, errMsg } from '../../services/authoring';
import { applyDefaults, Engine, loadSurvey, ownBtnText, type AnQuestion, type Question, type Survey } from '../../survey';
import { prepareSurvey } from '../../survey/optional';
import { DocPiper } from '../../survey/pipe';

type Ans = Record<string, AnQuestion>;

const QView: React.FC<{ q: Question; a?: AnQuestion; set: (a: AnQuestion | undefined) => void; L: (k: string) => string }> = ({ q, a, set, L }) => {
  const base = { quDwId: q.dwId!, quType: q.quType };
  const k = optionKey(q.quType);
  const list: any[] = k ? ((q as any)[k] ?? []) : [];
  if (k === 'quRadios')
    return (
      <Radio.Group value={a?.anRadio?.optionDwId} onChange={(e) => set({ ...base, anRadio: { optionDwId: e.target.value } })}>
        <Space direction="vertical">
          {list.map((o) => (
            <Radio key={o.dwId} value={o.dwId}>
              {optText(o)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    );
  if (k === 'quCheckboxs')
    return (
      <Checkbox.Group
        value={(a?.anCheckboxs ?? []).map((x) => x.optionDwId)}
        onChange={(v) => set(v.length ? { ...base, anCheckboxs: (v as string[]).map((x) => ({ optionDwId: x })) } : undefined)}
      >
        <Space direction="vertical">
          {list.map((o) => (
            <Checkbox key={o.dwId} value={o.dwId}>
              {optText(o)}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  if (k === 'quScores')
    return (
      <div>
        {list.map((o) => (
          <div key={o.dwId}>
            {optText(o)}{' '}
            <InputNumber
              size="small"
              aria-label={optText(o)}
              min={1}
              max={q.paramInt02 || 5}
              value={a?.anScores?.find((x) => x.optionDwId === o.dwId)?.answerScore ?? null}
              onChange={(v) => {
                const rest = (a?.anScores ?? []).filter((x) => x.optionDwId !== o.dwId);
                set({ ...base, anScores: v === null ? rest : [...rest, { optionDwId: o.dwId, answerScore: Number(v) }] });
              }}
            />
          </div>
        ))}
      </div>
    );
  if (k === 'quOrderbys')
    return (
      <div>
        {list.map((o) => (
          <div key={o.dwId}>
            <InputNumber
              size="small"
              aria-label={optText(o)}
              min={1}
              max={list.length}
              value={a?.anOrders?.find((x) => x.optionDwId === o.dwId)?.orderNum ?? null}
              onChange={(v) => {
                const rest = (a?.anOrders ?? []).filter((x) => x.optionDwId !== o.dwId);
                set({ ...base, anOrders: v === null ? rest : [...rest, { optionDwId: o.dwId, orderNum: Number(v) }] });
              }}
            />{' '}
            {optText(o)}
          </div>
        ))}
      </div>
    );
  if (k === 'quMultiFillblanks')
    return (
      <div>
        {list.map((o) => (
          <div key={o.dwId} style={{ marginBottom: 4 }}>
            {optText(o)}{' '}
            <Input
              size="small"
              aria-label={optText(o)}
              style={{ width: 200 }}
              value={a?.anMFbks?.find((x) => x.optionDwId === o.dwId)?.answer ?? ''}
              onChange={(e) => {
                const rest = (a?.anMFbks ?? []).filter((x) => x.optionDwId !== o.dwId);
                set({ ...base, anMFbks: e.target.value ? [...rest, { optionDwId: o.dwId, answer: e.target.value }] : rest });
              }}
            />
          </div>
        ))}
      </div>
    );
  if (isGroupType(q.quType))
    return (
      <div>
        {(q.quRows ?? []).map((g) => (
          <div key={g.dwId}>
            <b>{optText(g)}</b>
            <Checkbox.Group
              value={(a?.anCheckboxs ?? []).map((x) => x.optionDwId)}
              onChange={(v) => {
                const mine = new Set((g.groupOptions ?? []).map((o) => o.dwId));
                const rest = (a?.anCheckboxs ?? []).filter((x) => !mine.has(x.optionDwId));
                set({ ...base, anCheckboxs: [...rest, ...(v as string[]).filter((x) => mine.has(x)).map((x) => ({ optionDwId: x }))] });
              }}
              options={(g.groupOptions ?? []).map((o) => ({ value: o.dwId!, label: optText(o) }))}
            />
          </div>
        ))}
      </div>
    );
  if (isMatrixType(q.quType)) {
    const cols = q.quCols ?? [];
    return (
      <div style={{ overflowX: 'auto' }}>
        <table className="dw-matrix">
          <thead>
            <tr>
              <th />
              {cols.map((c) => (
                <th key={c.dwId}>{optText(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(q.quRows ?? []).map((r) => (
              <tr key={r.dwId}>
                <td>{optText(r)}</td>
                {cols.map((c) => (
                  <td key={c.dwId} style={{ textAlign: 'center' }}>
                    {q.quType === 'MATRIX_RADIO' ? (
                      <Radio
                        checked={!!a?.anMatrixRadios?.find((x) => x.rowDwId === r.dwId && x.colDwId === c.dwId)}
                        onChange={() => set({ ...base, anMatrixRadios: [...(a?.anMatrixRadios ?? []).filter((x) => x.rowDwId !== r.dwId), { rowDwId: r.dwId!, colDwId: c.dwId! }] })}
                      />
                    ) : (
                      <span style={{ color: '#767676' }}>▭</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const fbk = (v: string) => set(v ? { ...base, anFbk: { answer: v } } : undefined);
  switch (q.quType) {
    case 'FILLBLANK':
    case 'ENUMQU':
    case 'COLOR_PICKER':
      return <Input aria-label={quTitleText(q)} value={a?.anFbk?.answer ?? ''} placeholder={q.quAttr?.inputAttr?.commonAttr?.placeholder} onChange={(e) => fbk(e.target.value)} />;
    case 'ANSWER':
    case 'BIGQU':
      return <Input.TextArea aria-label={quTitleText(q)} rows={3} value={a?.anFbk?.answer ?? ''} onChange={(e) => fbk(e.target.value)} />;
    case 'SCALE_NPS': {
      const lo = q.quAttr?.scaleAttr?.min ?? 0;
      const hi = q.quAttr?.scaleAttr?.max ?? 10;
      return (
        <Segmented
          value={a?.anScale?.answerScore as any}
          onChange={(v) => set({ ...base, anScale: { answerScore: Number(v) } })}
          options={Array.from({ length: Math.max(0, Math.min(hi - lo, 20)) + 1 }, (_, i) => lo + i)}
        />
      );
    }
    case 'SCALE_SLIDER':
      return <Slider ariaLabelForHandle={quTitleText(q)} min={q.quAttr?.sliderAttr?.min ?? 0} max={q.quAttr?.sliderAttr?.max ?? 100} step={q.quAttr?.sliderAttr?.step || 1} value={a?.anScale?.answerScore} onChange={(v) => set({ ...base, anScale: { answerScore: v } })} />;
    case 'CASCADE':
      return <Select aria-label={quTitleText(q)} style={{ width: 200 }} disabled placeholder={L('au.d.cascade')} />;
    case 'PARAGRAPH':
      return null;
    case 'DW_COMPONENT':
      return q.childType === 'divider' ? <hr /> : <div style={{ color: '#595959' }}>{L(`dw.quType.DW_COMPONENT.${q.childType}`)}</div>;
  }
  return <div style={{ color: '#595959', border: '1px dashed #ddd', padding: 8 }}>{L(`dw.quType.${q.quType}`)}</div>;
};

const Preview: React.FC = () => {
  const intl = useIntl();
  const L = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { dwSurveyId = '' } = useParams();
  const [doc, setDoc] = useState<Survey>();
  const [err, setErr] = useState<string>();
  const [mode, setMode] = useState<string>(() => (window.innerWidth < 600 ? 'mobile' : 'desktop'));
  const [page, setPage] = useState(1);
  const [ans, setAns] = useState<Ans>({});
  const [showErr, setShowErr] = useState(false);

  useEffect(() => {
    designJson(dwSurveyId)
      .then(async (r) => {
        await prepareSurvey(r.data.surveyJsonText); // functions and regex patterns when used
        const s = loadSurvey(JSON.parse(r.data.surveyJsonText));
        applyDefaults(s);
        setDoc(s);
      })
      .catch((e) => setErr(errMsg(e)));
  }, [dwSurveyId]);

  const engine = useMemo(() => (doc ? new Engine(doc) : undefined), [doc]);
  const answers = Object.values(ans);
  const res = useMemo(() => engine?.evaluate({ answers, page }), [engine, ans, page]); // eslint-disable-line react-hooks/exhaustive-deps
  // texts quoting answers ({Q1}) as the respondent will see them
  const docPiper = useMemo(() => (doc ? new DocPiper(doc) : null), [doc]);
  const pipedQs = useMemo(() => (docPiper && res ? docPiper.render(res.answers) : null), [docPiper, res]);
  const pipedView = useMemo(() => (docPiper && res ? docPiper.piper.with(res.answers) : null), [docPiper, res]);
  if (err) return <Result status="warning" title={err} />;
  if (!doc || !res) return <Spin style={{ display: 'block', margin: 80 }} />;
  const byId = new Map(doc.questions.map((q) => [q.dwId, q]));
  const vis = new Set(res.visibleQuestions);
  const errs = showErr ? res.errors : [];
  const st = doc.surveyStyle ?? {};
  let num = 0;
  const numOf = new Map<string, number>();
  doc.questions.forEach((q) => {
    if (q.quType !== 'PAGETAG' && q.quType !== 'PARAGRAPH' && vis.has(q.dwId!)) numOf.set(q.dwId!, ++num);
  });

  const next = (dir: number) => {
    if (dir > 0 && res.errors.length) {
      setShowErr(true);
      return;
    }
    setShowErr(false);
    setPage((p) => Math.max(1, Math.min(res.pageCount, p + dir)));
  };
  const submit = () => {
    const all = engine!.evaluate({ answers, page: 0 });
    if (all.errors.length) {
      setShowErr(true);
      return;
    }
    Modal.warning({ title: L('au.pv.notPermitted'), content: L('au.pv.notPermittedDesc') });
  };

  return (
    <main style={{ minHeight: '100vh', background: st.pageBgColor || '#f0f2f5', padding: mode === 'mobile' ? 8 : 24 }} data-testid="preview">
      <div style={{ textAlign: 'center', marginBottom: 12 }}>
        <Segmented
          data-testid="preview-mode"
          value={mode}
          onChange={(v) => setMode(String(v))}
          options={[
            { value: 'desktop', label: L('au.pv.desktop'), icon: <DesktopOutlined /> },
            { value: 'mobile', label: L('au.pv.mobile'), icon: <MobileOutlined /> },
          ]}
        />
      </div>
      <Alert type="warning" showIcon message={L('au.pv.banner')} style={{ maxWidth: mode === 'mobile' ? 375 : 800, margin: '0 auto 12px' }} />
      <div className="dw-pv-frame" data-testid="preview-frame" style={{ width: mode === 'mobile' ? 375 : 800, maxWidth: '100%' }}>
        {st.pageTopImg?.enabled && st.pageTopImg.src && <img src={st.pageTopImg.src} alt="" style={{ width: '100%' }} />}
        {st.showSurveyTitle !== false && <h1 style={{ textAlign: 'center', color: st.themeColor, fontSize: '1.5em' }}>{doc.surveyNameObj?.dwText ?? plain(doc.surveyName)}</h1>}
        {st.showSurveyNote !== false && doc.surveyDetail?.surveyNoteText && <p style={{ color: '#595959' }}>{doc.surveyDetail.surveyNoteText}</p>}
        {st.showProgressbar && (
          <div style={{ height: 4, background: '#eee', marginBottom: 12 }} data-testid="preview-progress">
            <div style={{ height: 4, width: `${res.progress?.percentage ?? Math.round((page / Math.max(1, res.pageCount)) * 100)}%`, background: st.progressColor }} />
          </div>
        )}
        {res.pageQuestions.map((id) => {
          const q0 = byId.get(id);
          if (!q0 || q0.quType === 'PAGETAG' || !vis.has(id)) return null;
          const q = pipedQs?.get(id) ?? q0;
          const qe = errs.filter((e) => e.quDwId === id);
          return (
            <div key={id} className="dw-pv-q" data-testid="preview-q" data-qutype={q.quType} role="group" aria-labelledby={`pv-t-${id}`}>
              <div id={`pv-t-${id}`} style={{ fontWeight: 500, marginBottom: 6 }}>
                {(q.quAttr?.isRequired || q.isRequired) && q.quType !== 'PARAGRAPH' && <span style={{ color: '#c62828' }}>* </span>}
                {st.showQuNum !== false && numOf.get(id) ? `${numOf.get(id)}. ` : ''}
                {pipedView ? pipedView.text(quTitleText(q0)) : quTitleText(q0)}
              </div>
              <QView q={q} a={ans[id]} L={L} set={(a) => setAns((s) => { const n = { ...s }; if (a) n[id] = a; else delete n[id]; return n; })} />
              {qe.map((e, i) => (
                <div key={i} className="dw-pv-err" data-testid="preview-error">
                  {e.text}
                </div>
              ))}
            </div>
          );
        })}
        {res.pageQuestions.length === 0 && <Result status="info" title={L('au.pv.empty')} />}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>
          {page > 1 && <Button onClick={() => next(-1)}>{ownBtnText(st, 'prevBtnText') || L('au.pv.prev')}</Button>}
          {page < res.pageCount && !res.end ? (
            <Button type="primary" data-testid="preview-next" onClick={() => next(1)}>
              {ownBtnText(st, 'nextBtnText') || L('au.pv.next')}
            </Button>
          ) : (
            <Button type="primary" data-testid="preview-submit" style={{ background: st.themeColor }} onClick={submit}>
              {ownBtnText(st, 'submitBtnText') || L('au.pv.submit')}
            </Button>
          )}
        </div>
        <div style={{ textAlign: 'center', color: '#595959', fontSize: 12, marginTop: 8 }}>
          {page} / {res.pageCount}
        </div>
      </div>
    </main>
  );
};

export default Preview;
