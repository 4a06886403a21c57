package survey_test

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	svc "dwsurvey/services/survey"
)

// The designer's rich-text editor and the answer page clean HTML with the same rules as the
// server (console/src/components/RichTextSanitize.tsx, console/src/utils/safeUrl.ts). The lists
// and the colour pattern must stay identical.
func TestRichTextListsMatchConsole(t *testing.T) {
	read := func(path string) string {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("console rule file: %v", err)
		}
		return string(raw)
	}
	rt := read("../../console/src/components/RichTextSanitize.tsx")
	urls := read("../../console/src/utils/safeUrl.ts")
	list := func(src, name string) []string {
		m := regexp.MustCompile(`(?s)export const ` + name + ` = \[(.*?)\];`).FindStringSubmatch(src)
		if m == nil {
			t.Fatalf("%s not found in the console rules", name)
		}
		var out []string
		for _, q := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(m[1], -1) {
			out = append(out, q[1])
		}
		sort.Strings(out)
		return out
	}
	sorted := func(l []string) []string {
		c := append([]string(nil), l...)
		sort.Strings(c)
		return c
	}
	allowed, dropped, attrs := svc.RichTextLists()
	for _, c := range []struct {
		name       string
		server, ui []string
	}{
		{"ALLOWED_TAGS", allowed, list(rt, "ALLOWED_TAGS")},
		{"DROP_WITH_CONTENT", dropped, list(rt, "DROP_WITH_CONTENT")},
		{"ALLOWED_ATTRS", attrs, list(rt, "ALLOWED_ATTRS")},
		{"ALLOWED_STYLE_PROPS", sorted(svc.AllowedStyleProps), list(rt, "ALLOWED_STYLE_PROPS")},
		{"ALLOWED_URL_SCHEMES", sorted(svc.AllowedURLSchemes), list(urls, "ALLOWED_URL_SCHEMES")},
	} {
		if strings.Join(c.server, ",") != strings.Join(c.ui, ",") {
			t.Errorf("%s differs:\n server  %v\n console %v", c.name, c.server, c.ui)
		}
	}
	m := regexp.MustCompile(`export const COLOR_PATTERN = String\.raw` + "`([^`]*)`").FindStringSubmatch(rt)
	if m == nil || m[1] != svc.ColorPattern {
		t.Errorf("COLOR_PATTERN differs:\n server  %s\n console %v", svc.ColorPattern, m)
	}
}

// What the rich-text editor can produce survives; nothing executable does.
func TestSanitizeEditorOutputAndAttacks(t *testing.T) {
	keep := []string{
		`<b>bold</b> <i>it</i> <u>under</u>`,
		`<font color="#ff0000">red</font>`,
		`<font color="#E53935">red</font>`,
		`<span style="color: rgb(255, 0, 0);">red</span>`,
		`<span style="background-color: yellow;">mark</span>`,
		`<a href="https://example.com/x?a=1&amp;b=2" target="_blank">link</a>`,
		`<a href="/v8/s/an/abc">ours</a>`,
		`<img src="https://example.com/a.png"/>`,
	}
	for _, in := range keep {
		if got := svc.SanitizeHTML(in); got != in {
			t.Errorf("editor output changed: %q -> %q", in, got)
		}
		if got := svc.SanitizeHTML(svc.SanitizeHTML(in)); got != in {
			t.Errorf("sanitising twice changed %q -> %q", in, got)
		}
	}
	attacks := []string{
		`<img src=x onerror=alert(1)>`,
		`<img src=x/onerror=alert(1)>`,
		`<img src="x"/onerror=alert(1)>`,
		`<img/src="x"/onerror=alert(1)>`,
		`<IMG SRC="javascript:alert(1)">`,
		`<svg onload=alert(1)><circle/></svg>`,
		`<a href="vbscript:msgbox(1)">x</a>`,
		`<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>`,
		`<a href="jav&#x0A;ascript:alert(1)">x</a>`,
		`<a href="JaVa&#9;ScRiPt&colon;alert(1)">x</a>`,
		`<a href="&#106;avascript:alert(1)">x</a>`,
		`<a href="file:///etc/passwd">x</a>`,
		`<a href="mailto:a@example.com">x</a>`,
		`<a href="//evil.example/x">x</a>`,
		`<img src="data:image/svg+xml;base64,PHN2Zz4=">`,
		`<scr<script>ipt>alert(1)</script>`,
		`<div style="background-image: url(javascript:alert(1))">x</div>`,
		`<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
		`<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
		`<body onload=alert(1)>`,
		`<p/onclick=alert(1)>p</p>`,
	}
	for _, in := range attacks {
		if got, why := svc.SanitizeHTML(in), testenv.UnsafeMarkup(svc.SanitizeHTML(in)); why != "" {
			t.Errorf("SanitizeHTML(%q) = %q keeps %s", in, got, why)
		}
	}
}

// No <style> element anywhere, and style attributes keep only the editor's colours.
func TestSanitizeStyle(t *testing.T) {
	for in, want := range map[string]string{
		`a<style>body{display:none}</style>b`:                                   `ab`,
		`<STYLE>@import url(https://evil.example/x.css)</STYLE>t`:               `t`,
		`<p style="position: fixed; top: 0; color: red; width: 100vw">x</p>`:    `<p style="color: red;">x</p>`,
		`<span style="color: red; background-image: url(https://x/y)">x</span>`: `<span style="color: red;">x</span>`,
		`<span style="color: expression(alert(1))">x</span>`:                    `<span>x</span>`,
		`<span style="color: red !important">x</span>`:                          `<span>x</span>`,
		`<font color="red;background:url(x)">x</font>`:                          `<font>x</font>`,
	} {
		if got := svc.SanitizeHTML(in); got != want {
			t.Errorf("SanitizeHTML(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSafeURL(t *testing.T) {
	for _, ok := range []string{"", "https://example.com/a", "HTTP://example.com", "/v8/s/an/x", "img/a.png", "./a.png", "?a=1", "#top", "https:example.com"} {
		if !svc.SafeURL(ok) {
			t.Errorf("SafeURL(%q) = false", ok)
		}
	}
	for _, bad := range []string{"javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
		"java\nscript:alert(1)", "\x01javascript:alert(1)", "jav&#x09;ascript:alert(1)", "&#106;avascript:alert(1)",
		"javascript&colon;alert(1)", "vbscript:msgbox(1)", "VBScript:x", "data:text/html,<script>alert(1)</script>",
		"data:image/png;base64,AAAA", "file:///etc/passwd", "mailto:a@example.com", "//evil.example", "/\\evil.example",
		"\\\\evil.example", "ftp://example.com"} {
		if svc.SafeURL(bad) {
			t.Errorf("SafeURL(%q) = true", bad)
		}
	}
}
