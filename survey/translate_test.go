package survey

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// Shared vectors (testdata/engine/translate/vectors.json), also run by the console
// (components/answer/language.test.ts): the texts of a document, and of the document with a
// script applied.
func TestTranslateVectors(t *testing.T) {
	raw, err := os.ReadFile("../testdata/engine/translate/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Name    string          `json:"name"`
			Survey  json.RawMessage `json:"survey"`
			Items   []LangItem      `json:"items"`
			Sources []LangItem      `json:"sources"`
			Expect  []LangItem      `json:"expect"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range f.Cases {
		d, _, err := Parse(c.Survey)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		before, _ := json.Marshal(d)
		if got := TranslationSources(d); !reflect.DeepEqual(got, c.Sources) {
			t.Errorf("%s: sources\n got %+v\nwant %+v", c.Name, got, c.Sources)
		}
		tr := Translate(d, c.Items)
		if got := TranslationSources(tr); !reflect.DeepEqual(got, c.Expect) {
			t.Errorf("%s: translated\n got %+v\nwant %+v", c.Name, got, c.Expect)
		}
		if after, _ := json.Marshal(d); string(after) != string(before) {
			t.Errorf("%s: the original document was changed", c.Name)
		}
	}
}

func TestTranslateKeepsWhatItDoesNotTranslate(t *testing.T) {
	d, _, err := Parse([]byte(`{"dwId":"sv","surveyStyle":{"submitBtnText":"交卷","themeColor":"#123456"},
		"surveyAttrs":{"endPageAttr":{"textAttr":{"submitSuccess":{"enabled":true,"text":"谢谢"}},"redirectionAttr":{"enabled":true,"reqUrl":"https://example.org/"}}},
		"questions":[{"dwId":"q1","quType":"FILLBLANK","quTitle":"名字","quAttr":{"isRequired":true,"inputAttr":{"commonAttr":{"checkType":"EMAIL","regexMsg":"邮箱"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	tr := Translate(d, []LangItem{{"sv", "submitSuccess", "Thanks"}, {"q1", "regexMsg", "E-mail"}, {"sv", "submitBtnText", "Send"}})
	if got := endPageText(tr); got != "Thanks" {
		t.Fatalf("end page text %q", got)
	}
	var ep struct {
		RedirectionAttr struct {
			Enabled bool   `json:"enabled"`
			ReqURL  string `json:"reqUrl"`
		} `json:"redirectionAttr"`
	}
	if err := json.Unmarshal(tr.SurveyAttrs.EndPageAttr, &ep); err != nil || !ep.RedirectionAttr.Enabled || ep.RedirectionAttr.ReqURL != "https://example.org/" {
		t.Fatalf("the redirect settings were lost: %s", tr.SurveyAttrs.EndPageAttr)
	}
	c := tr.Questions[0].QuAttr.InputAttr.CommonAttr
	if c.RegexMsg != "E-mail" || c.CheckType != "EMAIL" || tr.Questions[0].QuAttr.IsRequired == nil || !bool(*tr.Questions[0].QuAttr.IsRequired) {
		t.Fatalf("common attributes %+v", c)
	}
	if tr.SurveyStyle.SubmitBtnText != "Send" || tr.SurveyStyle.ThemeColor != "#123456" {
		t.Fatalf("style %+v", tr.SurveyStyle)
	}
	if HintText(" <b>A</b> &lt;b&gt; &amp;amp; ") != "A <b> &amp;" {
		t.Fatalf("HintText %q", HintText(" <b>A</b> &lt;b&gt; &amp;amp; "))
	}
}

func TestLocalizeMessages(t *testing.T) {
	msgs := []Message{
		{QuDwID: "q1", Key: "custom", Text: "六位数字", Params: map[string]any{"message": "六位数字"}},
		{QuDwID: "q2", ItemDwID: "b2", Key: "custom", Text: "格式", Params: map[string]any{"message": "格式"}},
		{QuDwID: "q3", Key: "required", Text: MessageTexts["required"], Params: map[string]any{}},
		{QuDwID: "q4", Key: "custom", Text: "原文", Params: map[string]any{"message": "原文"}},
	}
	items := []LangItem{
		{LanCode: "q1", LanType: "regexMsg", LanValue: "<p>Six digits</p>"},
		{LanCode: "b2", LanType: "regexMsg", LanValue: "Blank format"},
		{LanCode: "q2", LanType: "regexMsg", LanValue: "question-level"},
		{LanCode: "q3", LanType: "quTitle", LanValue: "Q3"},
		{LanCode: "q4", LanType: "placeholder", LanValue: "not a message"},
	}
	got := LocalizeMessages(msgs, items)
	want := []string{"Six digits", "Blank format", MessageTexts["required"], "原文"}
	for i, w := range want {
		if got[i].Text != w {
			t.Fatalf("message %d: %q, want %q", i, got[i].Text, w)
		}
		if got[i].Key == "custom" && got[i].Params["message"] != w {
			t.Fatalf("message %d params: %v", i, got[i].Params)
		}
	}
	if msgs[0].Params["message"] != "六位数字" || msgs[0].Text != "六位数字" {
		t.Fatal("the input messages changed")
	}
	if out := LocalizeMessages(msgs, nil); out[0].Text != "六位数字" {
		t.Fatal("without a script the message changes")
	}
}
