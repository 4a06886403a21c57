// The piping texts in ko-KR: exactly the keys of piping/en-US.ts
// (tests/locales.test.ts checks keys, placeholders and that nothing is left in English).
export default {
  'pipe.insert': '다음 문항의 답변 삽입…',
  'pipe.none': '인용할 수 있는 앞 문항이 없습니다',
  'pipe.issues': '답변 인용',
  'pipe.issuesHelp': '{Q1} 같은 인용은 앞 문항의 답변을 표시합니다. {Q1|텍스트}는 답변이 없을 때 텍스트를 표시합니다. {{는 중괄호 하나를 씁니다.',
  'pipe.end.showText': '제출 완료 메시지 표시',
  'pipe.end.text': '제출 완료 메시지',
  'pipe.end.redirect': '제출 후 주소로 이동',
  'pipe.end.url': '주소(쿼리에 답변 인용 가능: ?name={Q1})',
};
