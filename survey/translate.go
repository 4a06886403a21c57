package survey

// Translatable texts of a document: what a content language (services/language) can
// translate, with the original text of each. lanCode is the dwId of the element; lanType is
//
//	surveyName, surveyNote   the survey (lanCode = the document's dwId, else its id)
//	quTitle, quNote          a question
//	optionTitle              an option, blank, matrix row or column
//
// Texts are the HTML forms (dwHtml) when present, else the plain ones. Empty texts and
// elements without a dwId are left out. The order is the document's.

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

// TranslationSources lists the translatable texts of d with their original values.
func TranslationSources(d *Survey) []LangItem {
	var out []LangItem
	add := func(code Str, typ, text string) {
		if code == "" || text == "" {
			return
		}
		out = append(out, LangItem{LanCode: string(code), LanType: typ, LanValue: text})
	}
	if d == nil {
		return out
	}
	sid := d.DwID
	if sid == "" {
		sid = d.ID
	}
	add(sid, "surveyName", TextOf(d.SurveyNameObj, d.SurveyName))
	if d.SurveyDetail != nil {
		add(sid, "surveyNote", TextOf(d.SurveyDetail.SurveyNodeObj, d.SurveyDetail.SurveyNote))
	}
	opts := func(l []*Option) {
		for _, o := range l {
			if o == nil {
				continue
			}
			add(o.DwID, "optionTitle", TextOf(o.OptionTitleObj, o.OptionTitle))
		}
	}
	for _, q := range d.Questions {
		if q == nil {
			continue
		}
		add(q.DwID, "quTitle", TextOf(q.QuTitleObj, q.QuTitle))
		add(q.DwID, "quNote", TextOf(q.QuNoteObj, q.QuNote))
		for _, l := range [][]*Option{q.QuRadios, q.QuCheckboxs, q.QuScores, q.QuOrderbys, q.QuMultiFillblanks, q.QuRows, q.QuCols} {
			opts(l)
		}
	}
	return out
}
