package testenv

import (
	"html"
	"regexp"
	"strings"

	xhtml "golang.org/x/net/html"
)

// The tests' own reading of the rich-text and URL rules (an oracle written apart from the
// sanitiser in services/survey, so a sanitiser bug does not hide itself).

var urlScheme = regexp.MustCompile(`^[a-z][a-z0-9+.\-]*:`)

// AllowedURL reports whether a browser would read raw as http(s) or a path of this site,
// after what browsers ignore or decode: character references, control characters and
// whitespace, a backslash for a slash.
func AllowedURL(raw string) bool {
	v := html.UnescapeString(html.UnescapeString(raw))
	v = strings.Map(func(r rune) rune {
		if r <= 0x20 || r == 0x7f {
			return -1
		}
		if r == '\\' {
			return '/'
		}
		return r
	}, strings.ToLower(v))
	if v == "" || strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") {
		return true
	}
	return !urlScheme.MatchString(v) && !strings.HasPrefix(v, "//")
}

// UnsafeMarkup reads HTML as a browser would and names the first thing in it that could run,
// restyle the page or leave it: a dangerous element, an event handler, a link or image URL
// that is not AllowedURL, a style declaration other than a colour. "" when there is none.
func UnsafeMarkup(s string) string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return ""
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			switch tok.Data {
			case "script", "style", "svg", "iframe", "object", "embed", "math", "link", "meta", "base", "body", "form":
				return "<" + tok.Data + ">"
			}
			for _, a := range tok.Attr {
				switch {
				case strings.HasPrefix(a.Key, "on"):
					return "handler " + a.Key
				case (a.Key == "href" || a.Key == "src") && !AllowedURL(a.Val):
					return a.Key + "=" + a.Val
				case a.Key == "style" && !colorsOnly(a.Val):
					return "style=" + a.Val
				}
			}
		}
	}
}

func colorsOnly(style string) bool {
	for _, decl := range strings.Split(style, ";") {
		name, _, _ := strings.Cut(decl, ":")
		if n := strings.TrimSpace(name); n != "" && n != "color" && n != "background-color" {
			return false
		}
	}
	return !strings.Contains(strings.ToLower(style), "url(")
}
