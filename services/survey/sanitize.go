package survey

import (
	"html"
	"regexp"
	"sort"
	"strings"

	xhtml "golang.org/x/net/html"

	lang "dwsurvey/survey"
)

// Rich text of titles, notes and options may carry a small safe HTML subset. Everything else
// is removed: script/style/iframe/object... elements with their content, unknown tags (their
// text is kept), on* attributes, and javascript:/vbscript:/data: URLs (data:image/png|jpeg|gif
// is allowed in img src).
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

var (
	badStyle    = regexp.MustCompile(`(?i)expression|url\s*\(|javascript:|vbscript:|@import|behavior|-moz-binding`)
	safeURL     = regexp.MustCompile(`(?i)^(https?://|mailto:|/|#|\./|\.\./|[a-z0-9_\-./?=&%#]+$)`)
	safeDataImg = regexp.MustCompile(`(?i)^data:image/(png|jpe?g|gif);base64,[a-z0-9+/=\s]+$`)
	ctrlChars   = regexp.MustCompile(`[\x00-\x20]+`)
)

// SanitizeHTML returns s with only the safe subset kept.
func SanitizeHTML(s string) string {
	if !strings.ContainsAny(s, "<>&") {
		return s
	}
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
		if badStyle.MatchString(val) {
			return "", false
		}
	case "href", "src":
		v := strings.TrimSpace(val)
		compact := ctrlChars.ReplaceAllString(v, "")
		if key == "src" && tag == "img" && safeDataImg.MatchString(v) {
			return v, true
		}
		if key == "href" && tag != "a" || key == "src" && tag != "img" {
			return "", false
		}
		if strings.Contains(strings.ToLower(compact), "script:") || strings.HasPrefix(strings.ToLower(compact), "data:") || !safeURL.MatchString(compact) {
			return "", false
		}
		return v, true
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

func cleanText(t *lang.Text) {
	if t != nil {
		t.DwHTML = SanitizeHTML(t.DwHTML)
		t.DwText = plainText(t.DwText)
	}
}

func cleanStr(s *lang.Str) { *s = lang.Str(SanitizeHTML(string(*s))) }

// Sanitize cleans every rich-text field of a document in place: survey title and note,
// question titles, notes and solutions, option, row, column and group titles.
func Sanitize(d *lang.Survey) {
	cleanStr(&d.SurveyName)
	cleanText(d.SurveyNameObj)
	if sd := d.SurveyDetail; sd != nil {
		cleanStr(&sd.SurveyNote)
		sd.SurveyNoteText = lang.Str(plainText(string(sd.SurveyNoteText)))
		cleanText(sd.SurveyNodeObj)
	}
	for _, q := range d.Questions {
		if q == nil {
			continue
		}
		cleanStr(&q.QuTitle)
		cleanStr(&q.QuNote)
		cleanStr(&q.QuName)
		cleanText(q.QuTitleObj)
		cleanText(q.QuNoteObj)
		cleanText(q.Solution)
		for _, l := range [][]*lang.Option{q.QuRadios, q.QuCheckboxs, q.QuScores, q.QuOrderbys, q.QuMultiFillblanks, q.QuRows, q.QuCols} {
			for _, o := range l {
				cleanOption(o)
			}
		}
	}
}

func cleanOption(o *lang.Option) {
	if o == nil {
		return
	}
	cleanStr(&o.OptionTitle)
	cleanStr(&o.OptionName)
	cleanText(o.OptionTitleObj)
	cleanText(o.GroupNameObj)
	if o.OptionImg != nil {
		if v, ok := cleanAttr("img", "src", string(o.OptionImg.ImgSrc)); ok {
			o.OptionImg.ImgSrc = lang.Str(v)
		} else {
			o.OptionImg.ImgSrc = ""
		}
	}
	for _, g := range o.GroupOptions {
		cleanOption(g)
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
