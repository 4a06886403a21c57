// The light entry of the respondent answer pages (/v8/diaowen/an/:sid, an/m/:sid,
// an/:sid/:answerId, an/:sid/contacts/:relateContactEsId): React and the answer components
// only, built by scripts/build-answer.mjs into dist/an/ and served by the Go server for those
// paths. The umi console keeps the same routes (dev server, and when dist/an/ is absent).
import React from 'react';
import { createRoot } from 'react-dom/client';
import AnswerApp from '../AnswerApp';
import { loadMessages } from './umi';

const path = window.location.pathname;
const mobile = /^\/v8\/diaowen\/an\/m\//.test(path);
// shuffling runs only on the plain entry route an/:sid (as pages/Answer/index.tsx)
const plain = !mobile && /^\/v8\/diaowen\/an\/[^/]+\/?$/.test(path);
const el = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
// the language of the texts loaded (English when the interface language has no answer file)
document.documentElement.lang = await loadMessages();
createRoot(el).render(<AnswerApp mobile={mobile} shuffle={plain} />);
