// The console in th-TH: the frame (application, menu, error and common texts) in shell/th-TH.ts, the
// root texts (sign-in, user centre, administration) in core/th-TH.ts and every module's texts in
// <module>/th-TH.ts. The en-US spread first is only a safety net for keys added later
// (tests/locales.test.ts requires every key to come from the language's own files).
import en from './en-US';
import webhook from './webhook/th-TH';
import results from './results/th-TH';
import exportTexts from './export/th-TH';
import collect from './collect/th-TH';
import answer from './answer/th-TH';
import adminres from './adminres/th-TH';
import contacts from './contacts/th-TH';
import core from './core/th-TH';
import languageTexts from './language/th-TH';
import piping from './piping/th-TH';
import review from './review/th-TH';
import security from './security/th-TH';
import shell from './shell/th-TH';
import signin from './signin/th-TH';

export default {
  ...en,
  ...webhook,
  ...results,
  ...exportTexts,
  ...collect,
  ...answer,
  ...piping,
  ...contacts,
  ...review,
  ...security,
  ...adminres,
  ...languageTexts,
  ...signin,
  ...core,
  ...shell,
};
