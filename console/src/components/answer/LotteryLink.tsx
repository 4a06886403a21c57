// "To the lottery" on the pages the answer page opens before the lottery (solutions, dimension
// report): they carry ?lotteryId=&surveyId= of the survey's open instant lottery.
import React, { useMemo } from 'react';
import { useT } from './util';

export default function LotteryLink({ answerId }: { answerId: string }) {
  const t = useT();
  const q = useMemo(() => new URLSearchParams(window.location.search), []);
  const lotteryId = q.get('lotteryId') ?? '';
  const surveyId = q.get('surveyId') ?? '';
  if (!lotteryId || !surveyId || !answerId) return null;
  const href = `/v8/diaowen/lottery/${encodeURIComponent(lotteryId)}/${encodeURIComponent(surveyId)}?answerId=${encodeURIComponent(answerId)}`;
  return (
    <p style={{ textAlign: 'center', margin: '16px 0' }}>
      <a className="dwa-btn dwa-primary" href={href} data-testid="lottery-link">
        {t('lo.an.go')}
      </a>
    </p>
  );
}
