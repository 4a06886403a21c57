package survey

import (
	"encoding/json"
	"html"
	"regexp"
	"sort"
	"strings"
	"sync"

	xhtml "golang.org/x/net/html"

	lang "dwsurvey/survey"
)

// Rich text of titles, notes, options, the end page and every other HTML field of a document
// may carry a small safe HTML subset. Everything else is removed: script/style/iframe/object...
// elements with their content, unknown tags (their text is kept), on* attributes, links and
// images whose URL is not http(s) or a path of ours (SafeURL), and style declarations other
// than the colours the editor sets (AllowedStyleProps with a colour value).
var allowedTags = map[string]bool{
	"b": true, "strong": true, "i": true, "em": true, "u": true, "s": true, "strike": true, "del": true, "sub": true,
	"sup": true, "br": true, "p": true, "div": true, "span": true, "font": true, "a": true, "img": true, "ul": true,
	"ol": true, "li": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "blockquote": true,
	"pre": true, "code": true, "hr": true, "table": true, "thead": true, "tbody": true, "tr": true, "td": true, "th": true,
	"small": true, "big": true, "mark": true,
}

var dropWithContent = map[string]bool{
	"script": true, "style": true, "iframe": true, "object": true, "embed": true, "noscript": true, "template": true,
	"textarea": true, "select": true, "frameset": true, "frame": true, "applet": true, "svg": true, "math": true,
	"title": true, "head": true, "xmp": true, "noembed": true, "noframes": true, "plaintext": true,
}

var allowedAttrs = map[string]bool{
	"style": true, "class": true, "href": true, "src": true, "alt": true, "title": true, "color": true, "size": true,
	"face": true, "target": true, "width": true, "height": true, "align": true, "colspan": true, "rowspan": true,
}

// AllowedStyleProps are the only CSS properties a style attribute keeps, each only with a
// value matching ColorPattern: the colours the editor sets (text colour, highlight).
var AllowedStyleProps = []string{"background-color", "color"}

// ColorPattern is a CSS colour value: #rgb[a] / #rrggbb[aa], rgb()/rgba()/hsl()/hsla() with
// numbers only, or a colour name. The console keeps the identical text (COLOR_PATTERN).
const ColorPattern = `^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]*\)|[a-z]{3,20})$`

var colorValue = regexp.MustCompile(ColorPattern)

// cleanStyle keeps the allowed declarations of a style attribute ("prop: value;" each,
// separated by a space); "" when none is left.
func cleanStyle(style string) string {
	var out []string
	for _, decl := range strings.Split(style, ";") {
		name, val, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		name = strings.ToLower(strings.TrimSpace(name))
		val = strings.TrimSpace(val)
		allowed := false
		for _, p := range AllowedStyleProps {
			allowed = allowed || p == name
		}
		if allowed && colorValue.MatchString(strings.ToLower(val)) {
			out = append(out, name+": "+val+";")
		}
	}
	return strings.Join(out, " ")
}

// SanitizeHTML returns s with only the safe subset kept.
func SanitizeHTML(s string) string {
	if !strings.ContainsAny(s, "<>&") {
		return s
	}
	if out, ok := sanitized.get(s); ok {
		return out
	}
	out := sanitizeHTML(s)
	sanitized.put(s, out)
	return out
}

// sanitizeMemo remembers recent results of SanitizeHTML (a pure function): served documents
// are cleaned on every request and repeat the same texts, and each tokenizer run allocates a
// 4 KB buffer. Bounded by total bytes: when full it starts over.
type sanitizeMemo struct {
	mu    sync.Mutex
	m     map[string]string
	bytes int
}

const (
	sanitizeMemoBytes   = 8 << 20 // all keys and values together
	sanitizeMemoMaxText = 16 << 10
)

var sanitized = &sanitizeMemo{m: map[string]string{}}

func (c *sanitizeMemo) get(s string) (string, bool) {
	if len(s) > sanitizeMemoMaxText {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	out, ok := c.m[s]
	return out, ok
}

func (c *sanitizeMemo) put(s, out string) {
	if len(s) > sanitizeMemoMaxText {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bytes+len(s)+len(out) > sanitizeMemoBytes {
		c.m, c.bytes = map[string]string{}, 0
	}
	if _, ok := c.m[s]; !ok {
		c.m[s] = out
		c.bytes += len(s) + len(out)
	}
}

func sanitizeHTML(s string) string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	skip := 0 // depth inside a dropped element
	var skipTag string
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return b.String()
		case xhtml.TextToken:
			if skip == 0 {
				b.WriteString(xhtml.EscapeString(html.UnescapeString(string(z.Text()))))
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			t := z.Token()
			name := strings.ToLower(t.Data)
			if skip > 0 {
				if name == skipTag && tt == xhtml.StartTagToken {
					skip++
				}
				continue
			}
			if dropWithContent[name] {
				if tt == xhtml.StartTagToken {
					skip, skipTag = 1, name
				}
				continue
			}
			if !allowedTags[name] {
				continue
			}
			b.WriteString("<" + name)
			for _, a := range t.Attr {
				if v, ok := cleanAttr(name, strings.ToLower(a.Key), a.Val); ok {
					b.WriteString(" " + strings.ToLower(a.Key) + `="` + xhtml.EscapeString(v) + `"`)
				}
			}
			if tt == xhtml.SelfClosingTagToken {
				b.WriteString("/>")
			} else {
				b.WriteString(">")
			}
		case xhtml.EndTagToken:
			t := z.Token()
			name := strings.ToLower(t.Data)
			if skip > 0 {
				if name == skipTag {
					skip--
				}
				continue
			}
			if allowedTags[name] && name != "br" && name != "img" && name != "hr" {
				b.WriteString("</" + name + ">")
			}
		}
	}
}

func cleanAttr(tag, key, val string) (string, bool) {
	if !allowedAttrs[key] || strings.HasPrefix(key, "on") {
		return "", false
	}
	switch key {
	case "style":
		v := cleanStyle(val)
		return v, v != ""
	case "color":
		v := strings.TrimSpace(val)
		return v, colorValue.MatchString(strings.ToLower(v))
	case "href", "src":
		if key == "href" && tag != "a" || key == "src" && tag != "img" {
			return "", false
		}
		v := strings.TrimSpace(val)
		return v, v != "" && SafeURL(v)
	case "target":
		if val != "_blank" {
			return "", false
		}
	}
	return val, true
}

// plainText strips all tags and decodes entities.
func plainText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return strings.TrimSpace(s)
	}
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	skip := 0
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return strings.TrimSpace(b.String())
		case xhtml.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case xhtml.StartTagToken:
			n, _ := z.TagName()
			if dropWithContent[strings.ToLower(string(n))] {
				skip++
			}
		case xhtml.EndTagToken:
			n, _ := z.TagName()
			if dropWithContent[strings.ToLower(string(n))] && skip > 0 {
				skip--
			}
		}
	}
}

func escapeText(s string) string { return xhtml.EscapeString(s) }

// Sanitize cleans a typed document in place with the rules of a stored one (cleanTree: every
// rich-text field through SanitizeHTML, URL fields that are not allowed emptied).
func Sanitize(d *lang.Survey) {
	raw, err := lang.MarshalCanonical(d)
	if err != nil {
		return
	}
	var c lang.Survey
	if json.Unmarshal([]byte(CleanDocumentText(string(raw))), &c) == nil {
		*d = c
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RichTextLists returns the sorted tag and attribute lists of the rich-text subset. The console's
// editor (console/src/components/RichTextSanitize.tsx) keeps identical lists; a test compares them.
func RichTextLists() (allowed, dropped, attrs []string) {
	return sortedKeys(allowedTags), sortedKeys(dropWithContent), sortedKeys(allowedAttrs)
}

// PlainText is the plain text of rich text: tags stripped, entities decoded (exports and
// reports show titles and options this way).
func PlainText(s string) string { return plainText(s) }
