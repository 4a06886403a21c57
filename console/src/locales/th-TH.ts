// The console in th-TH, translated completely: the frame (application, menu, error and common
// texts) in shell/th-TH.ts, the root texts (sign-in, user centre, administration) in core/th-TH.ts and
// every module's texts in <module>/th-TH.ts. tests/locales.test.ts requires every key
// to come from the language's own files.
import adminres from './adminres/th-TH';
import answer from './answer/th-TH';
import authoring from './authoring/th-TH';
import backoffice from './backoffice/th-TH';
import collect from './collect/th-TH';
import contacts from './contacts/th-TH';
import core from './core/th-TH';
import exportTexts from './export/th-TH';
import languageTexts from './language/th-TH';
import lottery from './lottery/th-TH';
import piping from './piping/th-TH';
import results from './results/th-TH';
import review from './review/th-TH';
import security from './security/th-TH';
import shell from './shell/th-TH';
import signin from './signin/th-TH';
import webhook from './webhook/th-TH';

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
