package survey

import (
	"encoding/json"
	"strings"
	"testing"
)

func readEngine(t *testing.T) *Engine {
	t.Helper()
	doc := `{"questions":[
 {"dwId":"rd","quType":"RADIO","quRadios":[{"dwId":"rd1"},{"dwId":"rd2"}]},
 {"dwId":"rg","quType":"RADIOGROUP","quRows":[{"dwId":"g1","groupOptions":[{"dwId":"rg1"},{"dwId":"rg2"}]}]},
 {"dwId":"cb","quType":"CHECKBOX","quCheckboxs":[{"dwId":"cb1"},{"dwId":"cb2"}]},
 {"dwId":"yn","quType":"YESNO","quRadios":[{"dwId":"yn1"},{"dwId":"yn2"}]},
 {"dwId":"fb","quType":"FILLBLANK"},
 {"dwId":"cp","quType":"COLOR_PICKER"},
 {"dwId":"mf","quType":"MULTIFILLBLANK","quMultiFillblanks":[{"dwId":"mf1"},{"dwId":"mf2"}]},
 {"dwId":"or","quType":"ORDERQU","quAttr":{"orderQuAttr":{"maxTopNum":2}},"quOrderbys":[{"dwId":"or1"},{"dwId":"or2"},{"dwId":"or3"}]},
 {"dwId":"sc","quType":"SCORE","paramInt02":5,"quScores":[{"dwId":"sc1"},{"dwId":"sc2"}]},
 {"dwId":"np","quType":"SCALE_NPS"},
 {"dwId":"up","quType":"UPLOADFILE"},
 {"dwId":"sg","quType":"SIGNATURE"},
 {"dwId":"ge","quType":"GEOLOCATION"},
 {"dwId":"ca","quType":"CASCADE"},
 {"dwId":"mr","quType":"MATRIX_RADIO","quRows":[{"dwId":"mr1"},{"dwId":"mr2"}],"quCols":[{"dwId":"mrc1"},{"dwId":"mrc2"}]},
 {"dwId":"mc","quType":"MATRIX_CHECKBOX","quRows":[{"dwId":"mc1"}],"quCols":[{"dwId":"mcc1"},{"dwId":"mcc2"}]},
 {"dwId":"ms","quType":"MATRIX_SCALE","quRows":[{"dwId":"ms1"}]},
 {"dwId":"mi","quType":"MATRIX_INPUT","quRows":[{"dwId":"mi1"}],"quCols":[{"dwId":"mic1"}]},
 {"dwId":"ma","quType":"MATRIX_AUTO_ADD","quRows":[{"dwId":"ma1"}],"quCols":[{"dwId":"mac1"}]},
 {"dwId":"pg","quType":"PAGETAG"}
]}`
	s, _, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return NewEngine(s)
}

func answersOf(t *testing.T, js string) []*AnQuestion {
	t.Helper()
	ad, err := ParseAnswer([]byte(`{"anQuestions":` + js + `}`))
	if err != nil {
		t.Fatal(err)
	}
	return ad.AnQuestions
}

// Every question type reads its own payload back unchanged (client extras dropped).
func TestReadAnswersKeepsWellFormedAnswers(t *testing.T) {
	e := readEngine(t)
	good := `[
 {"quDwId":"rd","quType":"RADIO","anRadio":{"optionDwId":"rd2","otherText":"x"},"quAnScore":9},
 {"quDwId":"rg","anRadio":{"optionDwId":"rg2"}},
 {"quDwId":"cb","anCheckboxs":[{"optionDwId":"cb2"},{"optionDwId":"cb1"}]},
 {"quDwId":"yn","anRadio":{"optionDwId":"yn1"}},
 {"quDwId":"fb","anFbk":{"answer":"hello"}},
 {"quDwId":"cp","anFbk":{"answer":"#ffffff"}},
 {"quDwId":"mf","anMFbks":[{"optionDwId":"mf2","answer":"b"}]},
 {"quDwId":"or","anOrders":[{"optionDwId":"or3","orderNum":"1"},{"optionDwId":"or1","orderNum":2}]},
 {"quDwId":"sc","anScores":[{"optionDwId":"sc1","answerScore":5},{"optionDwId":"sc2","answerScore":0}]},
 {"quDwId":"np","anScale":{"answerScore":7}},
 {"quDwId":"up","anUploadFiles":[{"filePath":"/api/dwsurvey/up/f/1","fileName":"a.pdf","fileSize":10}]},
 {"quDwId":"sg","anUploadFiles":[{"filePath":"/s.png","fileName":"s.png"}]},
 {"quDwId":"ge","anLocation":{"location":true,"longitude":116.4,"latitude":39.9,"formattedAddress":"x","addressComponent":{"city":"Beijing","adcode":110000}}},
 {"quDwId":"ca","anCascades":[{"level":2,"value":"b"},{"level":1,"value":"a"}]},
 {"quDwId":"mr","anMatrixRadios":[{"rowDwId":"mr1","colDwId":"mrc2"},{"rowDwId":"mr2","colDwId":"mrc1","quAnScore":0}]},
 {"quDwId":"mc","anMatrixCheckboxes":[{"rowDwId":"mc1","rowAnCheckboxs":[{"optionDwId":"mcc1"},{"colDwId":"mcc2"}],"rowAnScore":0}]},
 {"quDwId":"ms","anMatrixScales":[{"rowDwId":"ms1","answerScore":3}]},
 {"quDwId":"mi","anMatrixFbks":[{"rowDwId":"mi1","rowAnFbks":[{"optionDwId":"mic1","answer":"cell"}]}]},
 {"quDwId":"ma","anMatrixFbks":[{"rowDwId":"ma-add-1","rowAnFbks":[{"colDwId":"mac1","answer":"added"}]}]},
 {"quDwId":"pg","quType":"PAGETAG"}
]`
	got, errs := e.ReadAnswers(answersOf(t, good))
	if len(errs) != 0 {
		t.Fatalf("errors %+v", errs)
	}
	if len(got) != 19 { // the page break carries no answer
		t.Fatalf("%d answers", len(got))
	}
	b, _ := MarshalCanonical(got)
	s := string(b)
	for _, want := range []string{`"colDwId":"mcc1"`, `"colDwId":"mic1"`, `"rowDwId":"ma-add-1"`, `"otherText":"x"`, `"adcode":110000`} {
		if !strings.Contains(s, want) {
			t.Errorf("read answers lack %s: %s", want, s)
		}
	}
	for _, bad := range []string{"quAnScore", "rowAnScore", "optionDwId\":\"mcc1", `"pg"`} {
		if strings.Contains(s, bad) {
			t.Errorf("read answers keep %s: %s", bad, s)
		}
	}
	// the engine sees the same answers: no errors for the well-formed set
	if r := e.CheckSubmission(&AnswerDoc{AnQuestions: got}, nil); len(r.Errors) != 0 {
		t.Fatalf("engine errors %+v", r.Errors)
	}
}

// Everything the document cannot read that way is refused with a message on its question.
func TestReadAnswersRefusesWhatTheDocumentCannotRead(t *testing.T) {
	e := readEngine(t)
	long := strings.Repeat("长", MaxAnswerTextChars+1)
	cases := map[string]string{
		"unknown question":         `[{"quDwId":"nope","anFbk":{"answer":"x"}}]`,
		"empty question id":        `[{"quDwId":"","anFbk":{"answer":"x"}}]`,
		"twice":                    `[{"quDwId":"fb","anFbk":{"answer":"x"}},{"quDwId":"fb","anFbk":{"answer":"y"}}]`,
		"other type":               `[{"quDwId":"rd","quType":"CHECKBOX","anRadio":{"optionDwId":"rd1"}}]`,
		"two payloads":             `[{"quDwId":"rd","anRadio":{"optionDwId":"rd1"},"anCheckboxs":[{"optionDwId":"rd2"}]}]`,
		"wrong payload":            `[{"quDwId":"fb","anRadio":{"optionDwId":"rd1"}}]`,
		"payload on a page break":  `[{"quDwId":"pg","anFbk":{"answer":"x"}}]`,
		"foreign option":           `[{"quDwId":"rd","anRadio":{"optionDwId":"cb1"}}]`,
		"group id as option":       `[{"quDwId":"rg","anRadio":{"optionDwId":"g1"}}]`,
		"repeated option":          `[{"quDwId":"cb","anCheckboxs":[{"optionDwId":"cb1"},{"optionDwId":"cb1"}]}]`,
		"long text":                `[{"quDwId":"fb","anFbk":{"answer":"` + long + `"}}]`,
		"long other text":          `[{"quDwId":"cb","anCheckboxs":[{"optionDwId":"cb1","otherText":"` + long + `"}]}]`,
		"rank above n":             `[{"quDwId":"or","anOrders":[{"optionDwId":"or1","orderNum":2}]}]`,
		"duplicate rank":           `[{"quDwId":"or","anOrders":[{"optionDwId":"or1","orderNum":1},{"optionDwId":"or2","orderNum":1}]}]`,
		"more ranks than maxTop":   `[{"quDwId":"or","anOrders":[{"optionDwId":"or1","orderNum":1},{"optionDwId":"or2","orderNum":2},{"optionDwId":"or3","orderNum":3}]}]`,
		"negative rank":            `[{"quDwId":"or","anOrders":[{"optionDwId":"or1","orderNum":-1}]}]`,
		"score above max":          `[{"quDwId":"sc","anScores":[{"optionDwId":"sc1","answerScore":6}]}]`,
		"negative score":           `[{"quDwId":"sc","anScores":[{"optionDwId":"sc1","answerScore":-1}]}]`,
		"score item twice":         `[{"quDwId":"sc","anScores":[{"optionDwId":"sc1","answerScore":1},{"optionDwId":"sc1","answerScore":2}]}]`,
		"blank twice":              `[{"quDwId":"mf","anMFbks":[{"optionDwId":"mf1","answer":"a"},{"optionDwId":"mf1","answer":"b"}]}]`,
		"too many files":           `[{"quDwId":"up","anUploadFiles":[` + strings.TrimSuffix(strings.Repeat(`{"filePath":"/a","fileName":"a"},`, MaxUploadFiles+1), ",") + `]}]`,
		"negative file size":       `[{"quDwId":"up","anUploadFiles":[{"filePath":"/a","fileName":"a","fileSize":-5}]}]`,
		"position off earth":       `[{"quDwId":"ge","anLocation":{"longitude":500,"latitude":0}}]`,
		"nested location details":  `[{"quDwId":"ge","anLocation":{"longitude":1,"latitude":1,"addressComponent":{"a":{"b":[1]}}}}]`,
		"location details array":   `[{"quDwId":"ge","anLocation":{"longitude":1,"latitude":1,"citySearchResult":[1,2]}}]`,
		"cascade level gap":        `[{"quDwId":"ca","anCascades":[{"level":1,"value":"a"},{"level":3,"value":"c"}]}]`,
		"matrix row twice":         `[{"quDwId":"mr","anMatrixRadios":[{"rowDwId":"mr1","colDwId":"mrc1"},{"rowDwId":"mr1","colDwId":"mrc2"}]}]`,
		"matrix column as row":     `[{"quDwId":"mr","anMatrixRadios":[{"rowDwId":"mrc1","colDwId":"mrc1"}]}]`,
		"matrix cell twice":        `[{"quDwId":"mc","anMatrixCheckboxes":[{"rowDwId":"mc1","rowAnCheckboxs":[{"colDwId":"mcc1"},{"colDwId":"mcc1"}]}]}]`,
		"matrix scale huge":        `[{"quDwId":"ms","anMatrixScales":[{"rowDwId":"ms1","answerScore":1e300}]}]`,
		"added row elsewhere":      `[{"quDwId":"mi","anMatrixFbks":[{"rowDwId":"mi-add-1","rowAnFbks":[]}]}]`,
		"added row out of range":   `[{"quDwId":"ma","anMatrixFbks":[{"rowDwId":"ma-add-101","rowAnFbks":[]}]}]`,
		"added row of another qu":  `[{"quDwId":"ma","anMatrixFbks":[{"rowDwId":"mi-add-1","rowAnFbks":[]}]}]`,
		"matrix text cell unknown": `[{"quDwId":"mi","anMatrixFbks":[{"rowDwId":"mi1","rowAnFbks":[{"colDwId":"zz","answer":"x"}]}]}]`,
	}
	for name, js := range cases {
		got, errs := e.ReadAnswers(answersOf(t, js))
		if got != nil || len(errs) == 0 || errs[0].Key != KeyUnreadable || errs[0].Params["reason"] == "" {
			t.Errorf("%s: got %v errs %+v", name, got, errs)
		}
	}
	// one bad entry refuses the whole submission, and every bad entry is reported
	_, errs := e.ReadAnswers(answersOf(t, `[{"quDwId":"fb","anFbk":{"answer":"ok"}},{"quDwId":"x1","anFbk":{"answer":"?"}},{"quDwId":"x2","anFbk":{"answer":"?"}}]`))
	if len(errs) != 2 || errs[0].QuDwID != "x1" || errs[1].QuDwID != "x2" {
		t.Fatalf("errs %+v", errs)
	}
}

// answerJson larger than MaxAnswerBytes or deeper than MaxAnswerDepth is refused before
// decoding, also when it arrives as a JSON string; strings holding brackets do not count.
func TestParseAnswerRefusesHostileShapes(t *testing.T) {
	deep := `{"anQuestions":[],"junk":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}`
	asString, _ := json.Marshal(deep)
	big := `{"anQuestions":[{"quDwId":"fb","anFbk":{"answer":"` + strings.Repeat("x", MaxAnswerBytes) + `"}}]}`
	for name, in := range map[string]string{"deep": deep, "deep in a string": string(asString), "big": big} {
		var se *ShapeError
		if _, err := ParseAnswer([]byte(in)); err == nil || !asShape(err, &se) {
			t.Errorf("%s: %v", name, err)
		}
	}
	ok := `{"anQuestions":[{"quDwId":"fb","anFbk":{"answer":"` + strings.Repeat("[{", 100) + `\"]"}}]}`
	if _, err := ParseAnswer([]byte(ok)); err != nil {
		t.Fatalf("brackets inside a string: %v", err)
	}
}

func asShape(err error, se **ShapeError) bool {
	s, ok := err.(*ShapeError)
	*se = s
	return ok
}
