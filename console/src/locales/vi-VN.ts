// The console in vi-VN: the frame (application, menu, error and common texts) is translated in
// shell/vi-VN.ts, the contacts module's in contacts/vi-VN.ts and the review module's in review/vi-VN.ts; the other modules' texts are
// not translated yet and show in English, the product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import contacts from './contacts/vi-VN';
import review from './review/vi-VN';
import shell from './shell/vi-VN';
import signin from './signin/vi-VN';

export default { ...en, ...contacts, ...review, ...signin, ...shell };
