// The console in th-TH: the frame (application, menu, error and common texts) is translated in
// shell/th-TH.ts, the contacts module's in contacts/th-TH.ts and the review module's in review/th-TH.ts; the other modules' texts are
// not translated yet and show in English, the product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import contacts from './contacts/th-TH';
import review from './review/th-TH';
import shell from './shell/th-TH';
import signin from './signin/th-TH';

export default { ...en, ...contacts, ...review, ...signin, ...shell };
