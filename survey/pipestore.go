package survey

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Placeholders of a saved document follow question moves by dwId, the way logic references
// do (dwDslAst): dwPipes stores, per text, the placeholders it held with the dwIds they named
// when the designer last renumbered them or the server last saved the document. CheckPipes
// compares every placeholder with its entry: a placeholder whose question or option was
// deleted, or one whose question moved without the text being renumbered, is an error (save
// refuses it; it would quote the wrong answer); a later or self question, an unknown name
// (braces shown as typed) and an unclosed placeholder are warnings. The designer renumbers
// texts after every move (refreshPipes in console/src/survey/pipestore.ts).

// Pipe issue codes.
const (
	IssuePipeDeleted  = "pipeDeleted"  // error: the quoted question or option was deleted
	IssuePipeMoved    = "pipeMoved"    // error: the quoted question moved; renumber the text
	IssuePipeFallback = "pipeFallback" // error: fallback longer than PipeMaxFallback
	IssuePipeLater    = "pipeLater"    // warning: quotes a later question (or its own)
	IssuePipeUnknown  = "pipeUnknown"  // warning: braces that name no question (shown as typed)
	IssuePipeUnclosed = "pipeUnclosed" // warning: "{Q1" without its closing brace
)

// PipeRef is one stored placeholder of a text: the name it was written with and the dwIds it
// named (itemDwId for an option, row or group, colDwId for a column).
type PipeRef struct {
	Name     string `json:"name"`
	QuDwID   string `json:"quDwId,omitempty"`
	ItemDwID string `json:"itemDwId,omitempty"`
	ColDwID  string `json:"colDwId,omitempty"`
}

// PipeSource is one text respondents read that may quote answers.
type PipeSource struct {
	Key   string   // dwPipes key: "<element dwId>/<field>" ("survey/<field>" for survey-level texts)
	Path  string   // document path for messages
	Owner int      // position of the owning question; len(questions) for the end page and buttons
	Mode  PipeMode // how the forms are scanned
	Forms []string // the stored forms of the text (HTML, plain), without empty ones
}

// PipeTexts lists the pipeable texts of a document in document order: question titles, notes
// and solutions, option, row, column and group texts, then the end page's success text, its
// redirect URL (query values) and the button texts.
func PipeTexts(s *Survey) []PipeSource {
	var out []PipeSource
	add := func(key, path string, owner int, mode PipeMode, forms ...string) {
		var fs []string
		for _, f := range forms {
			if f != "" && !containsStr(fs, f) {
				fs = append(fs, f)
			}
		}
		if len(fs) > 0 {
			out = append(out, PipeSource{Key: key, Path: path, Owner: owner, Mode: mode, Forms: fs})
		}
	}
	textForms := func(plain Str, t *Text) (string, string, string) {
		if t == nil {
			return string(plain), "", ""
		}
		return string(plain), t.DwHTML, t.DwText
	}
	for i, q := range s.Questions {
		if q == nil {
			continue
		}
		p := fmt.Sprintf("questions[%d]", i)
		id := string(q.DwID)
		a, b, c := textForms(q.QuTitle, q.QuTitleObj)
		add(id+"/quTitle", p+".quTitle", i, PipeHTML, a, b, c)
		a, b, c = textForms(q.QuNote, q.QuNoteObj)
		add(id+"/quNote", p+".quNote", i, PipeHTML, a, b, c)
		if q.Solution != nil { // shown after the answers (review), like the end page
			add(id+"/solution", p+".solution", len(s.Questions), PipeHTML, q.Solution.DwHTML, q.Solution.DwText)
		}
		opt := func(o *Option, path string) {
			if o == nil {
				return
			}
			a, b, c := textForms(o.OptionTitle, o.OptionTitleObj)
			add(string(o.DwID)+"/optionTitle", path+".optionTitle", i, PipeHTML, a, b, c)
		}
		for _, l := range []struct {
			name string
			opts []*Option
		}{{"quRadios", q.QuRadios}, {"quCheckboxs", q.QuCheckboxs}, {"quScores", q.QuScores}, {"quOrderbys", q.QuOrderbys},
			{"quMultiFillblanks", q.QuMultiFillblanks}, {"quRows", q.QuRows}, {"quCols", q.QuCols}} {
			for j, o := range l.opts {
				opt(o, fmt.Sprintf("%s.%s[%d]", p, l.name, j))
				if o != nil && l.name == "quRows" {
					for k, g := range o.GroupOptions {
						opt(g, fmt.Sprintf("%s.quRows[%d].groupOptions[%d]", p, j, k))
					}
				}
			}
		}
	}
	end := len(s.Questions)
	if s.SurveyAttrs != nil && len(s.SurveyAttrs.EndPageAttr) > 0 {
		var ep struct {
			RedirectionAttr struct {
				ReqURL string `json:"reqUrl"`
			} `json:"redirectionAttr"`
			TextAttr struct {
				SubmitSuccess struct {
					Text string `json:"text"`
				} `json:"submitSuccess"`
			} `json:"textAttr"`
		}
		if json.Unmarshal(s.SurveyAttrs.EndPageAttr, &ep) == nil {
			add("survey/submitSuccess", "surveyAttrs.endPageAttr.textAttr.submitSuccess.text", end, PipeHTML, ep.TextAttr.SubmitSuccess.Text)
			add("survey/reqUrl", "surveyAttrs.endPageAttr.redirectionAttr.reqUrl", end, PipeURL, ep.RedirectionAttr.ReqURL)
		}
	}
	if st := s.SurveyStyle; st != nil {
		add("survey/submitBtnText", "surveyStyle.submitBtnText", end, PipeText, string(st.SubmitBtnText))
		add("survey/nextBtnText", "surveyStyle.nextBtnText", end, PipeText, string(st.NextBtnText))
		add("survey/prevBtnText", "surveyStyle.prevBtnText", end, PipeText, string(st.PrevBtnText))
	}
	return out
}

func containsStr(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// pipeRefOf records the dwIds a resolved target names.
func pipeRefOf(ix *Index, name string, t *pipeTarget) PipeRef {
	r := PipeRef{Name: name, QuDwID: string(ix.Qs[t.qi].DwID)}
	switch t.kind {
	case "option", "row", "group":
		r.ItemDwID = string(t.item.DwID)
	case "cell":
		r.ItemDwID, r.ColDwID = string(t.item.DwID), string(t.col.DwID)
	case "col":
		r.ColDwID = string(t.col.DwID)
	}
	return r
}

// pipeNameOf is the current name of a stored reference ("" when its question, option, row or
// column no longer exists, or no longer belongs to it). A variable name is kept while it
// still names the question.
func pipeNameOf(ix *Index, r PipeRef) string {
	qi, ok := ix.ByID[r.QuDwID]
	if !ok || ix.Num[qi] == 0 {
		return ""
	}
	if r.ItemDwID == "" && r.ColDwID == "" {
		if vi, ok := ix.Vars[r.Name]; ok && vi == qi {
			return r.Name
		}
	}
	name := fmt.Sprintf("Q%d", ix.Num[qi])
	find := func(id string, kinds ...string) int {
		o, ok := ix.Opt[id]
		if !ok || o.Q != qi {
			return 0
		}
		for _, k := range kinds {
			if o.Kind == k {
				return o.N
			}
		}
		return 0
	}
	switch {
	case r.ItemDwID != "" && r.ColDwID != "":
		rn, cn := find(r.ItemDwID, "row"), find(r.ColDwID, "col")
		if rn == 0 || cn == 0 {
			return ""
		}
		return fmt.Sprintf("%sR%dC%d", name, rn, cn)
	case r.ItemDwID != "":
		if n := find(r.ItemDwID, "option"); n > 0 {
			return fmt.Sprintf("%sA%d", name, n)
		}
		if n := find(r.ItemDwID, "row", "group"); n > 0 {
			return fmt.Sprintf("%sR%d", name, n)
		}
		return ""
	case r.ColDwID != "":
		if n := find(r.ColDwID, "col"); n > 0 {
			return fmt.Sprintf("%sC%d", name, n)
		}
		return ""
	}
	return name
}

// CheckPipes checks every placeholder of the document against its stored entry (see the top of
// this file) and returns the entries to store (dwPipes) with the issues. Paths name the text;
// messages quote the placeholder.
func CheckPipes(s *Survey) (map[string][]PipeRef, []Issue) {
	ix := NewIndex(s)
	refs := map[string][]PipeRef{}
	var issues []Issue
	add := func(sev, path, code, format string, args ...any) {
		issues = append(issues, Issue{Path: path, Code: code, Message: fmt.Sprintf(format, args...), Severity: sev})
	}
	for _, t := range PipeTexts(s) {
		stored := s.DwPipes[t.Key]
		seen := map[string]bool{} // one message per placeholder and code in a text
		once := func(code, raw string) bool {
			k := code + "\x00" + raw
			if seen[k] {
				return false
			}
			seen[k] = true
			return true
		}
		var keep []PipeRef
		for fi, form := range t.Forms {
			used := make([]bool, len(stored))
			for _, part := range ScanPipes(form, t.Mode, nil) {
				if part.Name == "" {
					continue
				}
				raw := part.Raw
				if utf8.RuneCountInString(part.Fallback) > PipeMaxFallback && once(IssuePipeFallback, raw) {
					add("error", t.Path, IssuePipeFallback, "the fallback of {%s|…} is %d characters long; at most %d are allowed",
						part.Name, utf8.RuneCountInString(part.Fallback), PipeMaxFallback)
				}
				var ref PipeRef
				found := false
				for k, r := range stored {
					if !used[k] && r.Name == part.Name {
						used[k], ref, found = true, r, true
						break
					}
				}
				if found && ref.QuDwID != "" {
					cur := pipeNameOf(ix, ref)
					switch {
					case cur == "":
						if once(IssuePipeDeleted, raw) {
							add("error", t.Path, IssuePipeDeleted, "{%s} quotes a question or option that was deleted; remove it or pick another answer", part.Name)
						}
						if fi == 0 {
							keep = append(keep, ref)
						}
						continue
					case cur != part.Name:
						if once(IssuePipeMoved, raw) {
							add("error", t.Path, IssuePipeMoved, "{%s} was written for what is now {%s} (questions or options moved since); write {%s}", part.Name, cur, cur)
						}
						if fi == 0 {
							keep = append(keep, ref)
						}
						continue
					}
				}
				target := resolvePipe(ix, part.Name)
				if target == nil {
					if once(IssuePipeUnknown, raw) {
						add("warning", t.Path, IssuePipeUnknown, "%s names no question or variable and is shown as typed (write {{ for a literal brace)", raw)
					}
					continue
				}
				if target.qi >= t.Owner && once(IssuePipeLater, raw) {
					what := "a later question"
					if target.qi == t.Owner {
						what = "its own question"
					}
					add("warning", t.Path, IssuePipeLater, "{%s} quotes %s: respondents see the fallback until it is answered", part.Name, what)
				}
				if fi == 0 {
					keep = append(keep, pipeRefOf(ix, part.Name, target))
				}
			}
			for _, name := range unclosedPipes(form, t.Mode) {
				if ix.resolvable(name) && once(IssuePipeUnclosed, name) {
					add("warning", t.Path, IssuePipeUnclosed, "{%s has no closing brace and is shown as typed", name)
				}
			}
		}
		if len(keep) > 0 {
			refs[t.Key] = keep
		}
	}
	return refs, issues
}

func (ix *Index) resolvable(name string) bool { return resolvePipe(ix, name) != nil }

// unclosedPipes lists the names of "{Name" and "{Name|…" that start no placeholder.
func unclosedPipes(text string, mode PipeMode) []string {
	var out []string
	for _, part := range ScanPipes(text, mode, func(string) bool { return false }) {
		lit := part.Lit
		for {
			k := strings.IndexByte(lit, '{')
			if k < 0 {
				break
			}
			lit = lit[k+1:]
			j := 0
			for j < len(lit) {
				r, n := utf8.DecodeRuneInString(lit[j:])
				if j == 0 && !pipeIdentStart(r) || j > 0 && !pipeIdentRune(r) {
					break
				}
				j += n
			}
			if j == 0 {
				continue
			}
			if j == len(lit) || lit[j] != '}' && lit[j] != '|' {
				out = append(out, lit[:j])
				continue
			}
			if lit[j] == '|' && !strings.ContainsRune(lit[j:], '}') {
				out = append(out, lit[:j])
			}
		}
	}
	return out
}

// checkPipes adds the placeholder issues to the load checks.
func checkPipes(s *Survey) []Issue {
	_, issues := CheckPipes(s)
	return issues
}
