// The survey pages' warning about webhooks that keep failing or that their target disabled
// (410 Gone). Quiet when the survey has none, or when the caller may not read them.
import { history, useIntl } from '@umijs/max';
import { Alert, Button, Space } from 'antd';
import React, { useEffect, useState } from 'react';
import { hookStatus, type HookWarning } from '../services/webhook';

const WebhookWarning: React.FC<{ surveyId: string; hideLink?: boolean; reloadKey?: number }> = ({ surveyId, hideLink, reloadKey }) => {
  const intl = useIntl();
  const f = (id: string, v?: Record<string, any>) => intl.formatMessage({ id }, v);
  const [warnings, setWarnings] = useState<HookWarning[]>([]);
  useEffect(() => {
    let live = true;
    hookStatus(surveyId)
      .then((r) => live && setWarnings(r.data?.warnings ?? []))
      .catch(() => live && setWarnings([]));
    return () => {
      live = false;
    };
  }, [surveyId, reloadKey]);
  if (!warnings.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      data-testid="webhook-warning"
      message={
        <Space direction="vertical" size={2}>
          {warnings.map((w) => {
            const name = w.name || f(`wh.target.${w.target}`);
            return (
              <span key={w.hookId}>
                {w.disabled ? f('wh.warn.disabled', { name, reason: w.reason }) : f('wh.warn.failing', { name, n: w.failing, reason: w.reason })}
              </span>
            );
          })}
        </Space>
      }
      action={
        hideLink ? undefined : (
          <Button size="small" onClick={() => history.push(`/v8/dws/set/webhook/${surveyId}`)}>
            {f('wh.warn.open')}
          </Button>
        )
      }
    />
  );
};

export default WebhookWarning;
