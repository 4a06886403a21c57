package survey

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// The clock vectors of testdata/engine/expr/functions.json: the date of an instant in a time
// zone, as today() sees it (TodayIn here, todayIn in TypeScript).
func TestClockVectors(t *testing.T) {
	b, err := os.ReadFile("../testdata/engine/expr/functions.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Clock []struct {
			Ms    int64  `json:"ms"`
			Zone  string `json:"zone"`
			Today string `json:"today"`
		} `json:"clock"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Clock) < 10 {
		t.Fatalf("only %d clock vectors", len(f.Clock))
	}
	for _, c := range f.Clock {
		if got := TodayIn(time.UnixMilli(c.Ms), c.Zone); got != c.Today {
			t.Errorf("%d in %q: %s, want %s", c.Ms, c.Zone, got, c.Today)
		}
	}
}

// The engine reads its injectable clock in the survey's time zone when the input has no
// date, and an input date wins over the clock.
func TestEngineToday(t *testing.T) {
	s, _, err := Parse([]byte(`{"surveyAttrs":{"timeZone":"Asia/Shanghai"},"dwDsl":"assign Q2 = today()\nassign Q3 = age(Q1)","questions":[
		{"dwId":"q1","quType":"FILLBLANK"},{"dwId":"q2","quType":"FILLBLANK"},{"dwId":"q3","quType":"FILLBLANK"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(s)
	e.Now = func() time.Time { return time.Date(2025, 6, 14, 16, 30, 0, 0, time.UTC) } // 00:30 on the 15th in Shanghai
	ans := []*AnQuestion{{QuDwID: "q1", AnFbk: &AnFbk{Answer: "2007-06-15"}}}
	r := e.Evaluate(Input{Answers: ans})
	if got := r.Assignments; len(got) != 2 || got[0].Value != "2025-06-15" || got[1].Value != 18.0 {
		t.Fatalf("clock in the survey zone: %+v", got)
	}
	r = e.Evaluate(Input{Answers: ans, Today: "2025-06-14"})
	if got := r.Assignments; got[0].Value != "2025-06-14" || got[1].Value != 17.0 {
		t.Fatalf("input date: %+v", got)
	}
}
