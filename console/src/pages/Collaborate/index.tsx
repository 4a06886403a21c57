import React from 'react';
import SurveyList from '../Survey';

/** My collaborations: surveys shared with me. */
const Collaborations: React.FC = () => <SurveyList collab />;
export default Collaborations;
