// /v8/diaowen/an/review-event/:pathType/:sid/:answerId - custom-score is the grader's page;
// any other path type shows the original answer (an/review).
import { useParams } from '@umijs/max';
import Review from '../../components/answer/Review';
import Grading from '../../components/review/Grading';

export default function ReviewEventPage() {
  const p = useParams();
  if (p.pathType === 'custom-score') return <Grading sid={p.sid ?? ''} answerId={p.answerId ?? ''} />;
  return <Review sid={p.sid} answerId={p.answerId ?? ''} />;
}
