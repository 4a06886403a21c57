// The console in zh-TW, translated completely: the frame (application, menu, error and common
// texts) in shell/zh-TW.ts, the root texts in core/zh-TW.ts and each module's texts in
// <module>/zh-TW.ts (tests/locales.test.ts: exactly the keys of zh-CN, none left in English).
import adminres from './adminres/zh-TW';
import answer from './answer/zh-TW';
import authoring from './authoring/zh-TW';
import backoffice from './backoffice/zh-TW';
import collect from './collect/zh-TW';
import contacts from './contacts/zh-TW';
import core from './core/zh-TW';
import exportTexts from './export/zh-TW';
import languageTexts from './language/zh-TW';
import lottery from './lottery/zh-TW';
import piping from './piping/zh-TW';
import results from './results/zh-TW';
import review from './review/zh-TW';
import security from './security/zh-TW';
import shell from './shell/zh-TW';
import signin from './signin/zh-TW';
import webhook from './webhook/zh-TW';

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
