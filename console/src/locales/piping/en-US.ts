// Answer piping in the designer (issue 21): the rich-text picker, the placeholder checks and
// the end page editor.
export default {
  'pipe.insert': 'Insert answer of…',
  'pipe.none': 'No earlier question to quote',
  'pipe.issues': 'Answer placeholders',
  'pipe.issuesHelp': 'Placeholders such as {Q1} show an earlier answer; {Q1|text} shows the text when there is none; {{ writes a brace.',
  'pipe.end.showText': 'Show a success message',
  'pipe.end.text': 'Success message',
  'pipe.end.redirect': 'Go to an address after submitting',
  'pipe.end.url': 'Address (answers may be quoted in its query: ?name={Q1})',
};
