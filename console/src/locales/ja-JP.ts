// The console in ja-JP: the frame (application, menu, error and common texts) is translated in
// shell/ja-JP.ts, the contacts module's in contacts/ja-JP.ts and the review module's in review/ja-JP.ts; the other modules' texts are
// not translated yet and show in English, the product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import contacts from './contacts/ja-JP';
import review from './review/ja-JP';
import shell from './shell/ja-JP';
import signin from './signin/ja-JP';

export default { ...en, ...contacts, ...review, ...signin, ...shell };
