// 安全相关设置的文字（问题 19：排行公开、嵌入来源、答卷密码上限）。
export default {
  'sec.attr.showTopSum': '向答题者公开成绩排行',
  'sec.embed.title': '可展示问卷的网站',
  'sec.embed.enabled': '允许其他网站以框架形式展示问卷',
  'sec.embed.enabledHelp': '关闭时任何其他网站都不能嵌入答题页，挂件只能作为链接使用；开启后仅下列网站可以嵌入。',
  'sec.embed.origins': '网站（每行一个）',
  'sec.embed.originsHelp': '展示挂件的网站地址，例如 https://shop.example.com，或以 https://*.example.com 表示其全部子域名（不含路径）。',
  'sec.embed.originBad': '第 {line} 行不是网站地址（例如 https://shop.example.com）',
  'sec.embed.originsNeeded': '请至少填写一个网站，或关闭嵌入',
  'sec.embed.saved': '已保存',
};
