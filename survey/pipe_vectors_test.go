package survey

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Piping vectors (testdata/engine/piping/*.json), run by both engines: the survey is loaded,
// the engine evaluates the input (page 0), and the text is rendered against the effective
// answers in the case's content language. Regenerate with
// SURVEY_UPDATE_VECTORS=1 go test ./survey -run TestPipeVectors; every case's hand-written
// expectation is checked before the file is written.

const pipeVectorDir = "../testdata/engine/piping"

// PipeVectorFile is the format of testdata/engine/piping/*.json.
type PipeVectorFile struct {
	Description string                     `json:"description"`
	Surveys     map[string]json.RawMessage `json:"surveys"`
	Languages   map[string][]LangItem      `json:"languages,omitempty"`
	// Inputs are engine inputs shared by several cases (a case's input may be a name).
	Inputs map[string]json.RawMessage `json:"inputs,omitempty"`
	Cases  []PipeVectorCase           `json:"cases"`
}

// PipeVectorCase is one piping vector. Mode is "text" (default), "html" or "url".
type PipeVectorCase struct {
	Name   string          `json:"name"`
	Survey string          `json:"survey"`
	Input  json.RawMessage `json:"input"`
	Lang   string          `json:"lang,omitempty"`
	Mode   string          `json:"mode,omitempty"`
	Text   string          `json:"text"`
	Expect string          `json:"expect"`
}

func runPipeVector(t testing.TB, f *PipeVectorFile, c *PipeVectorCase) string {
	s, _, err := Parse(f.Surveys[c.Survey])
	if err != nil || s == nil {
		t.Fatalf("%s: survey %q: %v", c.Name, c.Survey, err)
	}
	raw := c.Input
	var name string
	if json.Unmarshal(raw, &name) == nil {
		if raw = f.Inputs[name]; raw == nil {
			t.Fatalf("%s: unknown input %q", c.Name, name)
		}
	}
	var in Input
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatalf("%s: input: %v", c.Name, err)
	}
	r := NewEngine(s).Evaluate(in)
	v := NewPiper(s, f.Languages[c.Lang]).With(r.Answers)
	switch c.Mode {
	case "html":
		return v.HTML(c.Text)
	case "url":
		return v.URL(c.Text)
	}
	return v.Text(c.Text)
}

func TestPipeVectors(t *testing.T) {
	if os.Getenv("SURVEY_UPDATE_VECTORS") != "" {
		generatePipeVectors(t)
	}
	files, _ := filepath.Glob(filepath.Join(pipeVectorDir, "*.json"))
	sort.Strings(files)
	total := 0
	for _, fn := range files {
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		var f PipeVectorFile
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		names := map[string]bool{}
		for i := range f.Cases {
			c := &f.Cases[i]
			if names[c.Name] {
				t.Errorf("%s: duplicate case %q", fn, c.Name)
			}
			names[c.Name] = true
			total++
			if got := runPipeVector(t, &f, c); got != c.Expect {
				t.Errorf("%s/%s: %q\n got: %q\nwant: %q", filepath.Base(fn), c.Name, c.Text, got, c.Expect)
			}
		}
	}
	t.Logf("%d piping vectors", total)
	if total < 100 {
		t.Errorf("only %d piping vectors, want at least 100", total)
	}
}

type pcase struct{ name, survey, input, lang, mode, text, want string }

type pfile struct {
	name, desc string
	surveys    map[string]string
	langs      map[string][]LangItem
	inputs     map[string]string
	cases      []pcase
}

func generatePipeVectors(t *testing.T) {
	for _, pf := range []pfile{pipingFile()} {
		vf := PipeVectorFile{Description: pf.desc, Surveys: map[string]json.RawMessage{}, Languages: pf.langs, Inputs: map[string]json.RawMessage{}}
		named := map[string]string{}
		for k, s := range pf.inputs {
			var buf bytes.Buffer
			if err := json.Compact(&buf, []byte(s)); err != nil {
				t.Fatalf("%s/%s: bad input JSON: %v", pf.name, k, err)
			}
			vf.Inputs[k] = buf.Bytes()
			named[s] = k
		}
		for k, s := range pf.surveys {
			var buf bytes.Buffer
			if err := json.Compact(&buf, []byte(s)); err != nil {
				t.Fatalf("%s/%s: bad survey JSON: %v\n%s", pf.name, k, err, s)
			}
			vf.Surveys[k] = buf.Bytes()
			if _, issues, _ := Parse(buf.Bytes()); len(issues) > 0 {
				t.Errorf("%s/%s: survey has issues %v", pf.name, k, issues)
			}
		}
		for _, c := range pf.cases {
			var buf bytes.Buffer
			if err := json.Compact(&buf, []byte(c.input)); err != nil {
				t.Fatalf("%s/%s: bad input JSON: %v\n%s", pf.name, c.name, err, c.input)
			}
			vc := PipeVectorCase{Name: c.name, Survey: c.survey, Input: buf.Bytes(), Lang: c.lang, Mode: c.mode, Text: c.text}
			if k, ok := named[c.input]; ok {
				vc.Input, _ = json.Marshal(k)
			}
			got := runPipeVector(t, &vf, &vc)
			if got != c.want {
				t.Errorf("%s/%s: %q renders %q, want %q", pf.name, c.name, c.text, got, c.want)
			}
			vc.Expect = got
			vf.Cases = append(vf.Cases, vc)
		}
		writeVectorFile(t, filepath.Join(pipeVectorDir, pf.name+".json"), vf)
		t.Logf("generated %d piping vectors in %s", len(vf.Cases), pf.name)
	}
}

// titled options: each title is used as given (HTML) in optionTitleObj.dwHtml, with its
// dwText; a title starting with "=" is stored only in optionTitle (a legacy document).
func titled(field, qid string, titles ...string) string {
	var parts []string
	for i, tt := range titles {
		id := fmt.Sprintf("%sa%d", qid, i+1)
		if field == "quRows" {
			id = fmt.Sprintf("%sr%d", qid, i+1)
		} else if field == "quCols" {
			id = fmt.Sprintf("%sc%d", qid, i+1)
		}
		extra := ""
		if k := strings.Index(tt, "#"); k >= 0 {
			tt, extra = tt[:k], ","+tt[k+1:]
		}
		if strings.HasPrefix(tt, "=") {
			parts = append(parts, fmt.Sprintf(`{"dwId":%q,"optionTitle":%q%s}`, id, tt[1:], extra))
			continue
		}
		b, _ := json.Marshal(map[string]string{"dwHtml": tt, "dwText": PlainText(tt)})
		parts = append(parts, fmt.Sprintf(`{"dwId":%q,"optionTitleObj":%s%s}`, id, b, extra))
	}
	return fmt.Sprintf(`%q:[%s]`, field, strings.Join(parts, ","))
}

func pipingFile() pfile {
	f := pfile{name: "piping", desc: "Answer piping: placeholders per question type, fallbacks, literal braces, hidden and unanswered questions, assigned values, content languages, HTML escaping (text content only) and URL query encoding.",
		surveys: map[string]string{}, langs: map[string][]LangItem{}}
	f.surveys["types"] = docWith(`"dwDsl":"if Q1A2 then hide Q3\nassign Q22 = Q7 + Q8"`,
		qj("q1", TypeRadio, titled("quRadios", "q1", "Apple", "<b>Banana</b>", "Other#\"showOptionNote\":1", "Tom &amp; Jerry")),
		qj("q2", TypeCheckbox, titled("quCheckboxs", "q2", "Red", "Green", "=Blue &lt;3", "Other#\"isNote\":1")),
		qj("q3", TypeFillblank, `"varAtrrs":{"customName":"nick"}`),
		qj("p1", TypeParagraph, ""),
		qj("q4", TypeOrderQu, titled("quOrderbys", "q4", "Price", "Taste", "Service")),
		qj("q5", TypeMultiFillblank, titled("quMultiFillblanks", "q5", "First", "Last")),
		qj("q6", TypeScore, titled("quScores", "q6", "Food", "Room")),
		qj("q7", TypeScaleNPS, ""),
		qj("q8", TypeScaleSlider, ""),
		qj("q9", TypeMatrixRadio, join(titled("quRows", "q9", "Speed", "Price"), titled("quCols", "q9", "Bad", "OK", "Good"))),
		qj("q10", TypeMatrixCheckbox, join(titled("quRows", "q10", "Mon", "Tue"), titled("quCols", "q10", "AM", "PM"))),
		qj("q11", TypeMatrixInput, join(titled("quRows", "q11", "Home", "Work"), titled("quCols", "q11", "City", "Zip"))),
		qj("q12", TypeMatrixScale, join(titled("quRows", "q12", "Staff", "Food"), "")),
		qj("q13", TypeUploadFile, ""),
		qj("q14", TypeCascade, ""),
		qj("q15", TypeGeolocation, ""),
		qj("q16", TypeCheckboxGroup, `"quRows":[{"dwId":"q16g1","optionTitle":"Fruit","groupOptions":[{"dwId":"q16a1","optionTitle":"Pear"},{"dwId":"q16a2","optionTitle":"Plum"}]},{"dwId":"q16g2","optionTitle":"Veg","groupOptions":[{"dwId":"q16a3","optionTitle":"Kale"},{"dwId":"q16a4","optionTitle":"Leek"}]}]`),
		qj("q17", TypeYesNo, titled("quRadios", "q17", "Yes", "No")),
		qj("q18", TypeFillblank, `"varAtrrs":{"defaultName":"age_years"}`),
		qj("q19", TypeImgRadio, titled("quRadios", "q19", "", "Cat")),
		qj("q20", TypeAnswer, ""),
		qj("q21", TypeSignature, ""),
		qj("q22", TypeFillblank, ""),
		qj("q23", TypeRadioGroup, `"quRows":[{"dwId":"q23g1","optionTitle":"Hot","groupOptions":[{"dwId":"q23a1","optionTitle":"Tea"},{"dwId":"q23a2","optionTitle":"Coffee"}]}]`),
		qj("q24", TypeRadio, `"quRadios":[{"dwId":"q24a1","optionName":"Named only"},{"dwId":"q24a2","optionTitleObj":{"dwHtml":"Line<br>break","dwText":"  spaced \n text  "}},{"dwId":"q24a3","optionTitle":"&#20013;&#x6587; &amp;copy; &unknown; &#0;"}]`),
	)
	f.langs["en"] = []LangItem{
		{LanCode: "q1a1", LanType: "optionTitle", LanValue: "Apple (en)"},
		{LanCode: "q1a2", LanType: "optionTitle", LanValue: "<i>Banana</i> (en)"},
		{LanCode: "q2a1", LanType: "optionTitle", LanValue: "Red (en)"},
		{LanCode: "q9c3", LanType: "optionTitle", LanValue: "Good (en)"},
		{LanCode: "q9r1", LanType: "optionTitle", LanValue: "Speed (en)"},
		{LanCode: "q4a1", LanType: "optionTitle", LanValue: "Price (en)"},
		{LanCode: "q1", LanType: "quTitle", LanValue: "ignored here"},
		{LanCode: "q2a2", LanType: "optionTitle", LanValue: ""},
	}
	f.langs["zh"] = []LangItem{
		{LanCode: "q1a1", LanType: "optionTitle", LanValue: "苹果"},
		{LanCode: "q1a2", LanType: "optionTitle", LanValue: "香蕉"},
		{LanCode: "q17a1", LanType: "optionTitle", LanValue: "是"},
	}
	f.surveys["hidden"] = docWith(`"dwDsl":"if Q1A2 then hide Q2\nif Q1A2 then hide Q3A1"`,
		qj("q1", TypeRadio, titled("quRadios", "q1", "Show", "Hide")),
		qj("q2", TypeFillblank, ""),
		qj("q3", TypeCheckbox, titled("quCheckboxs", "q3", "One", "Two")))
	f.surveys["end"] = docWith(`"surveyAttrs":{"endPageAttr":{"textAttr":{"submitSuccess":{"enabled":true,"text":"Thanks {Q1}!"}}}}`,
		qj("q1", TypeFillblank, ""))

	type tc = pcase
	all := in(aRadio("q1", "q1a1"), aCbx("q2", "q2a1", "q2a3"), aFbk("q3", "Sam"),
		aOrders("q4", "q4a3:1", "q4a1:2"), aMFbk("q5", "q5a1=Ada", "q5a2=Lovelace"), aScores("q6", "q6a1:4", "q6a2:5"),
		aScale("q7", "9"), aScale("q8", "72.5"), aMRadio("q9", "r1:c3", "r2:c1"), aMCbx("q10", "r1:c1+c2", "r2:c2"),
		aMFbks("q11", "r1:c1=Paris", "r2:c2=75001"), aMScales("q12", "r1:4", "r2:5"), aFiles("q13", "cv.pdf", "photo.png"),
		aCascade("q14", "Zhejiang", "Hangzhou"), aLoc("q15", "1 Main St"), aCbx("q16", "q16a2", "q16a3"), aRadio("q17", "q17a1"),
		aFbk("q18", "42"), aRadio("q19", "q19a2"), aFbk("q20", "line one\nline two"), aFiles("q21", "sig.png"),
		aRadio("q23", "q23a2"))
	none := in()
	f.inputs = map[string]string{"all": all, "none": none}
	f.cases = append(f.cases,
		// one placeholder per question type
		tc{"radio", "types", all, "", "", "You chose {Q1}. Why?", "You chose Apple. Why?"},
		tc{"radio-rich-title", "types", in(aRadio("q1", "q1a2")), "", "", "{Q1}", "Banana"},
		tc{"radio-entity-title", "types", in(aRadio("q1", "q1a4")), "", "", "{Q1}", "Tom & Jerry"},
		tc{"radio-other-typed", "types", in(aRadioNote("q1", "q1a3", "Mango")), "", "", "{Q1}", "Mango"},
		tc{"radio-other-empty", "types", in(aRadioNote("q1", "q1a3", "")), "", "", "{Q1}", "Other"},
		tc{"radio-other-spaces", "types", in(aRadioNote("q1", "q1a3", "  kiwi \n fruit ")), "", "", "[{Q1}]", "[kiwi fruit]"},
		tc{"checkbox-list", "types", all, "", "", "{Q2}", "Red, Blue <3"},
		tc{"checkbox-doc-order", "types", in(aCbx("q2", "q2a3", "q2a1")), "", "", "{Q2}", "Red, Blue <3"},
		tc{"checkbox-other", "types", in(`{"quDwId":"q2","anCheckboxs":[{"optionDwId":"q2a2"},{"optionDwId":"q2a4","otherText":"Teal"}]}`), "", "", "{Q2}", "Green, Teal"},
		tc{"checkbox-option-chosen", "types", all, "", "", "{Q2A3}", "Blue <3"},
		tc{"checkbox-option-not-chosen", "types", all, "", "", "{Q2A2|not green}", "not green"},
		tc{"checkbox-option-other", "types", in(`{"quDwId":"q2","anCheckboxs":[{"optionDwId":"q2a4","otherText":"Teal"}]}`), "", "", "{Q2A4}", "Teal"},
		tc{"fillblank", "types", all, "", "", "Hi {Q3}", "Hi Sam"},
		tc{"fillblank-variable", "types", all, "", "", "Hi {nick}", "Hi Sam"},
		tc{"fillblank-default-name", "types", all, "", "", "{age_years} years", "42 years"},
		tc{"numbering-skips-paragraph", "types", all, "", "", "{Q4}", "Service, Price"},
		tc{"ranking-in-order", "types", all, "", "", "Top: {Q4}", "Top: Service, Price"},
		tc{"ranking-rank", "types", all, "", "", "{Q4A1}", "2"},
		tc{"ranking-unranked", "types", all, "", "", "{Q4A2|-}", "-"},
		tc{"multi-blank", "types", all, "", "", "{Q5}", "Ada, Lovelace"},
		tc{"multi-blank-one", "types", all, "", "", "{Q5A2}", "Lovelace"},
		tc{"score-sum", "types", all, "", "", "{Q6}", "9"},
		tc{"score-item", "types", all, "", "", "{Q6A2}", "5"},
		tc{"nps", "types", all, "", "", "{Q7}/10", "9/10"},
		tc{"nps-zero", "types", in(aScale("q7", "0")), "", "", "{Q7|none}", "0"},
		tc{"slider-fraction", "types", all, "", "", "{Q8}%", "72.5%"},
		tc{"matrix-radio-row", "types", all, "", "", "{Q9R1}", "Good"},
		tc{"matrix-radio-row2", "types", all, "", "", "{Q9R2}", "Bad"},
		tc{"matrix-radio-whole", "types", all, "", "", "{Q9}", "Speed: Good; Price: Bad"},
		tc{"matrix-radio-cell-chosen", "types", all, "", "", "{Q9R1C3}", "Good"},
		tc{"matrix-radio-cell-not", "types", all, "", "", "{Q9R1C1|no}", "no"},
		tc{"matrix-radio-column-count", "types", all, "", "", "{Q9C3}", "1"},
		tc{"matrix-checkbox-row", "types", all, "", "", "{Q10R1}", "AM, PM"},
		tc{"matrix-checkbox-whole", "types", all, "", "", "{Q10}", "Mon: AM, PM; Tue: PM"},
		tc{"matrix-checkbox-column-count", "types", all, "", "", "{Q10C2}", "2"},
		tc{"matrix-input-row", "types", all, "", "", "{Q11R1}", "Paris"},
		tc{"matrix-input-cell", "types", all, "", "", "{Q11R2C2}", "75001"},
		tc{"matrix-input-cell-empty", "types", all, "", "", "{Q11R2C1|?}", "?"},
		tc{"matrix-scale-row", "types", all, "", "", "{Q12R2}", "5"},
		tc{"matrix-scale-whole", "types", all, "", "", "{Q12}", "Staff: 4; Food: 5"},
		tc{"upload", "types", all, "", "", "{Q13}", "cv.pdf, photo.png"},
		tc{"cascade", "types", all, "", "", "{Q14}", "Zhejiang, Hangzhou"},
		tc{"geolocation", "types", all, "", "", "{Q15}", "1 Main St"},
		tc{"group-whole", "types", all, "", "", "{Q16}", "Plum, Kale"},
		tc{"group-one-group", "types", all, "", "", "{Q16R2}", "Kale"},
		tc{"group-option", "types", all, "", "", "{Q16A2}", "Plum"},
		tc{"group-cell-is-not-a-reference", "types", all, "", "", "{Q16R1C1}", "{Q16R1C1}"},
		tc{"yesno", "types", all, "", "", "{Q17}", "Yes"},
		tc{"image-option-title", "types", all, "", "", "{Q19}", "Cat"},
		tc{"long-text-kept", "types", all, "", "", "{Q20}", "line one\nline two"},
		tc{"signature", "types", all, "", "", "{Q21}", "sig.png"},
		tc{"radio-group", "types", all, "", "", "{Q23}", "Coffee"},
		tc{"option-name-only", "types", in(aRadio("q24", "q24a1")), "", "", "{Q24}", "Named only"},
		tc{"option-dwtext-collapsed", "types", in(aRadio("q24", "q24a2")), "", "", "[{Q24}]", "[spaced text]"},
		tc{"option-entities", "types", in(aRadio("q24", "q24a3")), "", "", "{Q24}", "中文 &copy; &unknown; &#0;"},
		tc{"assigned-value", "types", all, "", "", "{Q22}", "81.5"},
		tc{"assigned-nothing", "types", in(aScale("q7", "3")), "", "", "{Q22|-}", "3"},
		// unanswered, fallbacks and several placeholders
		tc{"unanswered-empty", "types", none, "", "", "You chose {Q1}.", "You chose ."},
		tc{"unanswered-fallback", "types", none, "", "", "Dear {Q3|friend},", "Dear friend,"},
		tc{"fallback-with-spaces", "types", none, "", "", "{Q3|my dear friend}", "my dear friend"},
		tc{"fallback-empty", "types", none, "", "", "a{Q3|}b", "ab"},
		tc{"fallback-pipe", "types", none, "", "", "{Q3|a|b}", "a|b"},
		tc{"fallback-unused", "types", all, "", "", "{Q3|friend}", "Sam"},
		tc{"fallback-unicode", "types", none, "", "", "{Q3|朋友}你好", "朋友你好"},
		tc{"several", "types", all, "", "", "{Q3} likes {Q1} and {Q2}.", "Sam likes Apple and Red, Blue <3."},
		tc{"same-twice", "types", all, "", "", "{Q1}{Q1}", "AppleApple"},
		tc{"adjacent-text", "types", all, "", "", "x{Q7}y", "x9y"},
		tc{"no-placeholder", "types", all, "", "", "Plain text", "Plain text"},
		tc{"empty-text", "types", all, "", "", "", ""},
		// literal braces
		tc{"double-brace", "types", all, "", "", "{{Q1}", "{Q1}"},
		tc{"double-brace-then-placeholder", "types", all, "", "", "{{{Q1}", "{Apple"},
		tc{"double-brace-pair", "types", all, "", "", "{{Q1}}", "{Q1}}"},
		tc{"closing-brace-alone", "types", all, "", "", "a } b", "a } b"},
		tc{"unknown-variable-literal", "types", all, "", "", "{name} stays", "{name} stays"},
		tc{"unknown-question-literal", "types", all, "", "", "{Q99}", "{Q99}"},
		tc{"unknown-option-literal", "types", all, "", "", "{Q1A9}", "{Q1A9}"},
		tc{"unknown-row-literal", "types", all, "", "", "{Q9R5}", "{Q9R5}"},
		tc{"unknown-column-literal", "types", all, "", "", "{Q9R1C9}", "{Q9R1C9}"},
		tc{"zero-question-literal", "types", all, "", "", "{Q0}", "{Q0}"},
		tc{"leading-zero-literal", "types", all, "", "", "{Q01}", "{Q01}"},
		tc{"lowercase-literal", "types", all, "", "", "{q1}", "{q1}"},
		tc{"keyword-literal", "types", all, "", "", "{if} {empty}", "{if} {empty}"},
		tc{"space-inside-literal", "types", all, "", "", "{ Q1 }", "{ Q1 }"},
		tc{"unclosed-literal", "types", all, "", "", "{Q1 and more", "{Q1 and more"},
		tc{"unclosed-fallback-literal", "types", all, "", "", "{Q1|more", "{Q1|more"},
		tc{"fallback-line-break-literal", "types", none, "", "", "{Q1|a\nb}", "{Q1|a\nb}"},
		tc{"json-like-literal", "types", all, "", "", `{"a": 1}`, `{"a": 1}`},
		tc{"css-like-literal", "types", all, "", "", "p {color: red}", "p {color: red}"},
		tc{"nested-braces", "types", all, "", "", "{x {Q1}}", "{x Apple}"},
		tc{"placeholder-in-fallback-literal", "types", none, "", "", "{Q3|{Q1}}", "{Q3|}"},
		tc{"name-then-junk-literal", "types", all, "", "", "{Q1-2}", "{Q1-2}"},
		tc{"lone-brace-at-end", "types", all, "", "", "end {", "end {"},
		// logic-hidden questions and options
		tc{"hidden-question-fallback", "hidden", in(aRadio("q1", "q1a2"), aFbk("q2", "secret")), "", "", "{Q2|hidden}", "hidden"},
		tc{"hidden-question-empty", "hidden", in(aRadio("q1", "q1a2"), aFbk("q2", "secret")), "", "", "[{Q2}]", "[]"},
		tc{"shown-question", "hidden", in(aRadio("q1", "q1a1"), aFbk("q2", "secret")), "", "", "{Q2|hidden}", "secret"},
		tc{"hidden-option-dropped", "hidden", in(aRadio("q1", "q1a2"), aCbx("q3", "q3a1", "q3a2")), "", "", "{Q3}", "Two"},
		tc{"hidden-option-placeholder", "hidden", in(aRadio("q1", "q1a2"), aCbx("q3", "q3a1", "q3a2")), "", "", "{Q3A1|gone}", "gone"},
		tc{"hidden-by-logic-in-types", "types", in(aRadio("q1", "q1a2"), aFbk("q3", "Sam")), "", "", "{nick|?}", "?"},
		tc{"logic-hide-flag", "hidden", in(`{"quDwId":"q2","isLogicHide":true,"anFbk":{"answer":"x"}}`), "", "", "{Q2|flagged}", "flagged"},
		tc{"end-page-text", "end", in(aFbk("q1", "Ann")), "", "html", "Thanks {Q1}!", "Thanks Ann!"},
		// content languages
		tc{"lang-option", "types", all, "en", "", "{Q1}", "Apple (en)"},
		tc{"lang-option-html-flattened", "types", in(aRadio("q1", "q1a2")), "en", "", "{Q1}", "Banana (en)"},
		tc{"lang-untranslated-option", "types", in(aRadio("q1", "q1a4")), "en", "", "{Q1}", "Tom & Jerry"},
		tc{"lang-empty-value-ignored", "types", in(aCbx("q2", "q2a2")), "en", "", "{Q2}", "Green"},
		tc{"lang-list", "types", all, "en", "", "{Q2}", "Red (en), Blue <3"},
		tc{"lang-matrix-column", "types", all, "en", "", "{Q9R1}", "Good (en)"},
		tc{"lang-matrix-row-label", "types", all, "en", "", "{Q9}", "Speed (en): Good (en); Price: Bad"},
		tc{"lang-ranking", "types", all, "en", "", "{Q4}", "Service, Price (en)"},
		tc{"lang-typed-text-untouched", "types", in(aRadioNote("q1", "q1a3", "Mango")), "en", "", "{Q1}", "Mango"},
		tc{"lang-zh-option", "types", all, "zh", "", "你选择了{Q1}", "你选择了苹果"},
		tc{"lang-zh-yesno", "types", all, "zh", "", "{Q17}", "是"},
		tc{"lang-zh-fallback", "types", none, "zh", "", "{Q1|未回答}", "未回答"},
		tc{"lang-unknown-code", "types", all, "fr", "", "{Q1}", "Apple"},
		// HTML: values escaped, tags untouched
		tc{"html-plain", "types", all, "", "html", "<p>You chose <b>{Q1}</b>.</p>", "<p>You chose <b>Apple</b>.</p>"},
		tc{"html-hostile-answer", "types", in(aFbk("q3", `<img src=x onerror=alert(1)>`)), "", "html", "<p>{Q3}</p>", "<p>&lt;img src=x onerror=alert(1)&gt;</p>"},
		tc{"html-quotes-escaped", "types", in(aFbk("q3", `"it's" & more`)), "", "html", "{Q3}", "&#34;it&#39;s&#34; &amp; more"},
		tc{"text-hostile-answer-kept", "types", in(aFbk("q3", `<script>alert(1)</script>`)), "", "", "{Q3}", "<script>alert(1)</script>"},
		tc{"html-option-entity-escaped", "types", in(aRadio("q1", "q1a4")), "", "html", "{Q1}", "Tom &amp; Jerry"},
		tc{"html-attribute-untouched", "types", all, "", "html", `<a href="https://x.test/{Q3}" title="{Q1}">{Q1}</a>`, `<a href="https://x.test/{Q3}" title="{Q1}">Apple</a>`},
		tc{"html-fallback-entities-kept", "types", none, "", "html", "{Q3|Tom &amp; Jerry}", "Tom &amp; Jerry"},
		tc{"html-fallback-no-tags", "types", none, "", "html", "{Q3|<b>x</b>}", "{Q3|<b>x</b>}"},
		tc{"html-double-brace", "types", all, "", "html", "<p>{{Q1}</p>", "<p>{Q1}</p>"},
		tc{"html-unclosed-tag", "types", all, "", "html", "{Q1} <b {Q1}", "Apple <b {Q1}"},
		tc{"html-encoded-brace-not-placeholder", "types", all, "", "html", "&#123;Q1}", "&#123;Q1}"},
		tc{"html-newline-kept", "types", all, "", "html", "{Q20}", "line one\nline two"},
		tc{"html-list", "types", all, "", "html", "{Q2}", "Red, Blue &lt;3"},
		tc{"html-lang", "types", in(aRadio("q1", "q1a2")), "en", "html", "<i>{Q1}</i>", "<i>Banana (en)</i>"},
		// URL: query values only, percent-encoded
		tc{"url-query", "types", all, "", "url", "https://example.test/thanks?fruit={Q1}&who={Q3}", "https://example.test/thanks?fruit=Apple&who=Sam"},
		tc{"url-encoded", "types", in(aFbk("q3", "Jo & Al/=?#")), "", "url", "https://x.test/?n={Q3}", "https://x.test/?n=Jo%20%26%20Al%2F%3D%3F%23"},
		tc{"url-unicode", "types", in(aFbk("q3", "王 é")), "", "url", "https://x.test/?n={Q3}", "https://x.test/?n=%E7%8E%8B%20%C3%A9"},
		tc{"url-unreserved-kept", "types", in(aFbk("q3", "a-b.c_d~e")), "", "url", "https://x.test/?n={Q3}", "https://x.test/?n=a-b.c_d~e"},
		tc{"url-path-untouched", "types", all, "", "url", "https://x.test/{Q3}/p?x={Q3}", "https://x.test/{Q3}/p?x=Sam"},
		tc{"url-host-untouched", "types", all, "", "url", "https://{Q3}.test/?x=1", "https://{Q3}.test/?x=1"},
		tc{"url-fragment-untouched", "types", all, "", "url", "https://x.test/?a={Q3}#{Q3}", "https://x.test/?a=Sam#{Q3}"},
		tc{"url-no-query", "types", all, "", "url", "https://x.test/{Q3}", "https://x.test/{Q3}"},
		tc{"url-fallback-encoded", "types", none, "", "url", "https://x.test/?a={Q3|no one}", "https://x.test/?a=no%20one"},
		tc{"url-list", "types", all, "", "url", "https://x.test/?c={Q2}", "https://x.test/?c=Red%2C%20Blue%20%3C3"},
		tc{"url-hostile", "types", in(aFbk("q3", "x&admin=1")), "", "url", "https://x.test/?u={Q3}", "https://x.test/?u=x%26admin%3D1"},
	)
	return f
}
