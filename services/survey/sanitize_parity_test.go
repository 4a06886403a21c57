package survey_test

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	svc "dwsurvey/services/survey"
)

// The designer's rich-text editor cleans pasted HTML with the same subset as the server
// (console/src/components/RichTextSanitize.tsx). The three lists must stay identical.
func TestRichTextListsMatchConsole(t *testing.T) {
	raw, err := os.ReadFile("../../console/src/components/RichTextSanitize.tsx")
	if err != nil {
		t.Fatalf("console sanitiser: %v", err)
	}
	src := string(raw)
	list := func(name string) []string {
		m := regexp.MustCompile(`(?s)export const ` + name + ` = \[(.*?)\];`).FindStringSubmatch(src)
		if m == nil {
			t.Fatalf("%s not found in the console sanitiser", name)
		}
		var out []string
		for _, q := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(m[1], -1) {
			out = append(out, q[1])
		}
		sort.Strings(out)
		return out
	}
	allowed, dropped, attrs := svc.RichTextLists()
	for _, c := range []struct {
		name       string
		server, ui []string
	}{{"ALLOWED_TAGS", allowed, list("ALLOWED_TAGS")}, {"DROP_WITH_CONTENT", dropped, list("DROP_WITH_CONTENT")}, {"ALLOWED_ATTRS", attrs, list("ALLOWED_ATTRS")}} {
		if strings.Join(c.server, ",") != strings.Join(c.ui, ",") {
			t.Errorf("%s differs:\n server  %v\n console %v", c.name, c.server, c.ui)
		}
	}
}

// What the rich-text editor can produce survives; nothing executable does.
func TestSanitizeEditorOutputAndAttacks(t *testing.T) {
	keep := []string{
		`<b>bold</b> <i>it</i> <u>under</u>`,
		`<font color="#ff0000">red</font>`,
		`<span style="color: rgb(255, 0, 0);">red</span>`,
		`<a href="https://example.com/x?a=1&amp;b=2" target="_blank">link</a>`,
		`<a href="mailto:a@example.com">mail</a>`,
	}
	for _, in := range keep {
		if got := svc.SanitizeHTML(in); got != in {
			t.Errorf("editor output changed: %q -> %q", in, got)
		}
	}
	attacks := []string{
		`<img src=x onerror=alert(1)>`,
		`<IMG SRC="javascript:alert(1)">`,
		`<svg onload=alert(1)><circle/></svg>`,
		`<a href="vbscript:msgbox(1)">x</a>`,
		`<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>`,
		`<a href="jav&#x0A;ascript:alert(1)">x</a>`,
		`<scr<script>ipt>alert(1)</script>`,
		`<div style="background-image: url(javascript:alert(1))">x</div>`,
		`<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
		`<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
		`<body onload=alert(1)>`,
		`<p/onclick=alert(1)>p</p>`,
	}
	bad := regexp.MustCompile(`(?i)<script|<svg|<iframe|<math|\son\w+\s*=|javascript:|vbscript:|data:text`)
	for _, in := range attacks {
		if got := svc.SanitizeHTML(in); bad.MatchString(got) {
			t.Errorf("SanitizeHTML(%q) = %q keeps something executable", in, got)
		}
	}
}
