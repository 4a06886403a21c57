// The console in ja-JP, translated completely: the frame (application, menu, error and common
// texts) in shell/ja-JP.ts, the root texts in core/ja-JP.ts and each module's texts in
// <module>/ja-JP.ts (tests/locales.test.ts: exactly the keys of zh-CN, none left in English).
import adminres from './adminres/ja-JP';
import answer from './answer/ja-JP';
import authoring from './authoring/ja-JP';
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
