// umi plugin (.umirc.ts `plugins`): the console's HTML lets people zoom (WCAG 1.4.4, 1.4.10):
// umi's own template carries user-scalable=no and maximum-scale=1. The page language (<html
// lang>) is set at run time from the chosen interface language (utils/languageRuntime.ts).
export default (api: any) => {
  api.modifyHTML(($: any) => {
    $('meta[name=viewport]').attr('content', 'width=device-width, initial-scale=1');
    return $;
  });
};
