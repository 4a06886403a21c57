// Logic code: the rule builder (questionLogics), the condition-language editor (dwDsl) with live parse
// errors, and a live preview of what the rules do on sample answers (Engine of the survey language).
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Checkbox, Col, Empty, InputNumber, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import React, { useMemo, useState } from 'react';
import { dsl, Engine, loadSurvey, sources, type AnQuestion, type Question, type QuestionLogic } from '../../survey';
import { useDesignCtx } from './DesignShell';
import { isChoiceType, numbering, optionKey, optText, quTitleText, uid } from './model';

/** label: the editor's accessible name (the title of the card it sits in). */
export const CodeEditor: React.FC<{ value: string; onChange?: (v: string) => void; errLine?: number; tid?: string; readOnly?: boolean; rows?: number; label?: string }> = ({ value, onChange, errLine, tid, readOnly, rows, label }) => {
  const n = Math.max(value.split('\n').length, rows ?? 8);
  return (
    <div className="dw-code">
      <div className="dw-code-nums" aria-hidden="true">
        {Array.from({ length: n }, (_, i) => (
          <div key={i} className={errLine === i + 1 ? 'dw-code-err' : ''} style={{ color: errLine === i + 1 ? '#c62828' : undefined }}>
            {i + 1}
          </div>
        ))}
      </div>
      <textarea data-testid={tid} aria-label={label} spellCheck={false} rows={n} value={value} readOnly={readOnly} onChange={(e) => onChange?.(e.target.value)} />
    </div>
  );
};

/** Parse check of one text: null or {line, col, message}. */
export function checkDsl(text: string): { line: number; col: number; message: string } | null {
  if (!text || !text.trim()) return null;
  const r = dsl.tryParseProgram(text);
  if (r.error) return { line: r.error.pos.line, col: r.error.pos.col, message: r.error.msg };
  return null;
}

function isScaleLike(t: string) {
  return t === 'SCALE_NPS' || t === 'SCALE_SLIDER' || t === 'SCORE' || t === 'CHENSCORE' || t === 'ORDERQU';
}

export const RuleBuilder: React.FC = () => {
  const intl = useIntl();
  const L = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { st, updateQuestion } = useDesignCtx();
  const qs = st.doc!.questions;
  const nums = numbering(qs);
  const triggers = qs.map((q, i) => ({ q, i })).filter(({ q }) => isChoiceType(q.quType) || isScaleLike(q.quType) || q.quType === 'FILLBLANK');
  const [qi, setQi] = useState<number | undefined>(triggers[0]?.i);
  const q = qi !== undefined ? qs[qi] : undefined;
  const label = (x: Question, i: number) => `${nums[i] ? `Q${nums[i]}. ` : ''}${quTitleText(x) || x.quType}`;
  const targets = qs.map((x, i) => ({ value: x.dwId!, label: label(x, i), disabled: i === qi || x.quType === 'PAGETAG' })).filter((o) => o.value);
  const setRules = (fn: (l: QuestionLogic[]) => QuestionLogic[]) => qi !== undefined && updateQuestion(qi, (x) => ({ ...x, questionLogics: fn(x.questionLogics ?? []) }));
  const k = q ? optionKey(q.quType) : null;
  const options = q && k ? ((q as any)[k] ?? []).map((o: any) => ({ value: o.dwId, label: optText(o) })) : [];

  return (
    <Card size="small" title={L('au.logic.builder')} data-testid="rule-builder">
      {triggers.length === 0 ? (
        <Empty description={L('au.logic.noTrigger')} />
      ) : (
        <>
          <Space wrap>
            <span>{L('au.logic.when')}</span>
            <Select data-testid="rule-question" aria-label={L('au.logic.when')} style={{ minWidth: 260 }} value={qi} onChange={setQi} options={triggers.map(({ q: x, i }) => ({ value: i, label: label(x, i) }))} />
            <Button icon={<PlusOutlined />} data-testid="rule-add" onClick={() => setRules((l) => [...l, { dwId: uid(), logicType: 'SHOW', cgQuItemId: [], skQuId: [] }])}>
              {L('au.logic.addRule')}
            </Button>
          </Space>
          {(q?.questionLogics ?? []).map((r, ri) => {
            const set = (patch: Partial<QuestionLogic>) => setRules((l) => l.map((x, j) => (j === ri ? { ...x, ...patch } : x)));
            return (
              <div key={r.dwId ?? ri} data-testid={`rule-${ri}`} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, marginTop: 8 }}>
                <Space wrap>
                  {isChoiceType(q!.quType) ? (
                    <>
                      <span>{L('au.logic.chosen')}</span>
                      <Select mode="multiple" aria-label={L('au.logic.chosen')} data-testid={`rule-${ri}-options`} style={{ minWidth: 200 }} value={r.cgQuItemId ?? []} options={options} onChange={(v) => set({ cgQuItemId: v })} />
                      {q!.quType.includes('CHECKBOX') && (
                        <Select aria-label={`${L('au.logic.any')} / ${L('au.logic.all')}`} style={{ width: 90 }} value={r.cgMode || 'or'} onChange={(v) => set({ cgMode: v })} options={[{ value: 'or', label: L('au.logic.any') }, { value: 'and', label: L('au.logic.all') }]} />
                      )}
                    </>
                  ) : isScaleLike(q!.quType) ? (
                    <>
                      <span>{L('au.logic.value')}</span>
                      <Select aria-label={L('au.logic.value')} data-testid={`rule-${ri}-gele`} style={{ width: 90 }} value={r.geLe} allowClear onChange={(v) => set({ geLe: v })} options={['LT', 'LTE', 'GT', 'GTE'].map((v) => ({ value: v, label: L(`au.logic.${v}`) }))} />
                      <InputNumber aria-label={L('au.logic.value')} data-testid={`rule-${ri}-score`} value={r.scoreNum ?? null} onChange={(v) => set({ scoreNum: v ?? undefined })} />
                    </>
                  ) : (
                    <span>{L('au.logic.answered')}</span>
                  )}
                  <Select aria-label={L('au.logic.builder')} data-testid={`rule-${ri}-type`} style={{ width: 130 }} value={r.logicType} onChange={(v) => set({ logicType: v, skQuId: [] })} options={['SHOW', 'GO', 'SOLUTION'].map((v) => ({ value: v, label: L(`au.logic.${v}`) }))} />
                  {r.logicType === 'GO' ? (
                    <Select aria-label={L('au.logic.GO')} data-testid={`rule-${ri}-targets`} style={{ minWidth: 220 }} value={r.skQuId?.[0]} onChange={(v) => set({ skQuId: [v] })} options={[...targets, { value: 'END', label: L('au.logic.end'), disabled: false }]} />
                  ) : r.logicType === 'SOLUTION' ? (
                    <Select mode="tags" aria-label={L('au.logic.solutionIds')} style={{ minWidth: 220 }} value={r.skQuId ?? []} onChange={(v) => set({ skQuId: v })} placeholder={L('au.logic.solutionIds')} />
                  ) : (
                    <Select mode="multiple" aria-label={L('au.logic.SHOW')} data-testid={`rule-${ri}-targets`} style={{ minWidth: 220 }} value={r.skQuId ?? []} onChange={(v) => set({ skQuId: v })} options={targets} />
                  )}
                  <Button danger size="small" aria-label={L('au.logic.delRuleN', { n: ri + 1 })} title={L('au.logic.delRuleN', { n: ri + 1 })} data-testid={`rule-${ri}-del`} icon={<DeleteOutlined />} onClick={() => setRules((l) => l.filter((_, j) => j !== ri))} />
                </Space>
              </div>
            );
          })}
        </>
      )}
    </Card>
  );
};

export const DslEditor: React.FC = () => {
  const intl = useIntl();
  const L = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { st, update } = useDesignCtx();
  const text = st.doc!.dwDsl ?? '';
  const err = checkDsl(text);
  return (
    <Card size="small" title={L('au.logic.code')} extra={<Typography.Text type="secondary">{L('au.logic.codeHint')}</Typography.Text>}>
      <CodeEditor tid="dsl-editor" label={L('au.logic.code')} value={text} errLine={err?.line} onChange={(v) => update((d) => ({ ...d, dwDsl: v }))} rows={10} />
      <div style={{ marginTop: 6 }} data-testid="dsl-status">
        {err ? (
          <Alert type="error" showIcon message={L('au.logic.parseError', { line: err.line, col: err.col, msg: err.message })} />
        ) : (
          <Alert type="success" showIcon message={text.trim() ? L('au.logic.parseOk') : L('au.logic.emptyCode')} />
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 6 }}>
        {L('au.logic.example')} <code>if Q1A1 then show Q3</code> · <code>if Q2 &gt;= 8 then goto END</code>
      </Typography.Paragraph>
    </Card>
  );
};

/** Sample answers for the choice questions; shows what the rules hide and show. */
export const LivePreview: React.FC = () => {
  const intl = useIntl();
  const L = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { st } = useDesignCtx();
  const doc = st.doc!;
  const [sel, setSel] = useState<Record<string, string[]>>({});
  const [nums, setNums] = useState<Record<string, number | null>>({});
  const engine = useMemo(() => {
    try {
      return { e: new Engine(loadSurvey(JSON.parse(JSON.stringify(doc)))) };
    } catch (e: any) {
      return { err: String(e?.message ?? e) };
    }
  }, [doc]);
  const n = numbering(doc.questions);
  const answers: AnQuestion[] = [];
  doc.questions.forEach((q) => {
    const s = sel[q.dwId!] ?? [];
    const k = optionKey(q.quType);
    if (k === 'quRadios' && s[0]) answers.push({ quDwId: q.dwId!, quType: q.quType, anRadio: { optionDwId: s[0] } });
    if (k === 'quCheckboxs' && s.length) answers.push({ quDwId: q.dwId!, quType: q.quType, anCheckboxs: s.map((x) => ({ optionDwId: x })) });
    const v = nums[q.dwId!];
    if ((q.quType === 'SCALE_NPS' || q.quType === 'SCALE_SLIDER') && v !== undefined && v !== null) answers.push({ quDwId: q.dwId!, quType: q.quType, anScale: { answerScore: v } });
  });
  let res: ReturnType<Engine['evaluate']> | undefined;
  let evalErr = engine.err;
  try {
    if (engine.e) res = engine.e.evaluate({ answers, page: 0 });
  } catch (e: any) {
    evalErr = String(e?.message ?? e);
  }
  const visible = new Set(res?.visibleQuestions ?? []);
  return (
    <Card size="small" title={L('au.logic.live')} data-testid="live-preview">
      {evalErr && <Alert type="warning" message={evalErr} />}
      {doc.questions.map((q, i) => {
        if (q.quType === 'PAGETAG') return null;
        const k = optionKey(q.quType);
        const vis = visible.has(q.dwId!);
        return (
          // a hidden question is greyed by colour and background, not by opacity (which fades its
          // texts below 4.5:1); the tag says it in words
          <div key={q.dwId ?? i} data-testid={`live-q-${i}`} data-visible={vis ? '1' : '0'} style={{ color: vis ? undefined : '#595959', background: vis ? undefined : '#f5f5f5', borderBottom: '1px dashed #eee', padding: '4px 0' }}>
            <Tag color={vis ? 'green' : 'default'}>{vis ? L('au.logic.visible') : L('au.logic.hidden')}</Tag>
            {n[i] ? `Q${n[i]}. ` : ''}
            {quTitleText(q)}
            {(k === 'quRadios' || k === 'quCheckboxs') && (
              <div style={{ paddingLeft: 16 }}>
                {k === 'quRadios' ? (
                  <Radio.Group value={(sel[q.dwId!] ?? [])[0]} onChange={(e) => setSel((s) => ({ ...s, [q.dwId!]: [e.target.value] }))}>
                    {((q as any)[k] ?? []).map((o: any, oi: number) => (
                      <Radio key={o.dwId ?? oi} value={o.dwId} data-testid={`live-q-${i}-o-${oi}`}>
                        {optText(o)}
                      </Radio>
                    ))}
                    <Button size="small" type="link" onClick={() => setSel((s) => ({ ...s, [q.dwId!]: [] }))}>
                      {L('au.logic.clear')}
                    </Button>
                  </Radio.Group>
                ) : (
                  <Checkbox.Group value={sel[q.dwId!] ?? []} onChange={(v) => setSel((s) => ({ ...s, [q.dwId!]: v as string[] }))} options={((q as any)[k] ?? []).map((o: any) => ({ value: o.dwId, label: optText(o) }))} />
                )}
              </div>
            )}
            {(q.quType === 'SCALE_NPS' || q.quType === 'SCALE_SLIDER') && (
              <div style={{ paddingLeft: 16 }}>
                <InputNumber size="small" aria-label={`${n[i] ? `Q${n[i]}. ` : ''}${quTitleText(q) || L('au.logic.value')}`} value={nums[q.dwId!] ?? null} onChange={(v) => setNums((s) => ({ ...s, [q.dwId!]: v as number | null }))} />
              </div>
            )}
          </div>
        );
      })}
      {res?.end && <Alert type="info" message={L('au.logic.ends')} />}
    </Card>
  );
};

/** DSL tab: every logic text of the document with its located parse error. */
export const DslView: React.FC = () => {
  const intl = useIntl();
  const L = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const { st, update } = useDesignCtx();
  const doc = st.doc!;
  const list = sources(doc);
  const n = numbering(doc.questions);
  const ruleLines = doc.questions.flatMap((q, i) =>
    (q.questionLogics ?? []).map((r) => {
      const refs = (r.skQuId ?? []).map((id) => {
        if (id === 'END') return 'END';
        const ti = doc.questions.findIndex((x) => x.dwId === id);
        return ti >= 0 && n[ti] ? `Q${n[ti]}` : id;
      });
      const k = optionKey(q.quType);
      const opts: any[] = k ? ((q as any)[k] ?? []) : [];
      const cond = (r.cgQuItemId ?? []).length
        ? (r.cgQuItemId ?? []).map((id) => `Q${n[i]}A${opts.findIndex((o) => o.dwId === id) + 1}`).join(r.cgMode === 'and' ? ' and ' : ' or ')
        : r.geLe
          ? `Q${n[i]} ${{ LT: '<', LTE: '<=', GT: '>', GTE: '>=' }[r.geLe.toUpperCase()] ?? r.geLe} ${r.scoreNum ?? 0}`
          : `not empty(Q${n[i]})`;
      const act = r.logicType === 'GO' || r.logicType === '1' ? `goto ${refs[0] ?? ''}` : r.logicType === 'SOLUTION' || r.logicType === '3' ? `solution ${JSON.stringify(refs.join(','))}` : `show ${refs.join(', ')}`;
      return `if ${cond} then ${act}`;
    }),
  );
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card size="small" title={L('au.dsl.rules')}>
          <CodeEditor tid="dsl-rules" label={L('au.dsl.rules')} value={ruleLines.join('\n')} readOnly rows={4} />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {L('au.dsl.rulesHint')}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={L('au.dsl.texts')}>
          {list.length === 0 && <Empty description={L('au.logic.emptyCode')} />}
          {list.map((s) => {
            const err = checkDsl(s.text);
            return (
              <div key={s.path} style={{ marginBottom: 12 }} data-testid={`dsl-src-${s.path}`}>
                <Typography.Text code>{s.path}</Typography.Text>
                <CodeEditor
                  value={s.text}
                  errLine={err?.line}
                  readOnly={s.path !== 'dwDsl'}
                  onChange={s.path === 'dwDsl' ? (v) => update((d) => ({ ...d, dwDsl: v })) : undefined}
                  rows={3}
                />
                {err && <Alert type="error" showIcon data-testid="dsl-error" message={L('au.logic.parseError', { line: err.line, col: err.col, msg: err.message })} />}
              </div>
            );
          })}
        </Card>
      </Col>
    </Row>
  );
};
