// The console in ru-RU, translated completely: the frame (application, menu, error and common
// texts) in shell/ru-RU.ts, the root texts (sign-in, user centre, administration) in core/ru-RU.ts and
// every module's texts in <module>/ru-RU.ts. tests/locales.test.ts requires every key
// to come from the language's own files.
import adminres from './adminres/ru-RU';
import answer from './answer/ru-RU';
import authoring from './authoring/ru-RU';
import backoffice from './backoffice/ru-RU';
import collect from './collect/ru-RU';
import contacts from './contacts/ru-RU';
import core from './core/ru-RU';
import exportTexts from './export/ru-RU';
import languageTexts from './language/ru-RU';
import lottery from './lottery/ru-RU';
import piping from './piping/ru-RU';
import results from './results/ru-RU';
import review from './review/ru-RU';
import security from './security/ru-RU';
import shell from './shell/ru-RU';
import signin from './signin/ru-RU';
import webhook from './webhook/ru-RU';

export default {
  ...answer,
  ...authoring,
  ...collect,
  ...contacts,
  ...exportTexts,
  ...piping,
  ...results,
  ...review,
  ...security,
  ...webhook,
  ...adminres,
  ...languageTexts,
  ...lottery,
  ...backoffice,
  ...signin,
  ...core,
  ...shell,
};
