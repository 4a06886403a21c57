// The console in vi-VN: every module's texts are translated in <module>/vi-VN.ts, the root texts
// in core/vi-VN.ts and the frame (application, menu, error and common texts) in shell/vi-VN.ts
// (tests/locales.test.ts checks that every key of en-US is present and translated).
import answer from './answer/vi-VN';
import authoring from './authoring/vi-VN';
import collect from './collect/vi-VN';
import contacts from './contacts/vi-VN';
import exportTexts from './export/vi-VN';
import piping from './piping/vi-VN';
import results from './results/vi-VN';
import review from './review/vi-VN';
import security from './security/vi-VN';
import webhook from './webhook/vi-VN';
import adminres from './adminres/vi-VN';
import languageTexts from './language/vi-VN';
import lottery from './lottery/vi-VN';
import backoffice from './backoffice/vi-VN';
import signin from './signin/vi-VN';
import core from './core/vi-VN';
import shell from './shell/vi-VN';

export default { ...answer, ...authoring, ...collect, ...contacts, ...exportTexts, ...piping, ...results, ...review, ...security, ...webhook, ...adminres, ...languageTexts, ...lottery, ...backoffice, ...signin, ...core, ...shell };
