package survey

import (
	"encoding/json"
	"strings"
)

// PipeDocument returns s with every pipeable text rendered for one answer: question titles,
// notes and solutions, option, row, column and group texts, the end page's success text (HTML)
// and redirect query values (URL), and the button texts. HTML forms get escaped values, plain
// forms (dwText, buttons) plain values. Copy on write: s is never changed, and questions,
// options and blocks without placeholders are shared with s. It reports whether any text
// changed (false: the result is s itself). answers are the stored (effective) answers of the
// answer; lang is the content language's script (nil: original texts). Pages that show an
// answer after the fact (review, raw-data detail, print, grading) serve this copy, so they
// show exactly what the respondent read.
func PipeDocument(s *Survey, answers []*AnQuestion, lang []LangItem) (*Survey, bool) {
	return NewPiper(s, lang).With(answers).Document(s)
}

// Document is PipeDocument with a bound Piper (s must be the Piper's document).
func (v *Piped) Document(s *Survey) (*Survey, bool) {
	changed := false
	str := func(p Str, mode PipeMode) Str {
		if strings.IndexByte(string(p), '{') < 0 {
			return p
		}
		r := Str(v.render(string(p), mode))
		changed = changed || r != p
		return r
	}
	text := func(t *Text) *Text {
		if t == nil || strings.IndexByte(t.DwHTML, '{') < 0 && strings.IndexByte(t.DwText, '{') < 0 {
			return t
		}
		c := *t
		c.DwHTML = string(str(Str(t.DwHTML), PipeHTML))
		c.DwText = string(str(Str(t.DwText), PipeText))
		if c == *t {
			return t
		}
		return &c
	}
	var opt func(o *Option) *Option
	opts := func(l []*Option) []*Option {
		var out []*Option
		for i, o := range l {
			if n := opt(o); n != o {
				if out == nil {
					out = append([]*Option(nil), l...)
				}
				out[i] = n
			}
		}
		if out == nil {
			return l
		}
		return out
	}
	opt = func(o *Option) *Option {
		if o == nil {
			return o
		}
		title, obj, groups := str(o.OptionTitle, PipeHTML), text(o.OptionTitleObj), opts(o.GroupOptions)
		if title == o.OptionTitle && obj == o.OptionTitleObj && sameOptions(groups, o.GroupOptions) {
			return o
		}
		c := *o
		c.OptionTitle, c.OptionTitleObj, c.GroupOptions = title, obj, groups
		return &c
	}
	out := *s
	out.Questions = make([]*Question, len(s.Questions))
	for i, q := range s.Questions {
		out.Questions[i] = q
		if q == nil {
			continue
		}
		c := *q
		c.QuTitle, c.QuTitleObj = str(q.QuTitle, PipeHTML), text(q.QuTitleObj)
		c.QuNote, c.QuNoteObj = str(q.QuNote, PipeHTML), text(q.QuNoteObj)
		c.Solution = text(q.Solution)
		c.QuRadios, c.QuCheckboxs, c.QuScores = opts(q.QuRadios), opts(q.QuCheckboxs), opts(q.QuScores)
		c.QuOrderbys, c.QuMultiFillblanks = opts(q.QuOrderbys), opts(q.QuMultiFillblanks)
		c.QuRows, c.QuCols = opts(q.QuRows), opts(q.QuCols)
		if c.QuTitle != q.QuTitle || c.QuTitleObj != q.QuTitleObj || c.QuNote != q.QuNote || c.QuNoteObj != q.QuNoteObj ||
			c.Solution != q.Solution || !sameOptions(c.QuRadios, q.QuRadios) || !sameOptions(c.QuCheckboxs, q.QuCheckboxs) ||
			!sameOptions(c.QuScores, q.QuScores) || !sameOptions(c.QuOrderbys, q.QuOrderbys) ||
			!sameOptions(c.QuMultiFillblanks, q.QuMultiFillblanks) || !sameOptions(c.QuRows, q.QuRows) || !sameOptions(c.QuCols, q.QuCols) {
			out.Questions[i] = &c
		}
	}
	if a := s.SurveyAttrs; a != nil && len(a.EndPageAttr) > 0 && strings.IndexByte(string(a.EndPageAttr), '{') >= 0 {
		var ep map[string]any
		if json.Unmarshal(a.EndPageAttr, &ep) == nil {
			if ta, ok := ep["textAttr"].(map[string]any); ok {
				if ss, ok := ta["submitSuccess"].(map[string]any); ok {
					if t, ok := ss["text"].(string); ok {
						ss["text"] = string(str(Str(t), PipeHTML))
					}
				}
			}
			if ra, ok := ep["redirectionAttr"].(map[string]any); ok {
				if u, ok := ra["reqUrl"].(string); ok {
					ra["reqUrl"] = string(str(Str(u), PipeURL))
				}
			}
			if nb, err := json.Marshal(ep); err == nil && changed {
				ca := *a
				ca.EndPageAttr = nb
				out.SurveyAttrs = &ca
			}
		}
	}
	if st := s.SurveyStyle; st != nil {
		sub, next, prev := str(st.SubmitBtnText, PipeText), str(st.NextBtnText, PipeText), str(st.PrevBtnText, PipeText)
		if sub != st.SubmitBtnText || next != st.NextBtnText || prev != st.PrevBtnText {
			c := *st
			c.SubmitBtnText, c.NextBtnText, c.PrevBtnText = sub, next, prev
			out.SurveyStyle = &c
		}
	}
	if !changed {
		return s, false
	}
	return &out, true
}

func sameOptions(a, b []*Option) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// HasPipes reports whether any pipeable text of s holds a placeholder that names a reference.
func HasPipes(s *Survey) bool {
	ix := NewIndex(s)
	for _, t := range PipeTexts(s) {
		for _, f := range t.Forms {
			for _, p := range ScanPipes(f, t.Mode, ix.resolvable) {
				if p.Name != "" {
					return true
				}
			}
		}
	}
	return false
}
