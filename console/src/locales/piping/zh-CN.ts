// 设计器中的答案引用（issue 21）：富文本引用选择、引用检查和结束页编辑。
export default {
  'pipe.insert': '插入答案…',
  'pipe.none': '前面没有可引用的题目',
  'pipe.issues': '答案引用',
  'pipe.issuesHelp': '{Q1} 这样的引用显示前面题目的答案；{Q1|文字} 在没有答案时显示文字；{{ 写出一个花括号。',
  'pipe.end.showText': '显示提交成功文字',
  'pipe.end.text': '提交成功文字',
  'pipe.end.redirect': '提交后跳转到网址',
  'pipe.end.url': '网址（可在查询参数中引用答案：?name={Q1}）',
};
