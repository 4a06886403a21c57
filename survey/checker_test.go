package survey

import (
	"strings"
	"testing"
)

func TestCheckLogic(t *testing.T) {
	d := `{"dwDsl":"if Q1 = 7 then show Q3\nif 1 > 2 then hide Q4\nhide Q5\nif Q6A1 then goto Q2\nset Q5A1 quota = 10\nif Q1A1 then show Q7\nif Q2 = 1 then goto Q2",
	"questions":[
	 {"dwId":"q1","quType":"RADIO","quRadios":[{"dwId":"q1a1"},{"dwId":"q1a2"}],
	  "questionLogics":[{"logicType":"GO","cgQuItemId":"q1a1","skQuId":"q1"}]},
	 {"dwId":"q2","quType":"RADIO","quRadios":[{"dwId":"q2a1"}],"logicDsl":{"hideDsl":"if Q1A1 then show Q3"}},
	 {"dwId":"q3","quType":"FILLBLANK"},
	 {"dwId":"q4","quType":"ORDERQU","quOrderbys":[{"dwId":"q4a1"},{"dwId":"q4a2"}],
	  "questionLogics":[{"logicType":"SHOW","cgQuItemId":"q4a1","skQuId":"q3","geLe":"GT","scoreNum":2}]},
	 {"dwId":"q5","quType":"RADIO","quRadios":[{"dwId":"q5a1"}]},
	 {"dwId":"q6","quType":"RADIO","quRadios":[{"dwId":"q6a1"}],"questionLogics":[{"logicType":"SHOW","cgQuItemId":"q6a1","skQuId":"gone"}]},
	 {"dwId":"q7","quType":"FILLBLANK","quAttr":{"hideQu":true}}
	]}`
	s, _, err := Parse([]byte(d))
	if err != nil {
		t.Fatal(err)
	}
	ws := CheckLogic(s)
	got := map[string]bool{}
	for _, w := range ws {
		got[w.Code+" "+w.Path] = true
		if w.Severity != "warning" {
			t.Errorf("not a warning: %v", w)
		}
	}
	want := []string{
		"neverTrue dwDsl 1:1",
		"neverTrue dwDsl 2:1",
		"selfJump questions[0].questionLogics[0]",
		"backwardJump dwDsl 4:1",
		"selfJump dwDsl 7:1",
		"unreachable questions[4]",
		"quotaOnHidden dwDsl 5:1",
		"missingReference questions[5].questionLogics[0].skQuId",
		"neverTrue questions[3].questionLogics[0]",
		"wrongBlock questions[1].logicDsl.hideDsl 1:1",
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("missing warning %q", w)
		}
	}
	for _, w := range ws {
		if strings.Contains(w.Path, "questions[6]") && w.Code == WarnUnreachable {
			t.Errorf("hideQu questions are intentional, not unreachable: %v", w)
		}
	}
	if t.Failed() {
		for _, w := range ws {
			t.Log(w)
		}
	}
	// A clean survey has no warnings.
	clean, _, _ := Parse([]byte(`{"dwDsl":"if Q1A1 then show Q2","questions":[{"dwId":"a","quType":"RADIO","quRadios":[{"dwId":"a1"}]},{"dwId":"b","quType":"FILLBLANK"}]}`))
	if ws := CheckLogic(clean); len(ws) != 0 {
		t.Errorf("clean survey warned: %v", ws)
	}
}
