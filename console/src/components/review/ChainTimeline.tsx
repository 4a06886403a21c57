// The review chain of an answer: where it stands and who decided what, when, with which note
// (app/v6/review/timeline.do).
import { Tag, Timeline as ATimeline, Typography } from 'antd';
import React from 'react';
import { stepKey, type Timeline, type TimelineItem } from '../../services/review';
import { formatDateTime } from '../../utils/format';

export const STATE_COLOR: Record<string, string> = { waiting: 'blue', passed: 'green', failed: 'red', ended: 'default' };

/** The name of a chain step ("Level 2", "Administrator"). */
export function stepName(f: (id: string, v?: Record<string, any>) => string, step: number): string {
  return f(stepKey(step), { n: step });
}

function itemText(f: (id: string, v?: Record<string, any>) => string, it: TimelineItem, tl: Timeline): string {
  const step = it.step ? stepName(f, it.step) : f('rv.step.flat');
  switch (it.kind) {
    case 'decided':
      return f('rv.tl.decided', { step, who: it.userName || it.userId || '-', verdict: f(it.verifyValue === 1 ? 'rv.verdict.pass' : 'rv.verdict.fail') });
    case 'entered':
      return f('rv.tl.entered', { step });
    case 'reminded':
      return f('rv.tl.reminded', { step });
    case 'escalated':
      return f('rv.tl.escalated', { n: tl.escalatedFrom ?? '' });
    case 'ended':
      return f('rv.tl.ended');
  }
  return it.kind;
}

const ChainTimeline: React.FC<{ tl: Timeline; f: (id: string, v?: Record<string, any>) => string }> = ({ tl, f }) => {
  const decisions = tl.items.filter((i) => i.kind === 'decided');
  if (!tl.inChain && decisions.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="chain-none">
        {f('rv.tl.none')}
      </Typography.Text>
    );
  }
  return (
    <div data-testid="chain-timeline" data-state={tl.state}>
      {tl.inChain && (
        <div style={{ marginBottom: 8 }}>
          <Tag color={STATE_COLOR[tl.state] ?? 'default'} data-testid="chain-state">
            {f(`rv.state.${tl.state || 'waiting'}`)}
          </Tag>
          {tl.state === 'waiting' && <span data-testid="chain-step">{f('rv.tl.at', { step: stepName(f, tl.step) })}</span>}
          {tl.dueAt && <span style={{ marginLeft: 8, color: '#595959' }}>{f('rv.tl.due', { at: tl.dueAt })}</span>}
          {tl.escalatedFrom ? (
            <Tag color="orange" style={{ marginLeft: 8 }}>
              {f('rv.tl.escalatedTag', { n: tl.escalatedFrom })}
            </Tag>
          ) : null}
        </div>
      )}
      <ATimeline
        items={tl.items.map((it, i) => ({
          key: i,
          color: it.kind === 'decided' ? (it.verifyValue === 1 ? 'green' : 'red') : it.kind === 'escalated' ? 'orange' : 'gray',
          children: (
            <div data-testid={`chain-item-${it.kind}`} data-step={it.step}>
              <div>{itemText(f, it, tl)}</div>
              <div style={{ color: '#595959', fontSize: 12 }}>{formatDateTime(it.at)}</div>
              {it.kind === 'decided' && it.verifyNote ? (
                <div className="rv-note" data-testid="chain-note" style={{ whiteSpace: 'pre-wrap' }}>
                  {it.verifyNote}
                </div>
              ) : null}
            </div>
          ),
        }))}
      />
    </div>
  );
};

export default ChainTimeline;
