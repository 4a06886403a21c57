package survey

import (
	"fmt"
	"strings"
	"testing"

	"dwsurvey/survey/dsl"
)

// bigSurvey builds n questions (radio and fill-blank alternating, a page
// break every 20) with 250 questionLogics rules and 250 DSL statements.
func bigSurvey(n int) (*Survey, []*AnQuestion) {
	var qs []*Question
	var prog []string
	var answers []*AnQuestion
	for i := 1; i <= n; i++ {
		id := Str(fmt.Sprintf("q%d", i))
		q := &Question{DwID: id, QuAttr: &QuAttr{IsRequired: boolp(true)}}
		if i%2 == 1 {
			q.QuType = TypeRadio
			for a := 1; a <= 3; a++ {
				q.QuRadios = append(q.QuRadios, &Option{DwID: Str(fmt.Sprintf("q%da%d", i, a))})
			}
			if i%4 == 1 && i+6 <= n+8 {
				kind := "SHOW"
				if i%8 == 1 {
					kind = "GO"
				}
				q.QuestionLogics = []*QuestionLogic{{LogicType: Str(kind), CgQuItemID: StrList{string(id) + "a1"}, SkQuID: StrList{fmt.Sprintf("q%d", min(i+6, n))}}}
			}
			answers = append(answers, &AnQuestion{QuDwID: id, AnRadio: &AnOption{OptionDwID: Str(fmt.Sprintf("q%da%d", i, 1+i%3))}})
		} else {
			q.QuType = TypeFillblank
			answers = append(answers, &AnQuestion{QuDwID: id, AnFbk: &AnFbk{Answer: FbkText(fmt.Sprint(i % 100))}})
			if i%4 == 2 && i+5 <= n+8 {
				prog = append(prog, fmt.Sprintf("if (Q%dA1 and Q%d > 50) or Q%d = 2 then show Q%d", i-1, i, i-1, min(i+5, n)))
			}
		}
		qs = append(qs, q)
		if i%20 == 0 && i < n {
			qs = append(qs, &Question{DwID: Str(fmt.Sprintf("p%d", i)), QuType: TypePageTag})
		}
	}
	s := &Survey{Questions: qs, DwDsl: Str(strings.Join(prog, "\n"))}
	return s, answers
}

func TestBigSurveyRules(t *testing.T) {
	s, ans := bigSurvey(1000)
	e := NewEngine(s)
	if len(e.C.Issues) != 0 {
		t.Fatal(e.C.Issues[0])
	}
	rules := len(e.C.Rules)
	for _, q := range s.Questions {
		rules += len(q.QuestionLogics)
	}
	if rules < 500 {
		t.Fatalf("only %d rules", rules)
	}
	r := e.Evaluate(Input{Answers: ans})
	if len(r.VisibleQuestions) == 0 {
		t.Fatal("nothing visible")
	}
}

// BenchmarkEvaluate1000 measures a full re-evaluation after one answer
// change on a 1,000-question survey with 500 rules (goal: under 5 ms).
func BenchmarkEvaluate1000(b *testing.B) {
	s, ans := bigSurvey(1000)
	e := NewEngine(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// One answer changes between runs.
		ans[i%len(ans)] = &AnQuestion{QuDwID: ans[i%len(ans)].QuDwID, AnFbk: &AnFbk{Answer: FbkText(fmt.Sprint(i % 97))}}
		e.Evaluate(Input{Answers: ans})
	}
}

// BenchmarkCondition measures condition evaluation rate (goal: at least
// 1,000,000 per second per core).
func BenchmarkCondition(b *testing.B) {
	s, ans := bigSurvey(40)
	e := NewEngine(s)
	m := map[string]*AnQuestion{}
	for _, a := range ans {
		m[string(a.QuDwID)] = a
	}
	v := &view{e: e, ans: m, hq: make([]bool, len(e.Ix.Qs)), ho: map[string]bool{}}
	cond := e.C.Rules[0].Cond
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dsl.Cond(cond, v)
	}
}

func BenchmarkParse(b *testing.B) {
	src := "if (Q1A1 and Q2 > 60) or (Q1A2 and Q2 > 50) then show Q3"
	for i := 0; i < b.N; i++ {
		_, _ = dsl.Parse(src)
	}
}
