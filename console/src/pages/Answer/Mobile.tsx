// /v8/diaowen/an/m/:sid: the same components in the mobile layout.
import AnswerApp from '../../components/answer/AnswerApp';

export default function AnswerMobilePage() {
  return <AnswerApp mobile />;
}
