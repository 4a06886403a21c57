// Design tab: question types, outline with drag sorting, canvas with inline editing, settings.
import { useIntl } from '@umijs/max';
import { Button, Empty, Modal, Radio, Segmented, Spin, Tabs, Typography } from 'antd';
import React, { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import DesignShell, { useDesignCtx } from '../../components/design/DesignShell';
import '../../components/design/design.css';
import { setIn, newQuestion, numbering, quTitleText, reId } from '../../components/design/model';
import QuestionCard from '../../components/design/QuestionCard';
import QuestionSettings from '../../components/design/QuestionSettings';
import type { RichTextLabels } from '../../components/RichText';
import { BoolF, BtnTextF, TextF } from '../../components/design/fields';
import { bankList, bankQus, bankSaveQuestion, errMsg, toolbarQus, type Bank, type ToolbarItem } from '../../services/authoring';
import type { Question } from '../../survey';
import { toast } from '../../utils/toast';

const GROUPS = ['choice', 'text', 'scale', 'matrix', 'advanced', 'component', 'layout'];

const OutlineItem = memo(function OutlineItem(p: {
  q: Question;
  i: number;
  num: number | null;
  sel: boolean;
  onSelect: (i: number) => void;
  onDragStart: (i: number) => void;
  onDropOn: (i: number) => void;
  onMove: (i: number, to: number) => void;
}) {
  return (
    <div
      className={`dw-outline-item ${p.sel ? 'dw-sel' : ''}`}
      data-testid={`outline-${p.i}`}
      draggable
      tabIndex={0}
      onDragStart={() => p.onDragStart(p.i)}
      onDragOver={(e) => e.preventDefault()}
      onDrop={() => p.onDropOn(p.i)}
      onClick={() => p.onSelect(p.i)}
      onKeyDown={(e) => {
        if (e.altKey && e.key === 'ArrowUp') p.onMove(p.i, p.i - 1);
        if (e.altKey && e.key === 'ArrowDown') p.onMove(p.i, p.i + 1);
      }}
    >
      <span className="dw-handle">⠿</span>
      {p.q.quType === 'PAGETAG' ? '— — —' : `${p.num ?? ''}${p.num ? '. ' : ''}${quTitleText(p.q) || p.q.quType}`}
    </div>
  );
});

const Toolbar = memo(function Toolbar(p: { items?: ToolbarItem[]; onAdd: (it: ToolbarItem) => void; L: (k: string) => string }) {
  const { items, onAdd, L } = p;
  const grouped = useMemo(() => GROUPS.map((g) => [g, (items ?? []).filter((x) => x.group === g)] as const).filter(([, l]) => l.length), [items]);
  if (!items) return <Spin />;
  return (
    <div data-testid="toolbar">
      {grouped.map(([g, list]) => (
        <div key={g} className="dw-tool-group">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {L(`au.group.${g}`)}
          </Typography.Text>
          <div>
            {list.map((it) => (
              <Button key={it.quType + (it.childType ?? '')} size="small" data-testid={`tool-${it.quType}${it.childType ? `-${it.childType}` : ''}`} onClick={() => onAdd(it)}>
                {L(it.nameKey)}
              </Button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
});

const Editor: React.FC = () => {
  const intl = useIntl();
  const L = useCallback((id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v), [intl]);
  const { st, update, updateQuestion, updateQuestionById, surveyId } = useDesignCtx();
  const doc = st.doc!;
  const [items, setItems] = useState<ToolbarItem[]>();
  const [sel, setSel] = useState<number>(-1);
  const [layout, setLayout] = useState<string>(() => localStorage.getItem('dw-design-layout') || 'lr');
  const [bankOpen, setBankOpen] = useState<'insert' | 'save' | null>(null);
  const dragFrom = useRef<number>(-1);
  const canvasRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    toolbarQus(surveyId)
      .then(setItems)
      .catch(() => setItems([]));
  }, [surveyId]);

  const qs = doc.questions;
  const nums = useMemo(() => numbering(qs), [qs]);

  const add = useCallback(
    (it: ToolbarItem) => {
      const name = L(it.nameKey);
      const q = newQuestion(it.quType, it.childType, name, L);
      let at = -1;
      update((d) => {
        const list = d.questions.slice();
        at = sel >= 0 && sel < list.length ? sel + 1 : list.length;
        list.splice(at, 0, q);
        return { ...d, questions: list };
      });
      setTimeout(() => {
        setSel(at);
        canvasRef.current?.querySelector(`[data-testid="qu-${at}"]`)?.scrollIntoView({ block: 'nearest' });
      }, 0);
    },
    [L, update, sel],
  );

  const onMove = useCallback(
    (i: number, to: number) => {
      update((d) => {
        if (to < 0 || to >= d.questions.length || i === to) return d;
        const list = d.questions.slice();
        const [q] = list.splice(i, 1);
        list.splice(to, 0, q);
        return { ...d, questions: list };
      });
      setSel((s) => (s === i ? Math.max(0, Math.min(to, qs.length - 1)) : s));
    },
    [update, qs.length],
  );
  const onRemove = useCallback(
    (i: number) => {
      update((d) => ({ ...d, questions: d.questions.filter((_, j) => j !== i) }));
      setSel(-1);
    },
    [update],
  );
  const onCopy = useCallback((i: number) => update((d) => {
    const list = d.questions.slice();
    list.splice(i + 1, 0, reId(d.questions[i]));
    return { ...d, questions: list };
  }), [update]);
  const onDragStart = useCallback((i: number) => (dragFrom.current = i), []);
  const onDropOn = useCallback((i: number) => {
    const from = dragFrom.current;
    dragFrom.current = -1;
    if (from >= 0 && from !== i) onMove(from, i);
  }, [onMove]);
  const onSelect = useCallback((i: number) => setSel(i), []);
  const rtLabels = useMemo<RichTextLabels>(
    () => ({
      bold: L('au.rt.bold'),
      italic: L('au.rt.italic'),
      underline: L('au.rt.underline'),
      color: L('au.rt.color'),
      link: L('au.rt.link'),
      linkPh: L('au.rt.linkPh'),
      clear: L('au.rt.clear'),
      ok: L('common.ok'),
      pipe: L('pipe.insert'),
      pipeNone: L('pipe.none'),
    }),
    [L],
  );

  // formatting a message is not free: type names are cached per language
  const typeNames = useMemo(() => new Map<string, string>(), [L]);
  const typeName = (q: Question) => {
    const k = `dw.quType.${q.quType}${q.childType ? `.${q.childType}` : ''}`;
    let v = typeNames.get(k);
    if (v === undefined) typeNames.set(k, (v = L(k)));
    return v;
  };
  const onSet = (path: string, v: unknown) => update((d) => setIn(d, path, v));
  // the outline and the settings panel follow the canvas with a deferred value: typing re-renders the
  // edited card first, the rest when the browser is idle
  const outlineQs = useDeferredValue(qs);
  const outlineNums = useMemo(() => numbering(outlineQs), [outlineQs]);
  const selPair = useDeferredValue(useMemo(() => ({ q: sel >= 0 ? qs[sel] : undefined, i: sel }), [qs, sel]));
  const selQ = selPair.q;
  const openSaveToBank = useCallback(() => setBankOpen('save'), []);

  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 6 }}>
        <Segmented
          size="small"
          data-testid="layout-switch"
          value={layout}
          onChange={(v) => {
            setLayout(String(v));
            localStorage.setItem('dw-design-layout', String(v));
          }}
          options={[
            { value: 'lr', label: L('au.d.layLr') },
            { value: 'top', label: L('au.d.layTop') },
            { value: 'immersive', label: L('au.d.layImmersive') },
          ]}
        />
      </div>
      <div className={`dw-editor dw-lay-${layout}`}>
        <div className="dw-left">
          <Tabs
            size="small"
            items={[
              {
                key: 'types',
                label: L('au.d.types'),
                children: <Toolbar items={items} onAdd={add} L={L} />,
              },
              {
                key: 'outline',
                label: L('au.d.outline'),
                children: (
                  <div data-testid="outline">
                    {outlineQs.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                    {outlineQs.map((q, i) => (
                      <OutlineItem key={q.dwId ?? i} q={q} i={i} num={outlineNums[i]} sel={i === sel} onSelect={onSelect} onDragStart={onDragStart} onDropOn={onDropOn} onMove={onMove} />
                    ))}
                  </div>
                ),
              },
              {
                key: 'bank',
                label: L('au.d.bank'),
                children: (
                  <Button block data-testid="bank-insert" onClick={() => setBankOpen('insert')}>
                    {L('au.d.insertFromBank')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
        <div className="dw-canvas" ref={canvasRef} data-testid="canvas">
          <div className="dw-card">
            <input
              className="dw-inline"
              style={{ fontSize: 18, fontWeight: 600, width: '100%', textAlign: 'center' }}
              data-testid="survey-title"
              aria-label={L('au.d.surveyTitle')}
              value={doc.surveyNameObj?.dwText ?? doc.surveyName ?? ''}
              onChange={(e) => update((d) => ({ ...d, surveyName: e.target.value, surveyNameObj: { dwHtml: e.target.value.replace(/&/g, '&amp;').replace(/</g, '&lt;'), dwText: e.target.value } }))}
            />
            <input
              className="dw-inline"
              style={{ width: '100%', color: '#5f6368', minHeight: 24 }}
              placeholder={L('au.d.surveyNotePh')}
              aria-label={L('au.d.surveyNotePh')}
              data-testid="survey-note"
              value={doc.surveyDetail?.surveyNodeObj?.dwText ?? doc.surveyDetail?.surveyNoteText ?? ''}
              onChange={(e) =>
                update((d) => {
                  const v = e.target.value;
                  const h = v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
                  return { ...d, surveyDetail: { ...(d.surveyDetail ?? {}), surveyNote: h, surveyNoteText: v, surveyNodeObj: { dwHtml: h, dwText: v } } };
                })
              }
            />
          </div>
          {qs.length === 0 && <Empty description={L('au.d.emptyCanvas')} />}
          {qs.map((q, i) => (
            <QuestionCard
              key={q.dwId ?? i}
              q={q}
              index={i}
              num={nums[i]}
              selected={i === sel}
              typeName={typeName(q)}
              L={L}
              labels={rtLabels}
              onSelect={onSelect}
              onChangeId={updateQuestionById}
              onMove={onMove}
              onRemove={onRemove}
              onCopy={onCopy}
              onDragStart={onDragStart}
              onDropOn={onDropOn}
            />
          ))}
          <div data-testid="qu-count" style={{ color: '#595959', fontSize: 12 }}>
            {L('au.d.quCount', { n: qs.length })}
          </div>
        </div>
        <div className="dw-right">
          {selQ ? (
            <QuestionSettings q={selQ} index={selPair.i} surveyType={doc.surveyType ?? 'survey'} L={L} onChange={updateQuestion} onSaveToBank={openSaveToBank} />
          ) : (
            <div data-testid="survey-settings">
              <Typography.Text strong>{L('au.d.surveySettings')}</Typography.Text>
              <BoolF obj={doc} onSet={onSet} path="surveyStyle.showQuNum" label={L('au.style.showQuNum')} />
              <BoolF obj={doc} onSet={onSet} path="surveyStyle.showQuTypeName" label={L('au.style.showQuTypeName')} />
              <BoolF obj={doc} onSet={onSet} path="surveyAttrs.opoqAttr.enabled" label={L('au.attr.opoq')} />
              <BoolF obj={doc} onSet={onSet} path="surveyAttrs.autoNextPage" label={L('au.attr.autoNext')} />
              <BtnTextF obj={doc} onSet={onSet} field="submitBtnText" label={L('au.style.submitBtn')} placeholder={L('au.pv.submit')} />
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
                {L('au.d.selectHint')}
              </Typography.Paragraph>
            </div>
          )}
        </div>
      </div>
      {bankOpen && (
        <BankModal
          mode={bankOpen}
          L={L}
          onClose={() => setBankOpen(null)}
          onInsert={(list) => {
            update((d) => ({ ...d, questions: [...d.questions, ...list.map((q) => (q.dwId ? q : reId(q)))] }));
            toast.success(L('au.d.inserted', { n: list.length }));
          }}
          save={async (bankId) => {
            if (!selQ) return;
            // the bank copies the question from the saved draft
            await bankSaveQuestion({ bankId, question: selQ });
          }}
        />
      )}
    </div>
  );
};

const BankModal: React.FC<{
  mode: 'insert' | 'save';
  L: (k: string, v?: any) => string;
  onClose: () => void;
  onInsert: (q: Question[]) => void;
  save: (bankId: string) => Promise<void>;
}> = ({ mode, L, onClose, onInsert, save }) => {
  const [banks, setBanks] = useState<Bank[]>();
  const [bankId, setBankId] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    bankList({ current: 1, pageSize: 100 })
      .then((r) => setBanks(r.data))
      .catch(() => setBanks([]));
  }, []);
  return (
    <Modal
      open
      title={mode === 'insert' ? L('au.d.insertFromBank') : L('au.d.saveToBank')}
      onCancel={onClose}
      okButtonProps={{ disabled: !bankId, loading: busy, 'data-testid': 'bank-ok' } as any}
      onOk={async () => {
        if (!bankId) return;
        setBusy(true);
        try {
          if (mode === 'insert') {
            const r = await bankQus(bankId);
            onInsert((r.data ?? []).flatMap((tab) => tab.questions));
          } else {
            await save(bankId);
            toast.success(L('common.saved'));
          }
          onClose();
        } catch (e) {
          if (mode === 'save') toast.error(errMsg(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      {!banks ? (
        <Spin />
      ) : banks.length === 0 ? (
        <Empty description={L('au.bank.none')} />
      ) : (
        <Radio.Group value={bankId} onChange={(e) => setBankId(e.target.value)} data-testid="bank-choose">
          {banks.map((b) => (
            <Radio key={b.id} value={b.id} style={{ display: 'block' }}>
              {b.bankName} ({b.quNum})
            </Radio>
          ))}
        </Radio.Group>
      )}
    </Modal>
  );
};

const Edit: React.FC = () => (
  <DesignShell tab="edit">
    <Editor />
  </DesignShell>
);

export default Edit;
