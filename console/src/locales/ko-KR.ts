// The console in ko-KR: every module's texts are translated in <module>/ko-KR.ts, the root texts
// in core/ko-KR.ts and the frame (application, menu, error and common texts) in shell/ko-KR.ts
// (tests/locales.test.ts checks that every key of en-US is present and translated).
import answer from './answer/ko-KR';
import authoring from './authoring/ko-KR';
import collect from './collect/ko-KR';
import contacts from './contacts/ko-KR';
import exportTexts from './export/ko-KR';
import piping from './piping/ko-KR';
import results from './results/ko-KR';
import review from './review/ko-KR';
import security from './security/ko-KR';
import webhook from './webhook/ko-KR';
import adminres from './adminres/ko-KR';
import languageTexts from './language/ko-KR';
import lottery from './lottery/ko-KR';
import backoffice from './backoffice/ko-KR';
import signin from './signin/ko-KR';
import core from './core/ko-KR';
import shell from './shell/ko-KR';

export default { ...answer, ...authoring, ...collect, ...contacts, ...exportTexts, ...piping, ...results, ...review, ...security, ...webhook, ...adminres, ...languageTexts, ...lottery, ...backoffice, ...signin, ...core, ...shell };
