// The security texts in ko-KR: exactly the keys of security/en-US.ts
// (tests/locales.test.ts checks keys, placeholders and that nothing is left in English).
export default {
  'sec.attr.showTopSum': '응답자에게 점수 순위 공개',
  'sec.embed.title': '설문을 표시할 수 있는 사이트',
  'sec.embed.enabled': '다른 사이트가 프레임으로 설문을 표시하도록 허용',
  'sec.embed.enabledHelp': '끄기: 어떤 사이트도 응답 페이지를 프레임에 넣을 수 없으므로 위젯은 링크로만 동작합니다. 켜기: 아래에 나열한 사이트만 가능합니다.',
  'sec.embed.origins': '사이트(한 줄에 하나)',
  'sec.embed.originsHelp': '위젯을 표시하는 각 사이트의 주소입니다. 예: https://shop.example.com, 모든 하위 도메인은 https://*.example.com(경로 제외).',
  'sec.embed.originBad': '{line}번째 줄은 https://shop.example.com과 같은 사이트 주소가 아닙니다',
  'sec.embed.originsNeeded': '사이트를 하나 이상 입력하거나 프레임 표시를 끄세요',
  'sec.embed.saved': '저장되었습니다',
};
