// /v8/diaowen/an/review/:sid/:answerId
import { useParams } from '@umijs/max';
import Review from '../../components/answer/Review';

export default function ReviewPage() {
  const p = useParams();
  return <Review sid={p.sid} answerId={p.answerId ?? ''} />;
}
