package export

import (
	"encoding/json"
	"reflect"
	"testing"

	lang "dwsurvey/survey"
)

// The export's document reader gives exactly what encoding/json gives, for canonical
// documents and for every odd form the survey types accept.
func TestDocReaderMatchesJSON(t *testing.T) {
	docs := []string{
		`{"anQuestions":[]}`,
		`{}`,
		`{"anQuestions":null}`,
		`{"other":{"x":[1,2,{"y":"]"}]},"anQuestions":[{"quDwId":"r1","quType":"RADIO","anRadio":{"optionDwId":"r1_2","otherText":"=HYPERLINK(\"x\")"}}]}`,
		`{"anQuestions":[{"quDwId":"c1","quType":"CHECKBOX","anCheckboxs":[{"optionDwId":"c1_1"},null,{"optionDwId":"c1_3","otherText":"中文 \u4e2d"}]}]}`,
		`{"anQuestions":[null,{"quDwId":"s1","anScores":[{"optionDwId":"s1_1","answerScore":3},{"optionDwId":"s1_2","answerScore":"4.5"},{"optionDwId":"s1_3","answerScore":null}]}]}`,
		`{"anQuestions":[{"quDwId":"n1","anScale":{"answerScore":7}},{"quDwId":"n2","anScale":{"answerScore":null}},{"quDwId":"n3","anScale":null}]}`,
		`{"anQuestions":[{"quDwId":"m1","anMatrixRadios":[{"rowDwId":"m1r_1","colDwId":"m1c_2"}]},{"quDwId":"ms","anMatrixScales":[{"rowDwId":"x","answerScore":1e2}]}]}`,
		`{"anQuestions":[{"quDwId":"f1","anFbk":{"answer":"回答 1 的第 1 个填空：还不错"}},{"quDwId":"f2","anFbk":{"answer":12.50}},{"quDwId":"f3","anFbk":{"answer":{"startTime":"09:00","endTime":"10:00"}}}]}`,
		`{"anQuestions":[{"quDwId":123,"quType":"FILLBLANK","isLogicHide":"1","quAnScore":"2.5","answerFlag":true,"anFbk":{"answer":"a\nb\t\"c\""}}]}`,
		`{"anQuestions":[{"quDwId":"q","isLogicHide":true,"quAnScore":null,"quAutoScore":1,"quCustomScore":-0.5}]}`,
		`{"anQuestions":[{"quDwId":"o","anOrders":[{"optionDwId":"o_1","orderNum":"2"},{"optionDwId":"o_2","orderNum":1}]},{"quDwId":"mf","anMFbks":[{"optionDwId":"mf_1","answer":"+1"}]}]}`,
		`{"anQuestions":[{"quDwId":"u","anUploadFiles":[{"filePath":"/api/dwsurvey/up/download/u1","fileName":"../../etc/passwd","fileSize":12}]}]}`,
		`{"anQuestions":[{"quDwId":"mc","anMatrixCheckboxes":[{"rowDwId":"r1","rowAnCheckboxs":[{"optionDwId":"c1"},{"colDwId":"c2"}]}]},{"quDwId":"mfb","anMatrixFbks":[{"rowDwId":"r1","rowAnFbks":[{"optionDwId":"c1","answer":"x"}]}]}]}`,
		`{"anQuestions":[{"quDwId":"cas","anCascades":[{"level":1,"value":"广东"},{"level":2,"value":"深圳"}]},{"quDwId":"geo","anLocation":{"formattedAddress":"x","latitude":22.5,"longitude":"114.1"}}]}`,
		// keys that only match case-insensitively, duplicates, unknown keys, escapes in keys
		`{"anquestions":[{"quDwId":"a"}]}`,
		`{"anQuestions":[{"QUDWID":"a","quType":"RADIO","AnRadio":{"OptionDwId":"x"}}]}`,
		`{"anQuestions":[{"quDwId":"a","quDwId":"b"}]}`,
		`{"anQuestions":[{"quDwId":"a","anRadio":{"optionDwId":"x"},"anRadio":{"otherText":"y"}}]}`,
		`{"anQuestions":[{"quDwId":"a","unknown":"z","an\u0052adio":{"optionDwId":"x"}}]}`,
		`{"anQuestions":[{"quDwId":"a","quType":"\u0052ADIO"}]}`,
		`{"anQuestions":[{"quDwId":"bad utf8 ` + "\xff\xfe" + `"}]}`,
		"  {\n \"anQuestions\" : [ { \"quDwId\" : \"sp\" , \"anRadio\" : { \"optionDwId\" : \"x\" } } ] }\n ",
		`{"anQuestions":[{"quDwId":"k","anRadio":"not an object"}]}`,
		`{"anQuestions":[{"quDwId":"k","anCheckboxs":{"optionDwId":"x"}}]}`,
		`{"anQuestions":{"quDwId":"k"}}`,
		`{"anQuestions":[{"quDwId":"k"}]`,
		`[]`,
		`{"anQuestions":[{"quDwId":"big","quAnScore":1e400,"anScores":[{"optionDwId":"x","answerScore":-1e400}]}]}`,
	}
	r := &docReader{}
	for i, d := range docs {
		// the canonical and lenient forms are read by hand, not by the general decoder
		if i <= 14 || i == 22 {
			r.reset([]byte(d))
			if _, err := r.document(); err != nil {
				t.Errorf("%s: not read by hand: %v", d, err)
			}
		}
		var want struct {
			AnQuestions []*rawAnQuestion `json:"anQuestions"`
		}
		werr := json.Unmarshal([]byte(d), &want)
		got, gerr := r.read([]byte(d))
		if (werr != nil) != (gerr != nil) {
			t.Errorf("%s: error %v, encoding/json %v", d, gerr, werr)
			continue
		}
		if werr != nil {
			continue
		}
		wq := make([]*lang.AnQuestion, len(want.AnQuestions))
		for i, q := range want.AnQuestions {
			wq[i] = (*lang.AnQuestion)(q)
		}
		if len(wq) == 0 && len(got) == 0 {
			continue
		}
		if !reflect.DeepEqual(normal(got), normal(wq)) {
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(wq)
			t.Errorf("%s:\n got %s\nwant %s", d, a, b)
		}
	}
}

// normal makes empty and nil slices alike (encoding/json keeps [] as empty, the reader
// may give nil; nobody tells them apart).
func normal(qs []*lang.AnQuestion) []*lang.AnQuestion {
	b, _ := json.Marshal(qs)
	var out []*lang.AnQuestion
	_ = json.Unmarshal(b, &out)
	return out
}
