// The console in ja-JP: the frame (application, menu, error and common texts) in shell/ja-JP.ts and
// each module's texts in <module>/ja-JP.ts. Modules not translated yet show in English, the
// product's fallback language (tests/locales.test.ts keeps every key of zh-CN present).
import en from './en-US';
import adminres from './adminres/ja-JP';
import answer from './answer/ja-JP';
import backoffice from './backoffice/ja-JP';
import collect from './collect/ja-JP';
import contacts from './contacts/ja-JP';
import core from './core/ja-JP';
import exportTexts from './export/ja-JP';
import languageTexts from './language/ja-JP';
import lottery from './lottery/ja-JP';
import piping from './piping/ja-JP';
import results from './results/ja-JP';
import review from './review/ja-JP';
import security from './security/ja-JP';
import shell from './shell/ja-JP';
import signin from './signin/ja-JP';
import webhook from './webhook/ja-JP';

export default {
  ...en,
  ...answer,
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
