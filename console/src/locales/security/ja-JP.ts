// Answer security and embedding in ja-JP (exactly the keys of en-US; tests/locales.test.ts checks them).
export default {
  'sec.attr.showTopSum': '成績ランキングを回答者に公開',
  'sec.embed.title': 'アンケートを表示できるサイト',
  'sec.embed.enabled': '他のサイトがフレーム内にアンケートを表示することを許可',
  'sec.embed.enabledHelp': 'オフの場合、他のサイトは回答ページをフレームに埋め込めず、ウィジェットはリンクとしてのみ機能します。オンの場合、以下に登録したサイトのみ埋め込めます。',
  'sec.embed.origins': 'サイト（1 行に 1 つ）',
  'sec.embed.originsHelp': 'ウィジェットを表示する各サイトのアドレスです。例：https://shop.example.com、またはすべてのサブドメインを表す https://*.example.com（パスは不要）。',
  'sec.embed.originBad': '{line} 行目は https://shop.example.com のようなサイトのアドレスではありません',
  'sec.embed.originsNeeded': 'サイトを 1 つ以上登録するか、埋め込みをオフにしてください',
  'sec.embed.saved': '保存しました',
};
