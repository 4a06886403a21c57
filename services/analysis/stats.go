package analysis

import (
	"context"
	"strings"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	lang "dwsurvey/survey"
)

// StatItem is one item of the statistics shape (API.md "Statistics shape").
type StatItem struct {
	DocCount    int64               `json:"docCount"`
	StatsAvg    float64             `json:"statsAvg"`
	StatsCount  int64               `json:"statsCount"`
	StatsMax    float64             `json:"statsMax"`
	StatsMin    float64             `json:"statsMin"`
	StatsSum    float64             `json:"statsSum"`
	RowAnAggMap map[string]StatItem `json:"rowAnAggMap,omitempty"`
}

// NPSItem is the NPS split of a SCALE_NPS question.
type NPSItem struct {
	Promoters  int64   `json:"promoters"`
	Passives   int64   `json:"passives"`
	Detractors int64   `json:"detractors"`
	DocCount   int64   `json:"docCount"`
	NPS        float64 `json:"nps"` // (promoters - detractors) / answers * 100, two decimals
}

// Stats is the data of survey-stats.do.
type Stats struct {
	CountRadio          map[string]StatItem `json:"countRadio"`
	CountCheckbox       map[string]StatItem `json:"countCheckbox"`
	CountQu             map[string]StatItem `json:"countQu"`
	OptionStats         map[string]StatItem `json:"optionStats"`
	CountMatrixRadio    map[string]StatItem `json:"count_matrix_radio"`
	CountMatrixCheckbox map[string]StatItem `json:"count_matrix_checkbox"`
	NPS                 map[string]NPSItem  `json:"nps"`
	Total               int64               `json:"total"`
}

// statsOf is what survey-stats.do and report.do share: the access-checked survey, its published
// document, its counters and the statistics built from them (no answer is read).
func (s *Service) statsOf(ctx context.Context, p *account.Principal, id string) (*models.Survey, *lang.Survey, map[string]int64, *Stats, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return s.statsFor(ctx, sv)
}

// statsFor is statsOf for a survey whose access was checked already.
func (s *Service) statsFor(ctx context.Context, sv *models.Survey) (*models.Survey, *lang.Survey, map[string]int64, *Stats, error) {
	qtypes, d, err := s.doc(ctx, sv)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	c, err := s.counters(ctx, sv.ID)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	mm, err := s.minMax(ctx, sv.ID, d)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return sv, d, c, buildStats(qtypes, d, c, mm), nil
}

// SurveyStats computes survey-stats.do from the counters and the numeric item index.
func (s *Service) SurveyStats(ctx context.Context, p *account.Principal, id string) (*Stats, error) {
	_, _, _, st, err := s.statsOf(ctx, p, id)
	return st, err
}

func buildStats(qtypes map[string]string, d *lang.Survey, c map[string]int64, mm map[string]minMax) *Stats {
	st := &Stats{CountRadio: map[string]StatItem{}, CountCheckbox: map[string]StatItem{}, CountQu: map[string]StatItem{},
		OptionStats: map[string]StatItem{}, CountMatrixRadio: map[string]StatItem{}, CountMatrixCheckbox: map[string]StatItem{},
		NPS: map[string]NPSItem{}, Total: c[answersvc.KeySub]}
	checkboxOpt := map[string]bool{}
	for _, q := range d.Questions {
		t := string(q.QuType)
		if t == lang.TypePageTag || t == lang.TypeParagraph {
			continue
		}
		qid := string(q.DwID)
		st.CountQu[qid] = StatItem{DocCount: c["qu:"+qid]}
		for _, o := range q.QuRadios {
			st.CountRadio[string(o.DwID)] = StatItem{}
		}
		for _, o := range q.QuCheckboxs {
			st.CountCheckbox[string(o.DwID)] = StatItem{}
			checkboxOpt[string(o.DwID)] = true
		}
		if t == lang.TypeScaleNPS {
			st.NPS[qid] = NPSItem{}
		}
	}
	for k, n := range c {
		switch {
		case strings.HasPrefix(k, "qu:"):
			st.CountQu[k[3:]] = StatItem{DocCount: n}
		case strings.HasPrefix(k, "opt:"):
			o := k[4:]
			if checkboxOpt[o] {
				st.CountCheckbox[o] = StatItem{DocCount: n}
			} else {
				st.CountRadio[o] = StatItem{DocCount: n}
			}
		case strings.HasPrefix(k, "mr:"), strings.HasPrefix(k, "mc:"):
			target := st.CountMatrixRadio
			if k[:3] == "mc:" {
				target = st.CountMatrixCheckbox
			}
			row, col, ok := strings.Cut(k[3:], ":")
			if !ok || n == 0 { // a cell whose answers were all removed is left out, like one never chosen
				continue
			}
			it := target[row]
			if it.RowAnAggMap == nil {
				it.RowAnAggMap = map[string]StatItem{}
			}
			it.RowAnAggMap[col] = StatItem{DocCount: n}
			it.DocCount += n
			target[row] = it
		case strings.HasPrefix(k, "nc:"):
			o := k[3:]
			it := StatItem{DocCount: n, StatsCount: n, StatsSum: float64(c[answersvc.KeyNumSum+o]) / 1000}
			if n > 0 {
				it.StatsAvg = round2(it.StatsSum / float64(n))
				it.StatsMin, it.StatsMax = mm[o].Mn, mm[o].Mx
			}
			st.OptionStats[o] = it
		case strings.HasPrefix(k, "nps:"):
			rest := k[4:]
			q, kind := rest[:max(0, len(rest)-2)], rest[len(rest)-1:]
			it := st.NPS[q]
			switch kind {
			case "p":
				it.Promoters = n
			case "s":
				it.Passives = n
			case "d":
				it.Detractors = n
			}
			st.NPS[q] = it
		}
	}
	for q, it := range st.NPS {
		it.DocCount = it.Promoters + it.Passives + it.Detractors
		if it.DocCount > 0 {
			it.NPS = round2(float64(it.Promoters-it.Detractors) * 100 / float64(it.DocCount))
		}
		st.NPS[q] = it
	}
	_ = qtypes
	return st
}

// ReportOption is one option line of a question report.
type ReportOption struct {
	DwID    string  `json:"dwId"`
	Title   string  `json:"title"`
	Count   int64   `json:"count"`
	Percent float64 `json:"percent"`
}

// ReportNumber is a numeric line (score item, ranked option, scale row, slider).
type ReportNumber struct {
	DwID  string  `json:"dwId"`
	Title string  `json:"title"`
	Count int64   `json:"count"`
	Sum   float64 `json:"sum"`
	Avg   float64 `json:"avg"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
}

// ReportCell is a matrix cell.
type ReportCell struct {
	RowDwID string  `json:"rowDwId"`
	ColDwID string  `json:"colDwId"`
	Count   int64   `json:"count"`
	Percent float64 `json:"percent"` // of the answers to the question
	// RowTitle and ColTitle are the matrix row and column titles (for charts).
	RowTitle string `json:"rowTitle"`
	ColTitle string `json:"colTitle"`
}

// ReportQuestion is the summary of one question.
type ReportQuestion struct {
	QuDwID  string         `json:"quDwId"`
	QuType  string         `json:"quType"`
	QuTitle string         `json:"quTitle"`
	Count   int64          `json:"count"`
	Percent float64        `json:"percent"` // answered / total answers
	Options []ReportOption `json:"options,omitempty"`
	Numbers []ReportNumber `json:"numbers,omitempty"`
	Cells   []ReportCell   `json:"cells,omitempty"`
	NPS     *NPSItem       `json:"nps,omitempty"`
	// Texts is the first page of fill-blank answers (more: report.do?quDwId=&pageNo=).
	Texts *Page `json:"texts,omitempty"`
}

// Report is app/stats/report.do.
type Report struct {
	SurveyID  string           `json:"surveyId"`
	Total     int64            `json:"total"`
	Questions []ReportQuestion `json:"questions"`
}

// Report builds the per-question summary from the aggregates.
func (s *Service) Report(ctx context.Context, p *account.Principal, id string) (*Report, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return s.ReportFor(ctx, sv)
}

// ReportFor is Report for a survey whose access was checked already (the Word report
// workflow: the request that created the export checked it).
func (s *Service) ReportFor(ctx context.Context, sv *models.Survey) (*Report, error) {
	sv, d, c, st, err := s.statsFor(ctx, sv)
	if err != nil {
		return nil, err
	}
	r := &Report{SurveyID: sv.ID, Total: st.Total, Questions: []ReportQuestion{}}
	for _, q := range d.Questions {
		t := string(q.QuType)
		if t == lang.TypePageTag || t == lang.TypeParagraph {
			continue
		}
		qid := string(q.DwID)
		n := st.CountQu[qid].DocCount
		rq := ReportQuestion{QuDwID: qid, QuType: t, QuTitle: q.Title(), Count: n, Percent: pct(n, st.Total)}
		for _, o := range options(q) {
			cnt := c["opt:"+string(o.DwID)]
			rq.Options = append(rq.Options, ReportOption{DwID: string(o.DwID), Title: optTitle(o), Count: cnt, Percent: pct(cnt, n)})
		}
		numIDs := numericOptions(q)
		for _, o := range numIDs {
			it := st.OptionStats[string(o.DwID)]
			rq.Numbers = append(rq.Numbers, ReportNumber{DwID: string(o.DwID), Title: optTitle(o), Count: it.StatsCount,
				Sum: it.StatsSum, Avg: it.StatsAvg, Min: it.StatsMin, Max: it.StatsMax})
		}
		if t == lang.TypeMatrixRadio || t == lang.TypeMatrixCheckbox {
			pre := "mr:"
			if t == lang.TypeMatrixCheckbox {
				pre = "mc:"
			}
			for _, row := range q.QuRows {
				for _, col := range q.QuCols {
					cnt := c[pre+string(row.DwID)+":"+string(col.DwID)]
					rq.Cells = append(rq.Cells, ReportCell{RowDwID: string(row.DwID), ColDwID: string(col.DwID), Count: cnt, Percent: pct(cnt, n),
						RowTitle: optTitle(row), ColTitle: optTitle(col)})
				}
			}
		}
		if it, ok := st.NPS[qid]; ok {
			rq.NPS = &it
		}
		if t == lang.TypeFillblank || t == lang.TypeMultiFillblank || t == lang.TypeAnswer {
			pg, err := s.texts(ctx, sv.ID, qid, 1, 10)
			if err != nil {
				return nil, err
			}
			rq.Texts = pg
		}
		r.Questions = append(r.Questions, rq)
	}
	return r, nil
}

// TextRow is one fill-blank answer.
type TextRow struct {
	AnswerID  string `json:"answerId"`
	OptDwID   string `json:"optionDwId,omitempty"`
	Text      string `json:"text"`
	EndAnDate string `json:"endAnDate"`
}

// Texts pages the fill-blank answers of a question (newest first).
func (s *Service) Texts(ctx context.Context, p *account.Principal, id, quDwID string, pageNo, pageSize int) (*Page, error) {
	sv, err := s.access(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return s.texts(ctx, sv.ID, quDwID, pageNo, pageSize)
}
