package survey

import (
	"encoding/json"
	"strings"
)

// Translatable texts of a document: what a content language (services/language) can
// translate, with the original text of each. lanCode is the dwId of the element; lanType is
//
//	surveyName, surveyNote   the survey (lanCode = the document's dwId, else its id)
//	quTitle, quNote          a question
//	optionTitle              an option, blank, matrix row or column
//	regexMsg                 the validation hint of a text input (commonAttr.regexMsg) of a
//	                         question or of an option (a blank, an option's note)
//	placeholder              the hint inside a text input (commonAttr.placeholder), same places
//	nextBtnText, prevBtnText, submitBtnText
//	                         the page buttons (surveyStyle; only texts the author set: the
//	                         stored defaults follow the respondent's interface language)
//	submitSuccess            the end page text (surveyAttrs.endPageAttr.textAttr.submitSuccess)
//	                         (these four: lanCode = the survey, as surveyName)
//	cascadeOption            a label of a cascade data source (lanCode = <source id>:<itemId>;
//	                         services/language lists them and writes them to the source's
//	                         language copy, the cascade data; Translate does not apply them)
//
// Texts are the HTML forms (dwHtml) when present, else the plain ones. Empty texts and
// elements without a dwId are left out. The order is the document's.

// Survey-level lanTypes whose lanCode is the survey (as surveyName).
var surveyTextTypes = []string{"nextBtnText", "prevBtnText", "submitBtnText", "submitSuccess"}

// defaultBtnText are the stored default button texts (DefaultSurveyStyle): not translatable
// content (the answer page shows them in the respondent's interface language).
var defaultBtnText = map[string]string{"submitBtnText": "提交答卷", "nextBtnText": "下一页", "prevBtnText": "上一页"}

// TextOf is the HTML of a text block, else plain.
func TextOf(t *Text, plain Str) string {
	if t != nil && t.DwHTML != "" {
		return t.DwHTML
	}
	if t != nil && t.DwText != "" {
		return t.DwText
	}
	return string(plain)
}

// surveyCode is the lanCode of the survey's own texts.
func surveyCode(d *Survey) Str {
	if d.DwID != "" {
		return d.DwID
	}
	return d.ID
}

// endPageText reads surveyAttrs.endPageAttr.textAttr.submitSuccess.text.
func endPageText(d *Survey) string {
	if d.SurveyAttrs == nil || len(d.SurveyAttrs.EndPageAttr) == 0 {
		return ""
	}
	var ep struct {
		TextAttr struct {
			SubmitSuccess struct {
				Text string `json:"text"`
			} `json:"submitSuccess"`
		} `json:"textAttr"`
	}
	if json.Unmarshal(d.SurveyAttrs.EndPageAttr, &ep) != nil {
		return ""
	}
	return ep.TextAttr.SubmitSuccess.Text
}

func btnText(st *SurveyStyle, typ string) string {
	if st == nil {
		return ""
	}
	var v Str
	switch typ {
	case "submitBtnText":
		v = st.SubmitBtnText
	case "nextBtnText":
		v = st.NextBtnText
	case "prevBtnText":
		v = st.PrevBtnText
	}
	if strings.TrimSpace(string(v)) == "" || string(v) == defaultBtnText[typ] {
		return ""
	}
	return string(v)
}

func commonAttr(ia *InputAttr) *CommonAttr {
	if ia == nil {
		return nil
	}
	return ia.CommonAttr
}

// TranslationSources lists the translatable texts of d with their original values.
func TranslationSources(d *Survey) []LangItem {
	var out []LangItem
	add := func(code Str, typ, text string) {
		if code == "" || strings.TrimSpace(text) == "" {
			return
		}
		out = append(out, LangItem{LanCode: string(code), LanType: typ, LanValue: text})
	}
	if d == nil {
		return out
	}
	sid := surveyCode(d)
	add(sid, "surveyName", TextOf(d.SurveyNameObj, d.SurveyName))
	if d.SurveyDetail != nil {
		add(sid, "surveyNote", TextOf(d.SurveyDetail.SurveyNodeObj, d.SurveyDetail.SurveyNote))
	}
	hints := func(code Str, ia *InputAttr) {
		if c := commonAttr(ia); c != nil {
			add(code, "regexMsg", string(c.RegexMsg))
			add(code, "placeholder", string(c.Placeholder))
		}
	}
	opts := func(l []*Option) {
		for _, o := range l {
			if o == nil {
				continue
			}
			add(o.DwID, "optionTitle", TextOf(o.OptionTitleObj, o.OptionTitle))
			hints(o.DwID, o.InputAttr)
		}
	}
	for _, q := range d.Questions {
		if q == nil {
			continue
		}
		add(q.DwID, "quTitle", TextOf(q.QuTitleObj, q.QuTitle))
		add(q.DwID, "quNote", TextOf(q.QuNoteObj, q.QuNote))
		if q.QuAttr != nil {
			hints(q.DwID, q.QuAttr.InputAttr)
		}
		for _, l := range [][]*Option{q.QuRadios, q.QuCheckboxs, q.QuScores, q.QuOrderbys, q.QuMultiFillblanks, q.QuRows, q.QuCols} {
			opts(l)
		}
	}
	for _, typ := range surveyTextTypes[:3] {
		add(sid, typ, btnText(d.SurveyStyle, typ))
	}
	add(sid, "submitSuccess", endPageText(d))
	return out
}

// HintText is a translated text for a plain field (button, validation hint, placeholder): tags
// dropped, the entities the sanitiser writes decoded, outer space trimmed. The answer page
// does the same (components/answer/language.ts hintText).
func HintText(v string) string {
	if strings.IndexByte(v, '<') >= 0 {
		var b strings.Builder
		in := false
		for _, r := range v {
			switch {
			case r == '<':
				in = true
			case r == '>' && in:
				in = false
			case !in:
				b.WriteRune(r)
			}
		}
		v = b.String()
	}
	return strings.TrimSpace(hintEntities.Replace(v))
}

var hintEntities = strings.NewReplacer("&nbsp;", " ", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#34;", `"`, "&#39;", "'", "&apos;", "'", "&amp;", "&")

// Translate returns a copy of d with the texts of items applied (components/answer/
// language.ts translateSurvey does the same on the answer page; testdata/engine/translate/vectors.json
// pins both): rich texts get the translation as their HTML and its plain form, plain fields
// (buttons, hints) the HintText. Texts without a translation, and cascadeOption items (the
// cascade data holds those), are left as they are. d is not changed.
func Translate(d *Survey, items []LangItem) *Survey {
	if d == nil {
		return nil
	}
	var out Survey
	if b, err := json.Marshal(d); err != nil || json.Unmarshal(b, &out) != nil {
		return d
	}
	m := map[string]string{}
	first := map[string]string{}
	for _, it := range items {
		if it.LanValue == "" {
			continue
		}
		m[it.LanType+"\x00"+it.LanCode] = it.LanValue
		if _, ok := first[it.LanType]; !ok {
			first[it.LanType] = it.LanValue
		}
	}
	get := func(typ string, code Str) (string, bool) {
		if code == "" {
			return "", false
		}
		v, ok := m[typ+"\x00"+string(code)]
		return v, ok
	}
	rich := func(old *Text, v string) *Text {
		t := Text{}
		if old != nil {
			t = *old
		}
		t.DwHTML, t.DwText = v, PlainText(v)
		return &t
	}
	hints := func(code Str, ia *InputAttr) {
		c := commonAttr(ia)
		if c == nil {
			return
		}
		if v, ok := get("regexMsg", code); ok {
			c.RegexMsg = Str(HintText(v))
		}
		if v, ok := get("placeholder", code); ok {
			c.Placeholder = Str(HintText(v))
		}
	}
	for _, q := range out.Questions {
		if q == nil {
			continue
		}
		if v, ok := get("quTitle", q.DwID); ok {
			q.QuTitleObj, q.QuTitle = rich(q.QuTitleObj, v), Str(PlainText(v))
		}
		if v, ok := get("quNote", q.DwID); ok {
			q.QuNoteObj, q.QuNote = rich(q.QuNoteObj, v), Str(PlainText(v))
		}
		if q.QuAttr != nil {
			hints(q.DwID, q.QuAttr.InputAttr)
		}
		for _, l := range [][]*Option{q.QuRadios, q.QuCheckboxs, q.QuScores, q.QuOrderbys, q.QuMultiFillblanks, q.QuRows, q.QuCols} {
			for _, o := range l {
				if o == nil {
					continue
				}
				if v, ok := get("optionTitle", o.DwID); ok {
					o.OptionTitleObj, o.OptionTitle = rich(o.OptionTitleObj, v), Str(PlainText(v))
				}
				hints(o.DwID, o.InputAttr)
			}
		}
	}
	// the survey's own texts: by its dwId, else its id, else the first of the type
	survey := func(typ string) (string, bool) {
		for _, c := range []Str{out.DwID, out.ID} {
			if v, ok := get(typ, c); ok {
				return v, true
			}
		}
		v, ok := first[typ]
		return v, ok
	}
	if v, ok := survey("surveyName"); ok {
		out.SurveyNameObj = rich(out.SurveyNameObj, v)
	}
	if v, ok := survey("surveyNote"); ok {
		if out.SurveyDetail == nil {
			out.SurveyDetail = &SurveyDetail{}
		}
		out.SurveyDetail.SurveyNodeObj = rich(out.SurveyDetail.SurveyNodeObj, v)
	}
	if out.SurveyStyle != nil {
		for _, typ := range surveyTextTypes[:3] {
			v, ok := survey(typ)
			if !ok || btnText(out.SurveyStyle, typ) == "" {
				continue
			}
			switch typ {
			case "submitBtnText":
				out.SurveyStyle.SubmitBtnText = Str(HintText(v))
			case "nextBtnText":
				out.SurveyStyle.NextBtnText = Str(HintText(v))
			case "prevBtnText":
				out.SurveyStyle.PrevBtnText = Str(HintText(v))
			}
		}
	}
	if v, ok := survey("submitSuccess"); ok && endPageText(&out) != "" {
		var ep map[string]any
		if json.Unmarshal(out.SurveyAttrs.EndPageAttr, &ep) == nil {
			ta, _ := ep["textAttr"].(map[string]any)
			ss, _ := ta["submitSuccess"].(map[string]any)
			ss["text"] = v
			if b, err := json.Marshal(ep); err == nil {
				out.SurveyAttrs.EndPageAttr = b
			}
		}
	}
	return &out
}

// LocalizeMessages returns msgs with the survey's own words in a content language: a "custom"
// message (a CUSTOM/REGEX check's regexMsg) takes the language's regexMsg of the blank or option
// it names (ItemDwID), else of its question. Stock messages keep their key and parameters (the
// answer page words them in its own interface language). msgs is not changed.
func LocalizeMessages(msgs []Message, items []LangItem) []Message {
	hints := map[string]string{}
	for _, it := range items {
		if it.LanType == "regexMsg" {
			if v := HintText(it.LanValue); v != "" {
				hints[it.LanCode] = v
			}
		}
	}
	out := make([]Message, len(msgs))
	copy(out, msgs)
	if len(hints) == 0 {
		return out
	}
	for i, m := range out {
		if m.Key != "custom" {
			continue
		}
		v, ok := hints[m.ItemDwID]
		if !ok || m.ItemDwID == "" {
			v, ok = hints[m.QuDwID]
		}
		if !ok {
			continue
		}
		params := make(map[string]any, len(m.Params))
		for k, p := range m.Params {
			params[k] = p
		}
		params["message"] = v
		out[i].Params = params
		out[i].Text = render(MessageTexts[m.Key], params)
	}
	return out
}
