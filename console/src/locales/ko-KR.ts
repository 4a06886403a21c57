// The console in ko-KR: the frame (application, menu, error and common texts) is translated in
// shell/ko-KR.ts, the contacts module's in contacts/ko-KR.ts and the review module's in review/ko-KR.ts; the other modules' texts are
// not translated yet and show in English, the product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import contacts from './contacts/ko-KR';
import review from './review/ko-KR';
import shell from './shell/ko-KR';
import signin from './signin/ko-KR';

export default { ...en, ...contacts, ...review, ...signin, ...shell };
