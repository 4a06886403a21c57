// /v8/diaowen/an-solution/:answerId (score plus solution)
import { useParams } from '@umijs/max';
import Review from '../../components/answer/Review';

export default function SolutionPage() {
  const p = useParams();
  return <Review answerId={p.answerId ?? ''} solution />;
}
