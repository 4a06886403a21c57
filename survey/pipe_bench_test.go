package survey

import (
	"fmt"
	"testing"
)

// pipeSurvey is a 300-question survey (radio and fill-blank questions alternating, a page
// break every 20) in which 100 titles quote an earlier answer ("You said {Qk|nothing}"), with
// an answer to every question. The TypeScript twin is console/src/survey/pipebench.ts.
func pipeSurvey() (*Survey, []*AnQuestion) {
	s := &Survey{}
	var ans []*AnQuestion
	num := 0
	for i := 1; i <= 300; i++ {
		id := Str(fmt.Sprintf("q%d", i))
		q := &Question{DwID: id, QuTitle: Str(fmt.Sprintf("Question %d", i))}
		num++
		if i%2 == 1 {
			q.QuType = TypeRadio
			for a := 1; a <= 3; a++ {
				q.QuRadios = append(q.QuRadios, &Option{DwID: Str(fmt.Sprintf("q%da%d", i, a)), OptionTitle: Str(fmt.Sprintf("Option %d", a))})
			}
			ans = append(ans, &AnQuestion{QuDwID: id, AnRadio: &AnOption{OptionDwID: Str(fmt.Sprintf("q%da%d", i, 1+i%3))}})
		} else {
			q.QuType = TypeFillblank
			ans = append(ans, &AnQuestion{QuDwID: id, AnFbk: &AnFbk{Answer: FbkText(fmt.Sprintf("text %d", i))}})
		}
		if i%3 == 0 { // 100 placeholders
			k := num - 1 - i%5
			if k < 1 {
				k = 1
			}
			q.QuTitle = Str(fmt.Sprintf("You said {Q%d|nothing}. Question %d", k, i))
			q.QuTitleObj = &Text{DwHTML: string(q.QuTitle), DwText: string(q.QuTitle)}
		}
		s.Questions = append(s.Questions, q)
		if i%20 == 0 && i < 300 {
			s.Questions = append(s.Questions, &Question{DwID: Str(fmt.Sprintf("p%d", i)), QuType: TypePageTag})
		}
	}
	return s, ans
}

// BenchmarkPipeAnswer: the server renderer per answer: every piped text of the survey
// rendered for one answer (Piper built once per document, as services do).
func BenchmarkPipeAnswer(b *testing.B) {
	s, ans := pipeSurvey()
	p := NewPiper(s, nil)
	var texts []string
	for _, q := range s.Questions {
		if q.QuTitleObj != nil {
			texts = append(texts, q.QuTitleObj.DwHTML)
		}
	}
	if len(texts) != 100 {
		b.Fatalf("%d piped texts", len(texts))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := p.With(ans)
		for _, t := range texts {
			_ = v.HTML(t)
		}
	}
}

// BenchmarkPipeDocument: the review document of one answer (a rendered copy of the survey).
func BenchmarkPipeDocument(b *testing.B) {
	s, ans := pipeSurvey()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok := PipeDocument(s, ans, nil); !ok {
			b.Fatal("no placeholders")
		}
	}
}

// BenchmarkPipeReferenceCheckSubmission: the reference measured in the same run — the submit
// check of one answer on the same survey.
func BenchmarkPipeReferenceCheckSubmission(b *testing.B) {
	s, ans := pipeSurvey()
	e := NewEngine(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = e.CheckSubmission(&AnswerDoc{AnQuestions: ans}, nil)
	}
}
