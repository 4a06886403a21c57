package survey

import (
	"strings"
)

// QuestionScore is one question's score. State is "right", "part" or
// "wrong" for questions with an answer key (isRight options) and "" for
// plain option scores.
type QuestionScore struct {
	QuDwID string  `json:"quDwId"`
	Score  float64 `json:"score"`
	Max    float64 `json:"max"`
	State  string  `json:"state"`
}

// ScoreResult is the total and per-question score (visible questions only).
type ScoreResult struct {
	Total     float64         `json:"total"`
	Max       float64         `json:"max"`
	Questions []QuestionScore `json:"questions"`
}

// scoreQuestion scores a choice question.
//
// With an answer key (any option isRight): max = quAttr.scoreAttr.maxScore
// if above 0, else the sum of the right options' scoreNum. Single choice:
// the right option gives max. Multiple choice with scoreFormula "all"
// (default): exactly the right set gives max, anything else 0; with "part":
// any wrong option gives 0, otherwise Round2(max * rightChosen/rightTotal)
// (state "part" when below max).
//
// Without a key: score = sum of the chosen options' scoreNum; max = the
// largest scoreNum (single choice) or the sum of positive scoreNum
// (multiple choice). Questions whose options all score 0 are not listed.
func (e *Engine) scoreQuestion(v *view, qi int) (QuestionScore, bool) {
	q := e.Ix.Qs[qi]
	qs := QuestionScore{QuDwID: string(q.DwID)}
	opts := q.Options()
	keyed, any := false, false
	for _, o := range opts {
		keyed = keyed || bool(o.IsRight)
		any = any || o.ScoreNum != 0
	}
	maxScore := 0.0
	formula := "all"
	if q.QuAttr != nil && q.QuAttr.ScoreAttr != nil {
		maxScore = float64(q.QuAttr.ScoreAttr.MaxScore)
		if strings.EqualFold(string(q.QuAttr.ScoreAttr.ScoreFormula), "part") {
			formula = "part"
		}
	}
	if keyed {
		rightTotal, rightChosen, wrongChosen := 0, 0, 0
		keySum := 0.0
		for _, o := range opts {
			sel := v.selected(qi, string(o.DwID))
			if o.IsRight {
				rightTotal++
				keySum += float64(o.ScoreNum)
				if sel {
					rightChosen++
				}
			} else if sel {
				wrongChosen++
			}
		}
		if maxScore <= 0 {
			maxScore = keySum
		}
		qs.Max = Round2(maxScore)
		qs.State = "wrong"
		switch {
		case wrongChosen > 0 || rightChosen == 0:
		case q.IsRadioLike() && !q.IsGroup():
			qs.Score, qs.State = qs.Max, "right"
		case rightChosen == rightTotal:
			qs.Score, qs.State = qs.Max, "right"
		case formula == "part":
			qs.Score, qs.State = Round2(maxScore*float64(rightChosen)/float64(rightTotal)), "part"
		}
		return qs, true
	}
	if !any && maxScore <= 0 {
		return qs, false
	}
	sum, best, pos := 0.0, 0.0, 0.0
	for _, o := range opts {
		s := float64(o.ScoreNum)
		if v.selected(qi, string(o.DwID)) {
			sum += s
		}
		if s > best {
			best = s
		}
		if s > 0 {
			pos += s
		}
	}
	qs.Score = Round2(sum)
	if q.IsRadioLike() && !q.IsGroup() {
		qs.Max = Round2(best)
	} else {
		qs.Max = Round2(pos)
	}
	if maxScore > 0 {
		qs.Max = Round2(maxScore)
	}
	return qs, true
}

func (e *Engine) score(v *view, hq []bool) ScoreResult {
	r := ScoreResult{Questions: []QuestionScore{}}
	total, max := 0.0, 0.0
	for qi, q := range e.Ix.Qs {
		if hq[qi] || !(q.IsRadioLike() || q.IsCheckboxLike()) || q.ManualScore() {
			continue
		}
		if qs, ok := e.scoreQuestion(v, qi); ok {
			r.Questions = append(r.Questions, qs)
			total += qs.Score
			max += qs.Max
		}
	}
	r.Total, r.Max = Round2(total), Round2(max)
	return r
}

// progress counts required, visible, answerable questions; a question is
// complete when answered and free of validation errors.
func (e *Engine) progress(v *view, hq []bool, errs map[int]*Message) Progress {
	var p Progress
	for qi, q := range e.Ix.Qs {
		if hq[qi] || !q.IsCounted() || q.IsDisplayOnly() || !q.Required() {
			continue
		}
		p.TotalAnQu++
		if !v.questionValue(qi).IsEmpty() && errs[qi] == nil {
			p.CompleteAnQu++
		}
	}
	if p.TotalAnQu > 0 {
		p.Percentage = Round2(float64(p.CompleteAnQu) / float64(p.TotalAnQu) * 100)
	}
	return p
}

// VoteOption is an option's vote display.
type VoteOption struct {
	DwID       string  `json:"dwId"`
	Count      int     `json:"count"`
	Percentage float64 `json:"percentage"`
}

// VoteQuestion lists the vote display of a choice question.
type VoteQuestion struct {
	QuDwID  string       `json:"quDwId"`
	Options []VoteOption `json:"options"`
}

// VotePercent is the vote formula: count = stored + own selection (0/1);
// percentage = Round2(count / (total + 1) * 100).
func VotePercent(stored, total int, own bool) (int, float64) {
	c := stored
	if own {
		c++
	}
	return c, Round2(float64(c) / float64(total+1) * 100)
}

func (e *Engine) votes(v *view, hq []bool) []VoteQuestion {
	out := []VoteQuestion{}
	if !strings.EqualFold(string(e.S.SurveyType), "vote") {
		return out
	}
	for qi, q := range e.Ix.Qs {
		if hq[qi] || !(q.IsRadioLike() || q.IsCheckboxLike()) {
			continue
		}
		vq := VoteQuestion{QuDwID: string(q.DwID), Options: []VoteOption{}}
		for _, o := range q.Options() {
			c, p := VotePercent(int(o.AnCount), int(q.AnCount), v.selected(qi, string(o.DwID)))
			vq.Options = append(vq.Options, VoteOption{DwID: string(o.DwID), Count: c, Percentage: p})
		}
		out = append(out, vq)
	}
	return out
}
