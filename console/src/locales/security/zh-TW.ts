// Answer security and embedding in zh-TW (exactly the keys of en-US; tests/locales.test.ts checks them).
export default {
  'sec.attr.showTopSum': '向作答者公開成績排行',
  'sec.embed.title': '可展示問卷的網站',
  'sec.embed.enabled': '允許其他網站以框架形式展示問卷',
  'sec.embed.enabledHelp': '關閉時任何其他網站都不能嵌入作答頁，元件只能作為連結使用；開啟後僅下列網站可以嵌入。',
  'sec.embed.origins': '網站（每行一個）',
  'sec.embed.originsHelp': '展示元件的網站位址，例如 https://shop.example.com，或以 https://*.example.com 表示其全部子網域（不含路徑）。',
  'sec.embed.originBad': '第 {line} 行不是網站位址（例如 https://shop.example.com）',
  'sec.embed.originsNeeded': '請至少填寫一個網站，或關閉嵌入',
  'sec.embed.saved': '已儲存',
};
