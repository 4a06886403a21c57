// The console in zh-TW: the frame (application, menu, error and common texts) is translated in
// shell/zh-TW.ts, the contacts module's in contacts/zh-TW.ts and the review module's in review/zh-TW.ts; the other modules' texts are
// not translated yet and show in English, the product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import contacts from './contacts/zh-TW';
import review from './review/zh-TW';
import shell from './shell/zh-TW';
import signin from './signin/zh-TW';

export default { ...en, ...contacts, ...review, ...signin, ...shell };
