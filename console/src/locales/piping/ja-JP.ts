// Answer piping in ja-JP (exactly the keys of en-US; tests/locales.test.ts checks them).
export default {
  'pipe.insert': '回答を挿入…',
  'pipe.none': '引用できる前の問題がありません',
  'pipe.issues': '回答の引用',
  'pipe.issuesHelp': '{Q1} のような引用は前の問題の回答を表示します。{Q1|テキスト} は回答がない場合にテキストを表示します。{{ で波かっこを書けます。',
  'pipe.end.showText': '送信完了メッセージを表示',
  'pipe.end.text': '送信完了メッセージ',
  'pipe.end.redirect': '送信後に指定のアドレスへ移動',
  'pipe.end.url': 'アドレス（クエリで回答を引用できます：?name={Q1}）',
};
