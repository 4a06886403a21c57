// The console in zh-TW: the frame (application, menu, error and common texts) in shell/zh-TW.ts and
// each module's texts in <module>/zh-TW.ts. Modules not translated yet show in English, the
// product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import answer from './answer/zh-TW';
import contacts from './contacts/zh-TW';
import review from './review/zh-TW';
import shell from './shell/zh-TW';
import signin from './signin/zh-TW';

export default { ...en, ...answer, ...contacts, ...review, ...signin, ...shell };
