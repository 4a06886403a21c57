package survey

import (
	"math"
	"strings"
)

// ManualItem is a question of an exam that a grader scores by hand, with its maximum score.
type ManualItem struct {
	QuDwID string  `json:"quDwId"`
	Max    float64 `json:"max"`
}

// handGradedTypes have no answer key: on an exam they are graded by hand when the author
// gives them a maximum score (quAttr.scoreAttr.maxScore above 0).
var handGradedTypes = map[string]bool{
	TypeAnswer: true, TypeFillblank: true, TypeMultiFillblank: true, TypeUploadFile: true,
	TypeUploadImage: true, TypeSignature: true,
}

// IsScored reports a survey whose answers carry scores: an exam, or any survey with
// scoring turned on (surveyAttrs.scoreAttr.enabled).
func (s *Survey) IsScored() bool {
	if strings.EqualFold(string(s.SurveyType), "exam") {
		return true
	}
	return s.SurveyAttrs != nil && s.SurveyAttrs.ScoreAttr != nil && bool(s.SurveyAttrs.ScoreAttr.Enabled)
}

// ManualScore reports a question the author marked "graded by hand"
// (quAttr.scoreAttr.manual): the engine does not score it, a grader does.
func (q *Question) ManualScore() bool {
	return q.QuAttr != nil && q.QuAttr.ScoreAttr != nil && bool(q.QuAttr.ScoreAttr.Manual)
}

// ManualItems lists, in document order, the questions of a scored survey that a person
// grades: any question marked "graded by hand", and essays, fill blanks and uploads (no
// answer key exists for them) with a maximum score. The maximum is quAttr.scoreAttr.maxScore;
// a question without a positive maximum is not graded. Not scored surveys have none.
func ManualItems(s *Survey) []ManualItem {
	if s == nil || !s.IsScored() {
		return nil
	}
	var out []ManualItem
	for _, q := range s.Questions {
		if q.QuAttr == nil || q.QuAttr.ScoreAttr == nil {
			continue
		}
		max := float64(q.QuAttr.ScoreAttr.MaxScore)
		if max <= 0 || !(q.ManualScore() || handGradedTypes[string(q.QuType)]) {
			continue
		}
		out = append(out, ManualItem{QuDwID: string(q.DwID), Max: Round2(max)})
	}
	return out
}

// ManualItemsOf keeps the items that the effective answers answered: a question hidden by
// logic or left empty has no answer to grade (it scores 0).
func ManualItemsOf(items []ManualItem, answers []*AnQuestion) []ManualItem {
	if len(items) == 0 {
		return nil
	}
	has := make(map[string]bool, len(answers))
	for _, a := range answers {
		if a != nil {
			has[string(a.QuDwID)] = true
		}
	}
	var out []ManualItem
	for _, it := range items {
		if has[it.QuDwID] {
			out = append(out, it)
		}
	}
	return out
}

// GradeStep is the smallest score step of a hand-graded item.
const GradeStep = 0.5

// ValidGrade reports a hand score of an item: 0 ... max in steps of GradeStep.
func ValidGrade(score, max float64) bool {
	if math.IsNaN(score) || math.IsInf(score, 0) || score < 0 || score > max {
		return false
	}
	steps := score / GradeStep
	return math.Abs(steps-math.Round(steps)) < 1e-9
}

// AnswerTotal is the total score of stored effective answers: the sum of every question's
// quAnScore (automatic scores set by the engine, hand scores set by grading).
func AnswerTotal(answers []*AnQuestion) float64 {
	t := 0.0
	for _, a := range answers {
		if a != nil && a.QuAnScore != nil {
			t += float64(*a.QuAnScore)
		}
	}
	return Round2(t)
}

// CarryHandScores copies the hand scores (quCustomScore, and quAnScore with it) of the
// manual items from the answers before an edit to the same questions after it, where they
// are still answered. It returns next (changed in place).
func CarryHandScores(prev, next []*AnQuestion, items []ManualItem) []*AnQuestion {
	if len(items) == 0 || len(prev) == 0 {
		return next
	}
	manual := make(map[string]bool, len(items))
	for _, it := range items {
		manual[it.QuDwID] = true
	}
	old := map[string]*AnQuestion{}
	for _, a := range prev {
		if a != nil && manual[string(a.QuDwID)] && a.QuCustomScore != nil {
			old[string(a.QuDwID)] = a
		}
	}
	for i, a := range next {
		if a == nil {
			continue
		}
		if o := old[string(a.QuDwID)]; o != nil {
			c := *a
			v := *o.QuCustomScore
			c.QuCustomScore, c.QuAnScore = &v, &v
			next[i] = &c
		}
	}
	return next
}
