package survey

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// What the server changes in a stored document, wherever the key appears (any depth, any
// block: survey attributes, style, end page, questions, options, solutions, components, and
// blocks added later), and nothing else:
//
//   - richTextKeys hold HTML: they go through SanitizeHTML (no <style> or <script>, no event
//     handlers, links and images only http(s) or ours, colours only in style attributes).
//   - plainTextKeys hold text that clients also render as HTML (dwText is the fallback of
//     dwHtml): left as sent unless it holds markup, which is then removed and the rest escaped.
//   - urlKeys hold URLs: on save a value that is not SafeURL refuses the document with the
//     field's path; when served it is emptied.
//   - codeKeys hold the condition language, patterns, the logic AST and the stored answer
//     placeholders: never touched.
var (
	richTextKeys = keySet("dwHtml", "surveyName", "surveyNote", "quTitle", "quNote", "quName", "optionTitle", "optionName",
		"dwQuIcon", "text", "endText")
	plainTextKeys = keySet("dwText", "surveyNoteText", "surveyNameText")
	urlKeys       = keySet("reqUrl", "redirectUrl", "src", "httpSrc", "imgSrc", "imgUrl", "href", "url", "linkUrl")
	codeKeys      = keySet("dwDsl", "dwDslAst", "dwPipes", "logicDsl", "regex")
)

func keySet(keys ...string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// markup is what a browser reads as the start of a tag, comment or declaration.
var markup = regexp.MustCompile(`<[a-zA-Z/!?]`)

// cleanPlain keeps plain text as sent unless it holds markup; then the tags are dropped and
// the remaining text is escaped, so it shows as text whether a client renders it as text or
// as HTML.
func cleanPlain(s string) string {
	if !markup.MatchString(s) {
		return s
	}
	return escapeText(plainText(s))
}

// urlIssue is a URL field that SafeURL refuses, by its path in the document.
type urlIssue struct {
	Path  string
	Value string
}

// treePath is where a value stands in the document, spelt out only for a refusal.
type treePath struct {
	parent *treePath
	key    string // object member, or "" for an array item
	index  int
}

func (p *treePath) String() string {
	if p == nil {
		return ""
	}
	if p.key == "" {
		return p.parent.String() + "[" + strconv.Itoa(p.index) + "]"
	}
	if p.parent == nil {
		return p.key
	}
	return p.parent.String() + "." + p.key
}

// cleanTree sanitises every rich-text and plain-text field of the tree in place and empties
// every URL field that SafeURL refuses, returning those URL fields.
func cleanTree(v any) []urlIssue {
	var issues []urlIssue
	var walk func(v any, path *treePath)
	walk = func(v any, path *treePath) {
		switch x := v.(type) {
		case []any:
			for i, e := range x {
				switch e.(type) {
				case []any, *jsonObject:
					walk(e, &treePath{parent: path, index: i})
				}
			}
		case *jsonObject:
			for i, k := range x.keys {
				if codeKeys[k] {
					continue
				}
				val := x.vals[i]
				s, isStr := val.(string)
				switch {
				case !isStr:
					switch val.(type) {
					case []any, *jsonObject:
						walk(val, &treePath{parent: path, key: k})
					}
				case urlKeys[k]:
					if !SafeURL(s) {
						issues = append(issues, urlIssue{Path: (&treePath{parent: path, key: k}).String(), Value: s})
						x.vals[i] = ""
					}
				case richTextKeys[k]:
					x.vals[i] = SanitizeHTML(s)
				case plainTextKeys[k]:
					x.vals[i] = cleanPlain(s)
				}
			}
		}
	}
	walk(v, nil)
	return issues
}

// urlRefusal is the 400 of a document carrying URL fields that are not allowed.
func urlRefusal(prefix string, issues []urlIssue) error {
	paths := make([]string, 0, len(issues))
	for _, is := range issues {
		paths = append(paths, is.Path)
	}
	more := ""
	if len(paths) > 5 {
		more = fmt.Sprintf(" (and %d more)", len(paths)-5)
		paths = paths[:5]
	}
	return models.Invalid("%s%s: only http:// or https:// addresses or paths of this site are allowed%s", prefix, strings.Join(paths, ", "), more)
}

// missing reports whether a dwId value is absent for the typed model (absent, null or "").
func missing(v any, present bool) bool {
	if !present || v == nil {
		return true
	}
	s, ok := v.(string)
	return ok && s == ""
}

// assignTreeDwIDs gives every question, option, row, column, group option and rule without
// a dwId a new one (as lang.AssignDwIDs does on the typed model).
func assignTreeDwIDs(doc *jsonObject) {
	fix := func(o *jsonObject) {
		if v, ok := o.get("dwId"); missing(v, ok) {
			o.set("dwId", newID())
		}
	}
	for _, qv := range doc.array("questions") {
		q, ok := qv.(*jsonObject)
		if !ok {
			continue
		}
		fix(q)
		for _, key := range lang.OptionListKeys {
			for _, ov := range q.array(key) {
				o, ok := ov.(*jsonObject)
				if !ok {
					continue
				}
				fix(o)
				for _, gv := range o.array("groupOptions") {
					if g, ok := gv.(*jsonObject); ok {
						fix(g)
					}
				}
			}
		}
		for _, rv := range q.array("questionLogics") {
			if r, ok := rv.(*jsonObject); ok {
				fix(r)
			}
		}
	}
}

// stampIdentity writes what the survey row decides: id, sid, type, a document dwId when
// missing, and the design state 0 (only when the document names a state).
func stampIdentity(doc *jsonObject, id, sid, surveyType string) {
	doc.set("id", id)
	doc.set("sid", sid)
	doc.set("surveyType", surveyType)
	if _, ok := doc.get("surveyState"); ok {
		doc.set("surveyState", json.Number("0"))
	}
	if v, ok := doc.get("dwId"); missing(v, ok) {
		doc.set("dwId", newID())
	}
	if _, ok := doc.get("questions"); !ok {
		doc.set("questions", []any{})
	}
}

// setTreeTitle sets the document title to the plain text title, keeping the rich title (and
// the other keys of surveyNameObj) when it already reads the same (setDocTitle on the tree).
func setTreeTitle(doc *jsonObject, title string) {
	doc.set("surveyName", title)
	obj := doc.object("surveyNameObj")
	if obj == nil {
		obj = newObject()
		doc.set("surveyNameObj", obj)
	}
	dwHTML, _ := obj.get("dwHtml")
	html, _ := dwHTML.(string)
	if plainText(html) != title {
		obj.set("dwHtml", escapeText(title))
	}
	obj.set("dwText", title)
}

// setTreeDslAst stores the logic AST the server derived from dwDsl (none: the key goes,
// unless the client sent it as null).
func setTreeDslAst(doc *jsonObject, ast json.RawMessage) {
	if len(ast) > 0 && string(ast) != "null" {
		doc.set("dwDslAst", ast)
		return
	}
	if v, ok := doc.get("dwDslAst"); ok && v != nil {
		doc.del("dwDslAst")
	}
}

// setTreeDwPipes stores the answer placeholders of the document's texts with the dwIds they
// quote (survey.CheckPipes), so they follow later question moves; none: the key goes.
func setTreeDwPipes(doc *jsonObject, refs map[string][]lang.PipeRef) {
	if len(refs) == 0 {
		doc.del("dwPipes")
		return
	}
	b, err := json.Marshal(refs)
	if err != nil {
		return
	}
	doc.set("dwPipes", json.RawMessage(b))
}

// unwrapDocument returns the document of a surveyJsonText given as a JSON string.
func unwrapDocument(raw []byte) ([]byte, error) {
	t := strings.TrimSpace(string(raw))
	if strings.HasPrefix(t, `"`) {
		var inner string
		if err := json.Unmarshal([]byte(t), &inner); err != nil {
			return nil, err
		}
		return []byte(inner), nil
	}
	return []byte(t), nil
}

// documentTree parses a document into its tree; the top level must be an object.
func documentTree(raw []byte) (*jsonObject, error) {
	v, err := parseTree(raw)
	if err != nil {
		return nil, err
	}
	o, ok := v.(*jsonObject)
	if !ok {
		return nil, fmt.Errorf("the document must be a JSON object")
	}
	return o, nil
}

// CleanDocumentText is a stored document as it may be served: every rich-text field through
// the sanitiser and every URL field that is not allowed emptied. Documents stored before a
// rule existed get it here; a document already clean comes back equal. Text that is not a
// JSON object comes back as an empty document.
func CleanDocumentText(text string) string {
	if strings.TrimSpace(text) == "" {
		return text
	}
	doc, err := documentTree([]byte(text))
	if err != nil {
		return `{"questions":[]}`
	}
	cleanTree(doc)
	return treeText(doc)
}

// canonicalDocument is the form two documents are compared in: the typed model of what the
// engine and respondents use (encodings of the same value — "1" or 1, key order, unknown
// keys — compare equal), without the state that publishing sets.
func canonicalDocument(text string) string {
	d, err := loadDoc(text)
	if err != nil {
		return text
	}
	d.SurveyState = 0
	b, err := lang.MarshalCanonical(d)
	if err != nil {
		return text
	}
	return string(b)
}
