package contacts

import (
	"reflect"
	"strings"
	"testing"

	"dwsurvey/models"
)

// Every message language has every text, with the same %s marks as en-US, and its own words
// (not another language's left in place); a rendered invitation and reminder in each carries
// the title, the name and the personal link.
func TestMessageTextsComplete(t *testing.T) {
	if len(messageTexts) != len(Languages) {
		t.Fatalf("%d text sets for %d languages", len(messageTexts), len(Languages))
	}
	fields := func(x texts) map[string]string {
		v := reflect.ValueOf(x)
		out := map[string]string{}
		for i := 0; i < v.NumField(); i++ {
			out[v.Type().Field(i).Name] = v.Field(i).String()
		}
		return out
	}
	ref := fields(messageTexts["en-US"])
	seen := map[string]string{}
	s := &Service{PublicURL: "https://survey.example.org/"}
	for _, l := range Languages {
		tx, ok := messageTexts[l]
		if !ok {
			t.Fatalf("%s has no texts", l)
		}
		for name, v := range fields(tx) {
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s %s is empty", l, name)
			}
			if got, want := strings.Count(v, "%s"), strings.Count(ref[name], "%s"); got != want || strings.Count(v, "%") != want {
				t.Errorf("%s %s %q: %d %%s marks, want %d and no other %%", l, name, v, got, want)
			}
			if other, dup := seen[name+"\x00"+v]; dup && !(name == "hello" && l == "zh-TW" && other == "zh-CN") {
				t.Errorf("%s %s %q is the same as %s's", l, name, v, other)
			}
			seen[name+"\x00"+v] = l
		}
		if _, ok := contentCode[l]; !ok {
			t.Errorf("%s has no content language", l)
		}
		if c, err := CheckLanguage(strings.ToLower(l)); c != l || err != nil {
			t.Errorf("CheckLanguage(%s) = %q %v", l, c, err)
		}
		f := frame{t: tx, title: "Title ⟨" + l + "⟩", query: "?lang=" + contentCode[l]}
		d := &models.Distribution{Language: l}
		for round := 0; round < 2; round++ {
			m := s.compose(d, f, "sid123", models.InvitationSend{BindID: "0123456789abcdef01234567", Round: round}, "Ann Lee")
			link := "https://survey.example.org/v8/diaowen/an/sid123/contacts/0123456789abcdef01234567?lang=" + contentCode[l]
			for _, want := range []string{link, f.title, "Ann Lee", tx.linkLine, tx.footer} {
				if !strings.Contains(m.text, want) {
					t.Errorf("%s round %d: the text lacks %q:\n%s", l, round, want, m.text)
				}
			}
			prefix, body := tx.invite, tx.defaultBody
			if round > 0 {
				prefix, body = tx.remind, tx.remindBody
			}
			if m.subject != prefix+f.title || !strings.Contains(m.text, strings.Replace(body, "%s", f.title, 1)) {
				t.Errorf("%s round %d: subject %q, text:\n%s", l, round, m.subject, m.text)
			}
			if m.params["link"] != link || m.params["survey"] != f.title {
				t.Errorf("%s: SMS parameters %v", l, m.params)
			}
		}
	}
}

func TestCheckLanguage(t *testing.T) {
	for in, want := range map[string]string{"ja-JP": "ja-JP", "ja": "ja-JP", " RU-ru ": "ru-RU", "en": "en-US", "zh-tw": "zh-TW", "vi": "vi-VN"} {
		if got, err := CheckLanguage(in); got != want || err != nil {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"de", "ja-XX", "zh", "", "en-GB"} {
		_, err := CheckLanguage(in)
		if err == nil || err.Error() != "The language must be one of zh-CN, en-US, zh-TW, ja-JP, ko-KR, vi-VN, th-TH, ru-RU" {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestTitleLanguage(t *testing.T) {
	for title, want := range map[string]string{
		"员工满意度调查 2026":                      "zh-CN",
		"員工滿意度調查 2026":                      "zh-TW",
		"顾客アンケート":                           "ja-JP",
		"社員満足度アンケート":                        "ja-JP",
		"직원 만족도 조사":                         "ko-KR",
		"แบบสอบถามความพึงพอใจ":              "th-TH",
		"Опрос удовлетворённости":           "ru-RU",
		"Опитування задоволеності":          "zh-CN", // Ukrainian: none of the eight
		"Khảo sát mức độ hài lòng":          "vi-VN",
		"Customer satisfaction 2026":        "en-US",
		"Zufriedenheitsumfrage für Kunden":  "zh-CN", // German: none of the eight
		"Enquête de satisfaction – clients": "zh-CN",
		"2026":                              "zh-CN",
		"":                                  "zh-CN",
		"استطلاع رضا العملاء":               "zh-CN",
	} {
		if got := TitleLanguage(title); got != want {
			t.Errorf("%q: %s, want %s", title, got, want)
		}
	}
}
