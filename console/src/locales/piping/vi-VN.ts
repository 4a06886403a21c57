// The piping texts in vi-VN: exactly the keys of piping/en-US.ts
// (tests/locales.test.ts checks keys, placeholders and that nothing is left in English).
export default {
  'pipe.insert': 'Chèn câu trả lời của…',
  'pipe.none': 'Không có câu hỏi nào phía trước để trích dẫn',
  'pipe.issues': 'Trích dẫn câu trả lời',
  'pipe.issuesHelp': 'Các trích dẫn như {Q1} hiển thị câu trả lời trước đó; {Q1|văn bản} hiển thị văn bản khi chưa có câu trả lời; {{ viết ra một dấu ngoặc nhọn.',
  'pipe.end.showText': 'Hiển thị thông báo gửi thành công',
  'pipe.end.text': 'Thông báo gửi thành công',
  'pipe.end.redirect': 'Chuyển đến một địa chỉ sau khi gửi',
  'pipe.end.url': 'Địa chỉ (có thể trích dẫn câu trả lời trong truy vấn: ?name={Q1})',
};
