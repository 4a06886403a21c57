// The security texts in vi-VN: exactly the keys of security/en-US.ts
// (tests/locales.test.ts checks keys, placeholders and that nothing is left in English).
export default {
  'sec.attr.showTopSum': 'Hiển thị bảng xếp hạng điểm cho người trả lời',
  'sec.embed.title': 'Các trang được phép hiển thị khảo sát',
  'sec.embed.enabled': 'Cho phép trang khác hiển thị khảo sát trong khung',
  'sec.embed.enabledHelp': 'Tắt: không trang nào khác có thể nhúng trang trả lời trong khung, nên tiện ích chỉ hoạt động dưới dạng liên kết. Bật: chỉ các trang liệt kê dưới đây được phép.',
  'sec.embed.origins': 'Các trang (mỗi dòng một trang)',
  'sec.embed.originsHelp': 'Địa chỉ của từng trang hiển thị tiện ích, ví dụ https://shop.example.com, hoặc https://*.example.com cho mọi tên miền con (không có đường dẫn).',
  'sec.embed.originBad': 'Dòng {line} không phải địa chỉ trang như https://shop.example.com',
  'sec.embed.originsNeeded': 'Hãy liệt kê ít nhất một trang, hoặc tắt tính năng nhúng khung',
  'sec.embed.saved': 'Đã lưu',
};
