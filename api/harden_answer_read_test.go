package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

func readDoc() M {
	return M{"questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quRadios": []M{opt("a1"), opt("a2")}},
		{"dwId": "q2", "quType": "CHECKBOX", "quTitle": "Q2", "quCheckboxs": []M{opt("b1"), opt("b2")}},
		{"dwId": "q3", "quType": "ORDERQU", "quTitle": "Q3", "quOrderbys": []M{opt("o1"), opt("o2"), opt("o3")}},
		{"dwId": "q4", "quType": "MATRIX_CHECKBOX", "quTitle": "Q4", "quRows": []M{opt("r1")}, "quCols": []M{opt("c1"), opt("c2")}},
		{"dwId": "p1", "quType": "PARAGRAPH", "quTitle": "Text"},
	}}
}

// C7: a submission is stored only as the survey document reads it; anything else is refused
// with the unreadableAnswer key (or a size/depth message) and changes nothing.
func TestAnswersAreReadInTheDocumentsTerms(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "reader01")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", readDoc())
		cb := func(ids ...string) []M {
			var l []M
			for _, o := range ids {
				l = append(l, M{"optionDwId": o})
			}
			return l
		}
		many := func(n int) []M {
			l := make([]M, n)
			for i := range l {
				l[i] = M{"optionDwId": []string{"b1", "b2"}[i%2]}
			}
			return l
		}
		ranks := func(pairs ...any) []M {
			var l []M
			for i := 0; i < len(pairs); i += 2 {
				l = append(l, M{"optionDwId": pairs[i], "orderNum": pairs[i+1]})
			}
			return l
		}
		cases := []struct {
			name string
			qs   []M
		}{
			{"question not in the survey", []M{anRadio("q1", "a1"), anRadio("zz", "a1")}},
			{"radio with a checkbox payload too", []M{{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "a1"}, "anCheckboxs": cb("a2")}}},
			{"radio answered as a checkbox", []M{{"quDwId": "q1", "quType": "CHECKBOX", "anCheckboxs": cb("a1", "a2")}}},
			{"radio with a checkbox payload only", []M{{"quDwId": "q1", "anCheckboxs": cb("a1")}}},
			{"option of another question", []M{anRadio("q1", "b1")}},
			{"10,000 checkbox entries", []M{{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": many(10000)}}},
			{"checkbox option twice", []M{{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": cb("b1", "b1")}}},
			{"rank out of range", []M{{"quDwId": "q3", "quType": "ORDERQU", "anOrders": ranks("o1", 1, "o2", 5)}}},
			{"rank given twice", []M{{"quDwId": "q3", "quType": "ORDERQU", "anOrders": ranks("o1", 1, "o2", 1)}}},
			{"rank zero", []M{{"quDwId": "q3", "quType": "ORDERQU", "anOrders": ranks("o1", 0)}}},
			{"fractional rank", []M{{"quDwId": "q3", "quType": "ORDERQU", "anOrders": ranks("o1", 1.5)}}},
			{"option ranked twice", []M{{"quDwId": "q3", "quType": "ORDERQU", "anOrders": ranks("o1", 1, "o1", 2)}}},
			{"question answered twice", []M{anRadio("q1", "a1"), anRadio("q1", "a2")}},
			{"matrix column unknown", []M{{"quDwId": "q4", "quType": "MATRIX_CHECKBOX", "anMatrixCheckboxes": []M{{"rowDwId": "r1", "rowAnCheckboxs": []M{{"colDwId": "zz"}}}}}}},
			{"paragraph with an answer", []M{{"quDwId": "p1", "anFbk": M{"answer": "x"}}}},
			{"other text too long", []M{{"quDwId": "q1", "anRadio": M{"optionDwId": "a1", "otherText": strings.Repeat("x", 20001)}}}},
		}
		snap := answerSnapshot(t, e.DB)
		for _, c := range cases {
			for _, draft := range []bool{false, true} {
				body := answerBody(id, newDwID(), c.qs, nil)
				if draft {
					body["saveStatus"] = 1
				}
				code, d := save(t, anon, body)
				if code != 400 || d.AnCheckIsPass || len(d.Errors) == 0 || d.Errors[0].Key != "unreadableAnswer" {
					t.Errorf("%s (draft %v): envelope %d %+v", c.name, draft, code, d)
				}
			}
		}
		// shapes refused before decoding: 100,000 entries (~7 MB), a 5,000-deep array under an unknown key
		huge := many(100000)
		for i := range huge {
			huge[i]["otherText"] = strings.Repeat("o", 50)
		}
		deep := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
		for name, aj := range map[string]string{
			"100,000 entries": func() string {
				b, _ := json.Marshal(M{"answerCommon": M{"answerDwId": newDwID()}, "anQuestions": []M{{"quDwId": "q2", "anCheckboxs": huge}}})
				return string(b)
			}(),
			"deep array under an unknown key": fmt.Sprintf(`{"answerCommon":{"answerDwId":%q},"anQuestions":[{"quDwId":"q1","anRadio":{"optionDwId":"a1"}}],"junk":%s}`, newDwID(), deep),
		} {
			env := anon.Post(ans+"save-survey-answer.do", M{"surveyId": id, "answerJson": aj}).Env(t)
			if env.ResultCode != 400 || !strings.Contains(env.ResultMsg, "cannot be read") {
				t.Errorf("%s: %d %q", name, env.ResultCode, env.ResultMsg)
			}
		}
		if answerSnapshot(t, e.DB) != snap {
			t.Fatal("a refused answer changed the answer tables")
		}

		// a readable answer: stored without the extra keys, client scores or flags; the
		// reference client's matrix shape (optionDwId for the column) and empty entries read
		aj, _ := json.Marshal(M{
			"answerCommon": M{"answerDwId": newDwID(), "evil": M{"deep": []any{1, 2}},
				"esAnEvent": M{"switchCount": 1, "hideTotalTime": 3, "switchList": []M{{"hideDate": "2026-01-01 10:00:00", "showDate": "2026-01-01 10:00:03", "hideTotalTime": 3, "x": "y"}}, "extra": "z"}},
			"anQuestions": []M{
				{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "a1", "evil": "x"}, "quAnScore": 99, "quCustomScore": 50, "isLogicHide": true, "foo": M{"bar": 1}},
				{"quDwId": "q3", "quType": "ORDERQU", "anOrders": ranks("o2", 1, "o1", "2")},
				{"quDwId": "q4", "quType": "MATRIX_CHECKBOX", "anMatrixCheckboxes": []M{{"rowDwId": "r1", "rowAnCheckboxs": []M{{"optionDwId": "c2", "otherText": nil}}, "rowAnScore": 0}}},
				{"quDwId": "p1", "quType": "PARAGRAPH"},
				{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{}},
			},
			"unknownTop": "x",
		})
		_, d := save(t, anon, M{"surveyId": id, "answerJson": string(aj)})
		if !d.AnCheckIsPass {
			t.Fatalf("readable answer refused: %+v", d)
		}
		var row models.Answer
		e.DB.Take(&row, "id = ?", d.DbAnswerID)
		for _, bad := range []string{"evil", "foo", "99", "quCustomScore", "isLogicHide", "unknownTop", "rowAnScore", "optionDwId\":\"c2", "p1", "q2"} {
			if strings.Contains(row.Document, bad) {
				t.Errorf("stored document keeps %q: %s", bad, row.Document)
			}
		}
		if !strings.Contains(row.Document, `"colDwId":"c2"`) || row.QuNum != 3 {
			t.Errorf("stored document %s (quNum %d)", row.Document, row.QuNum)
		}
		if strings.Contains(row.SwitchEvents, "\"x\"") || strings.Contains(row.SwitchEvents, "extra") || !strings.Contains(row.SwitchEvents, `"switchCount":1`) {
			t.Errorf("stored events %s", row.SwitchEvents)
		}
		var n int64
		e.DB.Raw("SELECT COALESCE(SUM(cnt),0) FROM answer_counters WHERE survey_id = ? AND ckey = ?", id, "mc:r1:c2").Scan(&n)
		if n != 1 {
			t.Errorf("matrix cell counted %d times", n)
		}
	})
}

// hostileAnswer is a random answer of resultsDoc with one hand-made flaw (issue 19 C7): the
// recount property test submits these between the real ones.
func hostileAnswer(r *rand.Rand) []M {
	qs := randomAnswer(r)
	flaws := []func() M{
		func() M { return anRadio("zz", "a1") },
		func() M {
			return M{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "a1"}, "anCheckboxs": []M{{"optionDwId": "a2"}}}
		},
		func() M { return M{"quDwId": "q1", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "a1"}}} },
		func() M {
			return M{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "b1"}, {"optionDwId": "b1"}, {"optionDwId": "b1"}}}
		},
		func() M { return M{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "a1"}}} },
		func() M {
			return M{"quDwId": "q3", "quType": "SCORE", "anScores": []M{{"optionDwId": "s1", "answerScore": 99}}}
		},
		func() M {
			return M{"quDwId": "q5", "quType": "MATRIX_RADIO", "anMatrixRadios": []M{{"rowDwId": "r1", "colDwId": "c1"}, {"rowDwId": "r1", "colDwId": "c2"}}}
		},
		func() M {
			return M{"quDwId": "q7", "quType": "MATRIX_CHECKBOX", "anMatrixCheckboxes": []M{{"rowDwId": "x1", "rowAnCheckboxs": []M{{"colDwId": "zz"}}}}}
		},
		func() M {
			return M{"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": strings.Repeat("x", 20001)}}
		},
	}
	flaw := flaws[r.IntN(len(flaws))]()
	out := []M{flaw}
	for _, q := range qs {
		if q["quDwId"] != flaw["quDwId"] {
			out = append(out, q)
		}
	}
	if r.IntN(2) == 0 { // the flaw anywhere in the list
		out[0], out[len(out)-1] = out[len(out)-1], out[0]
	}
	return out
}
