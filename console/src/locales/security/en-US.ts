// Texts of the security settings (issue 19: who may see rankings, embedding origins, answer-password ceiling).
export default {
  'sec.attr.showTopSum': 'Show the score ranking to respondents',
  'sec.embed.title': 'Sites that may show the survey',
  'sec.embed.enabled': 'Allow other sites to show the survey in a frame',
  'sec.embed.enabledHelp': 'Off: no other site can frame the answer page, so the widget only works as a link. On: only the sites listed below can.',
  'sec.embed.origins': 'Sites (one per line)',
  'sec.embed.originsHelp': 'The address of each site that shows the widget, such as https://shop.example.com or https://*.example.com for all its subdomains (no path).',
  'sec.embed.originBad': 'Line {line} is not a site address such as https://shop.example.com',
  'sec.embed.originsNeeded': 'List at least one site, or switch framing off',
  'sec.embed.saved': 'Saved',
};
