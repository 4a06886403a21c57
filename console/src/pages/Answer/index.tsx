// /v8/diaowen/an/:sid (shuffling only here), an/:sid/:answerId, an/:sid/contacts/:relateContactEsId.
import { useMatch } from '@umijs/max';
import AnswerApp from '../../components/answer/AnswerApp';

export default function AnswerPage() {
  // shuffling runs only on the plain entry route an/:sid
  const plain = useMatch('/v8/diaowen/an/:sid');
  return <AnswerApp shuffle={!!plain} />;
}
