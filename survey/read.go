package survey

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Reading a submission in the document's own terms (issue 19 C7). The server stores only
// what ReadAnswers builds: the browser makes its answers from the document, so a well-formed
// client never meets these rules; they stop hand-made payloads (answers to questions the
// survey does not have, a radio answered with a checkbox payload, repeated or foreign options,
// ranks out of 1..n, oversized texts and lists, deep JSON under unknown keys).

// Bounds of one submission.
const (
	// MaxAnswerBytes bounds answerJson (after unwrapping a JSON string).
	MaxAnswerBytes = 2 << 20
	// MaxAnswerDepth bounds the nesting of answerJson (the reference shape needs 5).
	MaxAnswerDepth = 16
	// MaxAnswerTextChars bounds one fill-blank answer, blank, matrix cell, "other" text or
	// cascade value (characters).
	MaxAnswerTextChars = 20000
	// MaxUploadFiles bounds the files of one upload question (its own fileLimit is checked
	// by the engine).
	MaxUploadFiles = 50
	// MaxUploadRefChars bounds a file's path and name.
	MaxUploadRefChars = 1000
	// MaxCascadeLevels bounds the levels of a cascade answer.
	MaxCascadeLevels = 20
	// MaxLocationChars bounds each text of a location answer; MaxLocationRawBytes its
	// provider blocks (addressComponent, citySearchResult).
	MaxLocationChars    = 500
	MaxLocationRawBytes = 4096
	// MaxAutoAddRows bounds the rows a respondent adds to a MATRIX_AUTO_ADD question.
	MaxAutoAddRows = 100
)

// KeyUnreadable is the message key of an answer that cannot be read in the document's terms;
// Params["reason"] says why (English).
const KeyUnreadable = "unreadableAnswer"

func unreadable(qu, item, reason string, args ...any) Message {
	r := fmt.Sprintf(reason, args...)
	return Message{QuDwID: qu, ItemDwID: item, Key: KeyUnreadable, Text: "The answer cannot be read: " + r,
		Params: map[string]any{"reason": r}}
}

// CheckAnswerJSON refuses an answerJson larger than MaxAnswerBytes or nested deeper than
// MaxAnswerDepth (a byte scan, no decoding), so no hostile shape is decoded at all.
func CheckAnswerJSON(data []byte) error {
	if len(data) > MaxAnswerBytes {
		return fmt.Errorf("the answer is larger than %d KB", MaxAnswerBytes>>10)
	}
	depth, inStr, esc := 0, false, false
	for _, c := range data {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			if depth++; depth > MaxAnswerDepth {
				return fmt.Errorf("the answer is nested deeper than %d levels", MaxAnswerDepth)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// payloadOf names the one payload field a question type is answered with ("" for items that
// take no answer: page breaks and paragraphs).
func payloadOf(q *Question) string {
	t := string(q.QuType)
	switch {
	case t == TypePageTag || t == TypeParagraph:
		return ""
	case q.IsRadioLike():
		return "anRadio"
	case q.IsCheckboxLike():
		return "anCheckboxs"
	case t == TypeOrderQu:
		return "anOrders"
	case t == TypeMultiFillblank:
		return "anMFbks"
	case t == TypeScore || t == TypeChenScore:
		return "anScores"
	case t == TypeScaleNPS || t == TypeScaleSlider:
		return "anScale"
	case t == TypeUploadFile || t == TypeUploadImage || t == TypeSignature:
		return "anUploadFiles"
	case t == TypeGeolocation:
		return "anLocation"
	case t == TypeCascade:
		return "anCascades"
	case t == TypeMatrixRadio:
		return "anMatrixRadios"
	case t == TypeMatrixCheckbox:
		return "anMatrixCheckboxes"
	case t == TypeMatrixScale || t == TypeMatrixSlider:
		return "anMatrixScales"
	case q.IsMatrix():
		return "anMatrixFbks"
	}
	return "anFbk" // fill-blanks and every other single-text item (colour, hot spot, components)
}

// payloads counts the payload fields an answer carries (non-empty ones) and names them.
func payloads(a *AnQuestion) (n int, names string) {
	add := func(on bool, name string) {
		if on {
			if n++; n > 1 {
				names += ", "
			}
			names += name
		}
	}
	add(a.AnRadio != nil, "anRadio")
	add(len(a.AnCheckboxs) > 0, "anCheckboxs")
	add(len(a.AnOrders) > 0, "anOrders")
	add(len(a.AnMFbks) > 0, "anMFbks")
	add(len(a.AnScores) > 0, "anScores")
	add(a.AnFbk != nil, "anFbk")
	add(len(a.AnUploadFiles) > 0, "anUploadFiles")
	add(len(a.AnMatrixRadios) > 0, "anMatrixRadios")
	add(len(a.AnMatrixCheckboxes) > 0, "anMatrixCheckboxes")
	add(len(a.AnMatrixFbks) > 0, "anMatrixFbks")
	add(len(a.AnMatrixScales) > 0, "anMatrixScales")
	add(len(a.AnCascades) > 0, "anCascades")
	add(a.AnScale != nil, "anScale")
	add(a.AnLocation != nil, "anLocation")
	return n, names
}

func tooLong(s string, n int) bool { return len(s) > n && utf8.RuneCountInString(s) > n }

func finite(v Num) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }

// ReadAnswers reads submitted answers in the document's terms: every entry names a question
// of the document once, its quType (when sent) is the question's own, it carries only that
// type's payload, it names only options, blanks, rows and columns of that question, each at
// most once (a matrix-radio row one column), ranks are 1..n once each (n at most the option
// count and the question's maxTopNum), scores lie in 0..the question's maximum, numbers are
// finite and texts and lists within the bounds above. It returns the answers to store: only
// these fields (decoding already dropped unknown keys; client scores and flags are cleared on
// a copy; entries without a payload are dropped; the input is never changed), or, when
// anything cannot be read that way, the messages (key KeyUnreadable) and no answers.
func (e *Engine) ReadAnswers(in []*AnQuestion) ([]*AnQuestion, []Message) {
	out := make([]*AnQuestion, 0, len(in))
	var errs []Message
	seen := make([]bool, len(e.Ix.Qs)) // by question position
	for _, a := range in {
		if a == nil {
			continue
		}
		a = a.compact()
		id := string(a.QuDwID)
		qi, ok := e.Ix.ByID[id]
		if !ok || id == "" {
			errs = append(errs, unreadable(id, "", "the survey has no question %q", clipID(id)))
			continue
		}
		if seen[qi] {
			errs = append(errs, unreadable(id, "", "the question is answered twice"))
			continue
		}
		seen[qi] = true
		q := e.Ix.Qs[qi]
		if a.QuType != "" && a.QuType != q.QuType {
			errs = append(errs, unreadable(id, "", "a %s question answered as %s", q.QuType, clipID(string(a.QuType))))
			continue
		}
		want := payloadOf(q)
		n, got := payloads(a)
		if n > 1 || (n == 1 && got != want) {
			errs = append(errs, unreadable(id, "", "a %s question takes only %s, not %s", q.QuType, orNone(want), got))
			continue
		}
		if n == 0 {
			continue // nothing answered
		}
		c, m := e.readPayload(qi, q, a, want)
		if m != nil {
			errs = append(errs, *m)
			continue
		}
		if c != nil {
			out = append(out, c)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

func orNone(p string) string {
	if p == "" {
		return "no answer"
	}
	return p
}

func clipID(s string) string {
	if len(s) > 64 {
		return s[:64] + "…"
	}
	return s
}

// readPayload checks the payload field p of one question's answer and returns the answer to
// store: a copy of a with the question's own quType and without the fields the server owns
// (scores, flags). Decoding already dropped unknown keys, so the payload itself is shared;
// only the location's provider blocks are re-encoded. A nil answer means nothing answered.
func (e *Engine) readPayload(qi int, q *Question, a *AnQuestion, p string) (*AnQuestion, *Message) {
	id := string(q.DwID)
	c := a // copied below only when something must be cleared (the usual answer is kept as is)
	if a.QuType != q.QuType || a.AnswerFlag != 0 || a.IsLogicHide || a.QuAnScore != nil || a.QuAutoScore != nil || a.QuCustomScore != nil {
		cc := *a
		cc.QuType, cc.AnswerFlag, cc.IsLogicHide = q.QuType, 0, false
		cc.QuAnScore, cc.QuAutoScore, cc.QuCustomScore = nil, nil, nil
		c = &cc
	}
	bad := func(item, reason string, args ...any) (*AnQuestion, *Message) {
		m := unreadable(id, item, reason, args...)
		return nil, &m
	}
	own := func(oid Str, kind string) bool {
		r, ok := e.Ix.Opt[string(oid)]
		return ok && r.Q == qi && r.Kind == kind
	}
	text := func(item string, s Str) *Message {
		if tooLong(string(s), MaxAnswerTextChars) {
			m := unreadable(id, item, "a text is longer than %d characters", MaxAnswerTextChars)
			return &m
		}
		return nil
	}
	switch p {
	case "anRadio":
		o := a.AnRadio
		if !own(o.OptionDwID, "option") {
			return bad(string(o.OptionDwID), "%q is not an option of the question", clipID(string(o.OptionDwID)))
		}
		if m := text(string(o.OptionDwID), o.OtherText); m != nil {
			return nil, m
		}
	case "anCheckboxs":
		used := map[Str]bool{}
		for _, o := range a.AnCheckboxs {
			if !own(o.OptionDwID, "option") {
				return bad(string(o.OptionDwID), "%q is not an option of the question", clipID(string(o.OptionDwID)))
			}
			if used[o.OptionDwID] {
				return bad(string(o.OptionDwID), "an option is chosen twice")
			}
			used[o.OptionDwID] = true
			if m := text(string(o.OptionDwID), o.OtherText); m != nil {
				return nil, m
			}
		}
	case "anOrders":
		n := len(a.AnOrders)
		limit := len(q.Options())
		if oa := q.QuAttr; oa != nil && oa.OrderQuAttr != nil && oa.OrderQuAttr.MaxTopNum > 0 && int(oa.OrderQuAttr.MaxTopNum) < limit {
			limit = int(oa.OrderQuAttr.MaxTopNum)
		}
		if n > limit {
			return bad("", "%d options ranked, at most %d may be", n, limit)
		}
		used, ranks := map[Str]bool{}, map[int]bool{}
		for _, o := range a.AnOrders {
			if !own(o.OptionDwID, "option") {
				return bad(string(o.OptionDwID), "%q is not an option of the question", clipID(string(o.OptionDwID)))
			}
			r := float64(o.OrderNum)
			if !finite(o.OrderNum) || r != math.Trunc(r) || r < 1 || r > float64(n) || ranks[int(r)] || used[o.OptionDwID] {
				return bad(string(o.OptionDwID), "ranks must be 1 to %d, each given once to one option", n)
			}
			used[o.OptionDwID], ranks[int(r)] = true, true
		}
	case "anMFbks":
		used := map[Str]bool{}
		for _, b := range a.AnMFbks {
			if !own(b.OptionDwID, "option") || used[b.OptionDwID] {
				return bad(string(b.OptionDwID), "%q is not a blank of the question, or is answered twice", clipID(string(b.OptionDwID)))
			}
			used[b.OptionDwID] = true
			if m := text(string(b.OptionDwID), b.Answer); m != nil {
				return nil, m
			}
		}
	case "anScores":
		max := 5.0
		if q.QuAttr != nil && q.QuAttr.ScoreQuAttr != nil && q.QuAttr.ScoreQuAttr.Max > 0 {
			max = float64(q.QuAttr.ScoreQuAttr.Max)
		} else if q.ParamInt02 > 0 {
			max = float64(q.ParamInt02)
		}
		used := map[Str]bool{}
		for _, s := range a.AnScores {
			if !own(s.OptionDwID, "option") || used[s.OptionDwID] {
				return bad(string(s.OptionDwID), "%q is not an item of the question, or is scored twice", clipID(string(s.OptionDwID)))
			}
			used[s.OptionDwID] = true
			if !finite(s.AnswerScore) || s.AnswerScore < 0 || float64(s.AnswerScore) > max {
				return bad(string(s.OptionDwID), "a score must be between 0 and %s", strconv.FormatFloat(max, 'f', -1, 64))
			}
		}
	case "anFbk":
		if m := text("", Str(a.AnFbk.Answer)); m != nil {
			return nil, m
		}
	case "anScale":
		if a.AnScale.AnswerScore == nil {
			return nil, nil
		}
		if !finite(*a.AnScale.AnswerScore) {
			return bad("", "the value is not a number")
		}
	case "anUploadFiles":
		if len(a.AnUploadFiles) > MaxUploadFiles {
			return bad("", "more than %d files", MaxUploadFiles)
		}
		for _, f := range a.AnUploadFiles {
			if tooLong(string(f.FilePath), MaxUploadRefChars) || tooLong(string(f.FileName), MaxUploadRefChars) || !finite(f.FileSize) || f.FileSize < 0 {
				return bad("", "a file reference is not readable")
			}
		}
	case "anLocation":
		l := a.AnLocation
		for _, s := range []Str{l.FormattedAddress, l.LocationBrand, l.LocationClient, l.AccuracyLevel, l.LocationType} {
			if tooLong(string(s), MaxLocationChars) {
				return bad("", "a location text is longer than %d characters", MaxLocationChars)
			}
		}
		if !finite(l.Longitude) || !finite(l.Latitude) || !finite(l.Accuracy) || math.Abs(float64(l.Longitude)) > 180 || math.Abs(float64(l.Latitude)) > 90 {
			return bad("", "the position is not a place on earth")
		}
		cl := *l
		for _, raw := range []*json.RawMessage{&cl.AddressComponent, &cl.CitySearchResult} {
			v, ok := flatObject(*raw)
			if !ok {
				return bad("", "the location details are not readable")
			}
			*raw = v
		}
		if c == a { // never change the caller's answer
			cc := *a
			c = &cc
		}
		c.AnLocation = &cl
	case "anCascades":
		if len(a.AnCascades) > MaxCascadeLevels {
			return bad("", "more than %d levels", MaxCascadeLevels)
		}
		levels := map[int]bool{}
		for _, l := range a.AnCascades {
			lv := float64(l.Level)
			if !finite(l.Level) || lv != math.Trunc(lv) || lv < 1 || lv > float64(len(a.AnCascades)) || levels[int(lv)] {
				return bad("", "levels must be 1 to %d, each once", len(a.AnCascades))
			}
			levels[int(lv)] = true
			if tooLong(string(l.Value), MaxLocationChars) {
				return bad("", "a level value is longer than %d characters", MaxLocationChars)
			}
		}
	case "anMatrixRadios":
		rows := map[Str]bool{}
		for _, m := range a.AnMatrixRadios {
			if !own(m.RowDwID, "row") || rows[m.RowDwID] {
				return bad(string(m.RowDwID), "%q is not a row of the question, or is answered twice", clipID(string(m.RowDwID)))
			}
			if !own(m.ColDwID, "col") {
				return bad(string(m.RowDwID), "%q is not a column of the question", clipID(string(m.ColDwID)))
			}
			rows[m.RowDwID] = true
		}
	case "anMatrixCheckboxes":
		rows := map[Str]bool{}
		for _, m := range a.AnMatrixCheckboxes {
			if !own(m.RowDwID, "row") || rows[m.RowDwID] {
				return bad(string(m.RowDwID), "%q is not a row of the question, or is answered twice", clipID(string(m.RowDwID)))
			}
			rows[m.RowDwID] = true
			cols := map[Str]bool{}
			for _, cr := range m.RowAnCheckboxs {
				if !own(cr.ColDwID, "col") || cols[cr.ColDwID] {
					return bad(string(m.RowDwID), "%q is not a column of the question, or is chosen twice", clipID(string(cr.ColDwID)))
				}
				cols[cr.ColDwID] = true
			}
		}
	case "anMatrixScales":
		rows := map[Str]bool{}
		for _, m := range a.AnMatrixScales {
			if !own(m.RowDwID, "row") || rows[m.RowDwID] {
				return bad(string(m.RowDwID), "%q is not a row of the question, or is answered twice", clipID(string(m.RowDwID)))
			}
			rows[m.RowDwID] = true
			if !finite(m.AnswerScore) || math.Abs(float64(m.AnswerScore)) > 1e6 {
				return bad(string(m.RowDwID), "the value is out of range")
			}
		}
	case "anMatrixFbks":
		rows := map[Str]bool{}
		added := 0
		for _, m := range a.AnMatrixFbks {
			if rows[m.RowDwID] {
				return bad(string(m.RowDwID), "a row is answered twice")
			}
			if !own(m.RowDwID, "row") {
				// MATRIX_AUTO_ADD: rows the respondent added are named <question dwId>-add-<n>
				n, err := strconv.Atoi(strings.TrimPrefix(string(m.RowDwID), id+"-add-"))
				if string(q.QuType) != TypeMatrixAutoAdd || !strings.HasPrefix(string(m.RowDwID), id+"-add-") || err != nil || n < 1 || n > MaxAutoAddRows {
					return bad(string(m.RowDwID), "%q is not a row of the question", clipID(string(m.RowDwID)))
				}
				added++
			}
			rows[m.RowDwID] = true
			cols := map[Str]bool{}
			for _, cell := range m.RowAnFbks {
				if !own(cell.ColDwID, "col") || cols[cell.ColDwID] {
					return bad(string(m.RowDwID), "%q is not a column of the question, or is answered twice", clipID(string(cell.ColDwID)))
				}
				cols[cell.ColDwID] = true
				if m := text(string(m.RowDwID), cell.Answer); m != nil {
					return nil, m
				}
			}
		}
	}
	return c, nil
}

// flatObject accepts an empty value, null, or a JSON object of at most MaxLocationRawBytes
// whose values are strings, numbers, booleans or null (a provider's address details), and
// returns it re-encoded (keys sorted); anything else is not readable.
func flatObject(raw json.RawMessage) (json.RawMessage, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil, true
	}
	if len(t) > MaxLocationRawBytes || t[0] != '{' {
		return nil, false
	}
	var m map[string]any
	if json.Unmarshal(t, &m) != nil {
		return nil, false
	}
	for _, v := range m {
		switch v.(type) {
		case string, float64, bool, nil:
		default:
			return nil, false
		}
	}
	b, err := json.Marshal(m)
	return b, err == nil
}
