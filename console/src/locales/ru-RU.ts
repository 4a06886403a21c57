// The console in ru-RU: the frame (application, menu, error and common texts) is translated in
// shell/ru-RU.ts, the contacts module's in contacts/ru-RU.ts and the review module's in review/ru-RU.ts; the other modules' texts are
// not translated yet and show in English, the product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import contacts from './contacts/ru-RU';
import review from './review/ru-RU';
import shell from './shell/ru-RU';
import signin from './signin/ru-RU';

export default { ...en, ...contacts, ...review, ...signin, ...shell };
