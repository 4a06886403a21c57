package survey

import (
	"strings"
	"sync"
	"testing"
)

// The convenience calls other packages use (exports, Word reports, webhook messages).
func TestRenderPiped(t *testing.T) {
	s, _, err := Parse([]byte(`{"questions":[
		{"dwId":"q1","quType":"RADIO","quRadios":[{"dwId":"a1","optionTitle":"Tea"},{"dwId":"a2","optionTitle":"Coffee"}]},
		{"dwId":"q2","quType":"FILLBLANK"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseAnswer([]byte(`{"anQuestions":[{"quDwId":"q1","anRadio":{"optionDwId":"a2"}},{"quDwId":"q2","anFbk":{"answer":"<b>x</b>"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	lang := []LangItem{{LanCode: "a2", LanType: "optionTitle", LanValue: "咖啡"}}
	for _, c := range []struct{ got, want string }{
		{RenderPiped("You chose {Q1}; {Q2}", s, a.AnQuestions, nil), "You chose Coffee; <b>x</b>"},
		{RenderPiped("{Q1}", s, a.AnQuestions, lang), "咖啡"},
		{RenderPipedHTML("<p>{Q2}</p>", s, a.AnQuestions, nil), "<p>&lt;b&gt;x&lt;/b&gt;</p>"},
		{RenderPiped("{Q3|none} {{", s, nil, nil), "{Q3|none} {"},
		{RenderPiped("no braces", nil, nil, nil), "no braces"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestScanPipesOffsets(t *testing.T) {
	parts := ScanPipes("ab{Q1|x}c{{d{Q2}", PipeText, nil)
	want := []PipePart{{Lit: "ab", Offset: 0}, {Name: "Q1", Fallback: "x", HasFallback: true, Raw: "{Q1|x}", Offset: 2}, {Lit: "c", Offset: 8},
		{Lit: "{", Offset: 9}, {Lit: "d", Offset: 11}, {Name: "Q2", Raw: "{Q2}", Offset: 12}}
	if len(parts) != len(want) {
		t.Fatalf("got %+v", parts)
	}
	for i := range want {
		if parts[i] != want[i] {
			t.Errorf("part %d: got %+v, want %+v", i, parts[i], want[i])
		}
	}
}

// A Piper is shared by concurrent requests (go test -race).
func TestPiperConcurrent(t *testing.T) {
	s, _, _ := Parse([]byte(`{"questions":[{"dwId":"q1","quType":"FILLBLANK"}]}`))
	p := NewPiper(s, nil)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				v := p.With([]*AnQuestion{{QuDwID: "q1", AnFbk: &AnFbk{Answer: "v"}}})
				if got := v.Text("{Q1}{Q2}{x}"); got != "v{Q2}{x}" {
					t.Errorf("got %q", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// PipeDocument renders a copy and shares what has no placeholder; the original is untouched.
func TestPipeDocumentCopyOnWrite(t *testing.T) {
	s, _, err := Parse([]byte(`{"surveyStyle":{"submitBtnText":"Send, {Q1}"},
		"surveyAttrs":{"endPageAttr":{"textAttr":{"submitSuccess":{"enabled":true,"text":"<p>Bye {Q1}</p>"}},"redirectionAttr":{"reqUrl":"https://x.test/?n={Q1}"}}},
		"questions":[
		{"dwId":"q1","quType":"FILLBLANK","quTitle":"Name?"},
		{"dwId":"q2","quType":"RADIO","quTitleObj":{"dwHtml":"<b>{Q1}</b>?","dwText":"{Q1}?"},"quRadios":[{"dwId":"a","optionTitle":"A"},{"dwId":"b","optionTitle":"B {Q1}"}]},
		{"dwId":"q3","quType":"FILLBLANK","quTitle":"Plain"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	ans := []*AnQuestion{{QuDwID: "q1", AnFbk: &AnFbk{Answer: "<i>Jo</i> & Al"}}}
	c, ok := PipeDocument(s, ans, nil)
	if !ok {
		t.Fatal("nothing rendered")
	}
	q2 := c.Questions[1]
	if q2.QuTitleObj.DwHTML != "<b>&lt;i&gt;Jo&lt;/i&gt; &amp; Al</b>?" || q2.QuTitleObj.DwText != "<i>Jo</i> & Al?" || q2.QuRadios[1].OptionTitle != "B &lt;i&gt;Jo&lt;/i&gt; &amp; Al" {
		t.Fatalf("rendered %+v %+v", q2.QuTitleObj, q2.QuRadios[1])
	}
	if c.Questions[0] != s.Questions[0] || c.Questions[2] != s.Questions[2] || q2.QuRadios[0] != s.Questions[1].QuRadios[0] {
		t.Fatal("unchanged parts are not shared")
	}
	if s.Questions[1].QuTitleObj.DwHTML != "<b>{Q1}</b>?" || s.Questions[1].QuRadios[1].OptionTitle != "B {Q1}" || s.SurveyStyle.SubmitBtnText != "Send, {Q1}" {
		t.Fatal("the original changed")
	}
	if c.SurveyStyle.SubmitBtnText != "Send, <i>Jo</i> & Al" {
		t.Fatalf("button %q", c.SurveyStyle.SubmitBtnText)
	}
	if ep := string(c.SurveyAttrs.EndPageAttr); !strings.Contains(ep, `Bye \u0026lt;i\u0026gt;Jo`) && !strings.Contains(ep, "Bye &lt;i&gt;Jo") || !strings.Contains(ep, "n=%3Ci%3EJo%3C%2Fi%3E%20%26%20Al") {
		t.Fatalf("end page %s", ep)
	}
	if d, ok := PipeDocument(s, nil, nil); !ok || d.Questions[1].QuTitleObj.DwText != "?" {
		t.Fatalf("no answers: %v", ok)
	}
	plain, _, _ := Parse([]byte(`{"questions":[{"dwId":"q1","quType":"FILLBLANK","quTitle":"{x} }"}]}`))
	if d, ok := PipeDocument(plain, ans, nil); ok || d != plain {
		t.Fatal("a document without placeholders is copied")
	}
}
