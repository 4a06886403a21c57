package survey

import (
	"reflect"
	"testing"
)

const gradingExam = `{"surveyType":"exam","questions":[
 {"dwId":"q1","quType":"RADIO","quRadios":[{"dwId":"a1","isRight":1},{"dwId":"a2"}],"quAttr":{"scoreAttr":{"maxScore":4}}},
 {"dwId":"q2","quType":"RADIO","quRadios":[{"dwId":"b1","isRight":1},{"dwId":"b2"}],"quAttr":{"scoreAttr":{"maxScore":6,"manual":true}}},
 {"dwId":"q3","quType":"ANSWER","quAttr":{"scoreAttr":{"maxScore":10}}},
 {"dwId":"q4","quType":"FILLBLANK","quAttr":{"scoreAttr":{"maxScore":2.5}}},
 {"dwId":"q5","quType":"FILLBLANK"},
 {"dwId":"q6","quType":"UPLOADFILE","quAttr":{"scoreAttr":{"maxScore":0}}}]}`

func TestManualItems(t *testing.T) {
	s, _, err := Parse([]byte(gradingExam))
	if err != nil {
		t.Fatal(err)
	}
	want := []ManualItem{{"q2", 6}, {"q3", 10}, {"q4", 2.5}}
	if got := ManualItems(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("items %+v, want %+v", got, want)
	}
	// the same questions on a plain survey (no scoring): nothing is graded
	s.SurveyType = "survey"
	if got := ManualItems(s); got != nil {
		t.Fatalf("plain survey items %+v", got)
	}
	answered := ManualItemsOf(want, []*AnQuestion{{QuDwID: "q3"}, {QuDwID: "q1"}})
	if !reflect.DeepEqual(answered, []ManualItem{{"q3", 10}}) {
		t.Fatalf("answered items %+v", answered)
	}
}

func TestValidGrade(t *testing.T) {
	for _, c := range []struct {
		score, max float64
		ok         bool
	}{{0, 10, true}, {10, 10, true}, {7.5, 10, true}, {2.5, 2.5, true}, {10.5, 10, false}, {-0.5, 10, false}, {3.25, 10, false}, {0.1, 10, false}} {
		if got := ValidGrade(c.score, c.max); got != c.ok {
			t.Errorf("ValidGrade(%v, %v) = %v", c.score, c.max, got)
		}
	}
}

// A respondent cannot send scores: quAnScore, quAutoScore and quCustomScore of the submitted
// answer are replaced by the engine's (or dropped), so a hand-graded question arrives unscored.
func TestSubmittedScoresAreTheEngines(t *testing.T) {
	s, _, err := Parse([]byte(gradingExam))
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseAnswer([]byte(`{"anQuestions":[
	 {"quDwId":"q1","anRadio":{"optionDwId":"a2"},"quAnScore":4,"quAutoScore":4},
	 {"quDwId":"q2","anRadio":{"optionDwId":"b1"},"quAnScore":6},
	 {"quDwId":"q3","anFbk":{"answer":"essay"},"quCustomScore":10,"quAnScore":10}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := NewEngine(s).CheckSubmission(a, nil)
	if len(r.Errors) != 0 || len(r.Answers) != 3 {
		t.Fatalf("errors %v answers %d", r.Errors, len(r.Answers))
	}
	if q1 := r.Answers[0]; q1.QuAnScore == nil || *q1.QuAnScore != 0 || *q1.QuAutoScore != 0 {
		t.Fatalf("q1 (wrong option) scored %v", q1.QuAnScore)
	}
	for _, q := range r.Answers[1:] {
		if q.QuAnScore != nil || q.QuAutoScore != nil || q.QuCustomScore != nil {
			t.Fatalf("%s kept a client score: %v %v %v", q.QuDwID, q.QuAnScore, q.QuAutoScore, q.QuCustomScore)
		}
	}
	if r.Score.Total != 0 || r.Score.Max != 4 || AnswerTotal(r.Answers) != 0 {
		t.Fatalf("score %+v total %v", r.Score, AnswerTotal(r.Answers))
	}
}
