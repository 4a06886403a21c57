package survey

import "math"

// Evaluation scoring (eval and eval360 surveys; services/eval builds the dimension reports).
//
// A question's evaluation score is what the respondent's answer is worth on that question's
// own scale, with the scale's maximum:
//   - single choice (radio, image radio, yes/no): the chosen option's scoreNum; maximum the
//     highest scoreNum. When no option carries a score, options count 1..n in order.
//   - multiple choice: the sum of the chosen options' scores; maximum the sum of positive scores
//     (same 1..n rule);
//   - SCORE: the mean of the rows' answerScore; maximum quAttr.scoreQuAttr.max, paramInt02 or 5;
//   - SCALE_NPS / SCALE_SLIDER: anScale.answerScore; maximum scaleAttr.max / sliderAttr.max,
//     else 10 (NPS) or 100 (slider).
// Other types, and unanswered questions, have no evaluation score (ok false).

// EvalQuestionScore is the evaluation score of one answer to q.
func EvalQuestionScore(q *Question, a *AnQuestion) (score, max float64, ok bool) {
	if q == nil || a == nil {
		return 0, 0, false
	}
	t := NormType(string(q.QuType))
	optScore := func(opts []*Option) map[string]float64 {
		m := map[string]float64{}
		any := false
		for _, o := range opts {
			if o.ScoreNum != 0 {
				any = true
			}
		}
		for i, o := range opts {
			if any {
				m[string(o.DwID)] = float64(o.ScoreNum)
			} else {
				m[string(o.DwID)] = float64(i + 1)
			}
		}
		return m
	}
	switch {
	case q.IsRadioLike() && a.AnRadio != nil:
		m := optScore(q.Options())
		s, found := m[string(a.AnRadio.OptionDwID)]
		if !found {
			return 0, 0, false
		}
		for _, v := range m {
			max = math.Max(max, v)
		}
		return s, max, true
	case q.IsCheckboxLike() && len(a.AnCheckboxs) > 0:
		m := optScore(q.Options())
		for _, v := range m {
			if v > 0 {
				max += v
			}
		}
		for _, c := range a.AnCheckboxs {
			if c != nil {
				score += m[string(c.OptionDwID)]
			}
		}
		return score, max, true
	case t == TypeScore && len(a.AnScores) > 0:
		n := 0
		for _, s := range a.AnScores {
			if s != nil {
				score += float64(s.AnswerScore)
				n++
			}
		}
		if n == 0 {
			return 0, 0, false
		}
		max = 5
		if q.QuAttr != nil && q.QuAttr.ScoreQuAttr != nil && q.QuAttr.ScoreQuAttr.Max > 0 {
			max = float64(q.QuAttr.ScoreQuAttr.Max)
		} else if q.ParamInt02 > 0 {
			max = float64(q.ParamInt02)
		}
		return score / float64(n), max, true
	case (t == TypeScaleNPS || t == TypeScaleSlider) && a.AnScale != nil && a.AnScale.AnswerScore != nil:
		max = 10
		if t == TypeScaleSlider {
			max = 100
		}
		if q.QuAttr != nil {
			if sa := q.QuAttr.ScaleAttr; t == TypeScaleNPS && sa != nil && sa.Max != nil {
				max = float64(*sa.Max)
			}
			if sl := q.QuAttr.SliderAttr; t == TypeScaleSlider && sl != nil && sl.Max != nil {
				max = float64(*sl.Max)
			}
		}
		return float64(*a.AnScale.AnswerScore), max, true
	}
	return 0, 0, false
}

// EvalItem is a question of a dimension with its weight (> 0).
type EvalItem struct {
	QuDwID string  `json:"quDwId"`
	Weight float64 `json:"weight"`
}

// EvalDimensionScore is the weighted mean of the answered items' scores and of their maxima
// (Σ w·s / Σ w), rounded to 2 decimals; Answered counts the items with a score.
type EvalDimensionScore struct {
	Score    float64 `json:"score"`
	Max      float64 `json:"max"`
	Percent  float64 `json:"percent"`
	Answered int     `json:"answered"`
}

// EvalDimension scores a dimension from the answers (by question dwId).
func EvalDimension(ix *Index, items []EvalItem, answers map[string]*AnQuestion) EvalDimensionScore {
	var sw, ss, sm float64
	out := EvalDimensionScore{}
	for _, it := range items {
		qi, found := ix.ByID[it.QuDwID]
		if !found || it.Weight <= 0 {
			continue
		}
		s, m, ok := EvalQuestionScore(ix.Qs[qi], answers[it.QuDwID])
		if !ok {
			continue
		}
		sw += it.Weight
		ss += it.Weight * s
		sm += it.Weight * m
		out.Answered++
	}
	if sw > 0 {
		out.Score, out.Max = Round2(ss/sw), Round2(sm/sw)
		if sm > 0 {
			out.Percent = Round2(ss / sm * 100)
		}
	}
	return out
}

// EvalScorable reports whether q has an evaluation score (a dimension may map it).
func EvalScorable(q *Question) bool {
	t := NormType(string(q.QuType))
	return q.IsRadioLike() || q.IsCheckboxLike() || t == TypeScore || t == TypeScaleNPS || t == TypeScaleSlider
}
