// Verification and grading settings of a survey (designer answer settings and c/attr):
// verification on/off, reviewer levels 1-3 with their accounts, departments or roles, the
// administrator step, reminders, escalation and the graders. Saved on their own (they are
// not part of the survey document) and applied to answers submitted afterwards.
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, InputNumber, Radio, Space, Spin, Switch, Typography } from 'antd';
import React, { useEffect, useId, useState } from 'react';
import { reviewSettings, saveReviewSettings, type Assignee, type ReviewSettings } from '../../services/review';
import { errorText } from '../../utils/errors';
import { toast } from '../../utils/toast';
import AssigneePicker from './AssigneePicker';

/** Client checks before saving: a level with nobody assigned while verification is on. */
export function settingsErrors(s: ReviewSettings): Record<string, string> {
  const out: Record<string, string> = {};
  if (!s.enabled) return out;
  for (let i = 0; i < s.levels; i++) if (!(s.reviewers[i]?.length > 0)) out[`level${i + 1}`] = 'rv.set.needReviewer';
  return out;
}

const Field: React.FC<{ label: React.ReactNode; id?: string; error?: string; errorId?: string; children: React.ReactNode }> = ({ label, id, error, errorId, children }) => (
  <div style={{ marginBottom: 12 }}>
    <div id={id} style={{ fontWeight: 500, marginBottom: 4 }}>
      {label}
    </div>
    {children}
    {error && (
      <div id={errorId} role="alert" style={{ color: '#cf1322', marginTop: 4 }}>
        {error}
      </div>
    )}
  </div>
);

const ReviewSettingsCard: React.FC<{ surveyId: string }> = ({ surveyId }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [s, setS] = useState<ReviewSettings | null>(null);
  const [loadErr, setLoadErr] = useState('');
  const [saveErr, setSaveErr] = useState('');
  const [errs, setErrs] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [n, setN] = useState(0);
  const uid = useId();

  useEffect(() => {
    if (!surveyId) return;
    let live = true;
    reviewSettings(surveyId)
      .then((r) => live && (setS(r.data), setLoadErr('')))
      .catch((e) => live && setLoadErr(errorText(e)));
    return () => {
      live = false;
    };
  }, [surveyId, n]);

  if (loadErr)
    return (
      <Card size="small" title={f('rv.set.title')} style={{ marginTop: 8 }} data-testid="review-settings">
        <Alert type="error" showIcon message={loadErr} action={<Button size="small" onClick={() => setN((x) => x + 1)}>{f('rv.retry')}</Button>} />
      </Card>
    );
  if (!s)
    return (
      <Card size="small" title={f('rv.set.title')} style={{ marginTop: 8 }} data-testid="review-settings">
        <Spin />
      </Card>
    );

  const set = (patch: Partial<ReviewSettings>) => {
    setS({ ...s, ...patch });
    setErrs({});
  };
  const setLevel = (i: number, v: Assignee[]) => {
    const reviewers = [...s.reviewers];
    while (reviewers.length <= i) reviewers.push([]);
    reviewers[i] = v;
    set({ reviewers });
  };
  const hours = (min: number) => (min ? min / 60 : 0);
  const save = async () => {
    const e = settingsErrors(s);
    setErrs(e);
    setSaveErr('');
    if (Object.keys(e).length > 0) {
      document.getElementById(`${uid}-level${Object.keys(e)[0].slice(5)}`)?.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await saveReviewSettings({ ...s, reviewers: s.reviewers.slice(0, s.levels) });
      setS(r.data);
      toast.success(f('rv.set.saved'));
    } catch (err) {
      setSaveErr(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title={f('rv.set.title')}
      style={{ marginTop: 8 }}
      data-testid="review-settings"
      extra={
        <Button type="primary" size="small" loading={busy} onClick={save} data-testid="review-settings-save">
          {f('rv.set.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {f('rv.set.help')}
      </Typography.Paragraph>
      <Field label={f('rv.set.enabled')} id={`${uid}-en`}>
        <Switch checked={s.enabled} onChange={(v) => set({ enabled: v })} aria-labelledby={`${uid}-en`} data-testid="review-enabled" />
      </Field>
      <Field label={f('rv.set.levels')} id={`${uid}-lv`}>
        <Radio.Group
          aria-labelledby={`${uid}-lv`}
          value={s.levels}
          onChange={(e) => set({ levels: e.target.value })}
          options={[1, 2, 3].map((v) => ({ value: v, label: String(v) }))}
          optionType="button"
          data-testid="review-levels"
        />
      </Field>
      {Array.from({ length: s.levels }, (_, i) => (
        <Field key={i} label={f('rv.set.levelReviewers', { n: i + 1 })} id={`${uid}-level${i + 1}-l`} error={errs[`level${i + 1}`] && f(errs[`level${i + 1}`], { n: i + 1 })} errorId={`${uid}-level${i + 1}-e`}>
          <div id={`${uid}-level${i + 1}`}>
            <AssigneePicker
              value={s.reviewers[i] ?? []}
              onChange={(v) => setLevel(i, v)}
              f={f}
              label={f('rv.set.levelReviewers', { n: i + 1 })}
              tid={`review-level-${i + 1}`}
              status={errs[`level${i + 1}`] ? 'error' : undefined}
              describedBy={errs[`level${i + 1}`] ? `${uid}-level${i + 1}-e` : undefined}
            />
          </div>
        </Field>
      ))}
      <Field label={f('rv.set.adminStep')} id={`${uid}-adm`}>
        <Switch checked={s.adminStep} onChange={(v) => set({ adminStep: v })} aria-labelledby={`${uid}-adm`} data-testid="review-admin-step" />
      </Field>
      <Field label={f('rv.set.admins')}>
        <AssigneePicker value={s.admins} onChange={(v) => set({ admins: v })} f={f} label={f('rv.set.admins')} tid="review-admins" />
      </Field>
      <Space wrap size="large">
        <Field label={f('rv.set.remindHours')} id={`${uid}-rem`}>
          <InputNumber min={0} max={8760} step={1} value={hours(s.remindMinutes)} aria-labelledby={`${uid}-rem`} data-testid="review-remind"
            onChange={(v) => set({ remindMinutes: Math.round(Number(v ?? 0) * 60) })} />
        </Field>
        <Field label={f('rv.set.escalateHours')} id={`${uid}-esc`}>
          <InputNumber min={0} max={8760} step={1} value={hours(s.escalateMinutes)} aria-labelledby={`${uid}-esc`} data-testid="review-escalate"
            onChange={(v) => set({ escalateMinutes: Math.round(Number(v ?? 0) * 60) })} />
        </Field>
      </Space>
      <Field label={f('rv.set.graders')}>
        <AssigneePicker value={s.graders} onChange={(v) => set({ graders: v })} f={f} label={f('rv.set.graders')} tid="review-graders" />
      </Field>
      {saveErr && <Alert type="error" showIcon message={saveErr} data-testid="review-settings-error" />}
      {s.revision ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="review-settings-revision">
          {f('rv.set.revision', { n: s.revision, at: s.updatedAt ?? '' })}
        </Typography.Text>
      ) : null}
    </Card>
  );
};

export default ReviewSettingsCard;
