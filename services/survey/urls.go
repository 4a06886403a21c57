package survey

import (
	"html"
	"regexp"
	"strings"
)

// URLs a survey carries (end-page redirect, logo, top and background images, option images,
// links and images in rich text) must be http(s) or a path on this site. Everything else —
// javascript:, vbscript:, data:, file:, mailto:, any other scheme, and protocol-relative
// "//host" — is refused on save and removed when served. The console applies the same rule
// (console/src/utils/safeUrl.ts; the drift test compares AllowedURLSchemes).

// AllowedURLSchemes are the only schemes a survey URL may name.
var AllowedURLSchemes = []string{"http", "https"}

var urlScheme = regexp.MustCompile(`^([a-z][a-z0-9+.\-]*):`)

// normalizeURL is what a browser acts on: HTML entities decoded (values that end up in
// markup), ASCII control characters and whitespace removed (browsers drop tabs and newlines
// anywhere in a URL and trim the rest), backslashes read as slashes, lower case.
func normalizeURL(raw string) string {
	v := raw
	for i := 0; i < 3 && strings.Contains(v, "&"); i++ {
		v = html.UnescapeString(v)
	}
	var b strings.Builder
	for _, r := range v {
		if r <= 0x20 || r == 0x7f || r == '\u00a0' || r == '\ufeff' || r == '\u200b' {
			continue
		}
		if r == '\\' {
			r = '/'
		}
		b.WriteRune(r)
	}
	return strings.ToLower(b.String())
}

// SafeURL reports whether raw may be stored and served as a survey URL: empty, an http(s)
// URL, or a relative reference on this site (a path, "?query" or "#fragment").
func SafeURL(raw string) bool {
	v := normalizeURL(raw)
	if v == "" {
		return true
	}
	if m := urlScheme.FindStringSubmatch(v); m != nil {
		for _, s := range AllowedURLSchemes {
			if m[1] == s {
				return true
			}
		}
		return false
	}
	// no scheme: a relative reference; "//host" would leave the site
	return !strings.HasPrefix(v, "//")
}
