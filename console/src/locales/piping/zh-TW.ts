// Answer piping in zh-TW (exactly the keys of en-US; tests/locales.test.ts checks them).
export default {
  'pipe.insert': '插入答案…',
  'pipe.none': '前面沒有可引用的題目',
  'pipe.issues': '答案引用',
  'pipe.issuesHelp': '{Q1} 這樣的引用會顯示前面題目的答案；{Q1|文字} 在沒有答案時顯示文字；{{ 寫出一個大括號。',
  'pipe.end.showText': '顯示提交成功文字',
  'pipe.end.text': '提交成功文字',
  'pipe.end.redirect': '提交後跳轉到網址',
  'pipe.end.url': '網址（可在查詢參數中引用答案：?name={Q1}）',
};
