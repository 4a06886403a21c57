// c/attr: answer settings kept outside the survey document - verification (review chain)
// and graders, applied to answers submitted afterwards without publishing again.
import React from 'react';
import ReviewSettingsCard from '../../components/review/ReviewSettingsCard';
import Shell from './Shell';

const Page: React.FC = () => <Shell tab="attr">{(c) => <ReviewSettingsCard surveyId={c.info.id} />}</Shell>;
export default Page;
